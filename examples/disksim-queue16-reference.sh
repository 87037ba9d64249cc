#!/usr/bin/env sh
# Issue 10: DiskSim 4.0's per-request reference at queue depth 16 (SPTF) on the imported
# Cheetah 9LP, for iopath-core's DiskSimQueue16AgreementTest. Writes, into OUT_DIR:
#   cheetah9LP-q16-reads.trace       5000 random 4 KiB reads (8 aligned sectors, first 8 GiB),
#                                   all arriving at t = 0 (DiskSim ascii: ms devno blkno bcount flags)
#   cheetah9LP-q16-mixed.trace       the same shape, 66 % reads
#   cheetah9LP-q16-reads.disksim-sim.txt, cheetah9LP-q16-mixed.disksim-sim.txt
#                                   DiskSim's response of each request, trace order, ms with six decimals
#
# DiskSim's driver holds the requests and keeps 16 outstanding at the drive (Max queue length =
# 16), FCFS: a closed loop at depth 16 in trace order. The drive is iopath's imported
# cheetah9LP.diskspecs with "Max queue length = 16" and "Scheduling policy = 8" (SPTF_OPT), as
# examples/disksim-side-by-side.sh sets them; reads with the write cache off ("Fast write level
# = 0"), the mix with it on ("Fast write level = 2", as the file has it).
#
# DISKSIM is DiskSim 4.0 (built as examples/disksim-side-by-side.sh says) with one line added
# at the top of iodriver_access_complete (src/disksim_iodriver.c), after its disksim_exectrace:
#   if (getenv("Q16_DONE")) fprintf(stderr, "DONE %d %d %.6f\n", req->blkno, (req->flags & READ) ? 1 : 0, simtime);
# (and #include <stdlib.h>). Nothing else changes. DiskSim ends its run when the trace ends, so a last request at 100 s
# keeps it going until the 5000 have completed; it is not part of the reference.
#
#   examples/disksim-queue16-reference.sh DISKSIM OUT_DIR
set -eu
export Q16_DONE=1
disksim=${1:?usage: $0 DISKSIM OUT_DIR}
out=${2:?usage: $0 DISKSIM OUT_DIR}
requests=5000
root=$(cd "$(dirname "$0")/.." && pwd)
presets="$root/iopath-core/src/main/resources/io/iopath/device/disk/presets/disksim"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mkdir -p "$out"
cp "$presets/cheetah9LP.model" "$presets/cheetah9LP.seek" "$presets/statdefs" "$work/"

for shape in reads mixed; do
  case $shape in
    reads) p=1.0; fwl=0; seed=7 ;;
    mixed) p=0.66; fwl=2; seed=8 ;;
  esac
  # MINSTD (x <- 48271 x mod 2^31-1, exact in awk's doubles): a block of 8 sectors, then read
  # if the next draw is below p (2^31-1); a block drawn again is skipped, so that each
  # completion names its request. DiskSimQueue16AgreementTest draws the same trace.
  awk -v n="$requests" -v seed="$seed" -v p="$p" 'BEGIN {
    m = 2147483647; x = seed
    while (c < n) {
      x = (x * 48271) % m; s = x % 2097152
      x = (x * 48271) % m; r = (x < p * m) ? 1 : 0
      if (s in seen) continue
      seen[s] = 1; printf "%.6f 0 %d 8 %x\n", 0, s * 8, r; c++
    } }' > "$out/cheetah9LP-q16-$shape.trace"
  sed -e 's/Max queue length = 1,/Max queue length = 16,/' \
      -e '/Scheduler = disksim_ioqueue/,/}/s/Scheduling policy = 1,/Scheduling policy = 8,/' \
      -e "s/Fast write level = 2,/Fast write level = $fwl,/" \
      "$presets/cheetah9LP.diskspecs" > "$work/cheetah9LP.diskspecs"
  # the imported cheetah9LP.parv without its synthetic workload: the trace is the workload
  sed '/^disksim_synthio Synthio {/,$d' "$presets/cheetah9LP.parv" > "$work/$shape.parv"
  { cat "$out/cheetah9LP-q16-$shape.trace"; echo '100000.000000 0 0 8 1'; } > "$work/$shape.ascii"
  (cd "$work" && "$disksim" "$shape.parv" "$shape.outv" ascii "$shape.ascii" 0 2> "$shape.done")
  # the DONE lines in trace order, the sentinel left out
  awk 'NR == FNR { if ($1 == "DONE" && $4 < 99999) t[$2 " " $3] = $4; next }
       { k = $3 " " ($5 == "1" ? 1 : 0); if (!(k in t)) { print "no completion for " $0 > "/dev/stderr"; exit 1 }
         printf "%.6f\n", t[k] }' "$work/$shape.done" "$out/cheetah9LP-q16-$shape.trace" \
    > "$out/cheetah9LP-q16-$shape.disksim-sim.txt"
  awk -v s="$shape" '$1 > m { m = $1 } END { printf "%s: %d responses, the last at %.3f ms: %.1f IOPS\n", s, NR, m, NR * 1000 / m }' \
    "$out/cheetah9LP-q16-$shape.disksim-sim.txt"
done
