# SPDX-License-Identifier: MPL-2.0
"""OCRmyPDF plugin: each page image OCRmyPDF rasterises is read by filterocr, which chooses
the filters that read it best (`filterocr ocr --auto`) or applies a given script.

    ocrmypdf --plugin filterocr_ocrmypdf in.pdf out.pdf

A page is recognised once: filterocr reports its choice as JSON (with every candidate it
scored) into a result store private to the page, and the hOCR of that choice is then written
from the store. The text layer is laid over the page image OCRmyPDF keeps, so only chains
that keep the image's geometry are used (see GEOMETRY); orientation and deskew are left to
OCRmyPDF's own options, answered by Tesseract as OCRmyPDF's built-in engine answers them."""

from __future__ import annotations

import json
import logging
import os
import shutil
import subprocess
from pathlib import Path

from PIL import Image

from ocrmypdf import hookimpl
from ocrmypdf._exec import tesseract
from ocrmypdf.exceptions import MissingDependencyError, SubprocessOutputError
from ocrmypdf.hocrtransform import HocrTransform
from ocrmypdf.pluginspec import OcrEngine

log = logging.getLogger(__name__)

# Filter commands that move, turn, crop or resize the page: their hOCR boxes are of the image
# as filtered, not of the page image OCRmyPDF keeps, so a chain holding one is not used.
GEOMETRY = frozenset({"rotate", "orient", "deskew", "borders", "sheet", "dewarp", "scale"})


@hookimpl
def add_options(parser):
    group = parser.add_argument_group("filterocr", "Reading pages with filterocr's filters")
    group.add_argument(
        "--filterocr-binary",
        metavar="PATH",
        default=None,
        help="The filterocr program (default: filterocr on PATH)",
    )
    group.add_argument(
        "--filterocr-ops",
        metavar="SCRIPT",
        default=None,
        help='Filter commands applied to every page instead of choosing them, e.g. "binarize; 75%%"',
    )
    group.add_argument(
        "--filterocr-no-auto",
        action="store_true",
        help="Read every page as it is, without choosing filters",
    )
    group.add_argument(
        "--filterocr-auto-budget",
        metavar="N",
        type=float,
        default=None,
        help="The work --auto's candidates may cost, in recognitions of the page (filterocr's default: 12)",
    )


def binary(options) -> str:
    found = shutil.which(options.filterocr_binary or "filterocr")
    if not found:
        raise MissingDependencyError(
            f"filterocr not found ({options.filterocr_binary or 'filterocr on PATH'}); "
            "install it (make install) or name it with --filterocr-binary"
        )
    return found


def uses_geometry(script: str) -> bool:
    for step in script.split(";"):
        words = step.split()
        if words and words[0] == "then":
            words = words[1:]
        if words and words[0] in GEOMETRY:
            return True
    return False


def mode(options) -> str:
    if options.filterocr_ops:
        return f"--ops {options.filterocr_ops!r}"
    if options.filterocr_no_auto:
        return "no filters"
    budget = f" (budget {options.filterocr_auto_budget:g})" if options.filterocr_auto_budget else ""
    return f"--auto{budget}, chains that keep the page's geometry"


@hookimpl
def check_options(options):
    if options.filterocr_ops and uses_geometry(options.filterocr_ops):
        raise SubprocessOutputError(
            f"--filterocr-ops {options.filterocr_ops!r} moves, turns or resizes the page, so its "
            "text would not lie over the page OCRmyPDF keeps; use --rotate-pages and --deskew"
        )
    log.info("filterocr %s: %s", binary(options), mode(options))


def run(arguments: list[str], input_file: Path) -> subprocess.CompletedProcess:
    result = subprocess.run(arguments, capture_output=True, text=True, check=False)
    if result.returncode != 0:
        lines = [line for line in result.stderr.splitlines() if line.strip()]
        message = lines[-1] if lines else f"filterocr ended with status {result.returncode}"
        raise SubprocessOutputError(f"{input_file.name}: {message}")
    return result


def common(options, store: Path) -> list[str]:
    arguments = ["--store", str(store), "--no-feed", "--no-truth", "--lang", "+".join(options.languages)]
    if options.tesseract_pagesegmode is not None:
        arguments += ["--psm", str(options.tesseract_pagesegmode)]
    return arguments


