#!/bin/bash
# A one-node Slurm cluster on this machine, to try the job scripts beside it before a real
# cluster runs them: its own configuration, state and munge key in DIR, daemons on the
# loopback interface only, nothing of the machine's own Slurm or munge touched.
#
#   deploy/slurm/local-cluster.sh start DIR   # starts munged, slurmctld and slurmd; prints
#                                             # the SLURM_CONF to export
#   deploy/slurm/local-cluster.sh stop DIR    # stops them and removes nothing else
#
# Needs Debian's slurm-wlm and munge, and root (slurmd runs jobs as their users).
set -euo pipefail

action=${1:?usage: local-cluster.sh start|stop DIR}
dir=$(realpath -m -- "${2:?usage: local-cluster.sh start|stop DIR}")
# DIR is written into slurm.conf, which has no quoting: a space, newline, '#' or '=' there
# would end a path or start another setting (run as root by the daemons).
if ! [[ $dir =~ ^[A-Za-z0-9._/+,:@%-]+$ ]]; then
    echo "local-cluster.sh: the cluster's folder '$dir' may hold only letters, digits and . _ / + , : @ % -" >&2
    exit 2
fi

stop() {
    for daemon in slurmd slurmctld munged; do
        if [ -f "$dir/$daemon.pid" ]; then
            pid=$(cat "$dir/$daemon.pid")
            kill "$pid" 2>/dev/null || true
            # A daemon gets a few seconds to end cleanly, then is killed.
            for _ in $(seq 50); do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
            kill -9 "$pid" 2>/dev/null || true
            rm -f "$dir/$daemon.pid"
        fi
    done
    if [ -f "$dir/runtime" ]; then
        rm -rf "$(cat "$dir/runtime")" "$dir/runtime"
    fi
}

# Starts a daemon with none of this script's open files but its standard streams: a caller
# waiting for this script to end (or reading its output to the end) must not wait for the
# daemons too.
detached() {
    (
        for fd in /proc/self/fd/*; do
            fd=${fd##*/}
            [ "$fd" -gt 2 ] && eval "exec $fd>&-" 2>/dev/null
        done
        exec "$@" < /dev/null > /dev/null
    )
}

free_port() {
    python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'
}

case $action in
stop)
    stop
    exit 0
    ;;
start)
    ;;
*)
    echo "local-cluster.sh: give start or stop, then the cluster's folder" >&2
    exit 2
    ;;
esac

mkdir -p "$dir/state" "$dir/munge"
chmod 700 "$dir/munge"
# Sockets go in a short folder of their own: a socket's path has at most 108 bytes, and the
# cluster's folder may be deep.
runtime=$(mktemp -d /tmp/slurm.XXXXXX)
echo "$runtime" > "$dir/runtime"
mkdir -p "$runtime/spool"
# A failure while starting leaves nothing running.
trap 'stop' ERR

# munge: a key of its own.
[ -f "$dir/munge/munge.key" ] || mungekey --create --keyfile="$dir/munge/munge.key"
chmod 400 "$dir/munge/munge.key"
detached munged --force --key-file="$dir/munge/munge.key" --socket="$runtime/munge.socket" \
    --pid-file="$dir/munged.pid" --log-file="$dir/munge/munged.log" --seed-file="$dir/munge/munged.seed"

cpus=$(nproc)
memory=$(awk '/MemTotal/ { print int($2 / 1024 * 0.8) }' /proc/meminfo)
cat > "$dir/slurm.conf" <<CONF
ClusterName=filterocr
SlurmctldHost=localhost(127.0.0.1)
SlurmctldPort=$(free_port)
SlurmdPort=$(free_port)
AuthType=auth/munge
AuthInfo=socket=$runtime/munge.socket
CredType=cred/munge
SlurmUser=root
SlurmdUser=root
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
JobCompType=jobcomp/none
SchedulerType=sched/backfill
SelectType=select/cons_tres
SelectTypeParameters=CR_CPU
ReturnToService=2
MpiDefault=none
SlurmctldPidFile=$dir/slurmctld.pid
SlurmdPidFile=$dir/slurmd.pid
SlurmdSpoolDir=$runtime/spool
StateSaveLocation=$dir/state
SlurmctldLogFile=$dir/slurmctld.log
SlurmdLogFile=$dir/slurmd.log
NodeName=localhost NodeAddr=127.0.0.1 CPUs=$cpus RealMemory=$memory State=UNKNOWN
PartitionName=local Nodes=localhost Default=YES MaxTime=INFINITE State=UP
CONF
export SLURM_CONF="$dir/slurm.conf"
detached slurmctld -f "$SLURM_CONF"
detached slurmd -f "$SLURM_CONF" -N localhost

# Ready once the node takes jobs.
for _ in $(seq 300); do
    state=$(sinfo --noheader --nodes=localhost --format=%t 2>/dev/null || true)
    case $state in idle*|mix*|alloc*) echo "export SLURM_CONF=$SLURM_CONF"; exit 0 ;; esac
    sleep 0.1
done
echo "local-cluster.sh: the node did not come up in 30 s; see $dir/slurmctld.log and $dir/slurmd.log" >&2
stop
exit 1
