#!/usr/bin/env bash
# Wall time of `filterocr ocr` on a batch of images against the `tesseract` command line on the
# same files, measured in one run, plus each one's character error rate against ground truth.
#
# usage: bench/ocr.sh [path/to/filterocr]
set -euo pipefail
cd "$(dirname "$0")/.."
bin=${1:-.build/release/filterocr}
corpus=${FILTEROCR_CORPUS:-corpus}
python=${PYTHON:-python3}
runs=${RUNS:-3}

images=()
for f in images/*; do
  case "$f" in *.txt|*.md) continue ;; esac
  [ -f "${f%.*}.txt" ] && images+=("$f")
done
for f in "$corpus"/phototest.tif "$corpus"/eurotext.tif; do [ -f "$f" ] && images+=("$f"); done

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
printf '%s\n' "${images[@]}" > "$work/list"
echo "${#images[@]} images, best of $runs runs each, $(nproc) cores"

loop_script='while read -r f; do tesseract "$f" - >/dev/null 2>&1; done < '"$work/list"
hyperfine --runs "$runs" --style none --export-json "$work/times.json" \
  -n "filterocr ocr (one process)" "env -u OMP_THREAD_LIMIT $bin ocr ${images[*]} >/dev/null" \
  -n "filterocr ocr, OpenMP not limited" "OMP_THREAD_LIMIT=64 $bin ocr ${images[*]} >/dev/null" \
  -n "tesseract FILE - (default)" "env -u OMP_THREAD_LIMIT bash -c '$loop_script'" \
  -n "OMP_THREAD_LIMIT=1 tesseract FILE -" "OMP_THREAD_LIMIT=1 bash -c '$loop_script'" >/dev/null

"$python" - "$work/times.json" <<'PY'
import json, sys
results = json.load(open(sys.argv[1]))["results"]
best = {r["command"]: min(r["times"]) for r in results}
ours = best["filterocr ocr (one process)"]
print(f"\n{'command':40} {'wall s':>8} {'filterocr / this':>17}")
for name, seconds in best.items():
    print(f"{name:40} {seconds:8.2f} {ours / seconds:16.2f}x")
PY

echo
printf '%-42s %12s %12s\n' image "CER filterocr" "CER tesseract"
worse=0
for f in "${images[@]}"; do
  truth="${f%.*}.txt"
  "$bin" ocr "$f" > "$work/ours.txt" 2>/dev/null || true
  OMP_THREAD_LIMIT=1 tesseract "$f" - > "$work/cli.txt" 2>/dev/null || true
  ours=$("$python" bench/score.py "$truth" "$work/ours.txt" | sed 's/cer=\([0-9.]*\).*/\1/')
  cli=$("$python" bench/score.py "$truth" "$work/cli.txt" | sed 's/cer=\([0-9.]*\).*/\1/')
  printf '%-42s %12s %12s\n' "$(basename "$f")" "$ours" "$cli"
  awk -v a="$ours" -v b="$cli" 'BEGIN { exit !(a > b) }' && worse=$((worse + 1))
done
echo "images where filterocr reads worse than tesseract: $worse"
