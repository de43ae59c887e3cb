"""Forms with labelled fields, filled in (synthetic): typed entries, tick boxes,
letters one to a box and script entries."""
import html

from ..page import Page
from .sizes import A4, LETTER


def form_letter150_library():
    pg = Page("form_letter150_library", "form with labelled fields, filled in", LETTER[150], 150,
              ["DejaVu Sans", "DejaVu Sans Mono"], ["synthetic"],
              note="labels in DejaVu Sans, typed entries in DejaVu Sans Mono.")
    pg.style("""body { font-family: 'DejaVu Sans'; font-size: 9pt; padding: 0.6in 0.7in; }
      .org { font-size: 16pt; font-weight: bold; }
      .title { font-size: 12pt; margin: 2pt 0 10pt; padding-bottom: 6pt; border-bottom: 2pt solid #000; }
      .sec { background: #000; color: #fff; font-weight: bold; font-size: 9.5pt; padding: 3pt 6pt; margin-top: 12pt; }
      .row { display: flex; border: 0.75pt solid #000; border-top: none; }
      .f { flex: 1; padding: 3pt 6pt 5pt; border-left: 0.75pt solid #000; min-height: 0.45in; }
      .f:first-child { border-left: none; }
      .f2 { flex: 2; } .f3 { flex: 3; }
      .l { display: block; font-size: 7.5pt; color: #222; margin-bottom: 3pt; }
      .v { display: block; font-family: 'DejaVu Sans Mono'; font-size: 11pt; }
      .box { display: inline-block; width: 10pt; height: 10pt; border: 0.75pt solid #000;
        vertical-align: -1pt; margin: 0 3pt 0 10pt; font-family: 'DejaVu Sans Mono'; font-size: 9pt;
        line-height: 10pt; text-align: center; }
      .plain { font-size: 9pt; margin-top: 8pt; line-height: 1.4; }
      .sign { display: flex; gap: 0.4in; margin-top: 0.35in; }
      .sign div { flex: 1; border-top: 0.75pt solid #000; padding-top: 3pt; font-size: 7.5pt; }""")
    pg.t("div", "Harrowgate Public Library", "org")
    pg.t("div", "Application for a Borrower's Card", "title")

    def row(fields):
        pg.open("div", "row")
        words = []
        for label, value, cls in fields:
            lh, lt = Page.inline(label, ital=False)
            vh, vt = Page.inline(value, ital=False)
            pg.body.append('<div class="f %s"><span class="l">%s</span><span class="v">%s</span></div>'
                           % (cls, lh, vh))
            words += [lt, vt]
        pg.truth.append(" ".join(w for w in words if w))
        pg.close()

    pg.t("div", "1. APPLICANT", "sec")
    row([("Surname", "OKONKWO-BERG", "f2"), ("Given names", "Adaeze Marit", "f2"), ("Title", "Dr", "")])
    row([("Date of birth (DD/MM/YYYY)", "14/03/1987", ""), ("Telephone", "0161 496 0732", ""),
         ("Email", "a.okberg@example.org", "f2")])
    row([("Street address", "27 Linnet Close, Flat 4B", "f3"), ("Postcode", "HG2 7QW", "")])
    row([("Town", "Harrowgate", ""), ("County", "North Riding", ""), ("Country", "United Kingdom", "")])
    pg.t("div", "2. MEMBERSHIP", "sec")
    pg.open("div", "row")
    pg.body.append('<div class="f"><span class="l">Card type</span><span class="v" style="font-family:\'DejaVu Sans\';font-size:9pt">'
                   '<span class="box">X</span> Adult <span class="box"></span> Junior (under 16) '
                   '<span class="box"></span> Concession <span class="box"></span> Visitor</span></div>')
    pg.truth.append("Card type X Adult Junior (under 16) Concession Visitor")
    pg.close()
    row([("Home branch", "Station Road", ""), ("Card number (office use)", "2041 8836 0057", ""),
         ("Issued", "02/09/2024", "")])
    row([("Preferred language of material", "English, Norwegian", "f2"),
         ("Large-print notices", "No", "")])
    pg.t("div", "3. DECLARATION", "sec")
    pg.t("div", "I apply for membership of the library service and agree to abide by its rules. "
         "I will look after the items I borrow, return them by the date due, and pay any charges "
         "for items lost or damaged while on loan to me. I will tell the library if I change my "
         "address.", "plain")
    pg.open("div", "sign")
    pg.t("div", "Signature of applicant")
    pg.t("div", "Date")
    pg.t("div", "Checked by (staff initials)")
    pg.close()
    return pg