def choose(input_file: Path, options, store: Path) -> tuple[str, dict]:
    """The script to read the page with, and filterocr's report of reading it."""
    program = binary(options)
    if options.filterocr_ops or options.filterocr_no_auto:
        script = options.filterocr_ops or "original"
        report = json.loads(run([program, "ocr", *common(options, store), "--ops", script, "--json",
                                 os.fspath(input_file)], input_file).stdout)
        return script, report
    budget = ["--auto-budget", f"{options.filterocr_auto_budget:g}"] if options.filterocr_auto_budget else []
    report = json.loads(run([program, "ocr", *common(options, store), "--auto", *budget, "--explain",
                             "--json", os.fspath(input_file)], input_file).stdout)
    auto = report["auto"]
    script = auto["script"]
    if uses_geometry(script):
        kept = [c for c in auto.get("candidates", [])
                if not uses_geometry(c["script"]) and not c.get("losesText")]
        best = max(kept, key=lambda c: c["score"], default={"script": "original", "score": None})
        log.info("%s: filterocr chose %r (score %s), which moves the page; reading with %r (score %s)",
                 input_file.name, script, auto.get("score"), best["script"], best["score"])
        script = best["script"]
        report = json.loads(run([program, "ocr", *common(options, store), "--ops", script, "--json",
                                 os.fspath(input_file)], input_file).stdout)
    else:
        log.info("%s: filterocr chose %r (score %s; original %s)", input_file.name, script,
                 auto.get("score"), auto.get("original", {}).get("score"))
    return script, report


def read_page(input_file: Path, output_hocr: Path, output_text: Path, options) -> None:
    store = output_hocr.with_name(output_hocr.stem + ".filterocr.sqlite")
    try:
        script, report = choose(input_file, options, store)
        # The same script again, from the store: the hOCR of the recognition just reported.
        run([binary(options), "ocr", *common(options, store), "--ops", script, "--format", "hocr",
             "-o", os.fspath(output_hocr), os.fspath(input_file)], input_file)
    finally:
        for leftover in store.parent.glob(store.name + "*"):
            leftover.unlink()
    output_text.write_text(report.get("text", ""), encoding="utf-8")


class FilterocrOcrEngine(OcrEngine):
    """Reads pages with filterocr."""

    @staticmethod
    def version():
        result = subprocess.run([shutil.which("filterocr") or "filterocr", "--version"],
                                capture_output=True, text=True, check=False)
        return result.stdout.strip() or "unknown"

    @staticmethod
    def creator_tag(options):
        result = subprocess.run([binary(options), "--version"], capture_output=True, text=True, check=False)
        return f"{result.stdout.strip()} (Tesseract {tesseract.version()})"

    def __str__(self):
        return f"filterocr (Tesseract {tesseract.version()})"

    @staticmethod
    def languages(options):
        return tesseract.get_languages()

    @staticmethod
    def get_orientation(input_file, options):
        return tesseract.get_orientation(input_file, engine_mode=options.tesseract_oem,
                                         timeout=options.tesseract_timeout)

    @staticmethod
    def get_deskew(input_file, options) -> float:
        return tesseract.get_deskew(input_file, languages=options.languages,
                                    engine_mode=options.tesseract_oem, timeout=options.tesseract_timeout)

    @staticmethod
    def generate_hocr(input_file, output_hocr, output_text, options):
        read_page(Path(input_file), Path(output_hocr), Path(output_text), options)

    @staticmethod
    def generate_pdf(input_file, output_pdf, output_text, options):
        output_pdf = Path(output_pdf)
        hocr = output_pdf.with_suffix(".filterocr.hocr")
        read_page(Path(input_file), hocr, Path(output_text), options)
        with Image.open(input_file) as image:
            dpi = image.info.get("dpi", (300, 300))
        # The page's square resolution, as OCRmyPDF's own hOCR renderer uses.
        HocrTransform(hocr_filename=hocr, dpi=float(max(dpi))).to_pdf(
            out_filename=output_pdf, image_filename=None, invisible_text=True, interword_spaces=True)
        hocr.unlink()


@hookimpl
def get_ocr_engine():
    return FilterocrOcrEngine()
