#!/bin/bash
# What the commands print, timings aside, on the repository's images and devcorpus/regression:
# run it before and after a change to the core and diff the two folders; a change that should
# not alter a result shows nothing.
#
#   bench/same-outputs.sh BIN OUT
set -euo pipefail
[ $# -eq 2 ] || { echo "usage: bench/same-outputs.sh BIN OUT" >&2; exit 2; }
bin=$(realpath -- "$1")
out=$(realpath -m -- "$2")
cd "$(dirname "$0")/.."
mkdir -p -- "$out"
export FILTEROCR_STORE=none
# Timings and the store's answers differ from run to run; everything else is the result.
strip() { python3 -c '
import json, sys
def clean(value):
    if isinstance(value, dict):
        return {k: clean(v) for k, v in value.items() if k not in ("timings", "seconds", "elapsed", "generated")}
    if isinstance(value, list):
        return [clean(v) for v in value]
    return value
text = sys.stdin.read()
try:
    print(json.dumps(clean(json.loads(text)), indent=1, sort_keys=True))
except ValueError:
    for line in text.splitlines():
        print(json.dumps(clean(json.loads(line)), sort_keys=True))
'; }
images=(images/*.png images/*.jpg images/*.tif images/*.bmp images/*.webp images/*.gif)
regression=(devcorpus/regression/*.png)
"$bin" ocr --json -j 2 "${images[@]}" "${regression[@]}" | strip > "$out/ocr.json"
"$bin" batch -j 2 --ops "binarize; 75%" "${images[@]}" | strip > "$out/batch.jsonl"
"$bin" ocr --auto --explain --json -j 2 "${regression[@]}" images/receipt.png images/skewed_page.jpg | strip > "$out/auto.json"
"$bin" sweep images/book_page.png --filter blur --format jsonl | strip > "$out/sweep.jsonl"
"$bin" report --format json images | strip > "$out/report.json"
"$bin" tune --json --folds 2 --budget 60 images/book_page.png images/form.png images/receipt.png images/newsletter.png \
    | strip > "$out/tune.json" || true
"$bin" ocr --format hocr -o "$out/book.hocr" images/book_page.png
"$bin" batch --format pdf -o "$out/pages.pdf" images/book_page.png images/receipt.png images/skewed_page.jpg
pdftotext -layout "$out/pages.pdf" "$out/pages.txt"
rm "$out/pages.pdf"
echo "outputs in $out"
