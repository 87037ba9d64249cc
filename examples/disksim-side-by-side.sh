#!/usr/bin/env sh
# Issue 16 item 4's speed reference, side by side: the same closed-loop work in DiskSim 4.0 and
# in a whole `iopath run` process, back to back, with the ratio of their times.
#
# The work: N random 4 KiB requests (blocks of 8 sectors, aligned) over the first 8 GiB of the
# Cheetah 9LP that iopath imports from DiskSim (the drive files of
# iopath-core/src/main/resources/io/iopath/device/disk/presets/disksim/), 16 always outstanding
# (DiskSim: 16 synthetic generators, one per process-flow CPU, every request time-critical and
# no think time; iopath: one fio-style job at iodepth 16), SPTF at queue 16 in the drive
# (DiskSim "Scheduling policy = 8", SPTF_OPT, "Max queue length = 16"). Two shapes:
#   reads  100 % reads, write cache off (DiskSim "Fast write level = 0"): the same work.
#   mixed  66 % reads (issue 16's shape) with the drive's write-back cache on on both sides
#          (DiskSim "Fast write level = 2", iopath write_cache: on): DiskSim 4.0 never finishes
#          this shape with the cache off (with writes, queue > 1 and "Fast write level = 0" its
#          process-flow loop spins in pf_add_false_idle_time after the first completions, at
#          -O0 as at -O2, even at 20 requests), so the cache-off mix cannot be timed there.
# Since issue 10's queue-16 fix the imported drive's queued path is DiskSim's, and the simulated
# IOPS agree (docs/drive.md, "Queued commands, DiskSim's way"); the speed reference is the time for
# the same number of requests through the same drive, queue and policy.
#
# DiskSim 4.0 is not part of iopath. To build it (32-bit, as it was written):
#   git clone https://github.com/benh/disksim /tmp/disksim   # apt-get install bison flex gcc-multilib
#   in each Makefile of libddbg libparam diskmodel memsmodel ssdmodel src: -g (and -g -DASSERTS)
#   -> -O2 -fcommon -fgnu89-inline (gcc 12 defaults to -fno-common and C99 inline); -lm at the
#   end of the link lines of src/Makefile (disksim, syssim) and memsmodel/Makefile (mems_seektest)
#   make
# A machine that cannot run 32-bit binaries ("Exec format error") needs a 64-bit build: the same
# flags without -m32 in every Makefile (the modules/, tests/ and layout_g4_tools/ ones too), and
# these source changes, most because DiskSim assumes a pointer fits in an int:
#   src/disksim_global.h: DISKSIM_EVENT_SIZE 128 -> 256 (its event structures hold pointers and
#     must fit the fixed event size); prototypes for the two loaders generated module code calls
#     without one, disksim_ioqueue_loadparams (returns struct ioq *) and dm_disk_loadparams
#     (returns struct dm_disk_if *), so their results are not cut to an int
#   libparam/util.c and myutil.c: #include <libgen.h> (basename); in lp_add_param, clear the
#     doubled array's new half in units of its own element (a pointer), not of an int; in
#     lp_add_type, clear the new entries (newlen - c of them; clearing c, the first growth
#     cleared none)
#   libddbg/libddbg.h: the ddbg_assert macros test (cond) != 0 instead of casting it to int
#   src/disksim_diskctlr.c: evtfound tests ioqueue_physical_access_done's pointer against NULL
# The 64-bit build's simulated IOPS are within 0.04 % of the 32-bit one's (1 M reads 178.968
# against 178.98, the write-back mix 184.366 against 184.44; docs/performance.md, 2026-12-07),
# likely the 32-bit build's x87 extended precision against SSE doubles (not looked into).
#
#   examples/disksim-side-by-side.sh /tmp/disksim/src/disksim [REQUESTS] [reads|mixed|both]
#
# Times are /usr/bin/time's wall clock and user+sys CPU of each whole process. DiskSim is one
# thread; iopath's CPU includes its JIT compiler and collector threads, which on an idle
# machine run beside the simulation: on a busy one compare CPU seconds, not wall clock.
set -eu
disksim=${1:?usage: $0 DISKSIM_BINARY [REQUESTS] [reads|mixed|both]}
requests=${2:-1000000}
shapes=${3:-both}
[ "$shapes" = both ] && shapes="reads mixed"
root=$(cd "$(dirname "$0")/.." && pwd)
iopath="$root/iopath"
presets="$root/iopath-core/src/main/resources/io/iopath/device/disk/presets/disksim"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
"$iopath" --version >/dev/null   # build and make the class-data archive before timing
cp "$presets/cheetah9LP.model" "$presets/cheetah9LP.seek" "$presets/statdefs" "$work/"

