"""The OCRmyPDF plugin (integrations/ocrmypdf): Debian's ocrmypdf with `--plugin
filterocr_ocrmypdf` reads degraded scans and photographed pages through filterocr, writes a
PDF/A whose text lies over the page, reads them better than ocrmypdf alone, and keeps
OCRmyPDF's own options (--sidecar, --pages, --skip-text, -j) as OCRmyPDF documents them."""

import json
import os
import re
import subprocess
import sys
import tempfile
from collections import Counter
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "bench"))
import score  # noqa: E402  (bench/score.py: the one definition of the error rate)

BIN = os.environ["FILTEROCR_BIN"]
PLUGIN = ROOT / "integrations" / "ocrmypdf"
OCRMYPDF = ["/usr/bin/python3", "-m", "ocrmypdf"]


def normal(text):
    return " ".join(text.split())


def cer(text, truth):
    """Character error rate, as filterocr's report computes it (bench/score.py)."""
    return score.scores(truth, text)[0]


def ocrmypdf(*arguments, plugin=True, binary=BIN):
    environment = {**os.environ, "PYTHONPATH": str(PLUGIN), "FILTEROCR_STORE": "none",
                   "PATH": str(Path(binary).parent) + os.pathsep + os.environ["PATH"]}
    extra = ["--plugin", "filterocr_ocrmypdf", "--filterocr-binary", binary] if plugin else []
    return subprocess.run([*OCRMYPDF, *extra, *map(str, arguments)], capture_output=True, text=True,
                          env=environment)


def text_of(pdf, page=None):
    pages = ["-f", str(page), "-l", str(page)] if page else []
    return subprocess.run(["pdftotext", *pages, str(pdf), "-"], capture_output=True, text=True,
                          check=True).stdout


def degraded_pdf(folder, image, name, scale="60%", density=180, blur="0x1.5", noise="1.2", level="30%,70%"):
    """A scan gone bad: shrunk, blurred, noisy and low in contrast, as a one-page PDF."""
    png = Path(folder) / f"{name}.png"
    subprocess.run(["convert", str(image), "-seed", "1", "-colorspace", "gray", "-resize", scale, "-blur", blur,
                    "-attenuate", noise, "+noise", "Gaussian", "+level", level,
                    "-units", "PixelsPerInch", "-density", str(density), str(png)], check=True)
    pdf = Path(folder) / f"{name}.pdf"
    subprocess.run(["img2pdf", str(png), "-o", str(pdf)], check=True)
    return pdf


@pytest.fixture(scope="module")
def folder():
    with tempfile.TemporaryDirectory() as name:
        yield Path(name)


@pytest.fixture(scope="module")
def book(folder):
    """The degraded book page read by ocrmypdf with the plugin and without it."""
    scan = degraded_pdf(folder, ROOT / "images" / "book_page.png", "book")
    with_plugin = ocrmypdf("--output-type", "pdfa", "--sidecar", folder / "book.txt", scan, folder / "book-plugin.pdf")
    assert with_plugin.returncode == 0, with_plugin.stderr
    plain = ocrmypdf("--output-type", "pdfa", scan, folder / "book-plain.pdf", plugin=False)
    assert plain.returncode == 0, plain.stderr
    return with_plugin, folder / "book-plugin.pdf", folder / "book-plain.pdf"


def test_degraded_scan_becomes_a_pdfa_that_reads_better_than_plain_ocrmypdf(book, folder):
    run, plugin_pdf, plain_pdf = book
    assert "Output file is a PDF/A-2B (as expected)" in run.stderr
    metadata = subprocess.run(["pdfinfo", "-meta", str(plugin_pdf)], capture_output=True, text=True, check=True).stdout
    assert re.search(r"pdfaid:part(=\"|>)2", metadata), metadata
    info = subprocess.run(["pdfinfo", str(plugin_pdf)], capture_output=True, text=True, check=True).stdout
    assert "filterocr" in info, info
    truth = (ROOT / "images" / "book_page.txt").read_text()
    ours, theirs = cer(text_of(plugin_pdf), truth), cer(text_of(plain_pdf), truth)
    assert ours <= 0.6 * theirs, (ours, theirs)


