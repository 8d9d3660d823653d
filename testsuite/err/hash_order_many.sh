#!/bin/bash
if [ -z "${BASH_VERSION:-}" ]; then exec bash "$0" "$@"; fi
. "$(dirname "$0")/../lib.sh"
# GNU ld takes the order of GOT entries and of COMMON symbols from a walk
# of its symbol hash table.  With more than 3,038 names the table grows
# (4,051 buckets, then 4,093, then 8,191), and growing moves chains in an
# order of its own; mld models that.  Thousands of globals, each with a
# GOT entry that is not relaxed and half of them COMMON: the .got bytes
# and every symbol's address are GNU ld's, on both targets, and the
# programs add up every variable.  On x86-64 half the loads are a plain
# R_X86_64_GOTPCREL mov (as an assembler of before 2.26 or
# -mrelax-relocations=no makes), which GNU ld makes a lea; a push keeps
# its GOT entry.

N=3300
{
  for ((i = 0; i < N; i++)); do
    if ((i % 2)); then echo "long v$i;"; else echo "long v$i = $i;"; fi
  done
  echo 'void set_odd(void) {'
  for ((i = 1; i < N; i += 2)); do echo "  v$i = $i;"; done
  echo '}'
} >vars.c
t_write main.c <<'SRC'
#include <stdio.h>
long sum_all(void);
void set_odd(void);
int main(void) { set_odd(); printf("%ld\n", sum_all()); return 0; }
SRC
want=$((N * (N - 1) / 2))
syms() { nm "$1" | awk '$3 ~ /^v[0-9]+$/ {print $1, $3}' | sort; }

for cc in gcc aarch64-linux-gnu-gcc; do
  t_have "$cc" $cc || continue
  run=""
  if [ $cc = gcc ]; then
    {
      echo '	.text'
      echo '	.globl sum_all'
      echo 'sum_all:'
      echo '	xorl %eax, %eax'
      for ((i = 0; i < N; i++)); do
        if ((i % 2)); then
          echo "	movq v$i@GOTPCREL(%rip), %rdx"
        else
          echo "	pushq v$i@GOTPCREL(%rip)"
          echo '	popq %rdx'
        fi
        echo '	addq (%rdx), %rax'
      done
      echo '	ret'
    } >sum.s
    as -mrelax-relocations=no -o sum.o sum.s || t_hard_error "as failed"
    readelf=readelf
  else
    t_have "$cc" qemu-aarch64 || continue
    {
      echo '	.text'
      echo '	.globl sum_all'
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
    aarch64-linux-gnu-as -o sum.o sum.s || t_hard_error "as failed"
    readelf=aarch64-linux-gnu-readelf
    run=qemu-aarch64
  fi
  $cc -O1 -fcommon -c vars.c main.c || t_hard_error "$cc failed"
  $cc -static -o g main.o sum.o vars.o || t_hard_error "$cc: GNU ld failed"
  T_CC=$cc t_gcc_mld -static -o m main.o sum.o vars.o
  [ "$T_STATUS" = 0 ] || { t_fail "$cc: mld failed"; continue; }
  out=$($run ./m)
  [ "$out" = "$want" ] && t_pass "$cc: the sum is $want" ||
    t_fail "$cc: the sum is '$out', want $want"
  if cmp -s <($readelf -x .got g) <($readelf -x .got m); then
    size=$($readelf -SW g | awk '$2 == ".got" {print $6}')
    t_pass "$cc: GNU ld's .got (0x$size bytes)"
  else
    t_fail "$cc: .got differs from GNU ld's"
    diff <($readelf -x .got g) <($readelf -x .got m) | head -6
  fi
  code() { objdump -d --no-show-raw-insn "$1" | sed -n '/<sum_all>:/,/ret/p'; }
  if [ $cc = gcc ]; then
    [ "$(code g)" = "$(code m)" ] &&
      t_pass "$cc: GNU ld's code: $(code m | grep -c lea) loads made lea" ||
      { t_fail "$cc: sum_all differs"; diff <(code g) <(code m) | head -6; }
  fi
  if [ "$(syms g)" = "$(syms m)" ]; then
    t_pass "$cc: GNU ld's addresses for the $N variables"
  else
    t_fail "$cc: variables' addresses differ"
    diff <(syms g) <(syms m) | head -6
  fi
done
t_done
