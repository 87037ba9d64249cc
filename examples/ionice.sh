#!/usr/bin/env sh
# The ionice table of docs/schedulers.md: examples/ionice.yaml (a random-reading database and a
# sequential backup on the laptop disk) under cfq, bfq, mq-deadline and deadline, with the two
# jobs' I/O classes and levels varied (fio's prioclass: 1 RT, 2 BE, 3 idle, and prio 0..7;
# neither set = best effort 4).
# "alone" runs start the other job only after the first one ended (startdelay 20 s).
# Needs jq. Prints the Markdown table (24 runs, ~1 min).
#
#   examples/ionice.sh [extra options, e.g. --set host.queue_depth=1]
set -ef  # -f: the unquoted $opts below holds [ ] and must not glob
here=$(cd "$(dirname "$0")" && pwd)
iopath="$here/../iopath"
printf '| scheduler | db class | backup class | db IOPS | db mean ms | db p99 ms | backup MB/s | backup mean ms |\n'
printf '|---|---|---|---:|---:|---:|---:|---:|\n'
for sched in cfq bfq mq-deadline deadline; do
  for case in "db-alone" "backup-alone" "be be" "be idle" "rt be" "be/0 be/7"; do
    case "$case" in
      db-alone)     opts="--set jobs[1].prioclass=0 --set jobs[1].startdelay=20s"; dbc=be; bkc=-;;
      backup-alone) opts="--set jobs[1].prioclass=0 --set jobs[0].startdelay=20s"; dbc=-; bkc=be;;
      "be be")      opts="--set jobs[1].prioclass=0"; dbc=be; bkc=be;;
      "be idle")    opts="--set jobs[1].prioclass=3"; dbc=be; bkc=idle;;
      "rt be")      opts="--set jobs[0].prioclass=1 --set jobs[1].prioclass=0"; dbc=rt; bkc=be;;
      "be/0 be/7")  opts="--set jobs[0].prio=0 --set jobs[1].prioclass=2 --set jobs[1].prio=7"; dbc=be/0; bkc=be/7;;
    esac
    "$iopath" run "$here/ionice.yaml" --set host.scheduler=$sched $opts "$@" --output-format json 2>/dev/null \
      | jq -r --arg s "$sched" --arg d "$dbc" --arg b "$bkc" '
          def ms(x): (x / 1e6 * 10 | round) / 10;
          (.jobs[] | select(.jobname == "db") | .read) as $db
          | (.jobs[] | select(.jobname == "backup") | .read) as $bk
          | "| \($s) | \($d) | \($b) | "
            + (if $d == "-" then "– | – | –" else "\(($db.iops * 10 | round) / 10) | \(ms($db.clat_ns.mean)) | \(ms($db.clat_ns.percentile["99.000000"]))" end)
            + " | "
            + (if $b == "-" then "– | –" else "\(($bk.bw_bytes / 1e4 | round) / 100) | \(ms($bk.clat_ns.mean))" end)
            + " |"'
  done
done
