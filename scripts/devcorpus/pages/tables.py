"""Pages of tables with numbers (synthetic numbers)."""
from ..page import Page
from .sizes import A4, LETTER


def table_letter150_quarterly():
    pg = Page("table_letter150_quarterly", "tables with numbers (financial report)", LETTER[150],
              150, ["DejaVu Sans", "DejaVu Serif"], ["synthetic"])
    pg.style("""body { font-family: 'DejaVu Sans'; font-size: 9pt; padding: 0.75in 0.8in; }
      h1 { font-family: 'DejaVu Serif'; font-size: 17pt; margin: 0 0 3pt; }
      .sub { color: #333; margin-bottom: 14pt; font-size: 10pt; }
      h2 { font-family: 'DejaVu Serif'; font-size: 12pt; margin: 16pt 0 5pt; }
      table { width: 100%; }
      th { text-align: right; border-bottom: 1.2pt solid #000; padding: 3pt 5pt; font-size: 8.5pt; }
      th:first-child, td:first-child { text-align: left; }
      td { text-align: right; padding: 3.5pt 5pt; border-bottom: 0.4pt solid #bbb; }
      tr.tot td { font-weight: bold; border-top: 1pt solid #000; border-bottom: 2pt double #000; }
      .note { font-size: 8pt; color: #222; margin-top: 6pt; line-height: 1.35; }""")
    pg.t("h1", "Fenwick & Marr Holdings plc")
    pg.t("div", "Interim report for the nine months ended 30 September 2024 (unaudited)", "sub")
    pg.t("h2", "Table 1. Revenue by segment (£ thousands)")
    pg.table([["Segment", "Q1 2024", "Q2 2024", "Q3 2024", "9M 2024", "9M 2023", "Change"],
              ["Marine coatings", "12,418", "13,906", "14,211", "40,535", "37,872", "+7.0%"],
              ["Industrial adhesives", "8,733", "8,120", "9,457", "26,310", "27,004", "-2.6%"],
              ["Packaging films", "5,091", "5,644", "5,302", "16,037", "14,418", "+11.2%"],
              ["Laboratory services", "1,276", "1,388", "1,412", "4,076", "3,951", "+3.2%"],
              ["Total revenue", "27,518", "29,058", "30,382", "86,958", "83,245", "+4.5%"]])
    pg.body[-1] = pg.body[-1].replace("<tr><td>Total", '<tr class="tot"><td>Total')
    pg.t("h2", "Table 2. Summary income statement (£ thousands)")
    pg.table([["", "Q3 2024", "Q3 2023", "9M 2024", "9M 2023"],
              ["Revenue", "30,382", "28,417", "86,958", "83,245"],
              ["Cost of sales", "(19,604)", "(18,733)", "(56,212)", "(55,086)"],
              ["Gross profit", "10,778", "9,684", "30,746", "28,159"],
              ["Distribution costs", "(2,315)", "(2,207)", "(6,881)", "(6,540)"],
              ["Administrative expenses", "(4,096)", "(3,872)", "(12,019)", "(11,473)"],
              ["Operating profit", "4,367", "3,605", "11,846", "10,146"],
              ["Net finance costs", "(512)", "(598)", "(1,607)", "(1,733)"],
              ["Profit before tax", "3,855", "3,007", "10,239", "8,413"],
              ["Taxation", "(964)", "(722)", "(2,560)", "(2,019)"],
              ["Profit for the period", "2,891", "2,285", "7,679", "6,394"],
              ["Basic earnings per share (p)", "6.42", "5.08", "17.06", "14.21"]])
    pg.body[-1] = pg.body[-1].replace("<tr><td>Profit for the period", '<tr class="tot"><td>Profit for the period')
    pg.t("div", "Figures in brackets are costs or losses. The segment figures for 2023 have been "
         "restated to move the Dundee testing laboratory from Industrial adhesives to Laboratory "
         "services. Earnings per share are based on 45,012,880 ordinary shares in issue.", "note")
    return pg


