"""Rendering one page: its HTML written and checked in Chromium, its screenshot saved as
NAME.png (re-encoded) and its truth as NAME.txt."""
import os
import shutil

from .check import check_page
from .chromium import chromium
from .png import read_png, write_png


def render(pg, outdir, workdir, keep_html=None):
    doc = pg.document()
    html_path = os.path.join(workdir, pg.name + ".html")
    with open(html_path, "w", encoding="utf-8") as f:
        f.write(doc)
    if keep_html:
        shutil.copy(html_path, os.path.join(keep_html, pg.name + ".html"))
    check_page(pg, html_path)
    shot = os.path.join(workdir, pg.name + ".shot.png")
    res = chromium(["--window-size=%d,%d" % (pg.w, pg.h), "--screenshot=" + shot,
                    "file://" + html_path])
    if not os.path.exists(shot):
        raise SystemExit("%s: Chromium wrote no screenshot:\n%s"
                         % (pg.name, res.stderr.decode("utf-8", "replace")[-2000:]))
    w, h, rows = read_png(shot)
    if (w, h) != (pg.w, pg.h):
        raise SystemExit("%s: screenshot is %dx%d, not %dx%d" % (pg.name, w, h, pg.w, pg.h))
    mode = write_png(os.path.join(outdir, pg.name + ".png"), w, h, rows,
                     pg.dpi if pg.phys else None)
    with open(os.path.join(outdir, pg.name + ".txt"), "w", encoding="utf-8", newline="\n") as f:
        f.write(pg.truth_text())
    return mode
