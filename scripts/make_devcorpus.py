#!/usr/bin/env python3
"""Render the development corpus of page images whose truth is exact by construction.

usage: python3 scripts/make_devcorpus.py OUTDIR [--only NAME[,NAME...]] [--keep-html DIR] [--score]

Every page is written as HTML (public-domain excerpts embedded in devcorpus/excerpts.py, or
synthetic forms, tables and receipts), laid out by headless Chromium with Debian's fonts and
saved as NAME.png, with the text a reader sees, in reading order, as NAME.txt beside it.
Before a page is saved, a second Chromium run dumps the laid-out DOM with what a check in
the page measured: every piece of text lies inside the window, no box overflows, every font
family named was found (not a fallback), and the words of the rendered text (innerText)
are exactly the words of the truth. Any failure stops the script.

Chromium's RGB screenshot is re-encoded here: as 8-bit greyscale when every pixel is grey,
with a pHYs chunk giving the page's resolution for the document pages. Output is the same
on every run (no dates, sorted, deterministic encoding). OUTDIR/README.md is written too.
--score also runs Tesseract on each page (eng, one thread) and adds CER and word recall to
the README table, scored by bench/score.py.

Needs Python 3.11 (standard library only), Debian's chromium, fonts-dejavu-core,
fonts-dejavu-extra and fonts-urw-base35; --score needs tesseract-ocr (eng, deu, fra).

The code is the package devcorpus/ beside this script, one module per purpose (its
__init__.py lists them).
"""
import os
import sys

# The package devcorpus/ lies beside this script; find it from any working directory.
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from devcorpus.cli import main  # noqa: E402

if __name__ == "__main__":
    main(__doc__)
