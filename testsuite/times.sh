#!/bin/sh
# The slowest tests of the last `make check` (their logs' "elapsed:"
# lines, written by testsuite/timed.sh), slowest first, with the sum.
# Usage: testsuite/times.sh [BUILDDIR [N]]
dir=${1:-.}
n=${2:-30}
find "$dir/testsuite" "$dir/tests" -name '*.log' 2>/dev/null |
  xargs grep -H '^elapsed: ' 2>/dev/null |
  awk -F'elapsed: ' '{ sub(/\.log:$/, "", $1); split($2, t, " ");
                       printf "%8.1f s  %s\n", t[1] / 1000, $1 }' |
  sort -rn >times.tmp.$$
head -n "$n" times.tmp.$$
awk '{ s += $1 } END { printf "%d tests, %.0f s in all (%.1f min)\n", NR, s, s / 60 }' times.tmp.$$
rm -f times.tmp.$$
