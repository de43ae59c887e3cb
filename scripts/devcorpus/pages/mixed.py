"""Pages that mix fonts: serif headings, sans body, monospaced code."""
import html
import re
from collections import Counter

from ..excerpts import excerpt
from ..page import Page
from .sizes import A4, LETTER


def mixed_letter150_manual():
    pg = Page("mixed_letter150_manual", "mixed fonts (serif headings, sans body, mono code)",
              LETTER[150], 150, ["DejaVu Serif", "DejaVu Sans", "DejaVu Sans Mono"],
              ["synthetic", "two_ch3"],
              note="tutorial prose and code invented for this corpus; the sample text is Dickens'.")
    pg.style("""body { font-family: 'DejaVu Sans'; font-size: 10pt; line-height: 1.45;
      padding: 0.75in 0.9in; }
      h1 { font-family: 'DejaVu Serif'; font-size: 20pt; margin: 0 0 4pt; }
      h2 { font-family: 'DejaVu Serif'; font-size: 13.5pt; margin: 14pt 0 4pt; }
      p { margin-bottom: 6pt; }
      code { font-family: 'DejaVu Sans Mono'; font-size: 9.5pt; background: #eee; padding: 0 2pt; }
      pre { font-family: 'DejaVu Sans Mono'; font-size: 9pt; line-height: 1.35; background: #f2f2f2;
        border-left: 3pt solid #777; padding: 6pt 10pt; margin: 4pt 0 8pt; white-space: pre; }
      blockquote { font-family: 'DejaVu Serif'; font-style: italic; margin: 4pt 0.3in 8pt; font-size: 10pt; }""")
    ps = excerpt("two_ch3")
    pg.t("h1", "Counting words in a chapter")
    pg.t("div", "Worked example 3 of the text-processing primer", style="color:#444;margin-bottom:8pt")
    pg.t("h2", "1. The sample text")
    pg.t("p", "The example uses the opening of Chapter III of A Tale of Two Cities. Its first "
         "sentences are printed below exactly as the program reads them from the file "
         "chapter3.txt:")
    sample = ps[0] + "\n" + ps[1][:ps[1].index(" No more can I look")]
    pg.t("blockquote", sample)
    pg.t("h2", "2. Splitting and counting")
    pg.rich("p", [("The function ", ""), ("count_words", "code"), (" lowers the case of the text, "
            "splits it on anything that is not a letter or an apostrophe, and counts the pieces "
            "with a ", ""), ("Counter", "code"), (":", "")])
    code = ["import re", "from collections import Counter", "",
            "def count_words(text):",
            "    words = re.findall(r\"[a-z']+\", text.lower())",
            "    return Counter(words)", "",
            "with open(\"chapter3.txt\", encoding=\"utf-8\") as f:",
            "    counts = count_words(f.read())",
            "for word, n in counts.most_common(5):",
            "    print(f\"{word:>8} {n:3d}\")"]
    pg.body.append("<pre>%s</pre>" % html.escape("\n".join(code), quote=False))
    pg.truth.extend(c.strip() for c in code if c.strip())
    pg.t("h2", "3. The result")
    pg.t("p", "Run on the sample above, the program prints the five commonest words:")
    counts = Counter(re.findall(r"[a-z']+", sample.lower()))
    out = ["%8s %3d" % wn for wn in sorted(counts.items(), key=lambda wn: (-wn[1], wn[0]))[:5]]
    pg.body.append("<pre>%s</pre>" % html.escape("\n".join(out), quote=False))
    pg.truth.extend(o.strip() for o in out)
    pg.rich("p", [("Try changing the pattern so that hyphenated words such as ", ""),
                  ("ale-houses", "code"), (" are counted as one word, and compare the totals.", "")])
    return pg


def mixed_a4_200_annotated():
    pg = Page("mixed_a4_200_annotated", "mixed fonts (serif title, sans body, mono notes, sidebar)",
              A4[200], 200, ["P052", "Nimbus Sans", "Nimbus Mono PS"], ["synthetic", "verne_1"],
              lang="fr", tess_lang="fra",
              note="a French reader's edition: Verne's text, invented glossary notes.")
    pg.style("""body { font-family: 'Nimbus Sans'; font-size: 10pt; line-height: 1.45;
      padding: 18mm 16mm; display: grid; grid-template-columns: 1fr 52mm; column-gap: 8mm; align-content: start; }
      .title { grid-column: 1 / 3; border-bottom: 1pt solid #000; margin-bottom: 6mm; padding-bottom: 3mm; }
      .title .a { font-family: 'P052'; font-size: 24pt; font-weight: bold; }
      .title .b { font-family: 'P052'; font-size: 12pt; font-style: italic; }
      h2 { font-family: 'P052'; font-size: 14pt; margin: 0 0 2mm; }
      h3 { font-family: 'P052'; font-size: 11pt; font-weight: normal; font-style: italic; margin: 0 0 4mm; }
      .main p { text-align: justify; margin-bottom: 2.5mm; text-indent: 5mm; }
      .side { background: #efefef; padding: 4mm; font-family: 'Nimbus Mono PS'; font-size: 9pt; line-height: 1.4; align-self: start; }
      .side .h { font-family: 'Nimbus Sans'; font-weight: bold; font-size: 9.5pt; margin-bottom: 2mm; }
      .side p { margin-bottom: 2.5mm; }""")
    ps = excerpt("verne_1")
    pg.open("div", "title")
    pg.t("div", "Jules Verne", "a")
    pg.t("div", "Le tour du monde en quatre-vingts jours, édition annotée pour la classe", "b")
    pg.close()
    pg.open("div", "main")
    pg.t("h2", "Chapitre " + ps[0])
    pg.t("h3", ps[1])
    for p in ps[2:7]:
        pg.t("p", p)
    pg.close()
    pg.open("div", "side")
    pg.t("div", "Notes de lecture", "h")
    for n in ["Saville-row : rue du quartier de Mayfair, à Londres.",
              "Reform-Club : cercle londonien fondé en 1836.",
              "esq. : abréviation de « esquire », titre de courtoisie anglais.",
              "Byron : poète anglais (1788-1824).",
              "la Cité : le quartier des affaires de Londres.",
              "Questions : Que sait-on de Phileas Fogg ? Que ne sait-on pas ?"]:
        pg.t("p", n)
    pg.close()
    return pg
