#!/usr/bin/env bash
# Judges `filterocr ocr --auto`, the filter chain chosen without the truth, on the set that
# bench/degrade.py builds: degraded pages (tune, test; split by source page) and the clean
# originals (clean). For every image one row:
#   tess     CER of the `tesseract IMAGE stdout` command line (OMP_THREAD_LIMIT=1), scored
#            by bench/score.py
#   ocrmypdf CER of OCRmyPDF's `--rotate-pages --deskew --clean` (its `--sidecar` text, with
#            `--image-dpi 300` for the images that carry no resolution), scored by bench/score.py
#   orig     CER of `filterocr ocr IMAGE --json` (the original, unfiltered)
#   auto     CER of `filterocr ocr IMAGE --auto --json` (the chosen rendering)
#   oracle   the best CER among the candidates of a large search scored against the truth:
#            `--auto --auto-budget $ORACLE_BUDGET --explain`, minimum of
#            auto.candidates[].accuracy.characterErrorRate (a bound for what a choice could reach)
#   plain s, auto s   wall seconds of the plain recognition and of --auto
#   chosen   the chosen chain (auto.script)
# then per split the mean CER of each column, mean(auto) / mean(tesseract CLI) (target ≤ 0.6 on
# the degraded splits) and mean(auto) / mean(ocrmypdf); on the pages as they arrive (the ARRIVAL
# kinds of degrade.py: turned, upside down, inverted, bordered, speckled) the same means and
# ratios on their own (targets ≤ 0.25 and ≤ 0.5), the largest auto − original CER (target ≤ 0.005 on clean: the choice
# must not hurt a clean page), the median of auto s / plain s (target ≤ 6), and one line
#   auto-summary SPLIT n=.. tesseract=.. ocrmypdf=.. original=.. auto=.. oracle=.. ratio=..
#                ratio_ocrmypdf=.. worst_clean_delta=.. time_ratio_median=..
#   arrival-summary SPLIT n=.. tesseract=.. ocrmypdf=.. original=.. auto=.. ratio=.. ratio_ocrmypdf=..
# for scripts (worst_clean_delta is max(auto − original) over that split; its target applies to
# clean; "na" where a column has no values).
#
# filterocr's own `accuracy` scores its columns; bench/score.py computes the character error
# rate by the same definition (README, "Accuracy": NFC, runs of white space folded into one
# space, Levenshtein distance over code points divided by the truth's length), so the tesseract
# column and the filterocr columns are comparable with no systematic difference. Only CER is
# compared here.
#
# Runs are sequential: the machine has 2 cores and --auto uses both.
#
# usage: bench/auto.sh [path/to/filterocr] [SPLIT...]     SPLIT: tune, test, photos, clean (default: test photos clean)
# environment:
#   AUTO_SET=DIR       build the set in DIR (relative: from the repository root) and keep it;
#                      reused as it is when DIR/manifest.tsv exists (delete DIR after changing
#                      degrade.py). Default: a temporary directory, removed at the end.
#   ORACLE=0           skip the oracle column (the large search is by far the slowest part)
#   OCRMYPDF=0         skip the ocrmypdf column
#   KINDS=arrival      only the pages as they arrive (KINDS=earlier: only the others; default all)
#   ORACLE_BUDGET=N    --auto-budget of the oracle search (default 1000)
#   AUTO_TSV=FILE      also write every row, tab-separated, to FILE (relative: from the repository root)
#   AUTO_STRICT=1      exit 1 when a target is missed (or a column is missing)
set -euo pipefail
cd "$(dirname "$0")/.."
bin=.build/release/filterocr
if [ $# -gt 0 ]; then
  case "$1" in tune|test|photos|clean) ;; *) bin=$1; shift ;; esac
fi
splits=("$@")
[ ${#splits[@]} -gt 0 ] || splits=(test photos clean)
for split in "${splits[@]}"; do
  case "$split" in tune|test|photos|clean) ;; *) echo "auto.sh: unknown split '$split' (tune, test, photos or clean)" >&2; exit 2 ;; esac
done
python=${PYTHON:-python3}
oracle=${ORACLE:-1}
budget=${ORACLE_BUDGET:-1000}
ocrmypdf=${OCRMYPDF:-1}
kinds=${KINDS:-all}
case "$kinds" in all|arrival|earlier) ;; *) echo "auto.sh: KINDS is all, arrival or earlier" >&2; exit 2 ;; esac
if [ "$ocrmypdf" != 0 ]; then
  command -v ocrmypdf > /dev/null || { echo "auto.sh: no ocrmypdf (OCRMYPDF=0 to skip its column)" >&2; exit 2; }
  command -v unpaper > /dev/null || { echo "auto.sh: no unpaper, which ocrmypdf --clean needs" >&2; exit 2; }
