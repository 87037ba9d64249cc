#!/usr/bin/env sh
# Tally of fio's own job files (examples/, t/jobs/, t/client_server/ of a fio checkout) against
# iopath: which simulate, which are refused with a message, which fail otherwise. Files whose
# engine is a network or remote one (net, RDMA, HTTP, rados/rbd, nbd, nfs, iSCSI, gluster, HDFS,
# DAOS, DDN's IME client: the engines scenario.JobSection calls remote) or the null engine (also
# built as C++, cpp_null: engines/null.c) are counted apart, as issue 14's "done when" does;
# every other engine is local and must simulate or be refused with a message naming it.
#
#   git clone https://github.com/axboe/fio /tmp/fio
#   examples/fio-jobs-tally.sh /tmp/fio            # prints one line per file, then the tally
#
# Each file is checked with `iopath run FILE --check` (read and bind, no simulation) from the
# file's own directory, as fio reads relative paths from where it runs.
set -u
fio=${1:?usage: $0 FIO_CHECKOUT}
root=$(cd "$(dirname "$0")/.." && pwd)
iopath="$root/iopath"
"$iopath" --version >/dev/null 2>&1 || true   # build once, before the loop
nonlocal='^(net|netsplice|rdma|http|rados|rbd|nbd|nfs|libiscsi|gfapi|gfapi_async|libhdfs|dfs|ime_psync|ime_psyncv|ime_aio|null|cpp_null)$'
ok=0; refused=0; failed=0; skipped=0
for f in $(cd "$fio" && ls examples/*.fio t/jobs/*.fio t/client_server/*.fio 2>/dev/null | sort); do
  engine=$(grep -hE '^[[:space:]]*ioengine[[:space:]]*=' "$fio/$f" | tail -n 1 | sed -E 's/.*=[[:space:]]*//; s/[[:space:]]*([;#].*)?$//')
  if printf '%s' "$engine" | grep -Eq "$nonlocal"; then
    skipped=$((skipped + 1)); echo "not-local  $f  (ioengine=$engine)"; continue
  fi
  msg=$(cd "$(dirname "$fio/$f")" && "$iopath" run "$(basename "$f")" --check 2>&1 >/dev/null | grep -v '^ignored: \|^note: ' | head -n 1)
  status=$(cd "$(dirname "$fio/$f")" && "$iopath" run "$(basename "$f")" --check >/dev/null 2>&1; echo $?)
  if [ "$status" = 0 ]; then ok=$((ok + 1)); echo "simulates  $f"
  elif [ "$status" = 2 ] && [ -n "$msg" ]; then refused=$((refused + 1)); echo "refused    $f  $msg"
  else failed=$((failed + 1)); echo "FAILED     $f  (exit $status) $msg"
  fi
done
local=$((ok + refused + failed))
echo "local-engine files: $local; simulate: $ok; refused with a message: $refused; other failures: $failed; not local: $skipped"
