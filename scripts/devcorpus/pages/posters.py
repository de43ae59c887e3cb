"""Posters and infographics in colour, with mixed type sizes."""
from ..excerpts import excerpt
from ..page import Page


def poster_tabloid150_alice():
    pg = Page("poster_tabloid150_alice", "poster (colour, mixed type sizes)", (1650, 2550), 150,
              ["URW Bookman", "URW Gothic"], ["synthetic", "alice_ch2"], phys=False,
              note="event details invented; the quotation is Carroll's.")
    pg.style("""body { font-family: 'URW Gothic'; background: #f6e7c8; color: #2b1d3a; }
      .hero { background: #5b2a86; color: #fff; padding: 1.1in 0.9in 0.8in; }
      .kick { font-size: 20pt; letter-spacing: 0.2em; color: #f9c74f; }
      h1 { font-family: 'URW Bookman'; font-size: 76pt; line-height: 1.0; margin: 0.15in 0 0.2in; }
      .sub { font-size: 24pt; }
      .quote { font-family: 'URW Bookman'; font-size: 20pt; line-height: 1.5; margin: 0.7in 0.9in 0.3in;
        padding: 0.3in 0.4in; background: #fff; border-left: 0.15in solid #f9844a; }
      .who { font-size: 15pt; margin: 0 0.9in 0.6in; text-align: right; }
      .facts { display: flex; gap: 0.3in; margin: 0 0.9in; }
      .fact { flex: 1; background: #277da1; color: #fff; padding: 0.25in; }
      .fact .k { font-size: 13pt; color: #cdeefa; }
      .fact .v { font-size: 24pt; font-weight: bold; margin-top: 4pt; }
      .small { margin: 0.5in 0.9in 0; font-size: 13pt; line-height: 1.5; }
      .band { position: absolute; left: 0; right: 0; bottom: 0; background: #f94144; color: #fff;
        font-size: 20pt; text-align: center; padding: 0.25in; font-weight: bold; }""")
    ps = excerpt("alice_ch2")
    pg.open("div", "hero")
    pg.t("div", "THE HARBOUR LIBRARY PRESENTS", "kick")
    pg.t("h1", "Curiouser and Curiouser")
    pg.t("div", "A summer of reading aloud from Alice's Adventures in Wonderland", "sub")
    pg.close()
    pg.t("div", ps[0], "quote")
    pg.t("div", "Lewis Carroll, Chapter II: The Pool of Tears", "who")
    pg.open("div", "facts")
    for k, v in [("WHEN", "Saturdays 10:30"), ("WHERE", "Reading Room 2"), ("AGES", "7 to 107")]:
        pg.open("div", "fact")
        pg.t("div", k, "k")
        pg.t("div", v, "v")
        pg.close()
    pg.close()
    pg.t("div", "Sessions run from 6 July to 31 August. Free, no booking needed; children under "
         "eight should come with an adult. Large-print copies and a hearing loop are available. "
         "Ask at the front desk or call 01632 960 207.", "small")
    pg.t("div", "Bring a friend, a cushion and your best tea-party hat!", "band")
    return pg