def table_a4_200_timetable():
    pg = Page("table_a4_200_timetable", "tables with numbers (timetable, shaded rows)", A4[200], 200,
              ["Nimbus Sans"], ["synthetic"])
    pg.style("""body { font-family: 'Nimbus Sans'; font-size: 9.5pt; padding: 16mm 14mm; }
      .band { background: #0b5e3b; color: #fff; padding: 4mm 5mm; }
      .band .a { font-size: 19pt; font-weight: bold; }
      .band .b { font-size: 10.5pt; margin-top: 1mm; }
      .hint { margin: 3mm 0 4mm; font-size: 9pt; }
      table { width: 100%; font-size: 9.5pt; }
      th { background: #d7e9df; padding: 1.8mm 1.5mm; text-align: center; font-weight: bold; border-bottom: 0.8pt solid #0b5e3b; }
      th:first-child, td:first-child { text-align: left; }
      td { padding: 1.6mm 1.5mm; text-align: center; }
      tr:nth-child(odd) td { background: #eef5f1; }
      .foot { margin-top: 4mm; font-size: 8.5pt; line-height: 1.45; }""")
    pg.open("div", "band")
    pg.t("div", "Line 14: Westbrook - Harbour - Castle Hill", "a")
    pg.t("div", "Monday to Friday, from 2 September 2024", "b")
    pg.close()
    pg.t("div", "Times are departures. A dash means the bus does not stop there on that journey.",
         "hint")
    stops = ["Westbrook Bus Station", "Westbrook, Mill Street", "Orchard Park", "Hollins Lane End",
             "Fairfield Hospital", "Canal Bridge", "Market Square", "Harbour Road", "Harbour Ferry Terminal",
             "St Anne's Church", "Castle Hill School", "Castle Hill, Top Road"]
    starts = [6 * 60 + 5, 6 * 60 + 35, 7 * 60 + 2, 7 * 60 + 24, 7 * 60 + 48, 8 * 60 + 15,
              9 * 60 + 15, 10 * 60 + 15, 11 * 60 + 15]
    gaps = [0, 3, 4, 3, 5, 4, 5, 4, 2, 3, 4, 3]
    rows = [["Stop"] + ["%d" % (1401 + i) for i in range(len(starts))]]
    for si, stop in enumerate(stops):
        row = [stop]
        for j, s in enumerate(starts):
            t = s + sum(gaps[:si + 1]) + (2 if j in (3, 4) and si >= 4 else 0)
            skip = (j == 0 and si == 10) or (j in (6, 7, 8) and si == 10) or (j == 8 and si == 4)
            row.append("-" if skip else "%02d:%02d" % (t // 60, t % 60))
        rows.append(row)
    pg.table(rows)
    pg.t("div", "Journeys 1404 and 1405 run up to 2 minutes later on school days. "
         "Castle Hill School is served only in term time. Fares: single 2.20, day ticket 4.80, "
         "weekly 17.50. Lost property: 0113 496 0925.", "foot")
    return pg


def table_letter200_inventory():
    pg = Page("table_letter200_inventory", "tables with numbers (ruled grid)", LETTER[200], 200,
              ["DejaVu Sans Condensed"], ["synthetic"])
    pg.style("""body { font-family: 'DejaVu Sans Condensed'; font-size: 9pt; padding: 0.7in 0.6in; }
      h1 { font-size: 14pt; margin: 0 0 2pt; }
      .meta { display: flex; justify-content: space-between; margin-bottom: 8pt; font-size: 9pt; }
      table { width: 100%; }
      th, td { border: 0.6pt solid #000; padding: 3pt 4pt; }
      th { background: #e4e4e4; font-weight: bold; text-align: center; }
      td.n { text-align: right; }
      .sum { margin-top: 8pt; font-size: 9.5pt; line-height: 1.5; }""")
    pg.t("h1", "Stock count sheet: Unit 3, Bay C (fasteners)")
    pg.line(["Counted 30/06/2024 by R. Kowalczyk and T. Achebe", "Sheet 2 of 4"], cls="meta")
    items = [("FX-1020", "Hex bolt M6 x 20, zinc", "box 200", 48, 0.042),
             ("FX-1025", "Hex bolt M6 x 25, zinc", "box 200", 37, 0.047),
             ("FX-1040", "Hex bolt M8 x 40, zinc", "box 100", 22, 0.118),
             ("FX-1060", "Hex bolt M10 x 60, A2 stainless", "box 50", 9, 0.612),
             ("FX-2006", "Nyloc nut M6", "box 500", 14, 0.019),
             ("FX-2008", "Nyloc nut M8", "box 250", 11, 0.031),
             ("FX-2110", "Flat washer M10, form A", "box 500", 6, 0.012),
             ("FX-3035", "Wood screw 4.0 x 35, pozi", "box 200", 63, 0.021),
             ("FX-3050", "Wood screw 5.0 x 50, pozi", "box 200", 41, 0.034),
             ("FX-3075", "Wood screw 5.0 x 75, pozi", "box 100", 18, 0.055),
             ("FX-4008", "Wall plug 8 mm, brown", "bag 100", 120, 0.009),
             ("FX-4010", "Wall plug 10 mm, blue", "bag 100", 76, 0.013),
             ("FX-5120", "Coach screw M10 x 120", "box 25", 15, 0.486),
             ("FX-6016", "Threaded rod M16 x 1 m", "each", 27, 3.870),
             ("FX-7001", "Rawlbolt M8 shield anchor", "box 50", 8, 0.705),
             ("FX-7002", "Rawlbolt M10 shield anchor", "box 50", 5, 0.962),
             ("FX-8030", "Self-drill screw 5.5 x 32", "box 100", 34, 0.066),
             ("FX-9100", "Cable tie 200 x 4.8, black", "bag 100", 88, 0.011)]
    rows = [["Code", "Description", "Pack", "Packs", "Units", "Unit cost", "Value"]]
    total = 0.0
    for code, desc, pack, n, cost in items:
        per = 1 if pack == "each" else int(pack.split()[1])
        units = n * per
        value = round(units * cost, 2)
        total += value
        rows.append([code, desc, pack, str(n), "{:,}".format(units), "%.3f" % cost, "{:,.2f}".format(value)])
    pg.table(rows, col_cls=["", "", "", "n", "n", "n", "n"])
    pg.t("div", "Total value of this sheet: {:,.2f} (excluding VAT). Discrepancies over 5% "
         "against the system count are marked for recount.".format(total), "sum")
    return pg


def table_a4_150_statistics():
    pg = Page("table_a4_150_statistics", "tables with numbers (statistical, book style)", A4[150],
              150, ["P052"], ["synthetic"])
    pg.style("""body { font-family: 'P052'; font-size: 10pt; padding: 20mm 20mm; }
      .cap { font-size: 10.5pt; margin: 0 0 3mm; }
      table { width: 100%; margin-bottom: 2mm; }
      th { border-top: 1.2pt solid #000; border-bottom: 0.6pt solid #000; padding: 1.5mm 2mm; text-align: right; font-weight: normal; font-style: italic; }
      th:first-child, td:first-child { text-align: left; }
      td { padding: 1.1mm 2mm; text-align: right; }
      tr:last-child td { border-bottom: 1.2pt solid #000; }
      .src { font-size: 8.5pt; margin-bottom: 9mm; line-height: 1.35; }""")
    pg.t("div", "Table 4.2. Population of the county's market towns at each census, 1851-1911.",
         "cap")
    towns = [("Ashby Parva", 2104, 1.021), ("Brackenfold", 3877, 1.064), ("Cold Overton", 1288, 0.987),
             ("Danesmoor", 5412, 1.118), ("Eastwick Regis", 2960, 1.043), ("Fallowfield", 1733, 1.009),
             ("Great Hinton", 4405, 1.091), ("Hartsop", 982, 0.972), ("Kelby", 2541, 1.035),
             ("Long Sutton", 3196, 1.052)]
    years = [1851, 1861, 1871, 1881, 1891, 1901, 1911]
    rows = [["Town"] + [str(y) for y in years]]
    for name, base, g in towns:
        vals, v = [], float(base)
        for k in range(len(years)):
            vals.append("{:,}".format(int(round(v))))
            v *= g + (0.004 if k % 2 else -0.002)
        rows.append([name] + vals)
    pg.table(rows)
    pg.t("div", "Source: printed census reports (synthetic figures for this corpus). Boundaries "
         "as at each census; Danesmoor includes the township of Low Ings from 1881.", "src")
    pg.t("div", "Table 4.3. Occupations of adult males in Danesmoor, 1881 and 1911 (per thousand).",
         "cap")
    rows = [["Occupation", "1881", "1911", "Change"],
            ["Agriculture", "212", "118", "-94"], ["Textiles", "268", "301", "+33"],
            ["Mining and quarrying", "95", "142", "+47"], ["Building", "88", "79", "-9"],
            ["Transport", "61", "97", "+36"], ["Dealing", "104", "111", "+7"],
            ["Professional", "27", "38", "+11"], ["Domestic service", "22", "14", "-8"],
            ["Other and unstated", "123", "100", "-23"], ["All occupations", "1,000", "1,000", ""]]
    pg.table(rows)
    pg.t("div", "Note: the classification of 1911 has been mapped onto that of 1881; small "
         "differences in the Dealing group are due to this mapping.", "src")
    return pg
