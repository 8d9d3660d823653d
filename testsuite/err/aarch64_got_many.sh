#!/bin/bash
if [ -z "${BASH_VERSION:-}" ]; then exec bash "$0" "$@"; fi
. "$(dirname "$0")/../lib.sh"
# Thousands of GOT entries that cannot be relaxed (the ADRP and the LDR
# use different registers) must not push the GOT entries glibc's -fpic
# objects reach with R_AARCH64_LD64_GOTPAGE_LO15 (32 KiB from the GOT)
# out of range: mld places short-reach entries first.  GNU ld refuses
# this link; the mld-linked program must run and add up every variable.

command -v aarch64-linux-gnu-gcc >/dev/null || t_skip "no aarch64-linux-gnu-gcc"
command -v qemu-aarch64 >/dev/null || t_skip "no qemu-aarch64"
N=6000
{
  for ((i = 0; i < N; i++)); do echo "long v$i = $i;"; done
} >vars.c
{
  echo '	.text'
  echo '	.globl sum_all'
  echo '	.type sum_all, %function'
  echo 'sum_all:'
  echo '	mov x0, #0'
  for ((i = 0; i < N; i++)); do
    echo "	adrp x1, :got:v$i"
    echo "	ldr x2, [x1, #:got_lo12:v$i]"
    echo '	ldr x2, [x2]'
    echo '	add x0, x0, x2'
  done
  echo '	ret'
} >sum.s
t_write main.c <<'SRC'
#include <stdio.h>
long sum_all(void);
int main(void) { printf("%ld\n", sum_all()); return 0; }
SRC
aarch64-linux-gnu-gcc -O1 -c vars.c main.c && aarch64-linux-gnu-as -o sum.o sum.s ||
  t_hard_error "compiling failed"
T_CC=aarch64-linux-gnu-gcc t_gcc_mld -static -o prog main.o sum.o vars.o
[ "$T_STATUS" = 0 ] && t_pass "link" || t_fail "link failed"
want=$((N * (N - 1) / 2))
got=$(qemu-aarch64 ./prog)
[ "$got" = "$want" ] && t_pass "sum $got" || t_fail "sum '$got', want $want"
hex=$(aarch64-linux-gnu-readelf -SW prog | awk '$2 == ".got" {print $6}')
got_size=$((16#${hex:-0}))
[ "${got_size:-0}" -gt $((4096 * 8)) ] && t_pass "a GOT of $got_size bytes" ||
  t_fail "the GOT is only ${got_size:-0} bytes: the test lost its point"
t_done
