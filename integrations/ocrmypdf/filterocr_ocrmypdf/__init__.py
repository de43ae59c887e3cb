# SPDX-License-Identifier: MPL-2.0
"""OCRmyPDF plugin: each page image OCRmyPDF rasterises is read by filterocr, which chooses
the filters that read it best (`filterocr ocr --auto`) or applies a given script.

    ocrmypdf --plugin filterocr_ocrmypdf in.pdf out.pdf

One filterocr process reads each page and writes, from that one reading, the page's text
layer (for OCRmyPDF's default renderer, sandwich, a text-only PDF of the page, which OCRmyPDF
fits over the page it keeps; for its hOCR renderer, the hOCR) and its text (the sidecar),
the lines `--auto` read again and repaired included. The text must lie over the page OCRmyPDF
keeps, so the search tries only chains that keep the page's content in place
(`--auto-keep place`; with the hOCR renderer, whose boxes are the page image's pixels, its
size too: `--auto-keep size`); orientation and deskew are left to OCRmyPDF's own options,
answered by Tesseract as OCRmyPDF's built-in engine answers them. A script given with
`--filterocr-ops` is checked once, before any page is read, by filterocr's own parser
(`filterocr script`)."""

from __future__ import annotations

import json
import logging
import math
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

from ocrmypdf import hookimpl
from ocrmypdf._exec import tesseract
from ocrmypdf.exceptions import BadArgsError, MissingDependencyError, SubprocessOutputError
from ocrmypdf.pluginspec import OcrEngine

# Under OCRmyPDF's logger, so that the plugin's lines go where OCRmyPDF's own go: a program
# that calls ocrmypdf.ocr() and configures only the "ocrmypdf" logger (paperless-ngx keeps it at
# INFO in its paperless.log, and its root logger at WARNING) records them too.
log = logging.getLogger(f"ocrmypdf.{__name__}")

# The work filterocr's --auto-budget takes, in recognitions of the page (FilterOptions.validate).
BUDGET_RANGE = (1, 10_000)


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
        help="The work --auto's candidates may cost, in recognitions of the page, 1 to 10000 (filterocr's default: 12)",
    )
    group.add_argument(
        "--filterocr-max-pixels",
        metavar="N",
        type=int,
        default=None,
        help="Refuse page images with more pixels than this (filterocr's --max-pixels; "
             "default: OCRmyPDF's --max-image-mpixels)",
    )


def binary(options) -> str:
    found = shutil.which(options.filterocr_binary or "filterocr")
    if not found:
        raise MissingDependencyError(
            f"filterocr not found ({options.filterocr_binary or 'filterocr on PATH'}); "
            "install it (make install) or name it with --filterocr-binary"
        )
    return found


def effects(program: str, scripts: list[str], refusal) -> list[dict]:
    """What each script does to the page, as filterocr's own parser reads it (`filterocr
    script`, one JSON line a script): whether it moves or resizes the page, and the script as
    filterocr writes it. A script filterocr refuses is `refusal(its one line)`, raised."""
    result = subprocess.run([program, "script", "--", *scripts], capture_output=True, text=True, check=False)
    if result.returncode != 0:
        lines = [line for line in result.stderr.splitlines() if line.strip()]
        message = lines[-1] if lines else f"filterocr script ended with status {result.returncode}"
        raise refusal(message.removeprefix("filterocr: error: ").removesuffix(" (see --help)"))
    return [json.loads(line) for line in result.stdout.splitlines()]


def keeps_place(effect: dict, options) -> bool:
    """Whether text read with the script lies over the page OCRmyPDF keeps: nothing moved, and
    for the hOCR renderer, whose boxes are taken as the page image's pixels, nothing resized."""
    return not effect["movesPage"] and not (options.pdf_renderer == "hocr" and effect["resizesPage"])


def max_pixels(options) -> int:
    """The most pixels a page image may have: --filterocr-max-pixels, else OCRmyPDF's own limit
    on images (--max-image-mpixels, 0 for none), so that the plugin reads every page OCRmyPDF
    itself would."""
    if options.filterocr_max_pixels is not None:
        return options.filterocr_max_pixels
    mpixels = getattr(options, "max_image_mpixels", 250.0) or 0
    return int(mpixels * 1_000_000) if mpixels > 0 else sys.maxsize


def mode(options) -> str:
    if options.filterocr_ops is not None:
        return f"--ops {options.filterocr_ops!r}"
    if options.filterocr_no_auto:
        return "no filters"
    budget = f" (budget {options.filterocr_auto_budget:g})" if options.filterocr_auto_budget else ""
    kept = "in place and at its size" if options.pdf_renderer == "hocr" else "in place"
    return f"--auto{budget}, chains that keep the page {kept}"


