"""Pages in German, French, Spanish and Italian."""
from ..excerpts import excerpt
from ..page import Page
from .sizes import A4, LETTER


def de_prose_letter150_dejavuserif():
    pg = Page("de_prose_letter150_dejavuserif", "one-column prose in German (ß, umlauts, guillemets)",
              LETTER[150], 150, ["DejaVu Serif"], ["kafka_1"], lang="de", tess_lang="deu")
    pg.style("""body { font-family: 'DejaVu Serif'; font-size: 10.5pt; line-height: 1.5;
      padding: 0.8in 0.95in; text-align: justify; }
      .t { text-align: center; font-size: 16pt; letter-spacing: 0.1em; margin-bottom: 4pt; }
      .a { text-align: center; font-size: 11pt; margin-bottom: 0.3in; }
      .c { text-align: center; font-size: 12pt; margin-bottom: 10pt; }
      p { text-indent: 0.25in; }""")
    ps = excerpt("kafka_1")
    pg.t("div", "DIE VERWANDLUNG", "t")
    pg.t("div", "von Franz Kafka", "a")
    pg.t("div", ps[0], "c")
    for p in ps[1:5]:
        pg.t("p", p)
    return pg


def fr_prose_a4_200_c059():
    pg = Page("fr_prose_a4_200_c059", "one-column prose in French (accents, caps heading)", A4[200],
              200, ["C059"], ["candide_1"], lang="fr", tess_lang="fra")
    pg.style("""body { font-family: 'C059'; font-size: 11.5pt; line-height: 1.45;
      padding: 28mm 26mm; text-align: justify; }
      .t { text-align: center; font-size: 22pt; margin-bottom: 2mm; }
      .a { text-align: center; font-size: 12pt; font-style: italic; margin-bottom: 12mm; }
      .c { text-align: center; font-size: 13pt; margin-bottom: 2mm; }
      .s { text-align: center; font-style: italic; margin: 0 15mm 8mm; }
      p { text-indent: 7mm; margin-bottom: 1mm; }
      .fn { position: absolute; left: 26mm; right: 26mm; bottom: 22mm; font-size: 9pt;
        border-top: 0.5pt solid #000; padding-top: 2mm; width: 60mm; }""")
    ps = excerpt("candide_1")
    pg.t("div", "CANDIDE, OU L'OPTIMISME", "t")
    pg.t("div", "Voltaire", "a")
    pg.t("div", ps[0], "c")
    pg.t("div", ps[1], "s")
    notes = [p for p in ps[2:] if p.startswith("[")]
    for p in ps[2:]:
        if not p.startswith("["):
            pg.t("p", p)
    for p in notes:
        pg.t("div", p, "fn")
    return pg


def es_twocol_a4_200_p052():
    pg = Page("es_twocol_a4_200_p052", "two columns in Spanish (ñ, accents, ¿ ¡)", A4[200], 200,
              ["P052"], ["quijote_1"], lang="es")
    pg.style("""body { font-family: 'P052'; font-size: 10.5pt; line-height: 1.35;
      padding: 20mm 17mm; }
      .t { text-align: center; font-size: 15pt; margin-bottom: 3mm; font-weight: bold; }
      .c { text-align: center; font-size: 11.5pt; font-style: italic; margin: 0 20mm 7mm; }
      .cols { column-count: 2; column-gap: 7mm; text-align: justify; }
      p { text-indent: 5mm; }""")
    ps = excerpt("quijote_1")
    pg.t("div", ps[0], "t")
    pg.t("div", ps[1], "c")
    pg.open("div", "cols")
    for p in ps[2:5]:
        pg.t("p", p)
    pg.close()
    return pg


def it_verse_letter200_bookman():
    pg = Page("it_verse_letter200_bookman", "verse in Italian (tercets, two columns)", LETTER[200],
              200, ["URW Bookman"], ["dante_1"], lang="it")
    pg.style("""body { font-family: 'URW Bookman'; font-size: 10.5pt; line-height: 1.4;
      padding: 0.8in 0.85in; }
      .t { text-align: center; font-size: 18pt; line-height: 1.3; margin-bottom: 4pt; }
      .i { text-align: center; font-size: 13pt; letter-spacing: 0.3em; margin-bottom: 4pt; }
      .c { text-align: center; font-size: 11pt; font-style: italic; margin-bottom: 0.25in; }
      .cols { column-count: 2; column-gap: 0.4in; }
      p { margin-bottom: 9pt; break-inside: avoid; }""")
    ps = excerpt("dante_1")
    pg.t("div", ps[0], "t")
    pg.t("div", ps[1], "i")
    pg.t("div", ps[2], "c")
    pg.open("div", "cols")
    for p in ps[3:]:
        pg.t("p", p)
    pg.close()
    return pg
