#!/usr/bin/env bash
# Learns --auto-by learned's decisions from the development corpus (bench/README.md, "Lines
# chosen from several readings"): builds the train and validation sets, searches every page as
# --auto-by page does keeping every reading (`autoharvest pages`, resumable), cuts the truths into
# the chosen readings' lines, trains the column chooser and the page gate on the train split and
# sets their thresholds on the validation split. The frozen test split is never read here.
#
# usage: bench/learn66.sh [WORK]   (WORK defaults to /tmp/learn66; COPIES=1 simulated copy a page)
# writes WORK/{set,pages,truth,*.tsv} and Sources/Decisions/Models/{column-chooser,page-gate}.json
set -euo pipefail
cd "$(dirname "$0")/.."
work=${1:-/tmp/learn66}
copies=${COPIES:-1}
python=/usr/bin/python3
swift build -c release --product autoharvest
harvest=.build/release/autoharvest
[ -f "$work/set/set.tsv" ] || $python bench/corpus_set.py --splits train,val --copies "$copies" --out "$work/set"
for split in train val; do
    find "$work/set/$split" -type f ! -name '*.txt' -print0 | sort -z |
        xargs -0 "$harvest" pages --skip-existing --out "$work/pages/$split"
    $python bench/lines66.py --set "$work/set" --harvest "$work/pages/$split" --out "$work/truth/$split"
    "$harvest" columns --all-sources --harvest "$work/pages/$split" --truth "$work/truth/$split" > "$work/$split.tsv"
done
mkdir -p Sources/Decisions/Models
$python bench/train66.py --train "$work/train.tsv" --val "$work/val.tsv" --truth "$work/truth/val" \
    --out Sources/Decisions/Models/column-chooser.json
$python bench/gate66.py --train "$work/pages/train" --val "$work/pages/val" --set "$work/set" \
    --out Sources/Decisions/Models/page-gate.json
