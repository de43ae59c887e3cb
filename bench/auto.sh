#!/usr/bin/env bash
# Judges `filterocr ocr --auto`, the filter chain chosen without the truth, on the development
# set: bench/devset.py degrades the 56 source pages of devcorpus/ (public scans and pages
# rendered here, each with its exact truth) three times each, with kinds and strengths drawn at
# random from wide ranges, and splits the pages by source page and by seed:
#   tune   sources and seeds tuning may see (23 sources, seed 0)
#   test   sources and seeds tuning never saw (33 sources, seeds 1 and 2): the figures to quote
#   mixed  a tuning source with a test seed, or the reverse: never tuned on, reported apart
#   clean  every source as it is: --auto must leave these as given
# bench/autoeval.py then reads every page with the `tesseract` command line, OCRmyPDF
# `--rotate-pages --deskew --clean`, filterocr as given and filterocr --auto, and reports per
# kind, macro and micro CER, the worst page, the pages --auto made worse and the time ratio,
# against the targets (its header says how).
#
# usage: bench/auto.sh [path/to/filterocr] [SPLIT...]     SPLIT: tune, test, mixed, clean
#                                                         (default: test clean)
# environment:
#   AUTO_SET=DIR     build the set in DIR and keep it; reused as it is when DIR/manifest.tsv
#                    exists. Default: a temporary directory, removed at the end.
#   AUTO_ROWS=FILE   keep every page's row in FILE and reuse the rows already there
#   AUTO_REDO=COLS   with AUTO_ROWS: measure these columns again (tesseract,ocrmypdf,plain,auto)
#   OCRMYPDF=0       skip the OCRmyPDF column
#   AUTO_STRICT=1    exit 1 when a target is missed
set -euo pipefail
cd "$(dirname "$0")/.."
bin=.build/release/filterocr
if [ $# -gt 0 ]; then
  case "$1" in tune|test|mixed|clean) ;; *) bin=$1; shift ;; esac
fi
splits=("$@")
[ ${#splits[@]} -gt 0 ] || splits=(test clean)
[ -x "$bin" ] || { echo "auto.sh: no filterocr at $bin (swift build -c release)" >&2; exit 2; }
command -v tesseract > /dev/null || { echo "auto.sh: no tesseract command line" >&2; exit 2; }
options=()
if [ "${OCRMYPDF:-1}" = 0 ]; then
  options+=(--no-ocrmypdf)
else
  command -v ocrmypdf > /dev/null || { echo "auto.sh: no ocrmypdf (OCRMYPDF=0 to skip its column)" >&2; exit 2; }
  command -v unpaper > /dev/null || { echo "auto.sh: no unpaper, which ocrmypdf --clean needs" >&2; exit 2; }
fi
[ -z "${AUTO_ROWS:-}" ] || options+=(--rows "$AUTO_ROWS")
[ -z "${AUTO_REDO:-}" ] || options+=(--redo "$AUTO_REDO")
[ "${AUTO_STRICT:-0}" = 0 ] || options+=(--strict)

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
set_dir=${AUTO_SET:-$work/set}
if [ -f "$set_dir/manifest.tsv" ]; then
  echo "reusing the set in $set_dir"
else
  echo "building the set in $set_dir (bench/devset.py, about a minute)"
  # devset.py needs Debian's OpenCV, numpy and Pillow, which only the system's Python has.
  /usr/bin/python3 bench/devset.py devcorpus/public devcorpus/rendered --out "$set_dir" --seeds 3 > "$work/devset.log"
  tail -n 1 "$work/devset.log"
fi
splits_list=$(IFS=,; echo "${splits[*]}")
python3 bench/autoeval.py "$set_dir" --bin "$bin" --splits "$splits_list" "${options[@]}"
