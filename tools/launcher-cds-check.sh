#!/usr/bin/env sh
# Checks the ./iopath launcher's class-data-sharing archive handling on a copy of the launcher and
# the built jar in a temporary directory (never the checkout's own archive):
#   1. the first run makes iopath-cli/target/iopath.jsa, and nothing in the working directory;
#   2. a broken (truncated) archive newer than the jar does not break a run, nor print anything;
#   3. a jar newer than the archive (a rebuild) makes the archive again;
#   4. IOPATH_CDS=0 makes no archive;
#   5. a read-only target directory (no archive can be written) still runs (as root the directory
#      stays writable, so there it checks only that the run works).
# Needs the jar built (./iopath --version, or ./mvnw -q -DskipTests package). Usage:
#   sh tools/launcher-cds-check.sh        prints "ok" and exits 0, or says what failed and exits 1
set -e
root=$(cd "$(dirname "$0")/.." && pwd)
jar="$root/iopath-cli/target/iopath.jar"
[ -f "$jar" ] || { echo "launcher-cds-check: build first (no $jar)" >&2; exit 1; }
work=$(mktemp -d)
trap 'chmod -R u+w "$work"; rm -rf "$work"' EXIT
mkdir -p "$work/repo/iopath-cli/target" "$work/cwd"
cp "$root/iopath" "$work/repo/iopath"
cp "$jar" "$work/repo/iopath-cli/target/iopath.jar"
jsa="$work/repo/iopath-cli/target/iopath.jsa"
fail() { echo "launcher-cds-check: $*" >&2; exit 1; }
run() { (cd "$work/cwd" && "$work/repo/iopath" run --set 'jobs[0].number_ios=50' >"$work/out" 2>"$work/err"); }

run || fail "first run failed: $(cat "$work/err")"
[ -s "$jsa" ] || fail "first run made no archive"
[ -z "$(ls -A "$work/cwd")" ] || fail "the launcher wrote into the working directory: $(ls -A "$work/cwd")"
cp "$work/out" "$work/expected"

chmod u+w "$jsa"; head -c 65536 "$jsa" >"$work/part"; cp "$work/part" "$jsa"
run || fail "a broken archive broke the run: $(cat "$work/err")"
[ ! -s "$work/err" ] || fail "a broken archive printed: $(cat "$work/err")"
cmp -s "$work/out" "$work/expected" || fail "output differs with a broken archive"

sleep 1; touch "$work/repo/iopath-cli/target/iopath.jar"
run || fail "run after a rebuild failed"
[ "$(wc -c <"$jsa")" -gt 65536 ] || fail "a stale archive was not made again"
[ ! "$work/repo/iopath-cli/target/iopath.jar" -nt "$jsa" ] || fail "the archive is still older than the jar"

rm -f "$jsa"
(cd "$work/cwd" && IOPATH_CDS=0 "$work/repo/iopath" --version >/dev/null) || fail "IOPATH_CDS=0 run failed"
[ ! -e "$jsa" ] || fail "IOPATH_CDS=0 made an archive"

chmod a-w "$work/repo/iopath-cli/target"
run || fail "a read-only target directory broke the run: $(cat "$work/err")"
cmp -s "$work/out" "$work/expected" || fail "output differs without an archive"
echo ok
