"""Till receipts (synthetic) on 80 mm and 58 mm thermal paper."""
from ..page import Page


def receipt_lines(pg, lines):
    """Receipt rows: a str is one left-aligned line; a tuple is (left, right)."""
    for ln in lines:
        if isinstance(ln, tuple):
            pg.line([(ln[0], "lft"), (ln[1], "rgt")], cls="lr", sep="")
        elif ln == "---":
            pg.raw('<div class="rule"></div>')
        else:
            pg.t("div", ln, ital=False)


def receipt_576_grocery():
    pg = Page("receipt_576_grocery", "receipt (80 mm thermal, 42 columns)", (576, 1280), 203,
              ["DejaVu Sans Mono"], ["synthetic"], phys=False)
    pg.style("""body { font-family: 'DejaVu Sans Mono'; font-size: 22px; line-height: 1.28;
      padding: 36px 18px; background: #fbfbf8; }
      .c { text-align: center; } .big { font-size: 34px; font-weight: bold; }
      .lr { display: flex; justify-content: space-between; }
      .lft { white-space: pre; }
      .rule { border-top: 2px dashed #000; margin: 8px 0; }
      .tot { font-weight: bold; font-size: 28px; }
      .bar { height: 70px; margin: 16px 60px 4px; background: repeating-linear-gradient(90deg,
        #000 0 3px, #fff 3px 5px, #000 5px 6px, #fff 6px 10px, #000 10px 14px, #fff 14px 16px); }""")
    pg.t("div", "GREENWAY FOODS", "c big")
    pg.t("div", "Store 0412 Riverside Parade", "c")
    pg.t("div", "Tel 01632 960 418", "c")
    pg.t("div", "VAT No. GB 294 1177 36", "c")
    receipt_lines(pg, ["---",
                       ("Semi skimmed milk 2L", "1.45"), ("Wholemeal loaf 800g", "1.15"),
                       ("Free range eggs x12", "3.20"), ("Bananas loose", ""),
                       ("  0.842 kg @ 0.94/kg", "0.79"), ("Cheddar mature 400g", "3.85"),
                       ("Tinned tomatoes 4pk", "2.10"), ("Basmati rice 1kg", "2.49"),
                       ("Olive oil 500ml", "4.75"), ("Coffee beans 227g", "4.60"),
                       ("  Promo: 2nd half price", "-2.30"), ("Coffee beans 227g", "4.60"),
                       ("Washing up liquid", "1.25"), ("Carrier bag", "0.10"),
                       "---", ("12 ITEMS", ""), ("SUBTOTAL", "28.03")])
    pg.line([("TOTAL", "lft"), ("28.03", "rgt")], cls="lr tot", sep="")
    receipt_lines(pg, [("CARD (CONTACTLESS)", "28.03"), ("CHANGE DUE", "0.00"), "---",
                       ("VAT A 20.0%", "0.23"), ("VAT Z 0.0%", "0.00"), "---",
                       "Card ************4417", "AID A0000000031010", "Auth code 662901",
                       "---", ("You saved today", "2.30"), ("Points earned", "28"),
                       ("Points balance", "1,406"), "---"])
    pg.t("div", "14/09/2024 18:42 T03 OP117 #5521", "c")
    pg.raw('<div class="bar"></div>')
    pg.t("div", "0412 03 5521 140924", "c")
    pg.t("div", "Thank you for shopping with us", "c")
    return pg


def receipt_384_cafe():
    pg = Page("receipt_384_cafe", "receipt (58 mm thermal, 32 columns)", (384, 1030), 203,
              ["Nimbus Mono PS"], ["synthetic"], phys=False)
    pg.style("""body { font-family: 'Nimbus Mono PS'; font-weight: bold; font-size: 19.5px;
      line-height: 1.3; padding: 24px 10px; background: #f4f2ec; color: #1a1a1a; }
      .c { text-align: center; } .big { font-size: 30px; }
      .lr { display: flex; justify-content: space-between; }
      .rule { border-top: 2px solid #222; margin: 6px 0; }""")
    pg.t("div", "CAFE LUMEN", "c big")
    pg.t("div", "12 Harbour Steps", "c")
    pg.t("div", "Porthkerris", "c")
    receipt_lines(pg, ["---", "Table 7 Covers 2", "Server: Mireille", "---",
                       ("1 Flat white", "3.40"), ("1 Chai latte oat", "3.95"),
                       ("1 Crab sandwich", "9.50"), ("1 Soup of the day", "6.25"),
                       ("  + sourdough", "1.20"), ("2 Saffron bun", "5.60"),
                       ("1 Sparkling water", "2.10"), "---", ("Subtotal", "32.00"),
                       ("Service 10%", "3.20"), ("TOTAL", "35.20"), "---",
                       ("Visa", "35.20"), "Auth 040517", "---",
                       "19/08/24 13:07", "Check 2291 Till 2", "Wifi: lumen-guest"])
    pg.t("div", "THANK YOU!", "c big")
    return pg


def receipt_576_hardware():
    pg = Page("receipt_576_hardware", "receipt (80 mm, proportional font)", (576, 1480), 203,
              ["DejaVu Sans Condensed"], ["synthetic"], phys=False)
    pg.style("""body { font-family: 'DejaVu Sans Condensed'; font-size: 23px; line-height: 1.3;
      padding: 30px 22px; }
      .c { text-align: center; } .big { font-size: 40px; font-weight: bold; letter-spacing: 2px; }
      .lr { display: flex; justify-content: space-between; }
      .rule { border-top: 3px double #000; margin: 8px 0; }
      .sm { font-size: 19px; }
      .inv { background: #000; color: #fff; text-align: center; font-weight: bold; padding: 4px; margin: 8px 0; }""")
    pg.t("div", "HALDANE", "c big")
    pg.t("div", "TOOLS & TIMBER", "c")
    pg.t("div", "Unit 6, Foundry Road Estate", "c sm")
    pg.t("div", "Open 7-6 Mon-Sat, 9-4 Sun", "c sm")
    pg.t("div", "TAX INVOICE", "inv")
    receipt_lines(pg, ["Invoice 00-71834", "Account: CASH SALE", "---",
                       ("CLS-24 Claw hammer 20oz", "14.99"), ("PLY-18 Ply sheet 18mm x2", "71.00"),
                       ("  @ 35.50 each", ""), ("SCR-450 Screws 4x50 (200)", "6.45"),
                       ("GLU-PVA Wood glue 1L", "8.20"), ("SND-120 Sandpaper P120 x5", "3.75"),
                       ("TAP-25 Masking tape 25mm", "2.99"), ("CUT-01 Cutting charge", "4.00"),
                       "---", ("Net", "92.82"), ("VAT @ 20%", "18.56"), ("Total", "111.38"),
                       ("Paid: Mastercard", "111.38"), "---",
                       "Goods may be returned within 28 days with this receipt. Cut timber "
                       "cannot be returned.", "---",
                       "02 Oct 2024 10:16 Till 1 Staff: DEV"])
    pg.t("div", "haldane-timber.example", "c")
    return pg
