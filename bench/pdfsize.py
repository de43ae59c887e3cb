#!/usr/bin/python3
"""filterocr's searchable PDF against OCRmyPDF's, on OCRmyPDF's own test PDFs: the size of each
output, and whether optimising (`--optimize 1`, the default) kept everything else.

    bench/pdfsize.py [--filterocr PATH] [--keep DIR] [PDF or FOLDER ...]

Each PDF goes through `ocrmypdf --output-type pdf --skip-text` (its default `--optimize 1`) and
`filterocr ocr --skip-text -o OUT.pdf` in the same invocation, and through `filterocr ... --optimize
0` for the check. Where both tools succeed, it prints each output's size and the ratio, the
total, and the wall time of each tool. For each PDF filterocr wrote, the optimised output is
checked against the unoptimised one: every image drawn, by its decoded bytes and its masks' (its
pixels; a JPEG's or a JBIG2's own bytes), the text (pdftotext), the outlines, the document information and the XMP (but the
times of modification), and the form fields. By default: corpus/ocrmypdf/ (fourteen of them);
give OCRmyPDF's tests/resources/ for all. Tests/Deploy/test_pdf_size.py holds the first
fourteen to the targets: the total at most 1.0x, none above 1.3x."""

import argparse
import os
import re
import subprocess
import sys
import tempfile
import time
import zlib
from pathlib import Path

import pikepdf

ROOT = Path(__file__).resolve().parents[1]
DEFAULT = ROOT / "corpus" / "ocrmypdf"
# The document information's and the XMP's times of writing, which differ between two runs.
TIMES = {"/ModDate", "/CreationDate", "xmp:ModifyDate", "xmp:MetadataDate", "xmp:CreateDate"}


def run(arguments, **kwargs):
    start = time.monotonic()
    done = subprocess.run(arguments, capture_output=True, text=True, **kwargs)
    return done, time.monotonic() - start


def ocrmypdf(source, output):
    return run(["ocrmypdf", "-q", "--output-type", "pdf", "--skip-text", str(source), str(output)])


def filterocr(binary, source, output, *options):
    env = dict(os.environ, FILTEROCR_STORE="none")
    return run([binary, "ocr", "--no-feed", "--skip-text", "-o", str(output), *options, str(source)], env=env)


def decoded(stream):
    """The stream's bytes with every lossless filter undone, and the filters left (a JPEG's,
    JPEG 2000's, JBIG2's, which qpdf does not undo): the same pixels give the same pair."""
    try:
        return bytes(stream.read_bytes(pikepdf.StreamDecodeLevel.generalized)), ()
    except pikepdf.PdfError:
        pass
    filters = stream.get("/Filter")
    filters = [str(filters)] if isinstance(filters, pikepdf.Name) else [str(name) for name in filters or []]
    parameters = stream.get("/DecodeParms")
    parameters = list(parameters) if isinstance(parameters, pikepdf.Array) else [parameters] * len(filters)
    data = bytes(stream.read_raw_bytes())
    while filters and filters[0] == "/FlateDecode" and parameters[0] is None:
        data = zlib.decompress(data)
        filters, parameters = filters[1:], parameters[1:]
    return data, tuple(filters)


def images(pdf):
    """Each image a page draws (directly or through forms), by page and path of names, with its
    decoded bytes (see `decoded`) and those of its masks: what a viewer decodes to the pixels
    shown. An image that the resources name but no content draws is not shown, and goes with
    `--optimize`, as with OCRmyPDF's."""
    found = {}

    def walk(owner, resources, where, seen):
        xobjects = resources.get("/XObject", {}) if resources is not None else {}
        for operands, operator in pikepdf.parse_content_stream(owner):
            if str(operator) != "Do" or not operands or operands[0] not in xobjects:
                continue
            name = str(operands[0])
            xobject = xobjects[name]
            key = where + (name,)
            if xobject.get("/Subtype") == "/Image":
                masks = tuple(decoded(xobject[mask]) for mask in ("/SMask", "/Mask")
                              if isinstance(xobject.get(mask), pikepdf.Stream))
                found[key] = decoded(xobject) + (int(xobject.get("/Width")), int(xobject.get("/Height"))) + masks
            elif xobject.get("/Subtype") == "/Form" and xobject.objgen not in seen:
                walk(xobject, xobject.get("/Resources"), key, seen | {xobject.objgen})

    for number, page in enumerate(pdf.pages, 1):
        walk(page, page.obj.get("/Resources"), (number,), frozenset())
    return found


def outline(pdf):
    with pdf.open_outline() as tree:
        def titles(items):
            return [(item.title, titles(item.children)) for item in items]
        return titles(tree.root)


def plain(value, depth=4):
    """A PDF object as Python values, to compare across files (object numbers left out)."""
    if isinstance(value, pikepdf.Stream):
        return ("stream", bytes(value.read_raw_bytes()))
    if isinstance(value, pikepdf.Dictionary):
        return {str(key): plain(item, depth - 1) for key, item in value.items()} if depth > 0 else "…"
    if isinstance(value, pikepdf.Array):
        return [plain(item, depth - 1) for item in value] if depth > 0 else "…"
    if isinstance(value, (pikepdf.String, pikepdf.Name)):
        return str(value)
    if isinstance(value, (int, float, bool)) or value is None:
        return value
    return repr(value)


