#!/bin/bash
# ALIGN (N) and SUBALIGN (N) of an output section as GNU ld takes them
# (exp_get_power): the least power of two not below N (3 is 4), 0 is 1,
# and a value past 2^63 is bfd's "alignment power ... is too big".  mld
# used N as it was: a mask that was no power of two gave addresses at
# random, and with -r the fuzzer's script (fuzz/regressions/
# script-align-too-big) wrote past the output's buffer.  Both arches,
# against GNU ld.
. "$(dirname "$0")/../lib.sh"

t_write a.s <<'EOF2'
  .section .data.1,"aw",%progbits
  .byte 1
  .section .rodata.1,"a",%progbits
  .byte 2, 3, 4
  .text
  .globl _start
_start: .long 0
EOF2

for arch in x86_64 aarch64; do
  t_target $arch
  $as -o a.o a.s || t_hard_error "$as failed"
  for n in 3 0 5 0x30; do
    t_write n.ld <<LD
SECTIONS { .text : { *(.text) } .data : ALIGN($n) { *(.data.*) }
           .s : SUBALIGN($n) { *(.rodata.*) } }
LD
    $ld -T n.ld -o g.out a.o 2>/dev/null || t_hard_error "$ld failed"
    t_mld -T n.ld -o m.out a.o
    for x in g m; do
      readelf -SW $x.out | sed -n 's/^ *\[ *[0-9]*\] //p' |
        awk '$1 == ".data" || $1 == ".s" {print $1, $3, $NF}' >$x.v
    done
    t_same "$arch ALIGN ($n), SUBALIGN ($n)" g.v m.v "$(tr '\n' ' ' <m.v)"
  done
  t_write big.ld <<'LD'
SECTIONS { .text : { *(.text) }
  .data : ALIGN(163333333333333333333333333333333333333) { *(.data.*) } }
LD
  for mode in "" -r; do
    rm -f m.out
    t_mld $mode -T big.ld -o m.out a.o
    expect_failure
    expect_error "m.out: alignment power -1 of section \`.data' is too big"
    expect_no_file m.out
  done
done
t_mld -r -T "$T_LIB_DIR/../fuzz/regressions/script-align-too-big" -o m.out a.o
expect_failure
expect_error "alignment power -1 of section \`.e2' is too big"
t_done
