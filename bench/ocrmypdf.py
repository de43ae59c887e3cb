#!/usr/bin/python3
"""OCRmyPDF alone against OCRmyPDF with filterocr's plugin (integrations/ocrmypdf), on degraded
scans with truth: character error rate and wall time of each, side by side, with ratios.

    bench/ocrmypdf.py [--filterocr PATH] [PAGE.png ...]

Each page (an image with NAME.txt beside it) is made a one-page PDF with img2pdf at the
resolution its name gives (`_150_`, `letter150_`), else at the file's own (300 dpi without one), and run through
`ocrmypdf --output-type pdfa` twice in the same invocation, plain and with
`--plugin filterocr_ocrmypdf`; the text is read back with pdftotext. By default: the book
page degraded as the plugin's test degrades it, and three degraded pages of devcorpus/regression."""

import argparse
import os
import re
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from PIL import Image

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "bench"))
import score  # noqa: E402  (bench/score.py: the one definition of the error rate)

DEFAULT = [ROOT / "devcorpus" / "regression" / name for name in (
    "form_a4_150_enrolment-s1-stain+blur+noise.png",
    "smallprint_letter150_extracts-s2-specks.png",
    "table_a4_150_statistics-s2-fade.png",
)]


def cer(text, truth):
    return score.scores(truth, text)[0]


def degraded_book(folder):
    png = folder / "book_page-blur+noise+fade.png"
    subprocess.run(["convert", str(ROOT / "images" / "book_page.png"), "-seed", "1", "-colorspace", "gray", "-resize", "60%",
                    "-blur", "0x1.5", "-attenuate", "1.2", "+noise", "Gaussian", "+level", "30%,70%",
                    "-units", "PixelsPerInch", "-density", "180", str(png)], check=True)
    (folder / "book_page-blur+noise+fade.txt").write_text((ROOT / "images" / "book_page.txt").read_text())
    return png


def run(pdf, out, plugin, binary):
    extra = ["--plugin", "filterocr_ocrmypdf", "--filterocr-binary", binary] if plugin else []
    environment = {**os.environ, "PYTHONPATH": str(ROOT / "integrations" / "ocrmypdf"), "FILTEROCR_STORE": "none"}
    start = time.monotonic()
    result = subprocess.run(["/usr/bin/python3", "-m", "ocrmypdf", "-q", "--output-type", "pdfa", *extra,
                             str(pdf), str(out)], capture_output=True, text=True, env=environment)
    seconds = time.monotonic() - start
    if result.returncode != 0:
        sys.exit(f"ocrmypdf failed on {pdf.name}: {result.stderr.strip().splitlines()[-1:]}")
    text = subprocess.run(["pdftotext", str(out), "-"], capture_output=True, text=True, check=True).stdout
    return text, seconds


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--filterocr", default=str(ROOT / ".build" / "release" / "filterocr"))
    parser.add_argument("pages", nargs="*", type=Path)
    arguments = parser.parse_args()
    with tempfile.TemporaryDirectory() as name:
        folder = Path(name)
        pages = arguments.pages or [degraded_book(folder), *DEFAULT]
        print(f"{'page':48} {'CER plain':>9} {'plugin':>7} {'ratio':>6}   {'s plain':>7} {'plugin':>7} {'ratio':>6}")
        totals = [0.0, 0.0, 0.0, 0.0]
        for page in pages:
            found = re.search(r"(\d{3})_", page.name)
            with Image.open(page) as image:
                own = image.info.get("dpi")
            size = ["--imgsize", f"{found.group(1)}dpi"] if found else [] if own else ["--imgsize", "300dpi"]
            pdf = folder / (page.stem + ".pdf")
            subprocess.run(["img2pdf", *size, str(page), "-o", str(pdf)], check=True)
            truth = page.with_suffix(".txt").read_text()
            plain, plain_s = run(pdf, folder / "plain.pdf", False, arguments.filterocr)
            ours, ours_s = run(pdf, folder / "plugin.pdf", True, arguments.filterocr)
            a, b = cer(plain, truth), cer(ours, truth)
            for i, v in enumerate((a, b, plain_s, ours_s)):
                totals[i] += v
            print(f"{page.stem[:48]:48} {a:9.3f} {b:7.3f} {b / a if a else 0:6.2f}x  {plain_s:7.1f} {ours_s:7.1f} {ours_s / plain_s:6.2f}x",
                  flush=True)
        n = len(pages)
        a, b, s, t = (v / n for v in totals)
        print(f"{'mean':48} {a:9.3f} {b:7.3f} {b / a if a else 0:6.2f}x  {s:7.1f} {t:7.1f} {t / s:6.2f}x")


if __name__ == "__main__":
    main()