def infographic_1200x2520_whales():
    pg = Page("infographic_1200x2520_whales", "infographic (tall, colour panels, figures)",
              (1200, 2520), 96, ["DejaVu Sans", "DejaVu Sans Condensed", "DejaVu Serif"],
              ["synthetic", "moby_quotes"], phys=False,
              note="the figures are invented; the quotations are from the Extracts of Moby-Dick.")
    pg.style("""body { font-family: 'DejaVu Sans'; background: #eaf4f4; color: #12263a; }
      .head { background: #12263a; color: #fff; padding: 70px 70px 60px; }
      .head .k { font-family: 'DejaVu Sans Condensed'; font-size: 24px; letter-spacing: 5px; color: #7fd1ae; }
      .head h1 { font-size: 74px; line-height: 1.15; margin: 14px 0 18px; }
      .head .s { font-size: 26px; line-height: 1.4; color: #cfe3ee; }
      .stats { display: flex; flex-wrap: wrap; gap: 24px; padding: 50px 70px 20px; }
      .st { width: 518px; background: #fff; border-top: 10px solid #06aed5; padding: 26px; }
      .st .n { font-size: 70px; font-weight: bold; color: #086788; line-height: 1.1; }
      .st .d { font-family: 'DejaVu Sans Condensed'; font-size: 23px; line-height: 1.35; }
      .sec { margin: 30px 70px 0; font-size: 36px; font-weight: bold; border-bottom: 4px solid #f0c808; padding-bottom: 8px; }
      .q { font-family: 'DejaVu Serif'; font-size: 24px; line-height: 1.45; margin: 22px 70px 0;
        background: #fff; padding: 22px 28px; }
      .q:nth-of-type(odd) { background: #dd1c1a; color: #fff; }
      .bars { margin: 24px 70px 0; }
      .row { display: flex; align-items: center; margin-bottom: 12px; }
      .row .l { width: 280px; font-size: 24px; }
      .row .b { height: 40px; background: #086788; margin-right: 14px; }
      .row .v { font-size: 24px; font-weight: bold; }
      .foot { position: absolute; left: 0; right: 0; bottom: 0; background: #12263a; color: #9fb3c8;
        font-family: 'DejaVu Sans Condensed'; font-size: 20px; padding: 24px 70px; }""")
    ps = excerpt("moby_quotes")
    pg.open("div", "head")
    pg.t("div", "OCEAN GIANTS", "k")
    pg.t("h1", "Whales by the numbers")
    pg.t("div", "Six figures from a season of surveys off the western isles, and what the old "
         "writers said of the great whales.", "s")
    pg.close()
    pg.open("div", "stats")
    for n, d in [("412", "sightings logged between April and October"),
                 ("7", "species identified, from minke to fin whale"),
                 ("23 m", "longest animal measured, a fin whale seen on 14 August"),
                 ("1,150", "hours of hydrophone recordings analysed"),
                 ("38%", "of sightings were of mothers with calves"),
                 ("96", "volunteers on the boats and the cliff-top watch")]:
        pg.open("div", "st")
        pg.t("div", n, "n")
        pg.t("div", d, "d")
        pg.close()
    pg.close()
    pg.t("div", "Sightings by species", "sec")
    pg.open("div", "bars")
    for lab, v in [("Minke whale", 187), ("Harbour porpoise", 96), ("Humpback whale", 58),
                   ("Fin whale", 34), ("Risso's dolphin", 21), ("Orca", 11), ("Sperm whale", 5)]:
        pg.open("div", "row")
        pg.t("span", lab, "l")
        pg.raw('<span class="b" style="width:%dpx"></span>' % int(v * 3.3))
        pg.t("span", str(v), "v")
        pg.close()
    pg.close()
    pg.t("div", "What the old books said", "sec")
    for p in ps:
        pg.t("div", p, "q")
    pg.t("div", "Survey figures are illustrative (synthetic). Quotations as collected in the "
         "Extracts of Moby-Dick (1851).", "foot")
    return pg


def poster_a3_150_verne_fr():
    pg = Page("poster_a3_150_verne_fr", "poster in French (colour, white on colour)", (1754, 2480),
              150, ["P052", "Nimbus Sans"], ["synthetic", "verne_2"], lang="fr", phys=False,
              tess_lang="fra", note="exhibition details invented; the text is Verne's.")
    pg.style("""body { font-family: 'Nimbus Sans'; background: #0f4c5c; color: #fff; padding: 0.8in 0.85in; }
      .k { font-size: 18pt; letter-spacing: 0.18em; color: #ffd97d; }
      h1 { font-family: 'P052'; font-size: 64pt; line-height: 1.02; margin: 0.12in 0 0.1in; font-weight: bold; }
      .s { font-size: 22pt; color: #d8f3f5; margin-bottom: 0.4in; }
      .txt { display: flex; gap: 0.35in; }
      .col { flex: 1; font-family: 'P052'; font-size: 13.5pt; line-height: 1.4; text-align: justify;
        background: #fff; color: #1b1b1b; padding: 0.28in; }
      .col p { text-indent: 0.2in; margin-bottom: 4pt; }
      .info { display: flex; gap: 0.25in; margin-top: 0.4in; }
      .box { flex: 1; background: #e36414; padding: 0.22in; }
      .box .a { font-size: 13pt; color: #ffe8d6; }
      .box .b { font-size: 21pt; font-weight: bold; margin-top: 3pt; }
      .foot { margin-top: 0.35in; font-size: 13pt; color: #cde7ea; line-height: 1.5; }""")
    ps = excerpt("verne_2")
    pg.t("div", "MUSÉE DES VOYAGES EXTRAORDINAIRES", "k")
    pg.t("h1", "Le tour du monde en quatre-vingts jours")
    pg.t("div", "Exposition autour du roman de Jules Verne (1873)", "s")
    pg.open("div", "txt")
    pg.open("div", "col")
    pg.t("p", ps[0])
    pg.t("p", ps[1])
    pg.close()
    pg.open("div", "col")
    pg.t("p", ps[2])
    pg.t("p", ps[3])
    pg.close()
    pg.close()
    pg.open("div", "info")
    for a, b in [("DU", "3 mars au 28 juin"), ("OÙ", "Salle Fogg, 2e étage"), ("TARIF", "6 €, réduit 3 €")]:
        pg.open("div", "box")
        pg.t("div", a, "a")
        pg.t("div", b, "b")
        pg.close()
    pg.close()
    pg.t("div", "Ouvert du mardi au dimanche, de 10 h à 18 h. Visites guidées le samedi à 15 h. "
         "Entrée gratuite pour les moins de douze ans.", "foot")
    return pg


