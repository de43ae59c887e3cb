#!/usr/bin/env bash
# Judges `filterocr tune`, one recipe for a corpus, on the degraded set that bench/degrade.py
# builds (its tune and test splits together). The pages are split by source page, so that no
# source has pages on both sides: the sources in name order, every third one (the 1st, 4th,
# 7th) to the tuning side, about a third of the pages; the rest are held out. Then:
#   1. `filterocr tune TUNING --json` tunes the recipe on the tuning side, with its own
#      cross-validated estimate and spread (the held-out pages are never seen);
#   2. on the held-out side, every column is the corpus CER, micro (the sum of the pages' edit
#      distances over the sum of their truths' lengths; the macro mean of the pages' rates beside it):
#        tesseract  `tesseract IMAGE stdout` (OMP_THREAD_LIMIT=1), scored here
#        original   `filterocr batch` (no filters)
#        recipe     `filterocr batch --ops RECIPE`, the tuned recipe
#        auto       `filterocr batch --auto` (each page's own choice, without the truth)
#        oracle     per page the best CER among the candidates of a large search scored against
#                   the truth: `batch --auto --auto-budget $ORACLE_BUDGET --explain`, minimum of
#                   auto.candidates[].accuracy.characterErrorRate
#   3. whether the recipe's held-out CER falls within the spread tune stated (its bootstrap
#      interval, and its folds' range), and per page where the recipe or --auto reads better.
# One line for scripts at the end:
#   tune-summary n_tune=.. n_held=.. recipe="…" estimate=.. interval=..-.. folds=..-.. held_recipe=..
#                tesseract=.. original=.. auto=.. oracle=.. within_interval=yes|no within_folds=yes|no
#
# filterocr's CERs are turned back into edit distances with the truth's normalised length
# (NFC, white-space runs one space, trimmed; the rates have six decimals, so this is exact for
# any page under 100,000 characters); the tesseract column is scored by bench/score.py's
# distance, the same definition.
#
# usage: bench/tune.sh [path/to/filterocr]
# environment:
#   AUTO_SET=DIR       the set (bench/degrade.py's, not bench/auto.sh's development set): built in DIR and kept, or reused when
#                      DIR/manifest.tsv exists. Default: a temporary directory, removed at the end.
#   TUNE_BUDGET=N      tune's --budget (default: tune's own, 40 recognitions a page)
#   FOLDS=K            tune's --folds (default 3)
#   ORACLE=0           skip the oracle column (the large search is the slowest part)
#   ORACLE_BUDGET=N    --auto-budget of the oracle search (default 1000)
#   TUNE_OUT=DIR       keep tune's JSON, every run's output and the rows (TSV) in DIR
set -euo pipefail
cd "$(dirname "$0")/.."
bin=${1:-.build/release/filterocr}
python=${PYTHON:-python3}
oracle=${ORACLE:-1}
oracle_budget=${ORACLE_BUDGET:-1000}
folds=${FOLDS:-3}
[ -x "$bin" ] || { echo "tune.sh: no filterocr at $bin (swift build -c release)" >&2; exit 2; }
command -v tesseract > /dev/null || { echo "tune.sh: no tesseract command line" >&2; exit 2; }

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
source bench/degraded-set.sh
out=${TUNE_OUT:-$work/out}
mkdir -p "$out"

# The split by source: copies (folders are searched for files, not links) with their truths.
tuning=$work/tuning held=$work/held
mkdir -p "$tuning" "$held"
"$python" - "$set_dir" "$tuning" "$held" <<'PY'
import csv, os, shutil, sys
set_dir, tuning, held = sys.argv[1:]
rows = [r for r in csv.DictReader(open(os.path.join(set_dir, "manifest.tsv"), encoding="utf-8"), delimiter="\t")
        if r["split"] in ("tune", "test")]
sources = sorted({r["source"] for r in rows})
tuned = set(sources[::3])
for r in rows:
    image = os.path.join(set_dir, r["split"], r["file"])
    truth = os.path.splitext(image)[0] + ".txt"
    if not os.path.exists(truth):
        continue
    target = tuning if r["source"] in tuned else held
    shutil.copy(image, target)
    shutil.copy(truth, target)
