#!/bin/bash
if [ -z "${BASH_VERSION:-}" ]; then exec bash "$0" "$@"; fi
. "$(dirname "$0")/../lib.sh"
# --threads=N uses N threads exactly (--thread-count=N too, --no-threads
# one, --threads the default); the output does not depend on N: a
# program of many sections (parallel copying and relocation) with a
# build-id over a file big enough for the sharded digest (over 4 MiB)
# is byte-identical for every N, and runs as GNU ld's.
t_need_ld_bfd_x86_64

{
  echo '#include <stdio.h>'
  for i in $(seq 1 300); do
    echo "char big$i[16384] = {$i};"
    echo "int f$i(int x) { return x + big$i[0]; }"
  done
  echo 'int main(void) { int s = 0;'
  for i in $(seq 1 300); do echo "  s += f$i(1);"; done
  echo '  printf("%d\n", s); return 0; }'
} >many.c
T_CC=gcc t_compile many.c -ffunction-sections -fdata-sections -O1
t_gcc_mld -static -o ref many.o -Wl,--build-id
[ "$T_STATUS" = 0 ] || t_hard_error "mld failed"
[ "$(stat -c %s ref)" -gt $((4 << 20)) ] || t_hard_error "output too small"
for t in --no-threads --threads=1 --threads=2 --threads=3 --threads=16 \
         --thread-count=4 --threads; do
  t_gcc_mld -static -o out many.o -Wl,--build-id -Wl,$t
  if [ "$T_STATUS" = 0 ] && cmp -s ref out; then
    t_pass "$t: the same bytes"
  else
    t_fail "$t: status $T_STATUS or other bytes"
  fi
done
gcc -static -o gnu many.o || t_hard_error "gcc failed"
want=$(./gnu)
[ "$(./out)" = "$want" ] && t_pass "runs as GNU ld's: $want" ||
  t_fail "prints $(./out), GNU ld's $want"
# --threads takes its argument only as --threads=N: "--threads 5" is
# --threads and then an input file named 5.
t_mld --threads 5 many.o -o out2
expect_failure
expect_error "cannot open 5"
t_done
