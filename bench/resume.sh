#!/usr/bin/env bash
# The result store over a 60-page batch, measured in one run:
#   first    `filterocr batch -j 2` with a new store: every page recognised and kept
#   second   the same command again: every page answered from the store (target: at most 5%
#            of the first's wall time)
#   killed   the same batch on another new store, killed with SIGKILL once half its pages are
#            printed, then run again: how many pages the rerun recognised, how many came from
#            the store, and whether its JSON Lines equal the first run's apart from timings
#   hocr     the same kill and rerun writing one hOCR document: byte for byte the one an
#            uninterrupted run writes?
# The pages are 60 different scans (1650 x 2400 pixels at 300 dpi, each cut a little lower) of
# three pages of images/, as greyscale PNG files, made with img2pdf and pdftoppm. Ends with one line for scripts:
#   resume-summary pages=60 first_s=.. second_s=.. ratio=.. killed_after=.. rerun_recognised=..
#                  rerun_from_store=.. jsonl_same=yes|no hocr_same=yes|no
#
# usage: bench/resume.sh [path/to/filterocr]
set -euo pipefail
cd "$(dirname "$0")/.."
bin=$(realpath "${1:-.build/release/filterocr}")
PYTHON=${PYTHON:-/usr/bin/python3}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

img2pdf --imgsize 300dpix300dpi -o "$work/source.pdf" images/book_page.png images/newsletter.png images/form.png
for i in $(seq 0 59); do
  page=$((i % 3 + 1)); y=$(((i / 3) * 8))
  pdftoppm -png -gray -r 300 -f $page -l $page -x 0 -y $y -W 1650 -H 2400 -singlefile "$work/source.pdf" \
    "$work/$(printf 'page-%02d' "$i")"
done
pages=("$work"/page-*.png)
echo "${#pages[@]} pages, $(nproc) cores, -j 2"

seconds() { "$PYTHON" -c 'import time; print(time.monotonic())'; }
run_timed() {  # store, output: prints wall seconds
  local start end
  start=$(seconds)
  "$bin" batch -j 2 --no-truth --store "$1" "${pages[@]}" > "$2"
  end=$(seconds)
  "$PYTHON" -c "print(round($end - $start, 3))"
}
first=$(run_timed "$work/store.sqlite" "$work/first.jsonl")
second=$(run_timed "$work/store.sqlite" "$work/second.jsonl")
ratio=$("$PYTHON" -c "print(round($second / $first, 4))")
echo "first run:  $first s (every page recognised)"
echo "second run: $second s (every page from the store): $ratio of the first (target ≤ 0.05)"

# Kills `batch` with SIGKILL once COUNT pages are in OUTPUT (counted by PATTERN), then waits.
kill_halfway() {  # output, pattern, command...
  local output=$1 pattern=$2; shift 2
  "$@" > "$output" 2>/dev/null &
  local pid=$!
  until [ "$(grep -c -- "$pattern" "$output" || true)" -ge 30 ]; do sleep 0.05; done
  kill -KILL "$pid"; wait "$pid" 2>/dev/null || true
  grep -c -- "$pattern" "$output" || true
}
killed_after=$(kill_halfway "$work/killed.jsonl" '"image"' "$bin" batch -j 2 --no-truth --store "$work/killed.sqlite" "${pages[@]}")
"$bin" batch -j 2 --no-truth --store "$work/killed.sqlite" "${pages[@]}" > "$work/rerun.jsonl"
read -r recognised from_store jsonl_same < <("$PYTHON" - "$work/first.jsonl" "$work/rerun.jsonl" <<'PY'
import json, sys
def lines(path):
    return [json.loads(line) for line in open(path)]
first, rerun = lines(sys.argv[1]), lines(sys.argv[2])
stored = sum(1 for line in rerun if line.get("timings", {}).get("stored"))
strip = lambda line: {key: value for key, value in line.items() if key != "timings"}
print(len(rerun) - stored, stored, "yes" if list(map(strip, first)) == list(map(strip, rerun)) else "no")
PY
)
echo "killed after $killed_after of 60 pages printed; the rerun recognised $recognised and took $from_store from the store;" \
     "JSON Lines equal apart from timings: $jsonl_same"

"$bin" batch -j 2 --no-truth --store "$work/first-hocr.sqlite" --format hocr -o "$work/whole.hocr" "${pages[@]}"
kill_halfway "$work/killed.hocr" "class='ocr_page'" "$bin" batch -j 2 --no-truth --store "$work/hocr.sqlite" \
  --format hocr -o - "${pages[@]}" > /dev/null
"$bin" batch -j 2 --no-truth --store "$work/hocr.sqlite" --format hocr -o "$work/rerun.hocr" "${pages[@]}"
hocr_same=$(cmp -s "$work/whole.hocr" "$work/rerun.hocr" && echo yes || echo no)
echo "hOCR after a kill and a rerun, byte for byte the uninterrupted run's: $hocr_same"
echo "resume-summary pages=60 first_s=$first second_s=$second ratio=$ratio killed_after=$killed_after" \
     "rerun_recognised=$recognised rerun_from_store=$from_store jsonl_same=$jsonl_same hocr_same=$hocr_same"