print(f"tuning sources: {', '.join(sorted(tuned))}; held-out sources: {', '.join(s for s in sources if s not in tuned)}")
PY
n_tune=$(ls "$tuning" | grep -vc '\.txt$' || true)
n_held=$(ls "$held" | grep -vc '\.txt$' || true)
echo "filterocr: $bin ($("$bin" --version 2> /dev/null || echo '?')), $(nproc) cores, set: $set_dir"
echo "tuning on $n_tune pages, holding out $n_held"

budget_args=()
[ -z "${TUNE_BUDGET:-}" ] || budget_args=(--budget "$TUNE_BUDGET")
t0=$(date +%s)
"$bin" tune "$tuning" --json --folds "$folds" "${budget_args[@]}" > "$out/tune.json" 2> "$out/tune.err" || {
  echo "tune.sh: filterocr tune failed: $(head -n 3 "$out/tune.err")" >&2; exit 1; }
t1=$(date +%s)
recipe=$("$python" -c 'import json, sys; print(json.load(open(sys.argv[1]))["recipe"])' "$out/tune.json")
echo "tune: $((t1 - t0)) s · recipe: $recipe"

"$bin" batch --no-feed --ops "$recipe" "$held" > "$out/recipe.jsonl" 2> "$out/recipe.err" || true
"$bin" batch --no-feed "$held" > "$out/original.jsonl" 2> "$out/original.err" || true
t2=$(date +%s)
"$bin" batch --no-feed --auto "$held" > "$out/auto.jsonl" 2> "$out/auto.err" || true
t3=$(date +%s)
echo "batch --ops and plain: $((t2 - t1)) s · batch --auto: $((t3 - t2)) s"
if [ "$oracle" != 0 ]; then
  "$bin" batch --no-feed --auto --auto-budget "$oracle_budget" --explain "$held" > "$out/oracle.jsonl" 2> "$out/oracle.err" || true
  echo "oracle search: $(($(date +%s) - t3)) s"
else
  : > "$out/oracle.jsonl"
  echo "oracle column skipped (ORACLE=0)"
