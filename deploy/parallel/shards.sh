#!/bin/bash
# A corpus shared out with GNU parallel: SHARDS runs of filterocr batch, on this machine or on
# the hosts given (over ssh, each with filterocr and the same paths), merged into one run's
# JSON Lines and one result store.
#
#   deploy/parallel/shards.sh LIST OUT SHARDS [HOSTS] [-- batch options...]
#
# LIST holds one input per line; HOSTS is GNU parallel's -S list (host1,host2); OUT gets
# part-I.jsonl and store-I.sqlite for each share, then results.jsonl and results.sqlite.
# GNU parallel's PARALLEL_SEQ gives each run its share (--shard auto/SHARDS).
set -euo pipefail
list=$(realpath "${1:?usage: shards.sh LIST OUT SHARDS [HOSTS] [-- batch options...]}")
out=$(realpath -m "${2:?usage: shards.sh LIST OUT SHARDS [HOSTS] [-- batch options...]}")
shards=${3:?usage: shards.sh LIST OUT SHARDS [HOSTS] [-- batch options...]}
shift 3
hosts=()
if [ $# -gt 0 ] && [ "$1" != "--" ]; then hosts=(-S "$1"); shift; fi
[ "${1:-}" = "--" ] && shift
filterocr=${FILTEROCR:-filterocr}
mkdir -p "$out"
# One run per share, each single-threaded where hosts have one job slot each.
parallel --will-cite "${hosts[@]}" -j "${JOBS:-$shards}" --halt now,fail=1 \
    "$filterocr batch --shard auto/$shards --no-feed -j 1 --store $out/store-{}.sqlite $* - < $list > $out/part-{}.jsonl; [ \$? -le 1 ]" \
    ::: $(seq 0 $(( shards - 1 )))
parts=() stores=()
for share in $(seq 0 $(( shards - 1 ))); do
    parts+=("$out/part-$share.jsonl")
    stores+=("$out/store-$share.sqlite")
done
"$filterocr" merge -o "$out/results.jsonl" "${parts[@]}"
"$filterocr" merge --store "$out/results.sqlite" "${stores[@]}"