def test_the_chosen_filters_are_logged_per_page(book):
    run = book[0]
    assert re.search(r"000001_ocr\.png: filterocr auto: (chose \"[^\"]+\"|leave it as it is)[^\n]* · score \d+",
                     run.stderr), run.stderr
    assert run.stderr.count("--auto, chains that keep the page in place") == 1, run.stderr


def test_sidecar_holds_the_text_of_the_page(book, folder):
    sidecar = (folder / "book.txt").read_text()
    assert "universally acknowledged" in sidecar
    assert_same_words(sidecar, text_of(book[1]))


def assert_same_words(sidecar, layer):
    """pdftotext orders and breaks lines as it sees them on the page: the words must agree."""
    ours, theirs = Counter(sidecar.split()), Counter(layer.split())
    assert sum((ours & theirs).values()) >= 0.98 * max(sum(ours.values()), sum(theirs.values())), \
        (ours - theirs, theirs - ours)


def word_places(pdf):
    """Each word that occurs once on the page, with where it starts and the middle of its
    height, in points (where it ends depends on the renderer's font, not on the reading)."""
    html = subprocess.run(["pdftotext", "-bbox", str(pdf), "-"], capture_output=True, text=True, check=True).stdout
    found = [(m.group(5), (float(m.group(1)), (float(m.group(2)) + float(m.group(4))) / 2))
             for m in re.finditer(r'<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">([^<]+)</word>', html)]
    words = [w for w, _ in found]
    return {w: c for w, c in found if words.count(w) == 1}


def test_the_text_lies_where_plain_ocrmypdf_puts_it(book):
    """The page image is not moved by the filters chosen: words both readings found sit at the
    same place on the page (within a few points) as Tesseract's own reading of it. A page moved
    by a crop or a turn would move nearly every word; two readings may still split or join a
    word differently (a heading read with its number), so a few words may lie elsewhere."""
    ours, theirs = word_places(book[1]), word_places(book[2])
    common = [w for w in ours if w in theirs and len(w) >= 7]
    assert len(common) >= 5, common
    placed = [w for w in common if all(abs(a - b) < 5 for a, b in zip(ours[w], theirs[w]))]
    misplaced = [(w, ours[w], theirs[w]) for w in common if w not in placed]
    assert len(placed) >= 0.8 * len(common), misplaced


def test_photographed_page_reads_better_than_plain_ocrmypdf(folder):
    photo = ROOT / "images" / "phone_photo_noisy.jpg"
    pdf = folder / "photo.pdf"
    subprocess.run(["img2pdf", "--imgsize", "150dpi", str(photo), "-o", str(pdf)], check=True)
    run = ocrmypdf("--output-type", "pdfa", pdf, folder / "photo-plugin.pdf")
    assert run.returncode == 0, run.stderr
    plain = ocrmypdf("--output-type", "pdfa", pdf, folder / "photo-plain.pdf", plugin=False)
    assert plain.returncode == 0, plain.stderr
    truth = (ROOT / "images" / "phone_photo_noisy.txt").read_text()
    ours, theirs = cer(text_of(folder / "photo-plugin.pdf"), truth), cer(text_of(folder / "photo-plain.pdf"), truth)
    assert ours < theirs, (ours, theirs)


@pytest.fixture(scope="module")
def three_pages(folder, book):
    """Two degraded receipts and, last, the book page that has its text already."""
    first = degraded_pdf(folder, ROOT / "images" / "receipt.png", "receipt1", scale="100%", density=200,
                         blur="0x1", noise="0.6", level="20%,80%")
    second = degraded_pdf(folder, ROOT / "images" / "receipt.png", "receipt2", scale="90%", density=180,
                          blur="0x0.8", noise="0.8", level="25%,75%")
    pdf = folder / "three.pdf"
    subprocess.run(["qpdf", "--empty", "--pages", str(first), str(second), str(book[1]), "--", str(pdf)], check=True)
    return pdf


