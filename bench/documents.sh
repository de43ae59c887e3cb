#!/usr/bin/env bash
# Documents, measured in one run: a 20-page scanned PDF of the image set's and the corpus's
# pages (made here with img2pdf, each image embedded as it is, at 300 dpi) to a searchable
# PDF, by `filterocr batch -j 2 --format pdf` against OCRmyPDF with the same jobs
# (`ocrmypdf -j 2 --output-type pdf`), beside `pdftoppm | tesseract` page by page, two at
# a time, as the lower anchor (Tesseract alone on pages rendered beforehand, no PDF written).
# The same pair again on 16 pages without the JPEG ones, which Poppler's and Ghostscript's
# rasterisers are slow to draw. Then checks the output: the input's images unchanged
# (pdfimages -list), the text there (pdftotext), the size within the input's plus 10% plus
# the text; each page's text against `tesseract` on that page rendered at the same
# resolution by pdftoppm and by mutool draw; and peak memory for 200 pages against 20 (the
# same pages repeated).
#
# usage: bench/documents.sh [path/to/filterocr]
set -euo pipefail
cd "$(dirname "$0")/.."
bin=$(realpath "${1:-.build/release/filterocr}")
corpus=${FILTEROCR_CORPUS:-corpus}
jobs=${JOBS:-2}
python=${PYTHON:-python3}

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
pages=(images/book_page.png images/exam_page.tif images/form.png images/newsletter.png images/skewed_page.jpg
       images/receipt.png images/app_screenshot.png "$corpus"/phototest.tif "$corpus"/eurotext.tif images/document_photo_12mp.jpg)
img2pdf --imgsize 300dpix300dpi -o "$work/ten.pdf" "${pages[@]}" > /dev/null 2>&1
qpdf --empty --pages "$work/ten.pdf" "$work/ten.pdf" -- "$work/scan.pdf"
qpdf --empty --pages $(for _ in $(seq 20); do echo "$work/ten.pdf"; done) -- "$work/scan200.pdf"
count=$(pdfinfo "$work/scan.pdf" | awk '/^Pages:/ {print $2}')
echo "$count scanned pages at 300 dpi ($(du -k "$work/scan.pdf" | cut -f1) KiB), $(nproc) cores, -j $jobs"
echo "filterocr $("$bin" --version), $(ocrmypdf --version | head -1 | sed 's/^/OCRmyPDF /'), $(tesseract --version 2>&1 | head -1)"

measure() {  # name, command...: prints "name seconds peak-KiB cpu-seconds"
  local name=$1; shift
  /usr/bin/time -f "%e %M %U %S" -o "$work/time" "$@" > /dev/null 2> "$work/stderr" || { cat "$work/stderr" >&2; exit 1; }
  read -r seconds peak user system < "$work/time"
  printf "%s\t%s\t%s\t%s\n" "$name" "$seconds" "$peak" "$(echo "$user + $system" | bc)" >> "$work/results"
}

measure "ocrmypdf -j $jobs --output-type pdf" \
  ocrmypdf -q -j "$jobs" --output-type pdf "$work/scan.pdf" "$work/ocrmypdf.pdf"
measure "filterocr batch -j $jobs --format pdf" \
  "$bin" batch --no-feed --no-truth -j "$jobs" --format pdf -o "$work/filterocr.pdf" "$work/scan.pdf"
measure "pdftoppm | tesseract, $jobs at a time" sh -c \
  "seq 1 $count | OMP_THREAD_LIMIT=1 xargs -P $jobs -I{} sh -c 'pdftoppm -r 300 -f {} -l {} -png \"$work/scan.pdf\" | tesseract - - >/dev/null 2>&1'"
measure "filterocr batch -j $jobs --format pdf, 200 pages" \
  "$bin" batch --no-feed --no-truth -j "$jobs" --format pdf -o "$work/filterocr200.pdf" "$work/scan200.pdf"

# Without the JPEG pages, which Poppler's and Ghostscript's rasterisers are slow to draw.
lossless=(images/book_page.png images/exam_page.tif images/form.png images/newsletter.png images/receipt.png
          images/app_screenshot.png "$corpus"/phototest.tif "$corpus"/eurotext.tif)
img2pdf --imgsize 300dpix300dpi -o "$work/eight.pdf" "${lossless[@]}" > /dev/null 2>&1
qpdf --empty --pages "$work/eight.pdf" "$work/eight.pdf" -- "$work/lossless.pdf"
measure "ocrmypdf, 16 pages without JPEG" \
  ocrmypdf -q -j "$jobs" --output-type pdf "$work/lossless.pdf" "$work/ocrmypdf-lossless.pdf"
