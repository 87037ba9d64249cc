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
# file's own directory, as fio reads relative paths from where it runs. A file whose leading
# comment lines document how to run it (the first command there that runs fio on this file, e.g.
# sprandom.fio's `env FIO_BS=4096 fio ... examples/sprandom.fio` or xnvme-compare.fio's
# `fio examples/xnvme-compare.fio --section=default --ioengine=io_uring ...`) is checked that way:
# with the command's VAR=VALUE environment, its --section options, and its engine, --ioengine and
# the xNVMe engine's own choice of kernel interface (--xnvme_async, --xnvme_sync, --xnvme_be: what
# the engine does depends on it), shown after the file's name. The command's other options
# (--filename: the device; tuning such as --sqthread_poll) are not passed: iopath's drive is the device.
set -u
fio=${1:?usage: $0 FIO_CHECKOUT}
root=$(cd "$(dirname "$0")/.." && pwd)
iopath="$root/iopath"
"$iopath" --version >/dev/null 2>&1 || true   # build once, before the loop
nonlocal='^(net|netsplice|rdma|http|rados|rbd|nbd|nfs|libiscsi|gfapi|gfapi_async|libhdfs|dfs|ime_psync|ime_psyncv|ime_aio|null|cpp_null)$'
ok=0; refused=0; failed=0; skipped=0

# The file's documented invocation: the first command in its leading comment lines (continuation
# lines joined) that runs fio on this file; prints "VAR=VALUE ... --section=NAME --ioengine=E ..." or nothing.
documented() {
  awk -v name="$(basename "$1")" '
    /^[[:space:]]*$/ { next }
    !/^[[:space:]]*[;#]/ { exit }
    { sub(/^[[:space:]]*[;#]+[[:space:]]*/, ""); sub(/^#[[:space:]]*/, "")
      if (cmd != "" || $0 ~ /^(env[[:space:]]+)?([A-Za-z_][A-Za-z_0-9]*=[^[:space:]]*[[:space:]]+)*(\\[[:space:]]*)?$/ || $0 ~ /^(env[[:space:]]+)?([A-Za-z_][A-Za-z_0-9]*=[^[:space:]]*[[:space:]]+)*fio[[:space:]]/) {
        cont = ($0 ~ /\\[[:space:]]*$/); line = $0; sub(/\\[[:space:]]*$/, "", line); cmd = cmd " " line
        if (!cont) { if (cmd ~ /(^|[[:space:]])fio[[:space:]]/ && index(cmd, name) > 0) { found = cmd; exit } cmd = "" }
      } }
    END {
      n = split(found, w, /[[:space:]]+/); out = ""; before = 1
      for (i = 1; i <= n; i++) {
        if (w[i] == "fio") before = 0
        else if (before && w[i] ~ /^[A-Za-z_][A-Za-z_0-9]*=/) { v = w[i]; gsub(/"/, "", v); out = out " " v }
        else if (!before && w[i] ~ /^--(section|ioengine|xnvme_async|xnvme_sync|xnvme_be)=/) out = out " " w[i]
      }
      sub(/^ /, "", out); print out
    }' "$1"
}
for f in $(cd "$fio" && ls examples/*.fio t/jobs/*.fio t/client_server/*.fio 2>/dev/null | sort); do
  engine=$(grep -hE '^[[:space:]]*ioengine[[:space:]]*=' "$fio/$f" | tail -n 1 | sed -E 's/.*=[[:space:]]*//; s/[[:space:]]*([;#].*)?$//')
  if printf '%s' "$engine" | grep -Eq "$nonlocal"; then
    skipped=$((skipped + 1)); echo "not-local  $f  (ioengine=$engine)"; continue
  fi
  how=$(documented "$fio/$f")
  envs=$(printf '%s\n' $how | grep -v '^--' | tr '\n' ' ')
  secs=$(printf '%s\n' $how | grep '^--' | tr '\n' ' ')
  as=${how:+"  (as its header runs it: $how)"}
  msg=$(cd "$(dirname "$fio/$f")" && env $envs "$iopath" run "$(basename "$f")" $secs --check 2>&1 >/dev/null | grep -v '^ignored: \|^note: ' | head -n 1)
  status=$(cd "$(dirname "$fio/$f")" && env $envs "$iopath" run "$(basename "$f")" $secs --check >/dev/null 2>&1; echo $?)
  if [ "$status" = 0 ]; then ok=$((ok + 1)); echo "simulates  $f$as"
  elif [ "$status" = 2 ] && [ -n "$msg" ]; then refused=$((refused + 1)); echo "refused    $f$as  $msg"
  else failed=$((failed + 1)); echo "FAILED     $f$as  (exit $status) $msg"
  fi
done
local=$((ok + refused + failed))
echo "local-engine files: $local; simulate: $ok; refused with a message: $refused; other failures: $failed; not local: $skipped"
