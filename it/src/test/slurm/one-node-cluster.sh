#!/usr/bin/env bash
# A one-node Slurm cluster for SlurmIT, kept whole in one folder: munged, slurmctld and slurmd on this host with its
# CPUs, no cgroups and no systemd (proctrack/linuxproc, task/none), their configuration, key, sockets, state, pid
# files and logs all in STATE (the test's temporary folder), so that nothing of the machine's is read or changed.
# Needs root and Debian's slurm-wlm and munge (installed by .ci/run, never here). Clients find the cluster through
# SLURM_CONF=STATE/slurm.conf.
#
#   one-node-cluster.sh start STATE   starts the three daemons; exit 3 when a Slurm controller already runs here
#   one-node-cluster.sh stop STATE    stops the daemons whose pid files STATE holds
set -euo pipefail
cmd=$1
state=$(cd "$2" 2>/dev/null && pwd || (mkdir -p "$2" && cd "$2" && pwd))

if [ "$cmd" = stop ]; then
  for d in slurmd slurmctld munged; do
    if [ -f "$state/$d.pid" ]; then
      pid=$(cat "$state/$d.pid")
      kill "$pid" 2>/dev/null || true
      # gone before the next daemon, or the next cluster, is started or stopped
      for _ in $(seq 1 100); do
        kill -0 "$pid" 2>/dev/null || break
        sleep 0.1
      done
      rm -f "$state/$d.pid"
    fi
  done
  exit 0
fi

if pgrep -x slurmctld >/dev/null; then
  echo "a Slurm controller already runs on this machine: starting nothing" >&2
  exit 3
fi

host=$(hostname -s)  # slurmd knows its node by the short name
mkdir -p "$state/spool-ctld" "$state/spool-d" "$state/munge"
chmod 700 "$state" "$state/munge"
mungekey --create --keyfile="$state/munge/munge.key" --force
chmod 400 "$state/munge/munge.key"
cat > "$state/slurm.conf" <<CONF
ClusterName=local
SlurmctldHost=$host
AuthInfo=socket=$state/munge/munge.socket
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
ReturnToService=2
SlurmctldPidFile=$state/slurmctld.pid
SlurmdPidFile=$state/slurmd.pid
SlurmdSpoolDir=$state/spool-d
StateSaveLocation=$state/spool-ctld
SlurmUser=root
SchedulerType=sched/backfill
SelectType=select/cons_tres
SelectTypeParameters=CR_Core
JobCompType=jobcomp/none
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
SlurmctldLogFile=$state/slurmctld.log
SlurmdLogFile=$state/slurmd.log
NodeName=$host CPUs=$(nproc) State=UNKNOWN
PartitionName=debug Nodes=$host Default=YES MaxTime=INFINITE State=UP
CONF
export SLURM_CONF="$state/slurm.conf"

munged --force --key-file="$state/munge/munge.key" --socket="$state/munge/munge.socket" \
  --pid-file="$state/munged.pid" --log-file="$state/munged.log" --seed-file="$state/munge/munged.seed"
slurmctld
slurmd
for _ in $(seq 1 30); do
  if sinfo -h -o %T 2>/dev/null | grep -q idle; then
    exit 0
  fi
  sleep 1
done
echo "the node did not become idle:" >&2
sinfo >&2 || true
tail -20 "$state/slurmctld.log" "$state/slurmd.log" "$state/munged.log" >&2 || true
exit 1
