"""The searchable PDF against OCRmyPDF's on OCRmyPDF's own test PDFs (corpus/ocrmypdf): where both
succeed, filterocr's outputs are at most as large in all (1.0x) and none is above 1.3x of
`ocrmypdf --output-type pdf --skip-text` (its default --optimize 1); and optimising (filterocr's
default --optimize 1) changes nothing but the size: images' pixels, text, outlines, document
information, XMP and form fields are those of `--optimize 0`'s output."""

import os
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "bench"))
import pdfsize  # noqa: E402  (bench/pdfsize.py: the one comparison, shared with the benchmark)

BINARY = os.environ["FILTEROCR_BIN"]


@pytest.fixture(scope="module")
def rows(tmp_path_factory):
    pdfs = sorted((ROOT / "corpus" / "ocrmypdf").glob("*.pdf"))
    assert len(pdfs) == 14, "corpus/ocrmypdf holds fourteen of OCRmyPDF's test PDFs"
    return pdfsize.compare(BINARY, pdfs, tmp_path_factory.mktemp("pdfsize"))


def test_every_pdf_is_written(rows):
    failed = {row["name"]: row["filterocr_error"] for row in rows if row["filterocr"] is None}
    assert failed == {}
    assert len(pdfsize.both(rows)) >= 12, "OCRmyPDF reads nearly all of its own test PDFs"


def test_total_at_most_ocrmypdfs_and_none_above_1_3x(rows):
    common = pdfsize.both(rows)
    ratios = {row["name"]: round(row["filterocr"] / row["ocrmypdf"], 3) for row in common}
    assert {name: ratio for name, ratio in ratios.items() if ratio > 1.3} == {}
    total = sum(row["filterocr"] for row in common) / sum(row["ocrmypdf"] for row in common)
    assert total <= 1.0, f"total {total:.3f}x: {ratios}"


def test_optimising_changes_nothing_but_the_size(rows):
    assert {row["name"]: row["lost"] for row in rows if row["lost"]} == {}


def test_the_check_sees_a_changed_image(tmp_path):
    """The comparison itself fails when a pixel changes: an image's bytes altered by one."""
    import pikepdf
    source = ROOT / "corpus" / "ocrmypdf" / "palette.pdf"
    changed = tmp_path / "changed.pdf"
    with pikepdf.open(source) as pdf:
        for page in pdf.pages:
            for _, image in page.images.items():
                data = bytearray(image.read_bytes())
                data[len(data) // 2] ^= 0xFF
                image.write(bytes(data))
                break
        pdf.save(changed)
    assert pdfsize.differences(source, changed) == ["images"]
