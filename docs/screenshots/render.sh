#!/usr/bin/env sh
# Renders report.html of a single run and of a 64-run sweep in headless Chromium and writes the
# screenshots committed beside this script (docs/reports.md shows them). Needs the built CLI
# (./mvnw -o -pl iopath-cli -am package -DskipTests) and chromium (apt-get install -y chromium).
#
#   docs/screenshots/render.sh [WORKDIR]      # default WORKDIR: target/screenshots
#
# Full-page PNGs are large; the committed ones are the top 1200 px of each page, scaled to half
# size with ImageMagick's convert when it is installed (otherwise left at full size).
set -e
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
work=${1:-$root/target/screenshots}
mkdir -p "$work"
iopath="$root/iopath"
"$iopath" run "$root/examples/ionice.yaml" --out "$work/run" > /dev/null
"$iopath" sweep "$root/examples/schedulers.yaml" --vary drive.write_cache=off,on \
    --vary host.scheduler=noop,deadline,anticipatory,cfq,none,mq-deadline,kyber,bfq \
    --vary host.queue_depth=1,4,16,64 --set 'jobs[0].number_ios=2000' --out "$work/sweep" > /dev/null 2>&1
shot() { # html png height
    chromium --headless --no-sandbox --disable-gpu --hide-scrollbars --window-size=1100,"$3" \
        --screenshot="$2" "file://$1" > /dev/null 2>&1
}
shot "$work/run/report.html" "$work/run.png" 4200
shot "$work/sweep/report.html" "$work/sweep.png" 4200
for page in run sweep; do
    if command -v convert > /dev/null; then
        convert "$work/$page.png" -resize 50% -strip PNG8:"$here/$page-report.png"
    else
        cp "$work/$page.png" "$here/$page-report.png"
    fi
done
echo "wrote $here/run-report.png and $here/sweep-report.png (full pages in $work)"
