#!/bin/bash
# A corpus shared out with GNU parallel: SHARDS runs of filterocr batch, on this machine or on
# the hosts given (over ssh, each with filterocr and the same paths), merged into one run's
# JSON Lines and one result store.
#
#   deploy/parallel/shards.sh LIST OUT SHARDS [HOSTS] [-- batch options...]
#
# LIST holds one input per line; HOSTS is GNU parallel's -S list (host1,host2); OUT, on a file
# system every host sees, gets part-I.jsonl (once it is whole) and store-I.sqlite for each
# share, then results.jsonl and results.sqlite. FILTEROCR names the binary when it is not on
# the hosts' PATH; JOBS the number of shares run at once (default SHARDS).
#
# Exit status: 0 when every input was read; 1 when some could not be (their lines in
# results.jsonl say why, as one batch's would); a share that failed (its part left as
# part-I.jsonl.partial; no share starts after it) exits with its status, and nothing is merged.
#
# Nothing given here is ever run as shell code: GNU parallel's command is this script's own
# share function, quoted word by word (--quote), and LIST, OUT, the binary and the batch
# options reach it through the environment (--env, which parallel encodes for ssh too), never
# through parallel's command line, where {} or ::: in a name would be parallel's own syntax.
# HOSTS is parallel's --sshlogin list, which may name an ssh command ("ssh -p 2222 host1"),
# and is used as given.
set -euo pipefail
usage='usage: shards.sh LIST OUT SHARDS [HOSTS] [-- batch options...]'
[ $# -ge 3 ] || { echo "$usage" >&2; exit 2; }
if ! [[ $3 =~ ^[1-9][0-9]{0,5}$ ]]; then
    echo "shards.sh: SHARDS '$3' is not a whole number from 1 to 999999; $usage" >&2
    exit 2
fi
list=$(realpath -- "$1")
out=$(realpath -m -- "$2")
shards=$3
shift 3
hosts=()
if [ $# -gt 0 ] && [ "$1" != "--" ]; then hosts=(-S "$1"); shift; fi
[ "${1:-}" = "--" ] && shift
mkdir -p -- "$out"

# One share, run by GNU parallel wherever it runs: its part is renamed into place only once it
# is whole. Prints the share when some of its inputs could not be read (batch's status 1).
run_share() {
    local share=$1 status=0 options=()
    # A host without the same paths fails the share (status 2) rather than look like a share
    # whose inputs could not be read (status 1).
    if ! [ -r "$FILTEROCR_SHARDS_LIST" ] || ! [ -d "$FILTEROCR_SHARDS_OUT" ]; then
        echo "shards.sh: share $share/$FILTEROCR_SHARDS_COUNT on $(hostname): cannot read $FILTEROCR_SHARDS_LIST" \
            "or find $FILTEROCR_SHARDS_OUT: every host needs the same paths" >&2
        return 2
    fi
    eval "options=($FILTEROCR_SHARDS_OPTIONS)"
    "$FILTEROCR_SHARDS_BIN" batch --shard "$share/$FILTEROCR_SHARDS_COUNT" --no-feed -j 1 \
        --store "$FILTEROCR_SHARDS_OUT/store-$share.sqlite" "${options[@]}" - \
        < "$FILTEROCR_SHARDS_LIST" > "$FILTEROCR_SHARDS_OUT/part-$share.jsonl.partial" || status=$?
    if [ "$status" -gt 1 ]; then
        echo "shards.sh: share $share/$FILTEROCR_SHARDS_COUNT: filterocr batch ended with status $status;" \
            "its part is left as $FILTEROCR_SHARDS_OUT/part-$share.jsonl.partial" >&2
        return "$status"
    fi
    mv -- "$FILTEROCR_SHARDS_OUT/part-$share.jsonl.partial" "$FILTEROCR_SHARDS_OUT/part-$share.jsonl" || return 2
    if [ "$status" -eq 1 ]; then echo "$share"; fi
}

# The batch options as words bash reads back (printf %q), for run_share's eval.
FILTEROCR_SHARDS_OPTIONS=$(if [ $# -gt 0 ]; then printf '%q ' "$@"; fi)
export FILTEROCR_SHARDS_OPTIONS
export FILTEROCR_SHARDS_BIN=${FILTEROCR:-filterocr} FILTEROCR_SHARDS_LIST=$list FILTEROCR_SHARDS_OUT=$out \
    FILTEROCR_SHARDS_COUNT=$shards
# Each job defines run_share from its text and runs it with the share parallel gives.
FILTEROCR_SHARDS_FUNCTION=$(declare -f run_share)
export FILTEROCR_SHARDS_FUNCTION
mapfile -t shares < <(seq 0 $(( shards - 1 )))

# One run per share, each single-threaded where hosts have one job slot each. A failing share
# stops parallel from starting another (those running finish, their stores kept for a rerun).
status=0
incomplete=$(parallel --will-cite "${hosts[@]}" -j "${JOBS:-$shards}" --halt soon,fail=1 --quote \
    --env FILTEROCR_SHARDS_FUNCTION --env FILTEROCR_SHARDS_OPTIONS --env FILTEROCR_SHARDS_BIN \
    --env FILTEROCR_SHARDS_LIST --env FILTEROCR_SHARDS_OUT --env FILTEROCR_SHARDS_COUNT \
    bash -c "eval \"\$FILTEROCR_SHARDS_FUNCTION\"; run_share \"\$1\"" shards.sh {} ::: "${shares[@]}") || status=$?
if [ "$status" -ne 0 ]; then
    echo "shards.sh: a share failed (status $status); nothing merged. A rerun answers what the shares' stores in $out hold" >&2
    exit "$status"
fi

parts=() stores=()
for share in "${shares[@]}"; do
    parts+=("$out/part-$share.jsonl")
    stores+=("$out/store-$share.sqlite")
done
# parallel's status speaks for the jobs it ran; a share whose part is missing all the same (a
# host that lost it, a job parallel never started) fails the run before anything is merged.
for part in "${parts[@]}"; do
    if ! [ -f "$part" ]; then
        echo "shards.sh: $part is missing although its share reported success; nothing merged" >&2
        exit 2
    fi
done
"$FILTEROCR_SHARDS_BIN" merge --list "$list" -o "$out/results.jsonl" "${parts[@]}"
"$FILTEROCR_SHARDS_BIN" merge --store "$out/results.sqlite" "${stores[@]}"
if [ -n "$incomplete" ]; then
    echo "shards.sh: some inputs of shares $(echo "$incomplete" | sort -n | tr '\n' ' ')could not be read: their lines in $out/results.jsonl say why" >&2
    exit 1
fi
