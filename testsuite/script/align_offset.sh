#!/bin/bash
# ALIGN (EXPR, N) of two arguments, as GNU ld folds it (bfd's binary
# ALIGN_K): inside an output section, where a number is plain, a value
# relative to a section is aligned as an offset in that section, so
# ". = ALIGN (., 8)" at the start of a section that is not 8-aligned
# moves nothing, and ALIGN (SYM, 16) is SYM's section start plus the
# aligned offset; outside output sections the absolute value is aligned,
# and ALIGN (N) of one argument aligns the absolute location counter.
# mld aligned the absolute value everywhere.  Both arches, against GNU
# ld: every symbol's value and every section's place and size.  -r
# (rt.ld) too, where "." set to a number inside a section is an offset
# in it as well: mld -r aligned the absolute value and took the number
# as an address; the object byte for byte as GNU ld's.
. "$(dirname "$0")/../lib.sh"

t_write a.s <<'EOF2'
  .text
  .globl _start
_start: .byte 1, 2, 3
  .section .d1,"aw",%progbits
  .byte 7
  .section .d2,"aw",%progbits
  .byte 9
  .section .d3,"aw",%progbits
  .byte 5
EOF2
t_write t.ld <<'LD'
SECTIONS {
  . = 0x1000;
  .text : { *(.text) }
  .d1 : { *(.d1) . = ALIGN (., 8); d1_end = .; x1 = ALIGN (d1_end, 16); }
  .d2 : { d2_start = .; . = ALIGN (., 4); *(.d2) d2_end = .; }
  .d3 : { . = ALIGN (8); *(.d3) d3_end = .; }
  top = ALIGN (d2_start, 8);
  top2 = ALIGN (ADDR (.d2), 8);
}
LD
t_write rt.ld <<'LD'
SECTIONS {
  . = 0x1000;
  .text : { *(.text) }
  .d1 : { *(.d1) . = ALIGN (., 8); d1_end = .; x1 = ALIGN (., 16); }
  .d2 0x2003 : { d2_start = .; . = ALIGN (., 4); *(.d2) . = 0x10; d2_end = .; }
  .d3 : { . = ALIGN (8); *(.d3) d3_end = .; }
}
LD
for arch in x86_64 aarch64; do
  t_target $arch
  $as -o a.o a.s || t_hard_error "$as failed"
  $ld -T t.ld -o g.out a.o 2>/dev/null || t_hard_error "$ld failed"
  t_mld -T t.ld -o m.out a.o
  expect_success
  for x in g m; do
    nm -n $x.out | grep -v '\$' >$x.syms
    readelf -SW $x.out | sed -n 's/^ *\[ *[0-9]*\] //p' |
      awk '$1 ~ /^\.(text|d[123])$/ {print $1, $3, $5}' >$x.secs
  done
  t_same "$arch: symbols as GNU ld's" g.syms m.syms "$(tr '\n' ' ' <m.syms)"
  t_same "$arch: sections as GNU ld's" g.secs m.secs "$(tr '\n' ' ' <m.secs)"
  $ld -r -T rt.ld -o g.o a.o 2>/dev/null || t_hard_error "$ld -r failed"
  t_mld -r -T rt.ld -o m.o a.o
  t_same "$arch: -r" g.o m.o "$(nm -n m.o | grep -v '\$' | tr '\n' ' ')"
done
t_done
