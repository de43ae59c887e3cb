#!/usr/bin/env python3
"""Render receipts from CORD's text (CORD-r's truth of 1,000 Indonesian till receipts) as thermal
till slips, with their truth exact by construction: devcorpus/receipts/.

usage: scripts/corpus/render_receipts.py CLONE [--out devcorpus/receipts] [--train N] [--val N] [--test N]

  CLONE  a clone (or bare clone) of https://github.com/chongzhangFDU/Token-Path-Prediction-Datasets
         (CORD-r/jsons; CORD's images are not in it)

Each receipt keeps CORD's split (its train, valid and test receipts: our train, val and test) and is
chosen by the order of SHA-256("cord|NAME"), the first N of each split (default 60, 30, 30)
that render: a slip the checks refuse (a row too long for the paper) is left out, and said.
Its segments are put into rows as they lay on the photographed receipt (scripts/corpus/rows.py):
a row of one segment is centred when it was near the middle, else left; a row of several keeps
them left, a space apart, but the last, which goes right (a price). The slip's width (58 or 80 mm at 203 dpi), font
(four of Debian's fonts), size, weight and paper tint are drawn from SHA-256("cord|NAME|style").
The truth is the rows, top to bottom, each its segments left to right. Rendering and its checks
are scripts/make_devcorpus.py's (headless Chromium): every word inside the slip, none covered,
the rendered words equal to the truth.

CORD (Park et al., 2019) is CC BY 4.0: the text is CORD's, laid out anew here."""

import hashlib
import json
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]
sys.path.insert(0, str(HERE))
sys.path.insert(0, str(ROOT / "scripts"))
from repository import importer  # noqa: E402
from rows import rows  # noqa: E402
from devcorpus.page import Page  # noqa: E402
from devcorpus.render import render  # noqa: E402

FONTS = [("DejaVu Sans Mono", 0.60), ("Nimbus Mono PS", 0.60), ("DejaVu Sans Condensed", 0.52), ("Nimbus Sans", 0.55)]
WIDTHS = (384, 576)   # 58 and 80 mm thermal paper at 203 dpi
TINTS = ("#ffffff", "#fbfbf8", "#f6f4ee", "#f1efe6")


def drawn(name, count):
    return sorted(name, key=lambda n: hashlib.sha256(f"cord|{n}".encode()).digest())[:count]


def style(name):
    bits = hashlib.sha256(f"cord|{name}|style".encode()).digest()
    font, em = FONTS[bits[0] % len(FONTS)]
    return font, em, WIDTHS[bits[1] % 2], bits[2] % 3 == 0, TINTS[bits[3] % len(TINTS)]


def page(name, document):
    segments = [(s["box"], s["text"]) for s in document["document"]]
    found = rows(segments)
    left = min(s[0][0] for s in segments)
    right = max(s[0][2] for s in segments)
    font, em, width, bold, tint = style(name)
    padding = 14 if width == 384 else 20
    longest = max(sum(len(text) + 1 for _, text in row) for row in found)
    size = min(24.0 if width == 576 else 19.0, 0.9 * (width - 2 * padding) / ((em + 0.05 * bold) * longest + 2))
    line = round(size * 1.32, 2)
    height = int(2 * 28 + line * (len(found) + 3)) // 8 * 8
    pg = Page(f"cord_{name}", "receipt (CORD text, thermal slip)", (width, height), 203, [font], ["synthetic"],
              lang="id", phys=False)
    pg.style(f"""body {{ font-family: '{font}'; font-size: {size:.2f}px; line-height: {line}px;
      padding: 28px {padding}px {int(2 * line)}px; background: {tint}; color: #111;
      font-weight: {'bold' if bold else 'normal'}; }}
      .row {{ display: flex; gap: 0.6em; white-space: pre; }} .row span:last-child {{ margin-left: auto; }}
      .c {{ text-align: center; white-space: pre; }} .l {{ white-space: pre; }}""")
    for row in found:
        if len(row) == 1:
            box, text = row[0]
            middle = (box[0] + box[2]) / 2
            centred = abs(middle - (left + right) / 2) < 0.12 * (right - left) and box[0] > left + 0.1 * (right - left)
            pg.t("div", text, "c" if centred else "l", ital=False)
        else:
            pg.line([(text, "") for _, text in row], cls="row", sep="")
    return pg


def main():
    arguments, repository = importer(__doc__, out=ROOT / "devcorpus" / "receipts", counts=(("train", 60), ("val", 30), ("test", 30)))
    made = 0
    with tempfile.TemporaryDirectory() as work:
        for split, count in (("train", arguments.train), ("valid", arguments.val), ("test", arguments.test)):
            names = [n for n in (Path(x).stem for x in repository.names("CORD-r/jsons")) if n.startswith(split + "_")]
            done = 0
            for name in drawn(names, len(names)):
                if done == count:
                    break
                pg = page(name, json.loads(repository.read(f"CORD-r/jsons/{name}.json")))
                try:
                    render(pg, str(arguments.out), work)
                except SystemExit as failure:
                    # A slip the check refuses (a row too long for the paper) is left out, and
                    # the next receipt in the order taken.
                    print(f"{pg.name}: left out: {str(failure).splitlines()[0]}", flush=True)
                    continue
                done += 1
                made += 1
                print(f"{pg.name} {pg.w}x{pg.h}", flush=True)
    print(f"{made} receipts from {repository.commit} into {arguments.out}")


if __name__ == "__main__":
    main()