def test_skip_text_leaves_a_page_with_text_alone_and_j2_reads_as_j1(three_pages, folder):
    budget = ["--filterocr-auto-budget", "4"]
    one = ocrmypdf(*budget, "--skip-text", "-j", "1", three_pages, folder / "j1.pdf")
    two = ocrmypdf(*budget, "--skip-text", "-j", "2", "--sidecar", folder / "j2.txt", three_pages, folder / "j2.pdf")
    assert one.returncode == 0, one.stderr
    assert two.returncode == 0, two.stderr
    assert "skipping all processing on this page" in two.stderr, two.stderr
    assert len(re.findall(r"_ocr\.png: filterocr auto: ", two.stderr)) == 2, two.stderr
    # The page with text is OCRmyPDF's alone: as plain OCRmyPDF leaves it. (Its PDF/A rewrite
    # loses the curly quotes of a Tesseract text layer, with or without the plugin.)
    plain = ocrmypdf("--skip-text", "--pages", "3", three_pages, folder / "plain-skip.pdf", plugin=False)
    assert plain.returncode == 0, plain.stderr
    assert text_of(folder / "j2.pdf", 3) == text_of(folder / "plain-skip.pdf", 3)
    assert "universally acknowledged" in text_of(folder / "j2.pdf", 3)
    assert text_of(folder / "j1.pdf") == text_of(folder / "j2.pdf")
    for page in (1, 2):
        assert "TOTAL" in text_of(folder / "j2.pdf", page).upper()
    assert "[OCR skipped on page(s) 3]" in (folder / "j2.txt").read_text()


def test_pages_reads_only_the_pages_named(three_pages, folder):
    run = ocrmypdf("--filterocr-auto-budget", "4", "--pages", "2", "--skip-text", three_pages, folder / "p2.pdf")
    assert run.returncode == 0, run.stderr
    assert re.findall(r"(\d+) \d+_ocr\.png: filterocr auto: ", run.stderr) == ["2"], run.stderr
    assert normal(text_of(folder / "p2.pdf", 1)) == ""
    assert "TOTAL" in text_of(folder / "p2.pdf", 2).upper()


def test_a_page_filterocr_cannot_read_fails_with_its_message(folder, book):
    broken = folder / "broken-filterocr"
    broken.write_text("#!/bin/sh\n[ \"$1\" = --version ] && { echo 'filterocr 0.1.0'; exit 0; }\n"
                      "echo 'filterocr: error: page.png: the engine ran out of memory' >&2\nexit 1\n")
    broken.chmod(0o755)
    scan = folder / "book.pdf"
    run = ocrmypdf(scan, folder / "broken.pdf", binary=str(broken))
    assert run.returncode == 7, run.stderr  # OCRmyPDF's child_process_error
    assert "the engine ran out of memory" in run.stderr, run.stderr
    assert not (folder / "broken.pdf").exists()


def recording_filterocr(folder, name):
    """filterocr behind a script that records each call's arguments, one JSON line a call."""
    calls = folder / f"{name}.calls"
    calls.unlink(missing_ok=True)
    wrapper = folder / name
    wrapper.write_text(f"""#!/usr/bin/python3
import json, os, sys
with open({str(calls)!r}, "a") as calls:
    calls.write(json.dumps(sys.argv[1:]) + "\\n")
os.execv({BIN!r}, [{BIN!r}, *sys.argv[1:]])
""")
    wrapper.chmod(0o755)
    return wrapper, calls


def page_readings(calls):
    return [arguments for arguments in map(json.loads, calls.read_text().splitlines()) if arguments[:1] == ["ocr"]]


@pytest.mark.parametrize("renderer,keep", [("sandwich", "place"), ("hocr", "size")])
def test_each_page_is_read_once_among_the_chains_that_keep_it_in_place(three_pages, folder, renderer, keep):
    """One filterocr process a page: its search tries only chains that leave the page where
    OCRmyPDF keeps it (and, for the hOCR renderer, its size), and writes the layer and the
    sidecar's text from that one reading."""
    wrapper, calls = recording_filterocr(folder, f"recording-{renderer}")
    output = folder / f"once-{renderer}.pdf"
    run = ocrmypdf("--pdf-renderer", renderer, "--filterocr-auto-budget", "4", "--pages", "1,2", "--skip-text",
                   "--sidecar", folder / f"once-{renderer}.txt", three_pages, output, binary=str(wrapper))
    assert run.returncode == 0, run.stderr
    readings = page_readings(calls)
    assert len(readings) == 2, readings
    for arguments in readings:
        assert arguments[arguments.index("--auto-keep") + 1] == keep, arguments
        assert "--sidecar" in arguments, arguments
    sidecar = (folder / f"once-{renderer}.txt").read_text().split("\f")
    for page in (1, 2):
        layer = text_of(output, page)
        assert "TOTAL" in layer.upper(), layer
        assert_same_words(sidecar[page - 1], layer)


