"""The OCRmyPDF plugin called as paperless-ngx calls OCRmyPDF: `ocrmypdf.ocr(**arguments)` in
its own process, the arguments built as paperless-ngx's RasterisedDocumentParser builds them
(src/paperless_tesseract/parsers.py, construct_ocrmypdf_parameters, in its releases for
OCRmyPDF 16, whose first argument is still `input_file`) from its settings' defaults, with
PAPERLESS_OCR_USER_ARGS parsed by json.loads and merged over them as paperless-ngx merges
them, and its logging configured as its settings configure it (the `ocrmypdf` logger at INFO
into paperless.log). The plugin is the repository's (integrations/ocrmypdf on PYTHONPATH),
the binary $FILTEROCR_BIN, OCRmyPDF Debian's."""

import json
import os
import re
import subprocess
import tempfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
BIN = os.environ["FILTEROCR_BIN"]
PLUGIN = ROOT / "integrations" / "ocrmypdf"
# Two pages of the corpus, and words of each.
PAGES = [(ROOT / "corpus" / "phototest.tif", ["quick", "brown", "lazy", "fox"]),
         (ROOT / "corpus" / "eurotext.tif", ["jumps", "goose", "E-mail"])]

# paperless-ngx's consumer, reduced to what reaches OCRmyPDF. The settings are read from the
# environment with paperless-ngx's defaults (src/paperless/settings/__init__.py); the function
# is construct_ocrmypdf_parameters as paperless-ngx has it, for a PDF (an image's DPI handling
# does not apply).
PAPERLESS = r'''
import json
import logging.config
import math
import multiprocessing
import os
import sys

import ocrmypdf
from ocrmypdf.cli import get_parser

input_file, output_file, sidecar_file, log_file = sys.argv[1:5]

# settings/__init__.py
CELERY_WORKER_CONCURRENCY = int(os.getenv("PAPERLESS_TASK_WORKERS", 1))
THREADS_PER_WORKER = os.getenv("PAPERLESS_THREADS_PER_WORKER",
                               max(math.floor(max(multiprocessing.cpu_count(), 1) / CELERY_WORKER_CONCURRENCY), 1))
OCR_PAGES = int(os.environ["PAPERLESS_OCR_PAGES"]) if os.getenv("PAPERLESS_OCR_PAGES") else None
OCR_LANGUAGE = os.getenv("PAPERLESS_OCR_LANGUAGE", "eng")
OCR_OUTPUT_TYPE = os.getenv("PAPERLESS_OCR_OUTPUT_TYPE", "pdfa")
OCR_MODE = os.getenv("PAPERLESS_OCR_MODE", "skip")
OCR_CLEAN = os.getenv("PAPERLESS_OCR_CLEAN", "clean")
OCR_DESKEW = os.getenv("PAPERLESS_OCR_DESKEW", "true").lower() in ("yes", "y", "1", "t", "true")
OCR_ROTATE_PAGES = os.getenv("PAPERLESS_OCR_ROTATE_PAGES", "true").lower() in ("yes", "y", "1", "t", "true")
OCR_ROTATE_PAGES_THRESHOLD = float(os.getenv("PAPERLESS_OCR_ROTATE_PAGES_THRESHOLD", 12.0))
OCR_MAX_IMAGE_PIXELS = int(os.environ["PAPERLESS_OCR_MAX_IMAGE_PIXELS"]) if os.getenv("PAPERLESS_OCR_MAX_IMAGE_PIXELS") else None
OCR_COLOR_CONVERSION_STRATEGY = os.getenv("PAPERLESS_OCR_COLOR_CONVERSION_STRATEGY", "RGB")
OCR_USER_ARGS = os.getenv("PAPERLESS_OCR_USER_ARGS")

# Its LOGGING: the root logger to the console, OCRmyPDF's to paperless.log at INFO.
logging.config.dictConfig({
    "version": 1,
    "disable_existing_loggers": False,
    "formatters": {"verbose": {"format": "[{asctime}] [{levelname}] [{name}] {message}", "style": "{"}},
    "handlers": {
        "console": {"level": "INFO", "class": "logging.StreamHandler", "formatter": "verbose"},
        "file_paperless": {"class": "logging.FileHandler", "formatter": "verbose", "filename": log_file},
    },
    "root": {"handlers": ["console"]},
    "loggers": {"ocrmypdf": {"handlers": ["file_paperless"], "level": "INFO"}},
})

# config.py, OcrConfig: PAPERLESS_OCR_USER_ARGS is JSON.
user_args = None
if OCR_USER_ARGS is not None:
    try:
        user_args = json.loads(OCR_USER_ARGS)
    except json.JSONDecodeError:
        user_args = {}


def construct_ocrmypdf_parameters(input_file, output_file, sidecar_file, *, safe_fallback=False):
    ocrmypdf_args = {
        "input_file": input_file,
        "output_file": output_file,
        # need to use threads, since this will be run in daemonized
        # processes via the task library.
        "use_threads": True,
        "jobs": THREADS_PER_WORKER,
        "language": OCR_LANGUAGE,
        "output_type": OCR_OUTPUT_TYPE,
        "progress_bar": False,
    }
    if "pdfa" in ocrmypdf_args["output_type"]:
        ocrmypdf_args["color_conversion_strategy"] = OCR_COLOR_CONVERSION_STRATEGY
    if OCR_MODE == "force" or safe_fallback:
        ocrmypdf_args["force_ocr"] = True
    elif OCR_MODE in {"skip", "skip_noarchive"}:
        ocrmypdf_args["skip_text"] = True
    elif OCR_MODE == "redo":
        ocrmypdf_args["redo_ocr"] = True
    else:
        raise ValueError(f"Invalid ocr mode: {OCR_MODE}")
    if OCR_CLEAN == "clean":
        ocrmypdf_args["clean"] = True
    elif OCR_CLEAN == "clean-final":
        if OCR_MODE == "redo":
            ocrmypdf_args["clean"] = True
        else:
            # --clean-final is not compatible with --redo-ocr
            ocrmypdf_args["clean_final"] = True
    if OCR_DESKEW and OCR_MODE != "redo":
        # --deskew is not compatible with --redo-ocr
        ocrmypdf_args["deskew"] = True
    if OCR_ROTATE_PAGES:
        ocrmypdf_args["rotate_pages"] = True
        ocrmypdf_args["rotate_pages_threshold"] = OCR_ROTATE_PAGES_THRESHOLD
    if OCR_PAGES is not None and OCR_PAGES > 0:
        ocrmypdf_args["pages"] = f"1-{OCR_PAGES}"
    else:
        # sidecar is incompatible with pages
        ocrmypdf_args["sidecar"] = sidecar_file
    if user_args is not None:
        try:
            ocrmypdf_args = {**ocrmypdf_args, **user_args}
        except Exception as e:
            logging.getLogger("paperless").warning(
                f"There is an issue with PAPERLESS_OCR_USER_ARGS, so they will not be used. Error: {e}")
    if OCR_MAX_IMAGE_PIXELS is not None and OCR_MAX_IMAGE_PIXELS >= 0:
        ocrmypdf_args["max_image_mpixels"] = OCR_MAX_IMAGE_PIXELS / 1_000_000.0
    return ocrmypdf_args


args = construct_ocrmypdf_parameters(input_file, output_file, sidecar_file)
# paperless-ngx passes color_conversion_strategy, an option of OCRmyPDF 16: an older OCRmyPDF
# (Debian 12's is 14) has no such option and would refuse it as an unknown argument.
known = {action.dest for action in get_parser()._actions}
dropped = sorted(k for k in ("color_conversion_strategy",) if k in args and k not in known)
for key in dropped:
    del args[key]
print(json.dumps({"arguments": {k: str(v) if not isinstance(v, (bool, int, float, list)) else v
                                for k, v in args.items()}, "dropped": dropped}), flush=True)
ocrmypdf.ocr(**args)
'''