def form_a4_200_claim():
    pg = Page("form_a4_200_claim", "form with labelled fields, filled in", A4[200], 200,
              ["Nimbus Sans", "Nimbus Mono PS"], ["synthetic"],
              note="an insurance claim form; entries typed in a Courier-like font.")
    pg.style("""body { font-family: 'Nimbus Sans'; font-size: 9pt; padding: 14mm 15mm; color: #111; }
      .top { display: flex; justify-content: space-between; align-items: flex-end;
        border-bottom: 1.5pt solid #1d3a6b; padding-bottom: 3mm; }
      .co { font-size: 17pt; font-weight: bold; color: #1d3a6b; }
      .ref { font-size: 9pt; text-align: right; }
      h1 { font-size: 14pt; margin: 4mm 0 3mm; }
      h2 { font-size: 10pt; margin: 5mm 0 1.5mm; color: #1d3a6b; border-bottom: 0.5pt solid #1d3a6b; padding-bottom: 1mm; }
      .grid { display: grid; grid-template-columns: 42mm 1fr 38mm 1fr; row-gap: 2.2mm; column-gap: 3mm; }
      .k { font-size: 8.5pt; padding-top: 1.2mm; }
      .val { font-family: 'Nimbus Mono PS'; font-size: 11pt; border-bottom: 0.5pt solid #000; padding: 0 1mm 0.5mm; }
      .wide { grid-column: span 3; }
      .narr { font-family: 'Nimbus Mono PS'; font-size: 10.5pt; border: 0.5pt solid #000; padding: 2mm 3mm; line-height: 1.45; }
      .cb { display: inline-block; width: 3.2mm; height: 3.2mm; border: 0.6pt solid #000; vertical-align: -0.5mm;
        margin: 0 1.2mm 0 4mm; font-family: 'Nimbus Mono PS'; font-size: 9pt; line-height: 3.2mm; text-align: center; font-weight: bold; }
      .q { margin: 1.8mm 0; }
      table { width: 100%; font-size: 9pt; margin-top: 1mm; }
      th { text-align: left; border-bottom: 0.75pt solid #000; padding: 1mm; font-weight: bold; }
      td { font-family: 'Nimbus Mono PS'; font-size: 10.5pt; padding: 1.2mm 1mm; border-bottom: 0.4pt solid #999; }
      td.n, th.n { text-align: right; }
      .foot { position: absolute; left: 15mm; right: 15mm; bottom: 9mm; font-size: 7pt; color: #333;
        border-top: 0.5pt solid #999; padding-top: 1.5mm; }""")
    pg.open("div", "top")
    pg.t("div", "Northgate Mutual Insurance", "co")
    pg.t("div", "Form HC-7 (rev. 03)\nClaim reference: NM-2024-118406", "ref")
    pg.close()
    pg.t("h1", "Household Contents Claim Form")

    def grid(rows):
        pg.open("div", "grid")
        for row in rows:
            words = []
            for label, value in row:
                lh, lt = Page.inline(label, ital=False)
                vh, vt = Page.inline(value, ital=False)
                wide = " wide" if len(row) == 1 else ""
                pg.body.append('<div class="k">%s</div><div class="val%s">%s</div>' % (lh, wide, vh))
                words += [lt, vt]
            pg.truth.append(" ".join(words))
        pg.close()

    pg.t("h2", "Section A: Policyholder")
    grid([[("Full name", "Henrietta V. Almásy"), ("Policy number", "HHC-447-20931")],
          [("Address", "Kestrel Cottage, 9 Mill Lane, Ashby Parva, LE17 5QT")],
          [("Daytime telephone", "01455 209 814"), ("Date of birth", "22 Jan 1961")]])
    pg.t("h2", "Section B: The loss")
    grid([[("Date of loss", "17 Aug 2024"), ("Time (approx.)", "03:40")],
          [("Cause of loss", "Escape of water from burst pipe in loft")],
          [("Reported to", "Ashby Plumbing Ltd"), ("Reference", "JOB 55172")]])
    pg.open("div", "q")
    pg.body.append('<div>Was the property occupied at the time? <span class="cb">X</span> Yes <span class="cb"></span> No</div>')
    pg.truth.append("Was the property occupied at the time? X Yes No")
    pg.close()
    pg.open("div", "q")
    pg.body.append('<div>Have you claimed for this item before? <span class="cb"></span> Yes <span class="cb">X</span> No</div>')
    pg.truth.append("Have you claimed for this item before? Yes X No")
    pg.close()
    pg.t("div", "Describe what happened:", "k")
    pg.t("div", "Woke to the sound of running water. The cold feed pipe above the landing had "
         "split at a joint and water came through the bedroom ceiling. Stopcock turned off at "
         "03:55. Carpet, bed and a wardrobe of clothes soaked; ceiling plaster fell onto the "
         "dressing table.", "narr")
    pg.t("h2", "Section C: Items claimed")
    pg.table([["Item", "Bought", "Age (yrs)", "Claimed (£)"],
              ["Wool carpet, 4.2 x 3.6 m", "2016", "8", "1,240.00"],
              ["Divan bed and mattress (king)", "2019", "5", "685.50"],
              ["Pine wardrobe", "2009", "15", "310.00"],
              ["Clothing (list attached)", "various", "-", "926.75"],
              ["Dressing table mirror", "2021", "3", "89.99"],
              ["Total", "", "", "3,252.24"]],
             col_cls=["", "", "n", "n"])
    pg.t("h2", "Section D: Declaration")
    pg.t("div", "I declare that the information I have given is true and complete to the best of "
         "my knowledge. I understand that giving false information may make my policy void.",
         style="line-height:1.4")
    grid([[("Signed", "H. V. Almásy"), ("Date", "21/08/2024")]])
    pg.t("div", "Northgate Mutual Insurance is a trading name of Northgate Mutual Society Ltd, "
         "registered office 4 Quay Street, Grimsby DN31 3QR. Calls may be recorded.", "foot")
    return pg


