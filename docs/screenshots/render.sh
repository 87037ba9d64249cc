#!/usr/bin/env sh
# Renders report.html of a single run (examples/ionice.yaml) and of the 64-run sweep of
# examples/schedulers.sh in headless Chromium and writes the screenshots beside this script
# (docs/reports.md shows them). Needs Java 17 and chromium (apt-get install -y chromium).
#
#   docs/screenshots/render.sh [WORKDIR]      # default WORKDIR: target/screenshots
#
# Each PNG is the top 1600 CSS pixels of the page at 1100 wide, drawn at half scale
# (--force-device-scale-factor=0.5) to stay small; look at the whole pages in WORKDIR.
set -e
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
work=${1:-$root/target/screenshots}
mkdir -p "$work"
"$root/iopath" run "$root/examples/ionice.yaml" --out "$work/run" > /dev/null
"$root/iopath" sweep "$root/examples/schedulers.yaml" --vary drive.write_cache=off,on \
    --vary host.scheduler=noop,deadline,anticipatory,cfq,none,mq-deadline,kyber,bfq \
    --vary host.queue_depth=1,4,16,64 --set 'jobs[0].number_ios=2000' --out "$work/sweep" > /dev/null 2>&1
shot() { # page.html out.png
    chromium --headless --no-sandbox --disable-gpu --hide-scrollbars --force-device-scale-factor=0.5 \
        --window-size=1100,1600 --screenshot="$2" "file://$1" > /dev/null 2>&1
}
shot "$work/run/report.html" "$here/run-report.png"
shot "$work/sweep/report.html" "$here/sweep-report.png"
echo "wrote $here/run-report.png and $here/sweep-report.png (the pages: $work/run, $work/sweep)"
