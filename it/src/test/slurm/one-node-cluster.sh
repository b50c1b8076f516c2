#!/usr/bin/env bash
# A one-node Slurm cluster on this machine, for SlurmIT: munged, slurmctld and slurmd on localhost with the
# machine's CPUs, no cgroups and no systemd (proctrack/linuxproc, task/none). Needs root and Debian's slurm-wlm and
# munge (installed by .ci/run, never here).
#
#   one-node-cluster.sh start STATE   starts what is not running; writes the pid files of what it started to STATE
#   one-node-cluster.sh stop STATE    stops exactly the daemons whose pid files STATE holds
set -euo pipefail
cmd=$1
state=$2
mkdir -p "$state"

if [ "$cmd" = stop ]; then
  for d in slurmd slurmctld munged; do
    if [ -f "$state/$d.pid" ]; then
      kill "$(cat "$state/$d.pid")" 2>/dev/null || true
      rm -f "$state/$d.pid"
    fi
  done
  exit 0
fi

if sinfo -h -o %T 2>/dev/null | grep -q idle; then
  echo "a cluster is already up: starting nothing"
  exit 0
fi

host=$(hostname)
marker="# written by artifact-io's one-node-cluster.sh"
if [ -f /etc/slurm/slurm.conf ] && ! grep -qF "$marker" /etc/slurm/slurm.conf; then
  echo "/etc/slurm/slurm.conf is another cluster's: leaving it, starting nothing" >&2
  exit 3
fi
mkdir -p /etc/slurm /var/spool/slurmctld /var/spool/slurmd /var/log/slurm /run/munge
[ -f /etc/munge/munge.key ] || dd if=/dev/urandom bs=1 count=1024 of=/etc/munge/munge.key 2>/dev/null
chown munge:munge /etc/munge/munge.key /run/munge
chmod 400 /etc/munge/munge.key
# half the memory: slurmd drains a node that has less than its configured RealMemory
memory=$(( $(awk '/MemTotal/ {print $2}' /proc/meminfo) / 2048 ))
cat > /etc/slurm/slurm.conf <<CONF
$marker
ClusterName=local
SlurmctldHost=$host
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
ReturnToService=2
SlurmctldPidFile=/run/slurmctld.pid
SlurmdPidFile=/run/slurmd.pid
SlurmdSpoolDir=/var/spool/slurmd
StateSaveLocation=/var/spool/slurmctld
SlurmUser=root
SchedulerType=sched/backfill
SelectType=select/cons_tres
SelectTypeParameters=CR_Core
JobCompType=jobcomp/none
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
SlurmctldLogFile=/var/log/slurm/slurmctld.log
SlurmdLogFile=/var/log/slurm/slurmd.log
NodeName=$host CPUs=$(nproc) RealMemory=$memory State=UNKNOWN
PartitionName=debug Nodes=$host Default=YES MaxTime=INFINITE State=UP
CONF

if ! pgrep -x munged >/dev/null; then
  munged --force
  sleep 1
  cp /run/munge/munged.pid "$state/munged.pid"
fi
if ! pgrep -x slurmctld >/dev/null; then
  slurmctld
  sleep 1
  cp /run/slurmctld.pid "$state/slurmctld.pid"
fi
if ! pgrep -x slurmd >/dev/null; then
  slurmd
  sleep 1
  cp /run/slurmd.pid "$state/slurmd.pid"
fi
for _ in $(seq 1 30); do
  if sinfo -h -o %T 2>/dev/null | grep -q idle; then
    exit 0
  fi
  sleep 1
done
echo "the node did not become idle:" >&2
sinfo >&2 || true
tail -20 /var/log/slurm/slurmctld.log /var/log/slurm/slurmd.log >&2 || true
exit 1
