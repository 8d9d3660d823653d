#!/bin/bash
# An output section's type and whether it stays, as GNU ld decides them
# for a -T script, on both arches against GNU ld (sections and program
# headers):
#   order  its type is its first input's in the order GNU ld adds them,
#          statement by statement (.data.* before .note.*), not file by
#          file: mld made ".x : { *(.data.*) *(.note.*) }" a NOTE section
#          (and a PT_NOTE) when the note came first in the file
#   bss    NOBITS first gives way to the first input of another type in
#          that order
#   keep   an empty input that KEEP takes keeps its output section (bfd's
#          SEC_KEEP): mld dropped it
. "$(dirname "$0")/../lib.sh"

t_write t.s <<'EOF2'
  .section .note.x,"a",%note
  .balign 4
  .long 4, 4, 1
  .asciz "GNU"
  .long 0
  .section .bss.1,"aw",%nobits
  .zero 8
  .section .data.1,"aw",%progbits
  .quad 1
  .section .empty,"aw",%progbits
  .text
  .globl _start
_start: .long 0
EOF2
t_write order.ld <<'LD'
SECTIONS { .text : { *(.text) } .x : { *(.data.*) *(.note.*) } }
LD
t_write bss.ld <<'LD'
SECTIONS { .text : { *(.text) } .x : { *(.bss.*) *(.data.*) *(.note.*) } }
LD
t_write keep.ld <<'LD'
SECTIONS { .text : { *(.text) } .d : { KEEP(*(.empty)) } .e : { *(.data.*) } }
LD

for arch in x86_64 aarch64; do
  t_target $arch
  $as -o t.o t.s || t_hard_error "$as failed"
  for s in order bss keep; do
    $ld -T $s.ld -o g.out t.o 2>g.err || t_hard_error "$ld $s: $(cat g.err)"
    t_mld -T $s.ld -o m.out t.o
    for x in g m; do
      { readelf -SW $x.out | sed -n 's/^ *\[ *[0-9]*\] //p' |
          awk '{print $1, $2, $3, $5}' | grep -v strtab
        readelf -lW $x.out | grep -E '^ +[A-Z]' | awk '{print $1, $3, $5, $6}'
      } >$x.view
    done
    t_same "$arch $s" g.view m.view "sections and segments"
  done
done
t_done