fi
# The kinds of pages as they arrive, as degrade.py names them (the file name's last part).
arrival_kinds="turn90 turn180 turn270 upshadow inverted bordertilt specks"
is_arrival() {  # image file name
  local kind=${1%.*}
  kind=${kind##*-}
  case " $arrival_kinds " in *" $kind "*) return 0 ;; *) return 1 ;; esac
}
[ -x "$bin" ] || { echo "auto.sh: no filterocr at $bin (swift build -c release)" >&2; exit 2; }
command -v tesseract > /dev/null || { echo "auto.sh: no tesseract command line" >&2; exit 2; }

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
source bench/degraded-set.sh

# Reads one filterocr JSON output; prints tab-separated fields (or "-" for each missing one):
#   plain FILE  -> cer
#   auto FILE   -> cer, chosen script, candidates tried
#   oracle FILE -> best candidate cer, its script, number of scored candidates
cat > "$work/fields.py" <<'PY'
import json, sys

def load(path):
    try:
        text = open(path, encoding="utf-8", errors="replace").read()
    except OSError:
        return None
    start = text.find("{")
    while start >= 0:
        try:
            obj, _ = json.JSONDecoder().raw_decode(text, start)
            if isinstance(obj, dict):
                return obj
        except ValueError:
            pass
        start = text.find("{", start + 1)
    return None

def cer(obj):
    try:
        return float(obj["accuracy"]["characterErrorRate"])
    except (KeyError, TypeError, ValueError):
        return None

def clean(value):
    return "-" if value is None or value == "" else " ".join(str(value).split())

def fmt(value):
    return "-" if value is None else f"{value:.4f}"

mode, obj = sys.argv[1], load(sys.argv[2])
auto = obj.get("auto") if isinstance(obj, dict) and isinstance(obj.get("auto"), dict) else {}
if mode == "plain":
    print(fmt(cer(obj)))
elif mode == "auto":
    script = auto.get("script", obj.get("script") if obj else None)
    print("\t".join([fmt(cer(obj)), clean(script), clean(auto.get("tried"))]))
else:
    scored = [(cer(c), c.get("script")) for c in auto.get("candidates") or [] if isinstance(c, dict)]
    scored = [s for s in scored if s[0] is not None]
    best = min(scored, key=lambda s: s[0]) if scored else (None, None)
    print("\t".join([fmt(best[0]), clean(best[1]), str(len(scored)) if scored else "-"]))
PY

now() { date +%s.%N; }
first_error() {  # file: the first line of a failed run's standard error, for a note
  head -n 1 "$1" 2> /dev/null | cut -c 1-160
}

