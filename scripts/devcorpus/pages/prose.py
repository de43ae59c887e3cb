"""One-column prose pages: novels, a letter in a novel, a short story, a children's book."""
from ..excerpts import take
from ..page import Page
from .sizes import A4, LETTER


def prose_letter150_dejavuserif():
    pg = Page("prose_letter150_dejavuserif", "one-column prose", LETTER[150], 150,
              ["DejaVu Serif"], ["pp_ch1"])
    pg.style("""body { font-family: 'DejaVu Serif'; font-size: 11pt; line-height: 1.45;
      padding: 0.75in 1in; text-align: justify; }
      .run { font-size: 9pt; text-align: center; letter-spacing: 0.08em; margin-bottom: 0.3in; }
      h2 { font-size: 14pt; text-align: center; margin: 0 0 0.2in; font-weight: bold; }
      p { text-indent: 0.3in; margin-bottom: 2pt; }
      .folio { position: absolute; bottom: 0.55in; left: 0; right: 0; text-align: center; font-size: 10pt; }""")
    ps = take("pp_ch1", 0, 20)
    pg.t("div", "PRIDE AND PREJUDICE", "run")
    pg.t("h2", ps[0])
    for p in ps[1:]:
        pg.t("p", p)
    pg.t("div", "1", "folio")
    return pg


def prose_a4_300_c059():
    pg = Page("prose_a4_300_c059", "one-column prose (letter in a novel)", A4[300], 300,
              ["C059"], ["frank_l1"])
    pg.style("""body { font-family: 'C059'; font-size: 11.5pt; line-height: 1.38;
      padding: 25mm 25mm; text-align: justify; }
      h2 { font-size: 15pt; text-align: center; margin: 0 0 4mm; font-weight: normal; letter-spacing: 0.05em; }
      .to { text-align: center; margin-bottom: 5mm; }
      .date { text-align: right; margin-bottom: 4mm; }
      p { text-indent: 8mm; margin-bottom: 1.5mm; }""")
    ps = take("frank_l1", 0, 5)
    pg.t("h2", ps[0])
    pg.t("div", ps[1], "to")
    pg.t("div", ps[2], "date")
    for p in ps[3:]:
        pg.t("p", p)
    return pg


def prose_a4_200_p052():
    pg = Page("prose_a4_200_p052", "one-column prose (book page)", A4[200], 200,
              ["P052"], ["two_ch1"])
    pg.style("""body { font-family: 'P052'; font-size: 11pt; line-height: 1.42;
      padding: 22mm 24mm 20mm 28mm; text-align: justify; }
      .book { text-align: center; font-size: 13pt; margin: 10mm 0 3mm; letter-spacing: 0.04em; }
      h2 { font-size: 17pt; text-align: center; margin: 0 0 9mm; font-weight: normal; font-style: italic; }
      p { text-indent: 6mm; }""")
    ps = take("two_ch1", 0, 5)
    pg.t("div", ps[0], "book")
    pg.t("h2", ps[1])
    for p in ps[2:]:
        pg.t("p", p)
    return pg


def prose_letter200_nimbusroman():
    pg = Page("prose_letter200_nimbusroman", "one-column prose (short-story page)", LETTER[200],
              200, ["Nimbus Roman"], ["holmes_scandal"])
    pg.style("""body { font-family: 'Nimbus Roman'; font-size: 11.5pt; line-height: 1.3;
      padding: 0.75in 1in; text-align: justify; }
      .head { display: flex; justify-content: space-between; font-size: 10pt; font-style: italic;
        border-bottom: 0.6pt solid #000; padding-bottom: 3pt; margin-bottom: 0.25in; }
      p { text-indent: 0.25in; }""")
    pg.line([("THE ADVENTURES OF SHERLOCK HOLMES", ""), ("12", "")], cls="head")
    for p in take("holmes_scandal", 0, 4):
        pg.t("p", p)
    return pg


def prose_letter300_bookman():
    pg = Page("prose_letter300_bookman", "one-column prose (children's book chapter)",
              LETTER[300], 300, ["URW Bookman"], ["alice_ch1"])
    pg.style("""body { font-family: 'URW Bookman'; font-size: 11pt; line-height: 1.5;
      padding: 1.1in 1.05in; text-align: left; }
      h2 { font-size: 17pt; text-align: center; margin: 0.3in 0 0.35in; font-weight: normal; line-height: 1.3; }
      p { text-indent: 0.3in; margin-bottom: 3pt; }""")
    ps = take("alice_ch1", 0, 6)
    chap, title = ps[0].split(". ", 1)
    pg.t("h2", chap + ".\n" + title)
    for p in ps[1:]:
        pg.t("p", p)
    return pg