def refused_as_bad_arguments(run, output, *expected):
    """OCRmyPDF's refusal of its own bad options (BadArgsError): exit status 1, the reason on one
    line, no traceback, before any page is rasterised or read."""
    assert run.returncode == 1, run.stderr
    assert "Traceback" not in run.stderr, run.stderr
    lines = [line for line in run.stderr.splitlines() if "--filterocr" in line]
    assert len(lines) == 1, run.stderr
    for part in expected:
        assert part in lines[0], run.stderr
    assert "filterocr auto:" not in run.stderr and "_ocr.png" not in run.stderr, run.stderr
    assert not Path(output).exists()


@pytest.mark.parametrize("script", ["borders; then binarize", "Rotate", "THEN rotate", "median\nrotate",
                                    "median; Deskew; 75%"])
def test_ops_that_move_the_page_are_refused_before_any_page_is_read(folder, book, script):
    """The check is filterocr's parser's (`filterocr script`): a script moves the page however it
    writes its commands (in capitals, after then, on lines of their own)."""
    run = ocrmypdf("--filterocr-ops", script, folder / "book.pdf", folder / "refused.pdf")
    refused_as_bad_arguments(run, folder / "refused.pdf", "moves the page", "--rotate-pages")


@pytest.mark.parametrize("arguments,expected", [
    (["--filterocr-ops", "blurr"], "command 1 'blurr': unknown command"),
    (["--filterocr-ops", "median; slider 9"], "slider value 9 is outside 0 to 3"),
    (["--filterocr-auto-budget=nan"], "--filterocr-auto-budget takes 1 to 10000"),
    (["--filterocr-auto-budget=-1"], "--filterocr-auto-budget takes 1 to 10000"),
    (["--filterocr-auto-budget=inf"], "--filterocr-auto-budget takes 1 to 10000"),
    (["--filterocr-max-pixels=0"], "--filterocr-max-pixels takes a positive number"),
    (["--filterocr-ops", "median", "--filterocr-no-auto"], "give one"),
    (["--filterocr-no-auto", "--filterocr-auto-budget", "4"], "give one or the other"),
])
def test_bad_plugin_options_are_refused_as_ocrmypdfs_own_are(folder, book, arguments, expected):
    run = ocrmypdf(*arguments, folder / "book.pdf", folder / "bad.pdf")
    refused_as_bad_arguments(run, folder / "bad.pdf", expected)


def test_the_creator_names_tesseract_once(book):
    info = subprocess.run(["pdfinfo", str(book[1])], capture_output=True, text=True, check=True).stdout
    creator = next(line for line in info.splitlines() if line.startswith("Creator:"))
    assert "filterocr" in creator and creator.count("(Tesseract") == 1, creator


def test_a_page_above_filterocrs_default_limit_is_read_as_ocrmypdf_reads_it(folder):
    """A letter page at --oversample 1100 is 9350 x 12100 pixels, 113 megapixels: above
    filterocr's default --max-pixels (100 million), within OCRmyPDF's own limit on images
    (--max-image-mpixels, 250), which the plugin follows unless --filterocr-max-pixels is given.
    Below the page, the refusal says which option raises the limit."""
    png = folder / "letter.png"
    subprocess.run(["convert", "-size", "1275x1650", "xc:white", "-font", "DejaVu-Sans", "-pointsize", "60",
                    "-annotate", "+150+300", "QUARTZ LIMIT", "-units", "PixelsPerInch", "-density", "150", str(png)],
                   check=True)
    pdf = folder / "letter.pdf"
    subprocess.run(["img2pdf", "--pagesize", "8.5inx11in", str(png), "-o", str(pdf)], check=True)
    run = ocrmypdf("--filterocr-no-auto", "--oversample", "1100", pdf, folder / "large.pdf")
    assert run.returncode == 0, run.stderr
    assert "QUARTZ" in text_of(folder / "large.pdf")
    limited = ocrmypdf("--filterocr-no-auto", "--filterocr-max-pixels", "50000000", "--oversample", "1100", pdf,
                       folder / "limited.pdf")
    assert limited.returncode == 7, limited.stderr  # a page that cannot be read, as Tesseract's failure is
    assert "raise it with --filterocr-max-pixels" in limited.stderr, limited.stderr
    assert not re.search(r"(?<![\w-])--max-pixels", limited.stderr), limited.stderr


