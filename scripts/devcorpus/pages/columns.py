"""Pages in two and three columns: a novel, a pamphlet, a newspaper page, a dictionary."""
import re

from ..excerpts import take
from ..page import Page
from .sizes import A4, LETTER


def twocol_letter150_dejavusans():
    pg = Page("twocol_letter150_dejavusans", "two columns", LETTER[150], 150, ["DejaVu Sans"],
              ["moby_ch1"])
    pg.style("""body { font-family: 'DejaVu Sans'; font-size: 9.5pt; line-height: 1.4;
      padding: 0.7in 0.75in; }
      h1 { font-size: 20pt; margin: 0 0 4pt; font-weight: bold; }
      .sub { font-size: 11pt; color: #333; margin-bottom: 14pt; border-bottom: 1pt solid #000; padding-bottom: 8pt; }
      .cols { column-count: 2; column-gap: 0.35in; text-align: justify; height: 8.3in; column-fill: auto; }
      p { margin-bottom: 5pt; }""")
    ps = take("moby_ch1", 0, 6)
    pg.t("h1", "MOBY-DICK; or, THE WHALE")
    pg.t("div", ps[0], "sub")
    pg.open("div", "cols")
    for p in ps[1:]:
        pg.t("p", p)
    pg.close()
    return pg


def twocol_a4_200_nimbusroman():
    pg = Page("twocol_a4_200_nimbusroman", "two columns (pamphlet, title across)", A4[200], 200,
              ["Nimbus Roman"], ["sense_1"])
    pg.style("""body { font-family: 'Nimbus Roman'; font-size: 10.5pt; line-height: 1.3;
      padding: 20mm 18mm; }
      .kicker { text-align: center; font-size: 10pt; letter-spacing: 0.15em; margin-bottom: 3mm; }
      h1 { text-align: center; font-size: 15pt; font-weight: bold; margin: 0 12mm 8mm; line-height: 1.25; }
      .cols { column-count: 2; column-gap: 8mm; column-rule: 0.5pt solid #444; text-align: justify; }
      p { text-indent: 5mm; margin-bottom: 1.5mm; }""")
    ps = take("sense_1", 0, 6)
    pg.t("div", "COMMON SENSE", "kicker")
    pg.t("h1", ps[0])
    pg.open("div", "cols")
    for p in ps[1:]:
        pg.t("p", p)
    pg.close()
    return pg


def threecol_letter200_newspaper():
    pg = Page("threecol_letter200_newspaper", "three columns (newspaper page)", LETTER[200], 200,
              ["Nimbus Roman", "URW Bookman", "Nimbus Sans"], ["synthetic", "holmes_red"],
              note="masthead, dateline and price invented; the story is Doyle's.")
    pg.style("""body { font-family: 'Nimbus Roman'; font-size: 9.5pt; line-height: 1.28;
      padding: 0.45in 0.5in; }
      .mast { font-family: 'URW Bookman'; font-weight: bold; font-size: 38pt; text-align: center; line-height: 1.1; }
      .dateline { font-family: 'Nimbus Sans'; font-size: 8pt; display: flex; justify-content: space-between;
        border-top: 2pt solid #000; border-bottom: 0.75pt solid #000; padding: 2pt 0; margin: 4pt 0 10pt; }
      h2 { font-family: 'URW Bookman'; font-size: 22pt; line-height: 1.12; margin: 0 0 4pt; text-align: center; }
      .deck { font-family: 'Nimbus Sans'; font-size: 11pt; text-align: center; margin-bottom: 10pt; }
      .cols { column-count: 3; column-gap: 0.22in; column-rule: 0.5pt solid #000; text-align: justify; }
      p { text-indent: 0.14in; }""")
    pg.t("div", "The Baker Street Courier", "mast")
    pg.line([("VOL. XII, No. 41", ""), ("LONDON, SATURDAY, OCTOBER 8", ""), ("PRICE ONE PENNY", "")],
            cls="dateline")
    pg.t("h2", "THE RED-HEADED LEAGUE")
    pg.t("div", "A Singular Case Brought to Mr. Sherlock Holmes", "deck")
    pg.open("div", "cols")
    for p in take("holmes_red", 0, 22):
        pg.t("p", p)
    pg.close()
    return pg


def threecol_a4_150_dictionary():
    pg = Page("threecol_a4_150_dictionary", "three columns (dictionary)", A4[150], 150,
              ["DejaVu Serif Condensed"], ["devil_a"])
    pg.style("""body { font-family: 'DejaVu Serif Condensed'; font-size: 9pt; line-height: 1.3;
      padding: 15mm 13mm; }
      .head { display: flex; justify-content: space-between; font-weight: bold; font-size: 9pt;
        border-bottom: 0.75pt solid #000; padding-bottom: 2pt; margin-bottom: 5mm; }
      .cols { column-count: 3; column-gap: 5mm; text-align: justify; }
      .letter { font-size: 22pt; font-weight: bold; text-align: center; margin-bottom: 2mm; }
      p { margin-bottom: 1.6mm; text-indent: -3mm; padding-left: 3mm; }
      p.verse { text-align: left; font-style: italic; text-indent: 0; padding-left: 4mm; font-size: 8.5pt; }
      p.sig { text-align: right; font-size: 8pt; }""")
    ps = take("devil_a", 0, 58)
    pg.line([("ABASEMENT", ""), ("THE DEVIL'S DICTIONARY", ""), ("ABSENT", "")], cls="head")
    pg.open("div", "cols")
    pg.t("div", ps[0], "letter")
    for p in ps[1:27]:
        m = re.match(r"([A-Z][A-Z'-]{2,})(.*)$", p, re.S)
        if "\n" in p:
            pg.t("p", p, "verse")
        elif m:
            pg.rich("p", [(m.group(1), "b"), (m.group(2), "")])
        elif len(p) < 25 and "," not in p:
            pg.t("p", p, "sig")
        else:
            pg.t("p", p)
    pg.close()
    return pg
