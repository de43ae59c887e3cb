"""Small print: 7.5 and 8 pt text in columns."""
import re

from ..excerpts import excerpt
from ..page import Page
from .sizes import A4, LETTER


def smallprint_letter150_extracts():
    pg = Page("smallprint_letter150_extracts", "small print (8 pt at 150 dpi, two columns)",
              LETTER[150], 150, ["Nimbus Sans"], ["moby_extracts"])
    pg.style("""body { font-family: 'Nimbus Sans'; font-size: 8pt; line-height: 1.3;
      padding: 0.6in 0.65in; }
      h2 { font-size: 11pt; text-align: center; margin: 0 0 8pt; letter-spacing: 0.1em; }
      .cols { column-count: 2; column-gap: 0.3in; text-align: justify; }
      p { margin-bottom: 4pt; }""")
    ps = excerpt("moby_extracts")
    pg.t("h2", ps[0])
    pg.open("div", "cols")
    for p in ps[1:]:
        pg.t("p", p)
    pg.close()
    return pg


def smallprint_a4_300_pp():
    pg = Page("smallprint_a4_300_pp", "small print (7.5 pt at 300 dpi, two columns)", A4[300], 300,
              ["Nimbus Roman"], ["pp_ch2"])
    pg.style("""body { font-family: 'Nimbus Roman'; font-size: 7.5pt; line-height: 1.22;
      padding: 14mm 14mm; }
      .hd { display: flex; justify-content: space-between; font-size: 7pt; font-style: italic;
        border-bottom: 0.4pt solid #000; margin-bottom: 3mm; padding-bottom: 0.6mm; }
      .cols { column-count: 2; column-gap: 6mm; text-align: justify; }
      h3 { font-size: 9pt; break-after: avoid; text-align: center; margin: 0 0 1.5mm; font-weight: normal; }
      p { text-indent: 3mm; }""")
    ps = excerpt("pp_ch2")[:34]
    pg.line(["PRIDE AND PREJUDICE", "CHAP. II-III", "7"], cls="hd")
    pg.open("div", "cols")
    for p in ps:
        if re.fullmatch(r"Chapter \d+", p):
            pg.t("h3", p)
        else:
            pg.t("p", p)
    pg.close()
    return pg


def smallprint_letter200_holmes():
    pg = Page("smallprint_letter200_holmes", "small print (7.5 pt condensed sans at 200 dpi)",
              LETTER[200], 200, ["DejaVu Sans Condensed", "DejaVu Serif"], ["holmes_identity"])
    pg.style("""body { font-family: 'DejaVu Sans Condensed'; font-size: 7.5pt; line-height: 1.3;
      padding: 0.55in 0.6in; }
      h2 { font-family: 'DejaVu Serif'; font-size: 12pt; margin: 0 0 6pt; }
      .cols { column-count: 3; column-gap: 0.2in; text-align: justify; height: 3.2in; column-fill: auto; }
      p { text-indent: 0.12in; }""")
    ps = excerpt("holmes_identity")
    pg.t("h2", ps[0])
    pg.open("div", "cols")
    for p in ps[1:]:
        pg.t("p", p)
    pg.close()
    return pg