# DiskSim's configuration: the imported cheetah9LP.parv's driver, buses, controller and topology,
# the drive with queue 16 and SPTF, and 16 generators.
disksim_parv() { # READ_PROBABILITY FAST_WRITE_LEVEL
  sed -e 's/Max queue length = 1,/Max queue length = 16,/' \
      -e '/Scheduler = disksim_ioqueue/,/}/s/Scheduling policy = 1,/Scheduling policy = 8,/' \
      -e "s/Fast write level = 2,/Fast write level = $2,/" \
      "$presets/cheetah9LP.diskspecs" > "$work/cheetah9LP.diskspecs"
  sed -n '1,/^disksim_pf Proc {/p' "$presets/cheetah9LP.parv"
  cat <<EOF
   Number of processors =  16,
   Process-Flow Time Scale =  1.0
} # end of process flow spec

disksim_synthio Synthio {
   Number of I/O requests to generate =  $requests,
   Maximum time of trace generated  = 100000000000.0,
   System call/return with each request = 0,
   Think time from call to request =  0.0,
   Think time from request to return =  0.0,
Generators = [
EOF
  g=0
  while [ $g -lt 16 ]; do
    sep=,; [ $g -eq 15 ] && sep=
    cat <<EOF
disksim_synthgen { # generator $g
   Storage capacity per device  = 16777216,
   devices = [ disk0 ],
   Blocking factor =  8,
   Probability of sequential access =  0.0,
   Probability of local access =  0.0,
   Probability of read access =  $1,
   Probability of time-critical request = 1.0,
   Probability of time-limited request = 0.0,
   Time-limited think times  = [ normal, 30.0, 100.0  ],
   General inter-arrival times  = [ exponential, 0.0, 0.0  ],
   Sequential inter-arrival times  = [ normal, 0.0, 0.0  ],
   Local inter-arrival times  = [ exponential, 0.0, 0.0  ],
   Local distances  = [ normal, 0.0, 40000.0  ],
   Sizes  = [ exponential, 8.0, 0.0  ]
}$sep
EOF
    g=$((g + 1))
  done
  echo '] # end of generator list'
  echo '} # end of synthetic workload spec'
}

# iopath's scenario: experiment.HostStackLoad's, with the shape's mix and cache.
iopath_yaml() { # RWMIXREAD WRITE_CACHE
  cat <<EOF
name: host-stack
seed: 1
drive:
  preset: cheetah9LP
  write_cache: $2
  queue_depth: 16
  scheduler: sptf
host:
  scheduler: noop
  queue_depth: 16
jobs:
  - name: randrw
    rw: randrw
    rwmixread: $1
    bs: 4k
    iodepth: 16
    size: 8g
    number_ios: $requests
    direct: 1
EOF
}

. "$root/examples/side-by-side-timing.sh"
machine
for shape in $shapes; do
  case $shape in
    reads) p=1.0; fwl=0; mix=100; wc=off ;;
    mixed) p=0.66; fwl=2; mix=66; wc=on ;;
    *) echo "unknown shape: $shape (reads, mixed or both)" >&2; exit 2 ;;
  esac
  disksim_parv $p $fwl > "$work/$shape.parv"
  iopath_yaml $mix $wc > "$work/$shape.yaml"
  (cd "$work" && timed "$work/$shape.ds" "$disksim" "$shape.parv" "$shape.outv" ascii 0 1)
  timed "$work/$shape.io" "$iopath" run "$work/$shape.yaml" > "$work/$shape.table"
  ds_iops=$(sed -n 's/^IOdriver Requests per second:[[:space:]]*//p' "$work/$shape.outv" | head -n 1)
  io_iops=$(awk '$1 == "total" { print $3 }' "$work/$shape.table")
  read -r dw dc _ < "$work/$shape.ds"
  read -r iw ic _ < "$work/$shape.io"
  echo "$shape: $requests requests, SPTF at queue 16 on cheetah9LP, $mix % reads, write cache $wc"
  printf '  DiskSim 4.0  %8s s wall %8s CPU-s   %s IOPS simulated\n' "$dw" "$dc" "$ds_iops"
  printf '  iopath run   %8s s wall %8s CPU-s   %s IOPS simulated\n' "$iw" "$ic" "$io_iops"
  awk -v dw="$dw" -v dc="$dc" -v iw="$iw" -v ic="$ic" \
    'BEGIN { printf "  iopath is %.1f x faster by wall clock, %.1f x by CPU time\n", dw / iw, dc / ic }'
done
