#!/usr/bin/env sh
# Sweeps examples/schedulers.yaml over the drive's write cache (write-through, write-back), the
# eight IO schedulers and SCSI queue depths 1, 4, 16, 64, and prints one Markdown table row per
# run (the tables of docs/schedulers.md).
#
#   examples/schedulers.sh [extra iopath run options, e.g. --set drive.queue_depth=32]
#
# Each point is one `iopath run` with --set overrides; the outputs of each run are kept under
# ${OUT:-target/schedulers}/<wce>-<scheduler>-qd<depth>/ (results.csv, results.json, ...).
# The host's write_cache follows the drive's, as sd's does.
set -e
here=$(cd "$(dirname "$0")" && pwd)
iopath="$here/../iopath"
out=${OUT:-target/schedulers}
echo "| drive cache | scheduler | queue_depth | read IOPS | read mean ms | read p99 ms | write MB/s | write mean ms | total IOPS | QUEUE FULL | drive tagged | drive effective |"
echo "|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|"
for wce in off on; do
  [ $wce = off ] && cache=write-through || cache=write-back
  for s in ${SCHEDULERS:-noop deadline anticipatory cfq none mq-deadline kyber bfq}; do
    for qd in ${DEPTHS:-1 4 16 64}; do
      dir="$out/$wce-$s-qd$qd"
      "$iopath" run "$here/schedulers.yaml" --set drive.write_cache=$wce --set host.scheduler=$s \
          --set host.queue_depth=$qd --out "$dir" "$@" >/dev/null
      # drive_queue of results.json: the drive's mean tagged and effective (tagged + dirty) queue
      dq=$(tr -d ' \n' < "$dir/results.json" | sed 's/.*"drive_queue":{\([^}]*\)}.*/\1/')
      tagged=$(echo "$dq" | sed 's/.*"mean_tagged":\([0-9.eE+-]*\).*/\1/')
      eff=$(echo "$dq" | sed 's/.*"mean_effective":\([0-9.eE+-]*\).*/\1/')
      awk -F, -v c=$cache -v s=$s -v qd=$qd -v tg="$tagged" -v ef="$eff" '
        NR == 1 { for (i = 1; i <= NF; i++) col[$i] = i; next }
        { d = $col["direction"]; iops[d] = $col["iops"]; mb[d] = $col["bandwidth_bytes_per_s"] / 1e6
          mean[d] = $col["latency_mean_ns"] / 1e6; p99[d] = $col["latency_p99_ns"] / 1e6; qf = $col["queue_full"] }
        END { printf "| %s | %s | %d | %.1f | %.1f | %.1f | %.2f | %.1f | %.1f | %d | %.1f | %.1f |\n",
              c, s, qd, iops["read"], mean["read"], p99["read"], mb["write"], mean["write"], iops["total"], qf, tg, ef }' \
        "$dir/results.csv"
    done
  done
done
