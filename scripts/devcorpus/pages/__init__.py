"""The pages. Sizes: US letter 8.5x11 in and A4 210x297 mm at 150, 200 and 300 dpi, A3,
tabloid posters, 1920x1080 slides, 576 and 384 px thermal receipts.

One module per kind of page; each function in it builds one Page. PAGES below is the
order in which the pages are checked, rendered and listed in the README: a new page is
added there as well as in its module."""
from . import (columns, forms, languages, mixed, posters, prose,
               receipts, slides, smallprint, tables, typewritten)

# The order of the first, single-file script (the enrolment form came after the receipts);
# keep it, or the README's table of pages changes.
PAGES = [
    prose.prose_letter150_dejavuserif,
    prose.prose_a4_300_c059,
    prose.prose_a4_200_p052,
    prose.prose_letter200_nimbusroman,
    prose.prose_letter300_bookman,
    columns.twocol_letter150_dejavusans,
    columns.twocol_a4_200_nimbusroman,
    columns.threecol_letter200_newspaper,
    columns.threecol_a4_150_dictionary,
    forms.form_letter150_library,
    forms.form_a4_200_claim,
    tables.table_letter150_quarterly,
    tables.table_a4_200_timetable,
    tables.table_letter200_inventory,
    tables.table_a4_150_statistics,
    receipts.receipt_576_grocery,
    receipts.receipt_384_cafe,
    receipts.receipt_576_hardware,
    forms.form_a4_150_enrolment,
    slides.slide_1920_title_gradient,
    slides.slide_1920_bullets_dark,
    slides.slide_1920_chart,
    posters.poster_tabloid150_alice,
    posters.infographic_1200x2520_whales,
    posters.poster_a3_150_verne_fr,
    posters.poster_1080x1920_quijote_es,
    posters.poster_a3_150_dante_it,
    typewritten.typewriter_letter150_nimbusmono,
    typewritten.typewriter_a4_200_dejavumono,
    typewritten.typewriter_a4_150_kafka_de,
    smallprint.smallprint_letter150_extracts,
    smallprint.smallprint_a4_300_pp,
    smallprint.smallprint_letter200_holmes,
    mixed.mixed_letter150_manual,
    mixed.mixed_a4_200_annotated,
    languages.de_prose_letter150_dejavuserif,
    languages.fr_prose_a4_200_c059,
    languages.es_twocol_a4_200_p052,
    languages.it_verse_letter200_bookman,
]
