#!/bin/bash
# Submits a corpus to Slurm: a job array of SHARDS tasks, each recognising its share of LIST
# (shard.sbatch), and a merge that starts once every task has succeeded (merge.sbatch).
#
#   deploy/slurm/submit.sh LIST OUT SHARDS [batch options...]
#
# Prints the two job IDs, the array's first; a task that fails cancels the merge. OUT must be on
# a file system every node sees.
# FILTEROCR names the binary when it is not on the nodes' PATH.
set -euo pipefail
usage='usage: submit.sh LIST OUT SHARDS [batch options...]'
[ $# -ge 3 ] || { echo "$usage" >&2; exit 2; }
if ! [[ $3 =~ ^[1-9][0-9]{0,5}$ ]]; then
    echo "submit.sh: SHARDS '$3' is not a whole number from 1 to 999999; $usage" >&2
    exit 2
fi
list=$(realpath -- "$1")
out=$(realpath -m -- "$2")
shards=$3
shift 3
here=$(dirname "$(realpath "$0")")
mkdir -p -- "$out"
array=$(sbatch --parsable --chdir="$out" --array="0-$(( shards - 1 ))" "$here/shard.sbatch" "$list" "$out" "$@")
array=${array%%;*}
merge=$(sbatch --parsable --chdir="$out" --dependency="afterok:$array" --kill-on-invalid-dep=yes "$here/merge.sbatch" "$out" "$shards")
echo "$array ${merge%%;*}"