def test_a_page_read_enlarged_keeps_its_text_in_place(folder, book):
    """`scale` reads the page at twice its size: the text-only PDF page is that size, and
    OCRmyPDF fits it over its own page, so the words lie where Tesseract's reading of the page
    as it is puts them. OCRmyPDF's hOCR renderer takes boxes as the page image's pixels: there
    the same script is refused."""
    run = ocrmypdf("--filterocr-ops", "scale", folder / "book.pdf", folder / "enlarged.pdf")
    assert run.returncode == 0, run.stderr
    ours, theirs = word_places(folder / "enlarged.pdf"), word_places(book[2])
    common = [w for w in ours if w in theirs and len(w) >= 5]
    assert len(common) >= 5, common
    placed = [w for w in common if all(abs(a - b) < 5 for a, b in zip(ours[w], theirs[w]))]
    assert len(placed) >= 0.8 * len(common), [(w, ours[w], theirs[w]) for w in common if w not in placed]
    refused = ocrmypdf("--pdf-renderer", "hocr", "--filterocr-ops", "scale", folder / "book.pdf", folder / "refused-hocr.pdf")
    refused_as_bad_arguments(refused, folder / "refused-hocr.pdf", "resizes the page (scale) with --pdf-renderer hocr")


def test_make_install_puts_the_plugin_where_debians_python_finds_it(folder, book):
    """`make install` puts the package in dist-packages under the prefix, which Debian's
    python3 has on its path; from there, with `filterocr` on PATH, OCRmyPDF loads it by name
    with no option but --plugin."""
    stage = folder / "stage"
    subprocess.run(["make", "-s", "-C", str(ROOT), "install-ocrmypdf-plugin", f"DESTDIR={stage}"], check=True)
    version = "python%d.%d" % tuple(map(int, subprocess.run(
        ["/usr/bin/python3", "-c", "import sys; print(*sys.version_info[:2])"], capture_output=True, text=True,
        check=True).stdout.split()))
    installed = Path(f"/usr/local/lib/{version}/dist-packages")
    search_path = subprocess.run(["/usr/bin/python3", "-c", "import sys; print('\\n'.join(sys.path))"],
                                 capture_output=True, text=True, check=True, env={"PATH": "/usr/bin:/bin"}).stdout
    assert str(installed) in search_path.splitlines(), search_path
    assert (stage / installed.relative_to("/") / "filterocr_ocrmypdf" / "__init__.py").is_file()
    programs = folder / "bin"
    programs.mkdir(exist_ok=True)
    if not (programs / "filterocr").exists():
        (programs / "filterocr").symlink_to(Path(BIN).resolve())
    environment = {**os.environ, "PYTHONPATH": str(stage / installed.relative_to("/")), "FILTEROCR_STORE": "none",
                   "PATH": str(programs) + os.pathsep + os.environ["PATH"]}
    run = subprocess.run([*OCRMYPDF, "--plugin", "filterocr_ocrmypdf", "--filterocr-no-auto", folder / "book.pdf",
                          folder / "installed.pdf"], capture_output=True, text=True, env=environment)
    assert run.returncode == 0, run.stderr
    assert f"filterocr {programs / 'filterocr'}: no filters" in run.stderr, run.stderr
    info = subprocess.run(["pdfinfo", str(folder / "installed.pdf")], capture_output=True, text=True, check=True).stdout
    assert "filterocr" in info, info
    assert len(normal(text_of(folder / "installed.pdf"))) > 200