def form_a4_150_enrolment():
    pg = Page("form_a4_150_enrolment", "form with labelled fields (letters in boxes, script entries)",
              A4[150], 150, ["URW Gothic", "Nimbus Sans", "Z003"], ["synthetic"],
              note="capitals written one to a box (comb fields); two entries in Z003, a "
                   "calligraphic face standing in for handwriting.")
    pg.style("""body { font-family: 'URW Gothic'; font-size: 9.5pt; padding: 14mm 14mm; color: #1a1a1a; }
      .hd { display: flex; justify-content: space-between; align-items: baseline;
        border-bottom: 2.5pt solid #7a1f5c; padding-bottom: 2mm; margin-bottom: 4mm; }
      .hd .a { font-size: 17pt; font-weight: bold; color: #7a1f5c; }
      .hd .b { font-size: 10pt; }
      .intro { font-size: 9pt; line-height: 1.4; margin-bottom: 4mm; }
      h2 { font-size: 10.5pt; background: #f1e4ec; padding: 1.2mm 2mm; margin: 4mm 0 2.5mm; }
      .fld { display: flex; align-items: center; margin-bottom: 2.4mm; }
      .lab { width: 44mm; font-size: 9pt; }
      .comb { display: block; white-space: nowrap; }
      .comb span { display: inline-block; width: 5.2mm; height: 6.4mm; border: 0.6pt solid #555;
        margin-right: -0.6pt; font-family: 'Nimbus Sans'; font-weight: bold; font-size: 11pt;
        text-align: center; line-height: 6.4mm; }
      .gap { width: 3mm; }
      .script { font-family: 'Z003'; font-size: 15pt; border-bottom: 0.6pt solid #555; flex: 1; padding-left: 2mm; }
      .cb { display: inline-block; width: 3.6mm; height: 3.6mm; border: 0.6pt solid #555; margin: 0 1.5mm 0 5mm;
        vertical-align: -0.6mm; font-family: 'Nimbus Sans'; font-weight: bold; font-size: 9pt; line-height: 3.6mm; text-align: center; }
      .office { margin-top: 6mm; border: 1pt dashed #777; padding: 3mm; font-size: 8.5pt; color: #444; }""")
    pg.open("div", "hd")
    pg.t("div", "Riverside Community College", "a")
    pg.t("div", "Enrolment form E1", "b")
    pg.close()
    pg.t("div", "Please write in capital letters, one letter in each box, and tick the boxes that "
         "apply. Return the form to Student Services with proof of address.", "intro")

    def comb(label, value):
        cells = "".join("<span>%s</span>" % (html.escape(ch) if ch != " " else "&nbsp;")
                        for ch in value)
        pg.body.append('<div class="fld"><span class="lab">%s</span><div class="comb">%s</div></div>'
                       % (html.escape(label), cells))
        pg.truth.append("%s %s" % (label, value))

    def script(label, value):
        pg.body.append('<div class="fld"><span class="lab">%s</span><span class="script">%s</span></div>'
                       % (html.escape(label), html.escape(value)))
        pg.truth.append("%s %s" % (label, value))

    pg.t("h2", "A. About you")
    comb("Family name", "FERREIRA DA COSTA")
    comb("First name(s)", "LUCIANA")
    comb("Date of birth", "09 11 2003")
    comb("Postcode", "RV4 8JD")
    comb("Mobile number", "07700 900 481")
    script("Home address", "Flat 2, 118 Wharf Street, Riverside")
    pg.t("h2", "B. Your course")
    comb("Course code", "ENG 2204")
    script("Course title", "Access to Higher Education: Humanities")
    pg.open("div", "fld")
    pg.body.append('<span class="lab">Mode of study</span><span>'
                   '<span class="cb">X</span> Full time <span class="cb"></span> Part time '
                   '<span class="cb"></span> Evening</span>')
    pg.truth.append("Mode of study X Full time Part time Evening")
    pg.close()
    pg.open("div", "fld")
    pg.body.append('<span class="lab">Fee support</span><span>'
                   '<span class="cb"></span> None <span class="cb">X</span> Bursary '
                   '<span class="cb"></span> Employer</span>')
    pg.truth.append("Fee support None X Bursary Employer")
    pg.close()
    pg.t("h2", "C. Emergency contact")
    comb("Name", "MARCO COSTA")
    comb("Telephone", "01632 960 119")
    pg.t("div", "For office use: ID seen / fee band / entered on system by", "office")
    return pg