def poster_1080x1920_quijote_es():
    pg = Page("poster_1080x1920_quijote_es", "poster in Spanish (vertical, colour blocks)",
              (1080, 1920), 96, ["DejaVu Serif", "DejaVu Sans"], ["synthetic", "quijote_8"],
              lang="es", phys=False, note="festival details invented; the text is Cervantes'.")
    pg.style("""body { font-family: 'DejaVu Sans'; background: #fdf0d5; color: #3a0c0c; }
      .top { background: #c1121f; color: #fff; padding: 70px 64px 50px; }
      .top .k { font-size: 24px; letter-spacing: 4px; color: #ffd6a5; }
      .top h1 { font-family: 'DejaVu Serif'; font-size: 80px; line-height: 1.15; margin: 12px 0 10px; }
      .top .s { font-size: 30px; }
      .txt { margin: 44px 64px 0; font-family: 'DejaVu Serif'; font-size: 25px; line-height: 1.5; }
      .txt p { margin-bottom: 10px; }
      .txt p.d { margin-left: 30px; }
      .when { position: absolute; left: 64px; right: 64px; bottom: 60px; background: #003049;
        color: #fff; padding: 30px 36px; }
      .when .a { font-size: 44px; font-weight: bold; }
      .when .b { font-size: 26px; margin-top: 6px; color: #c9e4ff; }""")
    ps = excerpt("quijote_8")
    pg.open("div", "top")
    pg.t("div", "FESTIVAL DE LECTURA EN VOZ ALTA", "k")
    pg.t("h1", "Gigantes o molinos")
    pg.t("div", "Capítulo VIII de Don Quijote de la Mancha", "s")
    pg.close()
    pg.open("div", "txt")
    for p in ps[:10]:
        pg.t("p", p, "d" if p.startswith("-") else "")
    pg.close()
    pg.open("div", "when")
    pg.t("div", "Sábado 12 de octubre, 19:00", "a")
    pg.t("div", "Plaza del Molino · Entrada libre · Traiga su propio ejemplar", "b")
    pg.close()
    return pg


def poster_a3_150_dante_it():
    pg = Page("poster_a3_150_dante_it", "poster in Italian (verse, dark background)", (1754, 2480),
              150, ["C059", "URW Gothic"], ["synthetic", "dante_3"], lang="it", phys=False,
              note="event details invented; the verses are Dante's.")
    pg.style("""body { font-family: 'C059'; background: #14110f; color: #f2e9dc; padding: 0.9in 1in; }
      .k { font-family: 'URW Gothic'; font-size: 18pt; letter-spacing: 0.25em; color: #d9a441; }
      h1 { font-family: 'URW Gothic'; font-size: 60pt; margin: 0.1in 0 0.35in; line-height: 1.05; color: #fff; }
      .cols { display: flex; gap: 0.5in; }
      .col { flex: 1; }
      .col .h { font-family: 'URW Gothic'; font-size: 14pt; color: #d9a441; margin-bottom: 0.15in; }
      .col p { font-size: 17.5pt; line-height: 1.45; margin-bottom: 0.2in; }
      .gate { font-size: 21pt !important; color: #ffcf70; font-style: italic; }
      .info { position: absolute; left: 1in; right: 1in; bottom: 0.8in; border-top: 2pt solid #d9a441;
        padding-top: 0.2in; font-family: 'URW Gothic'; font-size: 16pt; line-height: 1.5; }""")
    ps = excerpt("dante_3")
    pg.t("div", "LETTURE DANTESCHE", "k")
    pg.t("h1", "Lasciate ogne speranza")
    pg.open("div", "cols")
    pg.open("div", "col")
    pg.t("div", ps[0], "h")
    pg.t("p", ps[1], "gate")
    pg.t("p", ps[2], "gate")
    pg.t("p", ps[3], "gate")
    for p in ps[4:7]:
        pg.t("p", p)
    pg.close()
    pg.open("div", "col")
    for p in ps[7:13]:
        pg.t("p", p)
    pg.close()
    pg.close()
    pg.t("div", "Venerdì 15 novembre, ore 21 · Chiostro di San Marco\n"
         "Lettura integrale del canto III con accompagnamento musicale · Ingresso libero", "info")
    return pg
