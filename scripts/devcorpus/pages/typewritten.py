"""Typewritten pages in monospaced fonts."""
from ..excerpts import excerpt
from ..page import Page
from .sizes import A4, LETTER


def typewriter_letter150_nimbusmono():
    pg = Page("typewriter_letter150_nimbusmono", "typewritten letter (Courier-like)", LETTER[150],
              150, ["Nimbus Mono PS"], ["frank_l2"])
    pg.style("""body { font-family: 'Nimbus Mono PS'; font-size: 12pt; line-height: 1.2;
      padding: 1in 1in 0.8in 1.1in; color: #1c1c1c; background: #fdfcf7; }
      .r { text-align: right; margin-bottom: 12pt; }
      .to { margin-bottom: 12pt; }
      p { text-indent: 0.5in; margin-bottom: 12pt; }""")
    ps = excerpt("frank_l2")
    pg.t("div", ps[1], "r")
    pg.t("div", ps[0], "to")
    pg.t("p", ps[2])
    pg.t("p", ps[3])
    return pg


def typewriter_a4_200_dejavumono():
    pg = Page("typewriter_a4_200_dejavumono", "typewritten manuscript (monospace, double spaced)",
              A4[200], 200, ["DejaVu Sans Mono"], ["two_ch2"])
    pg.style("""body { font-family: 'DejaVu Sans Mono'; font-size: 10.5pt; line-height: 2.0;
      padding: 25mm 22mm 22mm 30mm; }
      .hd { display: flex; justify-content: space-between; margin-bottom: 10mm; }
      .c { text-align: center; margin-bottom: 6mm; }
      p { text-indent: 10mm; }""")
    ps = excerpt("two_ch2")
    pg.line(["Dickens / TWO CITIES", "- 7 -"], cls="hd")
    pg.t("div", ps[0], "c")
    for p in ps[1:3]:
        pg.t("p", p)
    return pg


def typewriter_a4_150_kafka_de():
    pg = Page("typewriter_a4_150_kafka_de", "typewritten page in German (monospace)", A4[150],
              150, ["Nimbus Mono PS"], ["kafka_2"], lang="de", tess_lang="deu")
    pg.style("""body { font-family: 'Nimbus Mono PS'; font-size: 11pt; line-height: 1.55;
      padding: 22mm 20mm 18mm 25mm; text-align: left; }
      .c { text-align: center; margin-bottom: 5mm; font-weight: bold; }
      p { text-indent: 8mm; margin-bottom: 2mm; }""")
    ps = excerpt("kafka_2")
    pg.t("div", ps[0], "c")
    for p in ps[1:3]:
        pg.t("p", p)
    return pg