def info(pdf):
    try:
        return {str(key): plain(value) for key, value in pdf.docinfo.items() if str(key) not in TIMES}
    except UnicodeDecodeError:
        # A key that is not UTF-8 (OCRmyPDF's docinfo_latin1_key.pdf): the dictionary as written.
        return re.sub(rb"/(ModDate|CreationDate)\s*\([^)]*\)", b"", bytes(pdf.docinfo.unparse(resolved=True)))


def xmp(pdf):
    meta = pdf.open_metadata()
    return {key: str(value) for key, value in meta.items() if key.split("}")[-1] not in {t.split(":")[-1] for t in TIMES}}


def fields(pdf):
    form = pdf.Root.get("/AcroForm")
    if form is None:
        return []
    result = []

    def walk(field, prefix):
        name = prefix + str(field.get("/T", ""))
        result.append((name, plain(field.get("/V")), plain(field.get("/FT"))))
        for kid in field.get("/Kids", []):
            walk(kid, name + ".")

    for field in form.get("/Fields", []):
        walk(field, "")
    return result


def text(path):
    return subprocess.run(["pdftotext", str(path), "-"], capture_output=True, text=True, check=True).stdout


def differences(plain, optimized):
    """What the optimised PDF lost or changed of the unoptimised one, by feature; empty when
    everything is kept."""
    lost = []
    if text(plain) != text(optimized):
        lost.append("text")
    with pikepdf.open(plain) as before, pikepdf.open(optimized) as after:
        for name, read in [("images", images), ("outline", outline), ("information", info), ("XMP", xmp),
                           ("fields", fields)]:
            if read(before) != read(after):
                lost.append(name)
        if len(before.pages) != len(after.pages):
            lost.append("pages")
    return lost


def compare(binary, pdfs, folder):
    """One row per PDF: name, input size, OCRmyPDF's output size (None when it failed),
    filterocr's (None when it failed), the optimisation's losses, and each tool's wall time."""
    rows = []
    for source in pdfs:
        theirs, ours, plain = (folder / f"{source.stem}.{kind}.pdf" for kind in ("ocrmypdf", "filterocr", "plain"))
        done_theirs, time_theirs = ocrmypdf(source, theirs)
        done_ours, time_ours = filterocr(binary, source, ours)
        lost = None
        if done_ours.returncode == 0:
            done_plain, _ = filterocr(binary, source, plain, "--optimize", "0")
            lost = differences(plain, ours) if done_plain.returncode == 0 else ["--optimize 0 failed"]
        rows.append({
            "name": source.name, "input": source.stat().st_size,
            "ocrmypdf": theirs.stat().st_size if done_theirs.returncode == 0 and theirs.exists() else None,
            "filterocr": ours.stat().st_size if done_ours.returncode == 0 and ours.exists() else None,
            "lost": lost, "ocrmypdf_seconds": time_theirs, "filterocr_seconds": time_ours,
            "filterocr_error": done_ours.stderr.strip()[-300:] if done_ours.returncode != 0 else "",
        })
    return rows


def both(rows):
    return [row for row in rows if row["ocrmypdf"] and row["filterocr"]]


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--filterocr", default=str(ROOT / ".build" / "release" / "filterocr"))
    parser.add_argument("--keep", help="write the outputs here instead of a temporary folder")
    parser.add_argument("pdfs", nargs="*", type=Path)
    arguments = parser.parse_args()
    pdfs = []
    for given in arguments.pdfs or [DEFAULT]:
        pdfs += sorted(given.glob("*.pdf")) if given.is_dir() else [given]
    with tempfile.TemporaryDirectory() as temporary:
        folder = Path(arguments.keep or temporary)
        folder.mkdir(parents=True, exist_ok=True)
        rows = compare(arguments.filterocr, pdfs, folder)
    print(f"{'PDF':28} {'input':>9} {'OCRmyPDF':>9} {'filterocr':>9} {'ratio':>6}  lost by optimising")
    for row in rows:
        ratio = f"{row['filterocr'] / row['ocrmypdf']:.2f}x" if row["ocrmypdf"] and row["filterocr"] else "-"
        lost = "failed: " + row["filterocr_error"].splitlines()[-1] if row["lost"] is None else ", ".join(row["lost"]) or "nothing"
        print(f"{row['name']:28} {row['input']:>9} {row['ocrmypdf'] or 'failed':>9} {row['filterocr'] or 'failed':>9} "
              f"{ratio:>6}  {lost}")
    common = both(rows)
    theirs = sum(row["ocrmypdf"] for row in common)
    ours = sum(row["filterocr"] for row in common)
    largest = max(common, key=lambda row: row["filterocr"] / row["ocrmypdf"])
    print(f"\n{len(common)} PDFs both succeeded on: total {ours} bytes against {theirs}, {ours / theirs:.3f}x; "
          f"largest ratio {largest['filterocr'] / largest['ocrmypdf']:.2f}x ({largest['name']})")
    seconds = [sum(row[key] for row in common) for key in ("filterocr_seconds", "ocrmypdf_seconds")]
    print(f"wall time: filterocr {seconds[0]:.1f} s, OCRmyPDF {seconds[1]:.1f} s ({seconds[0] / seconds[1]:.2f}x)")
    changed = [row["name"] for row in rows if row["lost"]]
    print("optimising changed nothing but the size" if not changed else f"optimising changed: {', '.join(changed)}")
    return 1 if changed else 0


if __name__ == "__main__":
    sys.exit(main())
