"""Slides, 1920x1080: a title on a gradient, bullet points light on dark, a bar chart."""
from ..excerpts import excerpt
from ..page import Page


SLIDE = (1920, 1080)


def slide_1920_title_gradient():
    pg = Page("slide_1920_title_gradient", "slide (title, white on colour gradient)", SLIDE, 96,
              ["URW Gothic", "DejaVu Sans"], ["moby_cetology"], phys=False)
    pg.style("""body { font-family: 'URW Gothic'; color: #fff;
      background: linear-gradient(135deg, #0b3d5c 0%, #136f8f 55%, #2aa7a0 100%); padding: 110px 140px; }
      .tag { font-family: 'DejaVu Sans'; font-size: 26px; letter-spacing: 6px; color: #bfe9ee; margin-bottom: 40px; }
      h1 { font-size: 96px; font-weight: bold; margin: 0 0 20px; line-height: 1.05; }
      .by { font-size: 40px; color: #e4f6f7; margin-bottom: 70px; }
      .quote { font-family: 'DejaVu Sans'; font-size: 29px; line-height: 1.5; width: 1400px;
        border-left: 8px solid #f5c04a; padding-left: 36px; color: #fff; }
      .foot { position: absolute; left: 140px; right: 140px; bottom: 60px; display: flex;
        justify-content: space-between; font-family: 'DejaVu Sans'; font-size: 22px; color: #bfe9ee; }""")
    ps = excerpt("moby_cetology")
    pg.t("div", "READING GROUP, SESSION 4", "tag")
    pg.t("h1", ps[0])
    pg.t("div", "Moby-Dick; or, The Whale, by Herman Melville", "by")
    pg.t("div", ps[1], "quote")
    pg.line(["Harbour Library Reading Group", "1 / 12"], cls="foot")
    return pg


def slide_1920_bullets_dark():
    pg = Page("slide_1920_bullets_dark", "slide (bullet points, light on dark)", SLIDE, 96,
              ["DejaVu Sans", "DejaVu Serif"], ["sense_2"], phys=False)
    pg.style("""body { font-family: 'DejaVu Sans'; background: #1e1f24; color: #eceff4; padding: 80px 120px; }
      h1 { font-family: 'DejaVu Serif'; font-size: 58px; font-weight: bold; color: #ffd166; margin: 0 0 14px; }
      .lead { font-size: 30px; line-height: 1.45; color: #c9ced8; margin-bottom: 44px; width: 1600px; }
      ul { margin: 0; padding-left: 50px; }
      li { font-size: 38px; line-height: 1.35; margin-bottom: 26px; }
      li::marker { color: #ffd166; }
      .src { position: absolute; right: 120px; bottom: 50px; font-size: 20px; color: #8a90a0; }""")
    ps = excerpt("sense_2")
    pg.t("h1", "The English Constitution, in three parts")
    pg.t("div", ps[0], "lead")
    pg.open("ul")
    for p in ps[1:4]:
        pg.t("li", p)
    pg.close()
    pg.t("div", "Thomas Paine, Common Sense (1776)", "src")
    return pg


def slide_1920_chart():
    pg = Page("slide_1920_chart", "slide (bar chart with labels and numbers)", SLIDE, 96,
              ["Nimbus Sans"], ["synthetic"], phys=False)
    pg.style("""body { font-family: 'Nimbus Sans'; background: #fff; color: #222; padding: 70px 110px; }
      .top { border-bottom: 6px solid #e4572e; padding-bottom: 14px; margin-bottom: 40px; }
      h1 { font-size: 54px; margin: 0; }
      .sub { font-size: 28px; color: #555; margin-top: 8px; }
      .wrap { display: flex; gap: 70px; }
      .chart { width: 1050px; }
      .bar { display: flex; align-items: center; height: 74px; margin-bottom: 16px; }
      .lab { width: 300px; font-size: 28px; }
      .fill { height: 54px; background: #29335c; margin-right: 16px; }
      .val { font-size: 28px; font-weight: bold; }
      .side { width: 500px; background: #f3a712; color: #111; padding: 36px; font-size: 30px; line-height: 1.4; }
      .side .big { font-size: 88px; font-weight: bold; line-height: 1; margin-bottom: 12px; }
      .foot { position: absolute; left: 110px; bottom: 46px; font-size: 20px; color: #777; }""")
    pg.open("div", "top")
    pg.t("h1", "Loans by collection, 2023-24")
    pg.t("div", "Items issued across the three branches, in thousands", "sub")
    pg.close()
    pg.open("div", "wrap")
    pg.open("div", "chart")
    data = [("Adult fiction", 148.2), ("Children's", 131.7), ("Non-fiction", 86.4),
            ("Audiobooks", 41.9), ("Large print", 22.3), ("Music and film", 9.8)]
    for label, v in data:
        pg.open("div", "bar")
        pg.t("span", label, "lab")
        pg.raw('<span class="fill" style="width:%dpx"></span>' % int(v * 4.2))
        pg.t("span", "%.1f" % v, "val")
        pg.close()
    pg.close()
    pg.open("div", "side")
    pg.t("div", "+6.8%", "big")
    pg.t("div", "total loans compared with 2022-23, the first rise since the branches reopened.")
    pg.close()
    pg.close()
    pg.t("div", "Source: branch circulation reports (synthetic data)", "foot")
    return pg
