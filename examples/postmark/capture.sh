#!/bin/sh
# Runs the real Postmark on CONFIG under strace in an empty temporary directory and writes its
# file system calls in iopath's postmark-seq v1 format to OUT, and what Postmark printed, without the
# line naming the configuration file (a temporary path), to OUT with .seq replaced by .out.
#   apt-get install -y postmark strace
#   R=iopath-core/src/test/resources/io/iopath/workload/postmark
#   examples/postmark/capture.sh $R/unbuffered.pmrc $R/unbuffered.seq
set -eu
config=$(realpath "$1")
out=$(realpath -m "$2")
here=$(dirname "$(realpath "$0")")
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cd "$work"
# Postmark does not create its locations ('set location DIR' / '+DIR'); they must exist.
sed -n 's/^set location [+]\{0,1\}\([^ ]*\).*/\1/p' "$config" | while read -r dir; do mkdir -p "$dir"; done
strace -f -s 4096 -e trace=openat,read,write,lseek,close,unlink,mkdir,rmdir -o "$work.strace" \
    postmark "$config" > "$work.stdout"
python3 "$here/strace-to-seq.py" "$work.strace" > "$out"
grep -v "^Reading configuration from file" "$work.stdout" > "${out%.seq}.out"
rm -f "$work.strace" "$work.stdout"
