#!/usr/bin/env bash
# Judges `filterocr ocr --auto`, the filter chain chosen without the truth, on the development
# set: bench/devset.py degrades the 56 source pages of devcorpus/ (public scans and pages
# rendered here, each with its exact truth) three times each, with kinds and strengths drawn at
# random from wide ranges, and splits the pages by source page and by seed:
#   tune   sources and seeds tuning may see (23 sources, seed 0)
#   test   sources and seeds tuning never saw (33 sources, seeds 1 and 2): the figures to quote
#   mixed  a tuning source with a test seed, or the reverse: never tuned on, reported apart
#   clean  every source as it is: --auto must leave these as given
#   real   the real pages of devcorpus/photographed/ (phone photos, till receipts, each NAME.EXT
#          with its NAME.txt), read as given, never degraded: split by source as the others
#          (real-tune, real-test; reported together with a row for each), their kind the
#          name's first two words (receipt_thermal_x.jpg: real-receipt-thermal). Copied into the
#          set afresh on every run that asks for them (devset.py --real), so pages that
#          arrive later are read; an empty or missing folder gives an empty report.
# bench/autoeval.py then reads every page with the `tesseract` command line, OCRmyPDF
# `--rotate-pages --deskew --clean`, filterocr as given and filterocr --auto --explain (with
# the truth, which only scores the candidates), and reports per kind, macro and micro CER, the
# oracle (per page the lowest CER among the candidates --auto read whole), auto - oracle, the
# share of pages where the best candidate is the original, the worst page, the pages --auto
# made worse and the time ratio, against the targets (its header says how).
#
# usage: bench/auto.sh [path/to/filterocr] [SPLIT...]     SPLIT: tune, test, mixed, clean, real
#                                                         (default: test clean)
# environment:
#   AUTO_SET=DIR     build the set in DIR and keep it; reused as it is when DIR/manifest.tsv
#                    lists its degraded pages (its real pages are copied afresh for `real`).
#                    Default: a temporary directory, removed at the end.
#   AUTO_ROWS=FILE   keep every page's row in FILE and reuse the rows already there (a row
#                    without the oracle has its --auto run again)
#   AUTO_REDO=COLS   with AUTO_ROWS: measure these columns again (tesseract,ocrmypdf,plain,auto;
#                    auto gives the oracle too)
#   OCRMYPDF=0       skip the OCRmyPDF column
#   AUTO_ORACLE=0    run --auto without the truth and --explain: no oracle columns, and the
#                    --auto times without scoring its candidates
#   AUTO_LINES=0     no line oracle (each page's candidates read again from a store: the
#                    best candidate for each line of the truth)
#   AUTO_REAL=DIR    the real pages (default devcorpus/photographed)
#   AUTO_OPTIONS=S   more options for the --auto runs, e.g. AUTO_OPTIONS="--auto-by page" for
#                    the whole-page search alone (with AUTO_ROWS and AUTO_REDO=auto, beside the
#                    rows of the default search by line)
#   AUTO_STRICT=1    exit 1 when a target is missed
set -euo pipefail
cd "$(dirname "$0")/.."
bin=.build/release/filterocr
if [ $# -gt 0 ]; then
  case "$1" in tune|test|mixed|clean|real) ;; *) bin=$1; shift ;; esac
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
[ -z "${AUTO_OPTIONS:-}" ] || options+=(--auto-options "$AUTO_OPTIONS")
[ "${AUTO_ORACLE:-1}" != 0 ] || options+=(--no-oracle)
[ "${AUTO_ORACLE:-1}" = 0 ] || [ "${AUTO_LINES:-1}" = 0 ] || options+=(--line-oracle)
real_dir=${AUTO_REAL:-devcorpus/photographed}
degraded=0 real=0
for split in "${splits[@]}"; do
  case "$split" in
    real) real=1 ;;
    tune|test|mixed|clean) degraded=1 ;;
    *) echo "auto.sh: unknown split '$split' (tune, test, mixed, clean or real)" >&2; exit 2 ;;
  esac
done

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
set_dir=${AUTO_SET:-$work/set}
if [ "$degraded" = 0 ] || grep -q $'^clean\t' "$set_dir/manifest.tsv" 2> /dev/null; then
  [ ! -f "$set_dir/manifest.tsv" ] || echo "reusing the set in $set_dir"
else
  echo "building the set in $set_dir (bench/devset.py, about a minute)"
  # devset.py needs Debian's OpenCV, numpy and Pillow, which only the system's Python has.
  /usr/bin/python3 bench/devset.py devcorpus/public devcorpus/rendered --out "$set_dir" --seeds 3 > "$work/devset.log"
  tail -n 1 "$work/devset.log"
fi
if [ "$real" = 1 ]; then
  # The real pages as they are now, copied as given in place of the set's earlier ones.
  /usr/bin/python3 bench/devset.py --real "$real_dir" --out "$set_dir" > "$work/real.log"
  tail -n 1 "$work/real.log"
fi
splits_list=$(IFS=,; echo "${splits[*]}")
"${PYTHON:-/usr/bin/python3}" bench/autoeval.py "$set_dir" --bin "$bin" --splits "$splits_list" "${options[@]}"