echo "filterocr: $bin ($("$bin" --version 2> /dev/null || echo '?')), $(nproc) cores, set: $set_dir"
[ "$oracle" = 0 ] && echo "oracle column skipped (ORACLE=0)"
[ "$ocrmypdf" = 0 ] && echo "ocrmypdf column skipped (OCRMYPDF=0)"
[ "$ocrmypdf" = 0 ] || echo "ocrmypdf: $(ocrmypdf --version 2> /dev/null || echo '?'), unpaper $(unpaper --version 2> /dev/null || echo '?')"
printf 'split\timage\ttesseract\tocrmypdf\toriginal\tauto\toracle\tplain_s\tauto_s\tchosen\ttried\toracle_script\toracle_scored\tarrival\n' > "$work/rows.tsv"
warned_auto=0
warned_oracle=0
for split in "${splits[@]}"; do
  images=()
  for f in "$set_dir/$split"/*; do
    case "$f" in *.txt|*.tsv|*.md) continue ;; esac
    [ -f "${f%.*}.txt" ] || continue
    if [ "$kinds" != all ]; then
      if is_arrival "$(basename "$f")"; then [ "$kinds" = arrival ] || continue; else [ "$kinds" = earlier ] || continue; fi
    fi
    images+=("$f")
  done
  echo
  echo "== $split: ${#images[@]} images"
  printf '%-30s %7s %7s %7s %7s %7s %7s %7s  %s\n' image tess ocrmypdf orig auto oracle "plain s" "auto s" chosen
  for img in "${images[@]}"; do
    name=$(basename "$img")
    truth=${img%.*}.txt

    if OMP_THREAD_LIMIT=1 tesseract "$img" stdout 2> /dev/null > "$work/cli.txt"; then
      tess=$("$python" bench/score.py "$truth" "$work/cli.txt" | sed -n 's/^cer=\([0-9.]*\).*/\1/p')
    else
      tess=
    fi
    tess=${tess:--}

    ocr=-
    if [ "$ocrmypdf" != 0 ]; then
      # The degraded images carry no resolution, which ocrmypdf refuses; 300 dpi is its
      # usual assumption (Tesseract still measures the text's size itself).
      rm -f "$work/ocrmypdf.txt"
      if ocrmypdf --rotate-pages --deskew --clean --image-dpi 300 --output-type pdf \
           --sidecar "$work/ocrmypdf.txt" "$img" "$work/ocrmypdf.pdf" > "$work/ocrmypdf.err" 2>&1 \
         && [ -f "$work/ocrmypdf.txt" ]; then
        ocr=$("$python" bench/score.py "$truth" "$work/ocrmypdf.txt" | sed -n 's/^cer=\([0-9.]*\).*/\1/p')
        ocr=${ocr:--}
      else
        echo "  $name: ocrmypdf failed: $(grep -m1 -iE 'error|invalid|not' "$work/ocrmypdf.err" | cut -c 1-160)" >&2
      fi
    fi

    t0=$(now)
    "$bin" ocr "$img" --json --no-feed > "$work/plain.json" 2> "$work/plain.err" || true
    t1=$(now)
    orig=$("$python" "$work/fields.py" plain "$work/plain.json" || echo -)
    plain_s=$("$python" -c "print(f'{$t1 - $t0:.2f}')")
    [ "$orig" != - ] || echo "  $name: plain filterocr gave no accuracy: $(first_error "$work/plain.err")" >&2

    t0=$(now)
    "$bin" ocr "$img" --auto --json --no-feed > "$work/auto.json" 2> "$work/auto.err" || true
    t1=$(now)
    IFS=$'\t' read -r auto chosen tried < <("$python" "$work/fields.py" auto "$work/auto.json") || true
    auto=${auto:--} chosen=${chosen:--} tried=${tried:--}
    if [ "$auto" = - ]; then
      auto_s=-
      if [ $warned_auto = 0 ]; then
        echo "  --auto gave no result (shown as -): $(first_error "$work/auto.err")" >&2
        warned_auto=1
      fi
    else
      auto_s=$("$python" -c "print(f'{$t1 - $t0:.2f}')")
    fi

    best=- best_script=- scored=-
    if [ "$oracle" != 0 ]; then
      "$bin" ocr "$img" --auto --auto-budget "$budget" --explain --json --no-feed \
        > "$work/oracle.json" 2> "$work/oracle.err" || true
      IFS=$'\t' read -r best best_script scored < <("$python" "$work/fields.py" oracle "$work/oracle.json") || true
      best=${best:--} best_script=${best_script:--} scored=${scored:--}
      if [ "$best" = - ] && [ $warned_oracle = 0 ]; then
        echo "  the oracle search gave no scored candidates (shown as -): $(first_error "$work/oracle.err")" >&2
        warned_oracle=1
      fi
    fi

    arrival=0
    is_arrival "$name" && arrival=1
    printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$split" "$name" "$tess" "$ocr" "$orig" "$auto" \
      "$best" "$plain_s" "$auto_s" "$chosen" "$tried" "$best_script" "$scored" "$arrival" >> "$work/rows.tsv"
    printf '%-30s %7s %7s %7s %7s %7s %7s %7s  %s\n' "$name" "$tess" "$ocr" "$orig" "$auto" "$best" "$plain_s" "$auto_s" "$chosen"
  done

  "$python" - "$work/rows.tsv" "$split" <<'PY' | tee -a "$work/verdicts"
import csv, statistics, sys

rows = [r for r in csv.DictReader(open(sys.argv[1], encoding="utf-8"), delimiter="\t") if r["split"] == sys.argv[2]]
split = sys.argv[2]

def num(value):
    try:
        return float(value)
    except ValueError:
        return None

def mean(column, subset=None):
    values = [num(r[column]) for r in (rows if subset is None else subset)]
    values = [v for v in values if v is not None]
    return statistics.fmean(values) if values else None

def show(value, digits=4):
    return "na" if value is None else f"{value:.{digits}f}"