measure "filterocr, 16 pages without JPEG" \
  "$bin" batch --no-feed --no-truth -j "$jobs" --format pdf -o "$work/filterocr-lossless.pdf" "$work/lossless.pdf"

# Each page's text, by filterocr and by tesseract on the page rendered at the same resolution,
# by Poppler (pdftoppm) and by MuPDF (mutool draw), which decode JPEG pages differently.
"$bin" batch --no-feed --no-truth -j "$jobs" --format jsonl "$work/scan.pdf" > "$work/pages.jsonl"
for page in $(seq 1 "$count"); do
  pdftoppm -r 300 -f "$page" -l "$page" -png "$work/scan.pdf" > "$work/page.png"
  OMP_THREAD_LIMIT=1 tesseract "$work/page.png" - 2> /dev/null > "$work/tesseract-$page.txt"
  mutool draw -q -r 300 -c rgb -o "$work/mupdf.png" "$work/scan.pdf" "$page" 2> /dev/null
  OMP_THREAD_LIMIT=1 tesseract "$work/mupdf.png" - 2> /dev/null > "$work/mupdf-$page.txt"
done
pdfimages -list "$work/scan.pdf" > "$work/images-in.txt"
pdfimages -list "$work/filterocr.pdf" > "$work/images-out.txt"
pdftotext "$work/filterocr.pdf" "$work/text-out.txt"

"$python" - "$work" "$count" <<'PY'
import json, os, sys
work, count = sys.argv[1], int(sys.argv[2])
rows = [line.rstrip("\n").split("\t") for line in open(f"{work}/results")]
times = {name: float(seconds) for name, seconds, _, _ in rows}
peaks = {name: int(peak) for name, _, peak, _ in rows}
cpu = {name: float(busy) for name, _, _, busy in rows}
names = [name for name, _, _, _ in rows]
anchor = times[names[0]]
cores = os.cpu_count() or 1
print(f"\n{'command':48} {'wall s':>8} {'pages/s':>8} {'÷ OCRmyPDF':>11} {'peak MiB':>9} {'cores busy':>11}")
for name in names[:3]:
    print(f"{name:48} {times[name]:8.2f} {count / times[name]:8.2f} {times[name] / anchor:10.2f}x {peaks[name] / 1024:9.0f}"
          f" {cpu[name] / times[name]:8.2f} of {cores}")
print("(peak memory: the largest single process; for OCRmyPDF and xargs, one of theirs; cores busy: CPU seconds over wall)")

def columns(path):  # pdfimages -list without the object numbers, which a rewrite may change
    lines = open(path).read().splitlines()[2:]
    return [line.split()[:10] + line.split()[12:] for line in lines]
same_images = columns(f"{work}/images-in.txt") == columns(f"{work}/images-out.txt")
size_in, size_out = os.path.getsize(f"{work}/scan.pdf"), os.path.getsize(f"{work}/filterocr.pdf")
text = open(f"{work}/text-out.txt", encoding="utf-8", errors="replace").read()
ocrmypdf_size = os.path.getsize(f"{work}/ocrmypdf.pdf")
print(f"\nsearchable PDF: images unchanged (pdfimages -list): {'yes' if same_images else 'NO'}; "
      f"size {size_in / 1024:.0f} KiB in, {size_out / 1024:.0f} KiB out ({(size_out - size_in) / size_in * 100:+.1f}%), "
      f"OCRmyPDF's {ocrmypdf_size / 1024:.0f} KiB; pdftotext finds {len(text.split())} words")

reports = [json.loads(line) for line in open(f"{work}/pages.jsonl")]
for renderer, prefix in (("Poppler's pdftoppm", "tesseract"), ("MuPDF's mutool draw", "mupdf")):
    differ = [report["page"] for report in reports
              if report["text"].strip() != open(f"{work}/{prefix}-{report['page']}.txt", encoding="utf-8").read().strip()]
    print(f"pages whose text equals tesseract's on the page rendered at 300 dpi by {renderer}: "
          f"{count - len(differ)} of {count}" + (f" (not pages {', '.join(map(str, differ))})" if differ else ""))
lossless = [name for name in names if "without JPEG" in name]
print(f"without the JPEG pages (16 pages): OCRmyPDF {times[lossless[0]]:.2f} s, filterocr {times[lossless[1]]:.2f} s, "
      f"{times[lossless[1]] / times[lossless[0]]:.2f}x")
big = "filterocr batch -j 2 --format pdf, 200 pages"
ours = names[1]
print(f"peak memory, 200 pages ÷ 20 pages: {peaks[names[3]] / peaks[ours]:.2f}x "
      f"({peaks[names[3]] / 1024:.0f} MiB ÷ {peaks[ours] / 1024:.0f} MiB)")
PY
