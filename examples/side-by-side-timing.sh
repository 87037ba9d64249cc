# Sourced by examples/disksim-side-by-side.sh and examples/split-replay-side-by-side.sh: how both
# time a whole process and say where it ran.

timed() { # OUT_TIMES COMMAND...: runs it, leaves "wall cpu max_resident_MB" in OUT_TIMES
  out=$1; shift
  /usr/bin/time -f '%e %U %S %M' -o "$out.raw" "$@"
  awk '{ printf "%.2f %.2f %d\n", $1, $2 + $3, $4 / 1024 }' "$out.raw" > "$out"
}

machine() { # the machine, its load and the java on the PATH
  echo "machine: $(nproc) cores, $(sed -n 's/^model name[[:space:]]*: //p' /proc/cpuinfo | head -n 1), load $(cut -d' ' -f1-3 /proc/loadavg)"
  echo "java: $(java -version 2>&1 | head -n 1)"
}