def ratio_to(column, subset):
    """mean(auto) / mean(column) over the images that have both."""
    both = [r for r in subset if num(r["auto"]) is not None and num(r[column]) is not None]
    if not both or mean(column, both) == 0:
        return None, len(subset) - len(both)
    return mean("auto", both) / mean(column, both), len(subset) - len(both)

ratio, missing = ratio_to("tesseract", rows)
ratio_ocrmypdf, missing_ocrmypdf = ratio_to("ocrmypdf", rows)
deltas = [num(r["auto"]) - num(r["original"]) for r in rows if num(r["auto"]) is not None and num(r["original"]) is not None]
worst = max(deltas) if deltas else None
times = [num(r["auto_s"]) / num(r["plain_s"]) for r in rows
         if num(r["auto_s"]) is not None and num(r["plain_s"]) not in (None, 0.0)]
time_ratio = statistics.median(times) if times else None

def verdict(value, limit):
    return "no value" if value is None else ("ok" if value <= limit else "MISSED")

print(f"-- {split}: mean CER  tesseract {show(mean('tesseract'))}  ocrmypdf {show(mean('ocrmypdf'))}  "
      f"original {show(mean('original'))}  auto {show(mean('auto'))}  oracle {show(mean('oracle'))}")
if missing or missing_ocrmypdf:
    print(f"   ({missing} of {len(rows)} images without an auto or tesseract CER, {missing_ocrmypdf} without an auto "
          f"or ocrmypdf CER; each ratio uses the rest)")
checks = []
if split != "clean":
    checks.append(("mean(auto) / mean(tesseract CLI)", ratio, 0.6, 3))
    print(f"   mean(auto) / mean(ocrmypdf): {show(ratio_ocrmypdf, 3)}")
if split == "clean":
    checks.append(("worst auto − original CER", worst, 0.005, 4))
else:
    print(f"   worst auto − original CER {show(worst)} (no target on degraded pages)")
checks.append(("median auto s / plain s", time_ratio, 6, 2))
for label, value, limit, digits in checks:
    print(f"   {label}: {show(value, digits)} (target ≤ {limit}) {verdict(value, limit)}")
print(f"auto-summary {split} n={len(rows)} tesseract={show(mean('tesseract'))} ocrmypdf={show(mean('ocrmypdf'))} "
      f"original={show(mean('original'))} auto={show(mean('auto'))} oracle={show(mean('oracle'))} ratio={show(ratio, 3)} "
      f"ratio_ocrmypdf={show(ratio_ocrmypdf, 3)} worst_clean_delta={show(worst)} time_ratio_median={show(time_ratio, 2)}")

# The pages as they arrive, on their own: their targets are against both anchors.
arrival = [r for r in rows if r["arrival"] == "1"]
if arrival:
    a_ratio, _ = ratio_to("tesseract", arrival)
    a_ocrmypdf, _ = ratio_to("ocrmypdf", arrival)
    print(f"-- {split}, pages as they arrive ({len(arrival)}): mean CER  tesseract {show(mean('tesseract', arrival))}  "
          f"ocrmypdf {show(mean('ocrmypdf', arrival))}  original {show(mean('original', arrival))}  "
          f"auto {show(mean('auto', arrival))}  oracle {show(mean('oracle', arrival))}")
    for label, value, limit in (("mean(auto) / mean(tesseract CLI)", a_ratio, 0.25), ("mean(auto) / mean(ocrmypdf)", a_ocrmypdf, 0.5)):
        print(f"   {label}: {show(value, 3)} (target ≤ {limit}) {verdict(value, limit)}")
    a_deltas = [num(r["auto"]) - num(r["original"]) for r in arrival
                if num(r["auto"]) is not None and num(r["original"]) is not None]
    if a_deltas:
        print(f"   worst auto − original CER {show(max(a_deltas))} (target ≤ 0.02) {verdict(max(a_deltas), 0.02)}")
    print(f"arrival-summary {split} n={len(arrival)} tesseract={show(mean('tesseract', arrival))} "
          f"ocrmypdf={show(mean('ocrmypdf', arrival))} original={show(mean('original', arrival))} "
          f"auto={show(mean('auto', arrival))} ratio={show(a_ratio, 3)} ratio_ocrmypdf={show(a_ocrmypdf, 3)}")
PY
done

[ -z "${AUTO_TSV:-}" ] || cp "$work/rows.tsv" "$AUTO_TSV"
if [ "${AUTO_STRICT:-0}" = 1 ] && grep -qE 'MISSED|no value' "$work/verdicts"; then
  exit 1
fi