@pytest.fixture(scope="module")
def consumed():
    """The two-page PDF consumed as paperless-ngx consumes it, with the plugin in
    PAPERLESS_OCR_USER_ARGS; yields the folder, the run and the arguments it gave OCRmyPDF."""
    with tempfile.TemporaryDirectory() as name:
        folder = Path(name)
        document = folder / "document.pdf"
        subprocess.run(["img2pdf", *(str(page) for page, _ in PAGES), "-o", str(document)], check=True)
        user_args = json.dumps({"plugins": ["filterocr_ocrmypdf"], "filterocr_binary": BIN})
        environment = {"PATH": "/usr/bin:/bin", "HOME": str(folder), "LANG": "C.UTF-8", "PYTHONPATH": str(PLUGIN),
                       "FILTEROCR_STORE": "none", "PAPERLESS_OCR_USER_ARGS": user_args}
        run = subprocess.run(["/usr/bin/python3", "-c", PAPERLESS, str(document), str(folder / "archive.pdf"),
                              str(folder / "sidecar.txt"), str(folder / "paperless.log")],
                             capture_output=True, text=True, env=environment)
        assert run.returncode == 0, run.stdout + run.stderr
        called = json.loads(run.stdout.splitlines()[0])
        yield folder, run, called


def test_the_arguments_are_paperless_defaults_with_the_user_args_merged(consumed):
    _, _, called = consumed
    arguments = called["arguments"]
    assert arguments["plugins"] == ["filterocr_ocrmypdf"] and arguments["filterocr_binary"] == BIN
    for key, value in {"output_type": "pdfa", "skip_text": True, "clean": True, "deskew": True,
                       "rotate_pages": True, "use_threads": True, "progress_bar": False, "language": "eng"}.items():
        assert arguments[key] == value, (key, arguments)
    assert called["dropped"] in ([], ["color_conversion_strategy"]), called


def test_the_archive_is_a_pdfa_with_the_text_of_both_pages(consumed):
    folder, _, _ = consumed
    archive = folder / "archive.pdf"
    metadata = subprocess.run(["pdfinfo", "-meta", str(archive)], capture_output=True, text=True, check=True).stdout
    assert re.search(r"pdfaid:part(=\"|>)2", metadata), metadata
    assert re.search(r"pdfaid:conformance(=\"|>)B", metadata), metadata
    for number, (_, words) in enumerate(PAGES, start=1):
        text = subprocess.run(["pdftotext", "-f", str(number), "-l", str(number), str(archive), "-"],
                              capture_output=True, text=True, check=True).stdout
        assert [w for w in words if w not in text] == [], (number, text)


def test_the_sidecar_has_each_pages_text_between_form_feeds(consumed):
    folder, _, _ = consumed
    pages = (folder / "sidecar.txt").read_text().split("\f")
    assert len([p for p in pages if p.strip()]) == 2, pages
    for text, (_, words) in zip(pages, PAGES):
        assert [w for w in words if w not in text] == [], text


def test_filterocr_read_each_page_and_paperless_log_says_so(consumed):
    """The plugin's lines reach paperless.log, which keeps OCRmyPDF's logger's: its mode once,
    and the choice for each page."""
    folder, _, _ = consumed
    log = (folder / "paperless.log").read_text()
    assert f"filterocr {BIN}: --auto, chains that keep the page in place" in log, log
    assert sorted(re.findall(r"(\d+)_ocr\.png: filterocr auto: ", log)) == ["000001", "000002"], log
