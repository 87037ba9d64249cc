#!/usr/bin/env sh
# The sweep of docs/schedulers.md: examples/schedulers.yaml on a write-through and a write-back
# drive, under the eight IO schedulers, at SCSI queue depths 1, 4, 16 and 64 (64 runs, 10–60 s
# depending on the machine). Prints the Markdown table; the comparison files go to ${OUT:-target/schedulers}.
#
#   examples/schedulers.sh [extra options, e.g. --set drive.scheduler=asptf]
#
# The host's write_cache follows the drive's, as sd's does.
set -e
here=$(cd "$(dirname "$0")" && pwd)
exec "$here/../iopath" sweep "$here/schedulers.yaml" \
    --vary drive.write_cache=off,on \
    --vary host.scheduler=noop,deadline,anticipatory,cfq,none,mq-deadline,kyber,bfq \
    --vary host.queue_depth=${DEPTHS:-1,4,16,64} \
    --out "${OUT:-target/schedulers}" "$@"