@hookimpl
def check_options(options):
    """Every option of the plugin checked before any page is rasterised; a bad one is OCRmyPDF's
    usage error (BadArgsError: one line, exit status 1), as its own checks of options give."""
    if options.filterocr_ops is not None and options.filterocr_no_auto:
        raise BadArgsError("--filterocr-ops and --filterocr-no-auto both say how to read the pages: give one")
    budget = options.filterocr_auto_budget
    if budget is not None:
        if options.filterocr_ops is not None or options.filterocr_no_auto:
            raise BadArgsError("--filterocr-auto-budget is the budget of the choice, which --filterocr-ops and "
                               "--filterocr-no-auto leave out: give one or the other")
        low, high = BUDGET_RANGE
        if not (math.isfinite(budget) and low <= budget <= high):
            raise BadArgsError(f"--filterocr-auto-budget takes {low} to {high} recognitions of the page, "
                               f"e.g. --filterocr-auto-budget 8 (not {budget:g})")
    if options.filterocr_max_pixels is not None and options.filterocr_max_pixels <= 0:
        raise BadArgsError("--filterocr-max-pixels takes a positive number of pixels, "
                           f"e.g. --filterocr-max-pixels 300000000 (not {options.filterocr_max_pixels})")
    program = binary(options)
    if options.filterocr_ops is not None:
        (effect,) = effects(program, [options.filterocr_ops], lambda message: BadArgsError(f"--filterocr-ops: {message}"))
        if not keeps_place(effect, options):
            what = (f"moves the page ({', '.join(effect['moving'])})" if effect["movesPage"]
                    else f"resizes the page ({', '.join(effect['resizing'])}) with --pdf-renderer hocr")
            raise BadArgsError(f"--filterocr-ops {options.filterocr_ops!r} {what}, so its text would not lie over "
                               "the page OCRmyPDF keeps; use --rotate-pages and --deskew")
    log.info("filterocr %s: %s", program, mode(options))


def run(arguments: list[str], input_file: Path) -> subprocess.CompletedProcess:
    result = subprocess.run(arguments, capture_output=True, text=True, check=False)
    if result.returncode != 0:
        lines = [line for line in result.stderr.splitlines() if line.strip()]
        # The page's own error, rather than the run's summary after it ("no page was read").
        errors = [line for line in lines if line.startswith("filterocr: error: ")] or lines
        message = errors[-1] if errors else f"filterocr ended with status {result.returncode}"
        # The limit is given through the plugin's option, so the message names that option.
        message = re.sub(r"(?<![\w-])--max-pixels\b", "--filterocr-max-pixels", message)
        raise SubprocessOutputError(f"{input_file.name}: {message}")
    return result


def common(options) -> list[str]:
    arguments = ["--no-store", "--no-feed", "--no-truth", "--lang", "+".join(options.languages),
                 "--max-pixels", str(max_pixels(options))]
    if options.tesseract_pagesegmode is not None:
        arguments += ["--psm", str(options.tesseract_pagesegmode)]
    return arguments


def reading(options) -> list[str]:
    """How filterocr reads each page: `--ops SCRIPT`, or `--auto` among the chains that keep
    the page where OCRmyPDF keeps it."""
    if options.filterocr_ops is not None or options.filterocr_no_auto:
        return ["--ops", options.filterocr_ops or "original"]
    keep = ["--auto-keep", "size" if options.pdf_renderer == "hocr" else "place"]
    budget = ["--auto-budget", f"{options.filterocr_auto_budget:g}"] if options.filterocr_auto_budget else []
    return ["--auto", *keep, *budget]


def read_page(input_file: Path, output: Path, output_text: Path, options, document: str) -> None:
    """Writes the page's text layer to `output` as `document` (filterocr's --format: hocr, or
    pdf of the text alone) and its text to `output_text`, in one reading by one filterocr."""
    layer = ["--format", "hocr"] if document == "hocr" else ["--format", "pdf", "--text-only"]
    result = run([binary(options), "ocr", *common(options), *reading(options), *layer, "-o", os.fspath(output),
                  "--sidecar", os.fspath(output_text), os.fspath(input_file)], input_file)
    # filterocr's line on the page (on standard error, the document being its output): what it
    # chose, its score, what it tried.
    said = [line for line in result.stderr.splitlines() if line.startswith(f"{input_file}: ")]
    if said:
        log.info("%s: filterocr %s", input_file.name, said[-1].removeprefix(f"{input_file}: "))


class FilterocrOcrEngine(OcrEngine):
    """Reads pages with filterocr."""

    @staticmethod
    def version():
        result = subprocess.run([shutil.which("filterocr") or "filterocr", "--version"],
                                capture_output=True, text=True, check=False)
        return result.stdout.strip() or "unknown"

    @staticmethod
    def creator_tag(options):
        # `filterocr --version` names the Tesseract it reads with already.
        result = subprocess.run([binary(options), "--version"], capture_output=True, text=True, check=False)
        return result.stdout.strip() or f"filterocr (Tesseract {tesseract.version()})"

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
        read_page(Path(input_file), Path(output_hocr), Path(output_text), options, "hocr")

    @staticmethod
    def generate_pdf(input_file, output_pdf, output_text, options):
        read_page(Path(input_file), Path(output_pdf), Path(output_text), options, "pdf")


@hookimpl
def get_ocr_engine():
    return FilterocrOcrEngine()