fi
for img in "$held"/*; do
  case "$img" in *.txt) continue ;; esac
  OMP_THREAD_LIMIT=1 tesseract "$img" stdout 2> /dev/null > "$out/$(basename "$img").tess.txt" || : > "$out/$(basename "$img").tess.txt"
done

"$python" - "$held" "$out" <<'PY'
import json, os, sys
sys.path.insert(0, "bench")
from score import distance, normalised

held, out = sys.argv[1:]
images = sorted(f for f in os.listdir(held) if not f.endswith(".txt"))
truths = {f: normalised(open(os.path.join(held, os.path.splitext(f)[0] + ".txt"), encoding="utf-8").read()) for f in images}
length = {f: len(t) for f, t in truths.items()}

def lines(name):
    rows = {}
    for line in open(os.path.join(out, name), encoding="utf-8", errors="replace"):
        try:
            obj = json.loads(line)
        except ValueError:
            continue
        rows[os.path.basename(obj.get("image", ""))] = obj
    return rows

def rate_of(obj, best_candidate=False):
    """The page's CER in a filterocr report (the oracle: its best candidate's)."""
    if obj is None:
        return None
    if best_candidate:
        rates = [c["accuracy"]["characterErrorRate"] for c in (obj.get("auto") or {}).get("candidates", [])
                 if isinstance(c, dict) and c.get("accuracy")]
        rate = min(rates) if rates else None
    else:
        rate = (obj.get("accuracy") or {}).get("characterErrorRate")
    return None if rate is None else rate

columns = {"tesseract": {}, "original": {}, "recipe": {}, "auto": {}, "oracle": {}}
sources = {"original": lines("original.jsonl"), "recipe": lines("recipe.jsonl"), "auto": lines("auto.jsonl"),
           "oracle": lines("oracle.jsonl")}
for f in images:
    tess = open(os.path.join(out, f + ".tess.txt"), encoding="utf-8", errors="replace").read()
    columns["tesseract"][f] = distance(truths[f], normalised(tess))
    for name, rows in sources.items():
        rate = rate_of(rows.get(f), best_candidate=(name == "oracle"))
        if rate is not None:
            columns[name][f] = round(rate * max(1, length[f]))

def micro(column):
    pages = columns[column]
    if len(pages) < len(images):
        return None
    return sum(pages.values()) / max(1, sum(length[f] for f in pages))

def macro(column):
    pages = columns[column]
    if len(pages) < len(images):
        return None
    return sum(pages[f] / max(1, length[f]) for f in pages) / len(pages)

def show(value):
    return "na" if value is None else f"{value:.4f}"

report = json.load(open(os.path.join(out, "tune.json"), encoding="utf-8"))
estimate = report.get("estimate") or {}
interval = estimate.get("interval") or {}
fold_range = estimate.get("foldRange") or {}
with open(os.path.join(out, "rows.tsv"), "w", encoding="utf-8") as tsv:
    tsv.write("image\tlength\t" + "\t".join(columns) + "\tauto_script\n")
    for f in images:
        tsv.write(f"{f}\t{length[f]}\t" + "\t".join(str(columns[c].get(f, "-")) for c in columns)
                  + f"\t{(sources['auto'].get(f) or {}).get('auto', {}).get('script', '-')}\n")

print()
print(f"tuned on {report['pages']} pages: recipe \"{report['recipe']}\"")
print(f"  tune's estimate (cross-validated within the tuning pages): CER {show(estimate.get('rate', {}).get('cer'))}, "
      f"95% interval {show(interval.get('low'))}-{show(interval.get('high'))}, folds {show(fold_range.get('low'))}-"
      f"{show(fold_range.get('high'))}; on its own tuning pages {show(report['tuned']['cer'])}, original "
      f"{show(report['original']['cer'])}; {report['recognitions']} recognitions")
if report.get("auto"):
    a = report["auto"]
    print(f"  tune's own comparison on its held-out folds: recipe {show(a['recipeCER'])}, --auto {show(a['autoCER'])} "
          f"(recipe better on {a['recipeBetter']}, --auto on {a['autoBetter']}, equal {a['same']})")
print()
print(f"held out: {len(images)} pages from other sources, corpus CER micro (macro)")
for column in columns:
    print(f"  {column:<10} {show(micro(column))}  ({show(macro(column))})")
recipe = micro("recipe")
low, high = interval.get("low"), interval.get("high")
within = None if recipe is None or low is None else low <= recipe <= high
within_folds = None if recipe is None or fold_range.get("low") is None else fold_range["low"] <= recipe <= fold_range["high"]
yes = lambda v: "na" if v is None else ("yes" if v else "no")
print(f"  the recipe's held-out CER {show(recipe)} is {'within' if within else 'outside'} tune's 95% interval "
      f"{show(low)}-{show(high)}, and {'within' if within_folds else 'outside'} its folds' range")
both = [f for f in images if f in columns["recipe"] and f in columns["auto"]]
wins = sum(columns["recipe"][f] < columns["auto"][f] for f in both)
losses = sum(columns["recipe"][f] > columns["auto"][f] for f in both)
print(f"  per page: the recipe reads better on {wins}, --auto on {losses}, equal on {len(both) - wins - losses}")
print(f"tune-summary n_tune={report['pages']} n_held={len(images)} recipe=\"{report['recipe']}\" "
      f"estimate={show(estimate.get('rate', {}).get('cer'))} interval={show(low)}-{show(high)} "
      f"folds={show(fold_range.get('low'))}-{show(fold_range.get('high'))} held_recipe={show(recipe)} "
      f"tesseract={show(micro('tesseract'))} original={show(micro('original'))} auto={show(micro('auto'))} "
      f"oracle={show(micro('oracle'))} within_interval={yes(within)} within_folds={yes(within_folds)}")
PY
