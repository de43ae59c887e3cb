"""OUTDIR/README.md: how the pages are made and regenerated, the truth conventions, the table
of pages (with Tesseract's scores under --score), and where their texts and fonts come from."""
import os

from .books import BOOKS
from .fonts import FONT_PACKAGES, LICENCES


def readme(pages, outdir, scores):
    used = {}
    for pg in pages:
        for s in pg.sources:
            if s != "synthetic":
                used.setdefault(s.split("_")[0], []).append(pg.name)
    out = []
    w = out.append
    w("# Rendered development pages\n")
    w("Page images rendered from HTML by headless Chromium, each with its exact ground truth. "
      "They are made by `scripts/make_devcorpus.py`; do not edit them by hand. The truth is "
      "exact by construction: the HTML and the truth are built from the same text, and before "
      "a page is saved the script checks in Chromium that the words of the rendered page "
      "(its `innerText`) are exactly the words of the truth, that no text lies outside the "
      "page and no box overflows, and that every font named was found rather than a fallback.\n")
    w("## Regenerate\n")
    w("```sh\napt-get install chromium fonts-dejavu-core fonts-dejavu-extra fonts-urw-base35\n"
      "python3 scripts/make_devcorpus.py devcorpus/rendered            # all pages and this README\n"
      "python3 scripts/make_devcorpus.py devcorpus/rendered --score    # also Tesseract CER (slow)\n"
      "python3 scripts/make_devcorpus.py /tmp/x --only NAME --keep-html /tmp/x   # one page, with its HTML\n"
      "```\n")
    w("The output is deterministic: the script re-encodes Chromium's screenshot itself "
      "(8-bit greyscale when every pixel is grey, otherwise 8-bit RGB), with no dates in it. "
      "Made with Debian 12's Chromium 156; another Chromium or FreeType version may move "
      "antialiasing by a pixel, but not the text.\n")
    w("## Truth conventions\n")
    w("- UTF-8, LF line ends, a final newline. One line per paragraph, heading, table row, form "
      "row or receipt line; lines as wrapped on the page are not kept, verse keeps its lines.\n"
      "- Reading order: top to bottom; in multi-column layouts column 1 top to bottom, then "
      "column 2, and so on; side-by-side boxes on posters and slides left box first.\n"
      "- Table rows: the cells separated by single spaces. Form rows: label then value.\n"
      "- Hyphenation and ligatures are switched off in the CSS, so every word on the page is "
      "whole and every letter is its own glyph.\n"
      "- Decoration is not text: bullets drawn as list markers or boxes, rules, bars of the "
      "charts, barcodes drawn as stripes, and empty check boxes are not in the truth; a tick "
      "written as the letter X is.\n"
      "- Project Gutenberg's conventions in the source are rendered, not copied: `_word_` is set "
      "in italic (truth: `word`) and `--` is set as an em dash `—` (truth: `—`). Quotation "
      "marks, apostrophes and accents are exactly the characters of the source file.\n"
      "- Document pages carry their resolution in a pHYs chunk (the dpi column); slides, "
      "posters, infographics and receipts carry none, like screenshots and phone photos.\n")
    w("## Pages\n")
    head = "| page | kind | size (px) | dpi | fonts | text | PNG |"
    if scores:
        head += " Tesseract CER (eng) | word recall |"
    w(head)
    w("|" + " --- |" * (head.count("|") - 1))
    for pg in pages:
        src = ", ".join("synthetic" if s == "synthetic" else "%s, %s (%s)"
                        % (BOOKS[s.split("_")[0]]["title"],
                           BOOKS[s.split("_")[0]]["author"].split(" (")[0], s) for s in pg.sources)
        size = os.path.getsize(os.path.join(outdir, pg.name + ".png"))
        row = "| %s | %s | %dx%d | %s | %s | %s | %d KB %s |" % (
            pg.name, pg.kind, pg.w, pg.h, pg.dpi if pg.phys else "-", ", ".join(pg.fonts), src,
            (size + 512) // 1024, pg.mode)
        if scores:
            cer, rec = scores[pg.name]["eng"]
            extra = ""
            if pg.tess_lang != "eng" and pg.tess_lang in scores[pg.name]:
                c2, _ = scores[pg.name][pg.tess_lang]
                extra = " (%s: %.4f)" % (pg.tess_lang, c2)
            row += " %.4f%s | %.3f |" % (cer, extra, rec)
        w(row)
    w("")
    notes = [pg for pg in pages if pg.note]
    if notes:
        w("Notes on pages:\n")
        for pg in notes:
            w("- `%s`: %s" % (pg.name, pg.note))
        w("")
    if scores:
        w("CER and word recall as `bench/score.py` computes them, for "
          "`OMP_THREAD_LIMIT=1 tesseract PAGE.png - -l eng` (Tesseract 5.3.0, Debian 12); for "
          "non-English pages the figure with the page's own language, where Debian's data for "
          "it is installed (deu, fra), is given in brackets; Debian's Spanish and Italian data "
          "were not used. These are a baseline, not a target: small print, posters and receipts "
          "are meant to be hard. CER depends on reading order: where Tesseract reads a layout "
          "in another order than the truth (prices to the right of a receipt, two-column "
          "forms, chart labels beside their bars, side-by-side boxes) or drops light-on-colour "
          "text, CER is high though many words are read; word recall shows that.\n")
    w("## Text sources\n")
    w("Every excerpt is copied from a Project Gutenberg text as mirrored by the GITenberg "
      "project on GitHub (one repository per book); the excerpts are embedded in the script "
      "(`EXCERPTS`), so regenerating needs no network. All these works are in the public "
      "domain: each was first published before 1920 (the latest, Die Verwandlung, in 1915) "
      "and each author died more than 70 years ago (the latest, Doyle, in 1930), so they are "
      "free in the USA and wherever copyright lasts for life plus 70 years; none is a "
      "translation. Project Gutenberg distributes them as public domain in the USA. Nothing "
      "of Project Gutenberg's licence header or footer is reproduced.\n")
    w("| key | book | author | first published | language | Gutenberg # | repository | commit | file | used on |")
    w("| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |")
    for key, b in BOOKS.items():
        if key not in used:
            continue
        w("| %s | %s | %s | %s | %s | %d | github.com/%s | %s | %s (%s) | %s |" % (
            key, b["title"], b["author"], b["published"], b["lang"], b["pg"], b["repo"],
            b["commit"][:12], b["path"], b["enc"], ", ".join(sorted(set(used[key])))))
    w("")
    w("Synthetic content: the forms, tables, receipts and chart figures, every name, address, "
      "number and amount on them, the masthead of the newspaper page, the event details on "
      "the posters, and the short code listings and their captions on the mixed-font pages "
      "were invented for this corpus by its authors; they describe no real person, company "
      "or event.\n")
    w("## Fonts\n")
    w("All fonts are Debian's packages, used as installed (licences as stated in "
      "`/usr/share/doc/PACKAGE/copyright`). The images contain rendered text, not the font "
      "software.\n")
    w("| font family | Debian package | licence |")
    w("| --- | --- | --- |")
    fams = sorted({f for pg in pages for f in pg.fonts})
    for f in fams:
        pkg = FONT_PACKAGES[f]
        w("| %s | %s | %s |" % (f, pkg, LICENCES[pkg]))
    w("")
    with open(os.path.join(outdir, "README.md"), "w", encoding="utf-8", newline="\n") as f:
        f.write("\n".join(out))
