#!/bin/bash
# make bench: links one synthetic workload with mld and its peers (GNU ld,
# gold, lld, mold: those installed) side by side, checks each output runs
# correctly, and prints wall time and peak memory per linker with ratios
# to mld.  Times are medians of RUNS runs after one warm-up.
#
#   bench/run.sh [preset] [gc]      preset: small, medium (default), large
#                                   gc: -ffunction-sections + --gc-sections
# Environment: GEN (the generator, default ../shared/bench/gen.py),
# BENCH_DIR (where the workload is built, default /tmp/mld-bench), RUNS.
set -eu
top=$(cd "$(dirname "$0")/.." && pwd)
preset=${1:-medium}
gc=${2:-}
gen=${GEN:-$top/../shared/bench/gen.py}
dir=${BENCH_DIR:-/tmp/mld-bench}/$preset
runs=${RUNS:-5}
mld=$top/ld/gcc

[ -f "$gen" ] || { echo "bench: generator not found at $gen (set GEN)"; exit 1; }
[ -x "$top/ld/mld" ] || { echo "bench: build mld first (make)"; exit 1; }

python3 "$gen" --out "$dir" --preset "$preset" >/dev/null
objdir=obj-x86_64
extra=()
if [ "$gc" = gc ]; then
  objdir=obj-gc
  make -s -C "$dir" -j2 OBJDIR=$objdir SECTIONS=1 >/dev/null
  extra=(-Wl,--gc-sections)
else
  make -s -C "$dir" -j2 OBJDIR=$objdir >/dev/null
fi
cd "$dir/$objdir"
objs=$(cat "$dir/objects.txt")
mb=$(du -cb $objs 2>/dev/null | tail -1 | cut -f1)

# The linker command line gcc would run, minus the LTO plugin options, so
# each linker is timed on its own, without the compiler driver.
args=$(gcc -static -B"$mld" -v -o OUT $objs "${extra[@]}" -lm 2>&1 |
  grep collect2 | sed 's/^ *//; s/^[^ ]*collect2 //' |
  tr ' ' '\n' | grep -v -e '^-plugin' -e '^-plugin-opt' -e 'liblto_plugin' |
  tr '\n' ' ')
declare -A cmd
cmd[mld]="$top/ld/mld"
cmd[bfd]="ld.bfd"
command -v ld.gold >/dev/null && cmd[gold]="ld.gold"
command -v ld.lld >/dev/null && cmd[lld]="ld.lld"
command -v mold >/dev/null && cmd[mold]="mold --no-fork"
order=(mld bfd gold lld mold)

median() { sort -n | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }

echo "workload: $preset${gc:+ (gc)}, $(echo $objs | wc -w) objects, $((mb / 1048576)) MiB; $runs runs each"
printf '%-6s %10s %8s %12s %8s\n' linker wall_s ratio peak_MiB ratio
base_t=; base_m=
for l in "${order[@]}"; do
  [ -n "${cmd[$l]:-}" ] || continue
  out=/tmp/mld-bench-$l.out
  largs=${args/-o OUT/-o $out}
  ${cmd[$l]} $largs >/dev/null 2>&1 || { echo "$l: link failed"; continue; }
  if ! "$out" | diff -q - "$dir/expected.txt" >/dev/null; then
    echo "$l: output program does not match expected.txt"
    continue
  fi
  ts=(); ms=()
  for i in $(seq "$runs"); do
    /usr/bin/time -o /tmp/mld-bench-time -f '%e %M' \
      ${cmd[$l]} $largs >/dev/null 2>&1
    r=$(tail -1 /tmp/mld-bench-time)
    ts+=("${r% *}"); ms+=("${r#* }")
  done
  t=$(printf '%s\n' "${ts[@]}" | median)
  m=$(printf '%s\n' "${ms[@]}" | median)
  [ -n "$base_t" ] || { base_t=$t; base_m=$m; }
  printf '%-6s %10s %8.2f %12.1f %8.2f\n' "$l" "$t" \
    "$(echo "$t / $base_t" | bc -l)" "$(echo "$m / 1024" | bc -l)" \
    "$(echo "$m / $base_m" | bc -l)"
done
echo "(ratio: linker / mld; each linker run directly on gcc's ld command line)"
