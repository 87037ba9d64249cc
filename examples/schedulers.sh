#!/usr/bin/env sh
# Sweeps examples/schedulers.yaml over the eight IO schedulers and SCSI queue depths 1, 4, 16, 64
# and prints one Markdown table row per run (the table of docs/schedulers.md).
#
#   examples/schedulers.sh [extra iopath run options, e.g. --set host.write_cache=on]
#
# Each point is one `iopath run` with --set overrides; results.json of each run is kept under
# ${OUT:-target/schedulers}/<scheduler>-qd<depth>/.
set -e
here=$(cd "$(dirname "$0")" && pwd)
iopath="$here/../iopath"
out=${OUT:-target/schedulers}
echo "| scheduler | queue_depth | read IOPS | read mean ms | read p99 ms | write MB/s | write mean ms | total IOPS | QUEUE FULL |"
echo "|---|---:|---:|---:|---:|---:|---:|---:|---:|"
for s in noop deadline anticipatory cfq none mq-deadline kyber bfq; do
  for qd in 1 4 16 64; do
    "$iopath" run "$here/schedulers.yaml" --set host.scheduler=$s --set host.queue_depth=$qd \
        --out "$out/$s-qd$qd" "$@" 2>/dev/null |
      awk -v s=$s -v qd=$qd '
        /^simulated/ { for (i = 1; i <= NF; i++) if ($i == "FULL") qf = $(i + 1) }
        $1 == "read" && NF >= 13 { riops = $3; rmean = $6; rp99 = $9 }
        $1 == "write" && NF >= 13 { wmb = $4; wmean = $6 }
        $1 == "total" && NF >= 13 { tiops = $3 }
        END { printf "| %s | %d | %s | %s | %s | %s | %s | %s | %s |\n", s, qd, riops, rmean, rp99, wmb, wmean, tiops, qf }'
  done
done
