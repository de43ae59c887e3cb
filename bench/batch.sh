#!/usr/bin/env bash
# Batch throughput, measured in one run: `filterocr batch -j 2` against a plain loop of the
# `tesseract` command line (default settings) and against `xargs -P 2` running
# `OMP_THREAD_LIMIT=1 tesseract`, on the same inputs: images/ and corpus/, twice
# over (34 images). Prints wall time, images per second, ratios and peak memory, and what
# one searchable PDF of them all costs against JSON Lines.
#
# usage: bench/batch.sh [path/to/filterocr]
set -euo pipefail
cd "$(dirname "$0")/.."
bin=${1:-.build/release/filterocr}
corpus=${FILTEROCR_CORPUS:-corpus}
jobs=${JOBS:-2}

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
for pass in 1 2; do
  for f in images/* "$corpus"/*.tif "$corpus"/*.jpg; do
    case "$f" in *.txt|*.md) continue ;; esac
    echo "$f"
  done
done > "$work/list"
count=$(wc -l < "$work/list")
echo "$count images, $(nproc) cores, -j $jobs"

measure() {  # name, command...: prints "name seconds peak-KiB"
  local name=$1; shift
  /usr/bin/time -f "%e %M" -o "$work/time" "$@" > /dev/null 2>&1 || true
  read -r seconds peak < "$work/time"
  echo "$name|$seconds|$peak" >> "$work/results"
}

measure "filterocr batch -j $jobs" sh -c "\"$bin\" batch --no-feed -j $jobs < \"$work/list\""
measure "filterocr batch -j $jobs --format pdf -o" \
  sh -c "\"$bin\" batch --no-feed -j $jobs --format pdf -o \"$work/all.pdf\" < \"$work/list\""
measure "xargs -P $jobs OMP_THREAD_LIMIT=1 tesseract" \
  sh -c "OMP_THREAD_LIMIT=1 xargs -P $jobs -I{} tesseract {} - < \"$work/list\""
measure "for f; do tesseract f -; done (default)" \
  sh -c "unset OMP_THREAD_LIMIT; while read -r f; do tesseract \"\$f\" -; done < \"$work/list\""

"${PYTHON:-python3}" - "$work/results" "$count" <<'PY'
import sys
rows = [line.rstrip("\n").split("|") for line in open(sys.argv[1])]
count = int(sys.argv[2])
ours = float(rows[0][1])
print(f"\n{'command':46} {'wall s':>8} {'images/s':>9} {'filterocr throughput ÷ this':>28} {'peak MiB':>9}")
for name, seconds, peak in rows:
    seconds = float(seconds)
    print(f"{name:46} {seconds:8.2f} {count / seconds:9.2f} {seconds / ours:27.2f}x {int(peak) / 1024:9.0f}")
print("(peak memory: the largest single process; for xargs and the loop, one tesseract)")
pdf = float(rows[1][1])
print(f"\nbatch --format pdf -o ÷ batch (JSON Lines): {pdf / ours:.2f}x")
PY
