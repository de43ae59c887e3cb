#!/usr/bin/env bash
# A 12-point blur sweep of a page with two engines against the tesseract command line (one
# thread, as fast as it goes) on the same 12 rendered points one after another, in one run.
# The target: the sweep takes at most 0.55x as long.
#
# usage: bench/sweep.sh [path/to/filterocr] [IMAGE]
set -euo pipefail
cd "$(dirname "$0")/.."
bin=${1:-.build/release/filterocr}
image=${2:-images/book_page.png}
values="0,0.5%,1%,1.5%,2%,2.5%,3%,3.5%,4%,4.5%,5%,5.5%"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
index=0
for value in ${values//,/ }; do
  "$bin" filter "$image" --ops "blur; slider $value" -o "$work/$index.png"
  index=$((index + 1))
done
ls "$work"/*.png > "$work/list"
hyperfine --runs "${RUNS:-3}" --style none --export-json "$work/times.json" \
  -n "filterocr sweep -j 2 (12 points)" "$bin sweep $image --filter blur --values $values -j 2 --no-truth > /dev/null" \
  -n "OMP_THREAD_LIMIT=1 tesseract on the 12 PNGs" "OMP_THREAD_LIMIT=1 bash -c 'while read -r f; do tesseract \"\$f\" - >/dev/null 2>&1; done < $work/list'" \
  > /dev/null
"${PYTHON:-python3}" - "$work/times.json" <<'PY'
import json, sys
results = {r["command"]: min(r["times"]) for r in json.load(open(sys.argv[1]))["results"]}
ours = results["filterocr sweep -j 2 (12 points)"]
theirs = results["OMP_THREAD_LIMIT=1 tesseract on the 12 PNGs"]
print(f"filterocr sweep -j 2, 12 points       {ours:7.2f} s")
print(f"OMP_THREAD_LIMIT=1 tesseract, 12 PNGs {theirs:7.2f} s")
print(f"ratio {ours / theirs:.3f}x (target <= 0.55)")
PY
