#!/bin/bash
# --enable-non-contiguous-regions, as in GNU ld, on both arches: an
# input section that would overflow its output section's region goes to
# the next output section whose statement also takes it, and every such
# output section gets its flags (GNU's ld-elf/non-contiguous, the
# manual's example, symbols around the sections, a region left with a
# section that fits nowhere, which GNU ld drops without a word and mld
# refuses).  mld used to stop with "not implemented".  A section mld
# cannot move (TLS, SHF_MERGE, ...) is a clear error.
. "$(dirname "$0")/../lib.sh"

# shape FILE: each section's name, size, VMA, LMA and flags, the
# allocated sections' contents, and the symbols' values.
shape() {
  objdump -h "$1" | tail -n +5
  objdump -s "$1" | tail -n +3
  readelf -sW "$1" | awk '$5 != "LOCAL" || $4 == "NOTYPE" {print $2, $4, $5, $8}' |
    sort
}

# same_link WHAT ARGS...: GNU ld and mld link ARGS alike.
same_link() {
  local what=$1
  shift
  $ld "$@" -o g.out 2>g.err || t_hard_error "$ld $*: $(cat g.err)"
  t_mld "$@" -o m.out
  t_check "$what: links" test "$T_STATUS" = 0
  shape g.out >g.shape
  shape m.out >m.shape
  t_same "$what: sections, contents and symbols" g.shape m.shape
}

for arch in x86_64 aarch64; do
  t_target $arch
  # GNU's ld-elf/non-contiguous: .data.1 in RAML, .data.2 and .data.3 in
  # RAMU, .data.4 in RAMZ.
  t_write nc.s <<'EOF2'
  .section .data.1, "a", %progbits
  .4byte 1, 2, 3
  .section .data.2, "a", %progbits
  .4byte 4, 5, 6
  .section .data.3, "a", %progbits
  .4byte 7, 8
  .section .data.4, "a", %progbits
  .fill 0x3c, 1, 9
EOF2
  t_write nc.ld <<'LD'
MEMORY
{
  RAML (rwx) : ORIGIN = 0x1FFF0000, LENGTH = 0x00014
  RAMU (rwx) : ORIGIN = 0x20000000, LENGTH = 0x00040
  RAMZ (rwx) : ORIGIN = 0x20040000, LENGTH = 0x00040
}
SECTIONS
{
  .raml : { _raml_start = . ; *(.boot) ; *(.data) *(.data.*) ; _raml_end = . ; } > RAML
  .ramu : AT ( ADDR (.raml) + SIZEOF (.raml) )
  { _ramu_start = . ; *(.data) *(.data.*) ; _ramu_end = . ; } > RAMU
  .ramz : AT ( ADDR (.ramu) + SIZEOF (.ramu) )
  { _ramz_start = . ; *(.data) *(.data.*) ; _ramz_end = . ; } > RAMZ
}
LD
  $as -o nc.o nc.s || t_hard_error "$as failed"
  same_link "$arch ld-elf/non-contiguous" --enable-non-contiguous-regions \
    -T nc.ld nc.o

  # The manual's example: once .data.2 overflows MEM1, "." is at its end
  # there, so .data.3 goes to MEM2 too although it would fit in MEM1.
  t_write man.s <<'EOF2'
  .section .data.1, "aw", %progbits
  .fill 8, 1, 1
  .section .data.2, "aw", %progbits
  .fill 0x10, 1, 2
  .section .data.3, "aw", %progbits
  .fill 4, 1, 3
  .text
  .globl _start
_start: .4byte 0
EOF2
  t_write man.ld <<'LD'
MEMORY {
  MEM1 (rwx) : ORIGIN = 0x1000, LENGTH = 0x14
  MEM2 (rwx) : ORIGIN = 0x1100, LENGTH = 0x40
  MEM3 (rwx) : ORIGIN = 0x2000, LENGTH = 0x40
  ROM (rx) : ORIGIN = 0x3000, LENGTH = 0x100
}
SECTIONS {
  .text : { *(.text) } > ROM
  mem1 : { *(.data.*); } > MEM1
  mem2 : { *(.data.*); } > MEM2
  mem3 : { *(.data.*); } > MEM3
}
LD
  $as -o man.o man.s || t_hard_error "$as failed"
  same_link "$arch the manual's example" --enable-non-contiguous-regions \
    -T man.ld man.o

  # Every output section that may take a section gets its flags: .r2
  # holds .bss alone, and is PROGBITS for the .data.1 it might have had.
  t_write flags.s <<'EOF2'
  .section .data.1, "aw", %progbits
  .4byte 1
  .section .bss.1, "aw", %nobits
  .zero 8
  .text
  .globl _start
_start: .4byte 0
EOF2
  t_write flags.ld <<'LD'
MEMORY { R1 (rwx) : ORIGIN = 0x1000, LENGTH = 0x100
         R2 (rwx) : ORIGIN = 0x2000, LENGTH = 0x100 }
SECTIONS {
  .text : { *(.text) } > R1
  .r1 : { *(.data.*) } > R1
  .r2 : { *(.data.*) *(.bss.*) } > R2
}
LD
  $as -o flags.o flags.s || t_hard_error "$as failed"
  same_link "$arch flags of the sections that may take one" \
    --enable-non-contiguous-regions -T flags.ld flags.o

  # A move leaves the section's size (and its region's next free
  # address) where its last input ended, not at the region's end: .o1
  # after .d1 in R1 keeps .other (review case).  An orphan follows the
  # last output section of its flags, one with nothing but inputs it may
  # take (.d2 at first) included, as GNU ld gives that one its flags.
  t_write f.s <<'EOF2'
  .section .data.1,"aw",%progbits
  .fill 0x10,1,1
  .section .data.2,"aw",%progbits
  .fill 0x30,1,2
  .section .other,"aw",%progbits
  .fill 0x4,1,0xee
  .section .orph,"aw",%progbits
  .fill 0x4,1,0xdd
  .text
  .globl _start
_start: .4byte 0
EOF2
  t_write f.ld <<'LD'
MEMORY { R1 (rw) : ORIGIN = 0x1000, LENGTH = 0x20
         R2 (rw) : ORIGIN = 0x1100, LENGTH = 0x40
         R3 (rw) : ORIGIN = 0x1200, LENGTH = 0x40
         ROM (rx) : ORIGIN = 0x3000, LENGTH = 0x100 }
SECTIONS {
  .text : { *(.text) } > ROM
  .d1 : { *(.data.*) e1 = .; } > R1
  .o1 : { o1 = .; *(.other) } > R1
  .d2 : { *(.data.*) } > R2
  .o2 : { o2 = .; *(.other) } > R3
}
LD
  $as -o f.o f.s || t_hard_error "$as failed"
  same_link "$arch two sections in a region, one input moved" \
    --enable-non-contiguous-regions -T f.ld f.o

  # KEEP makes the input SEC_KEEP, and every output section it may go to
  # stays, empty or not (.d2 here), as in GNU ld.
  t_write keep.ld <<'LD'
MEMORY { R1 (rw) : ORIGIN = 0x1000, LENGTH = 0x20
         R2 (rw) : ORIGIN = 0x1100, LENGTH = 0x40
         ROM (rx) : ORIGIN = 0x3000, LENGTH = 0x100 }
SECTIONS {
  .text : { *(.text) } > ROM
  .d1 : { KEEP(*(.data.1)) } > R1
  .d2 : { *(.data.1) } > R2
}
LD
  same_link "$arch KEEP: every output section that may take it stays" \
    --enable-non-contiguous-regions -T keep.ld f.o

  # After a move "." is at the region's end: an input with no later
  # output section to go to is left out by GNU ld, without a word; mld
  # says so.
  t_write k.ld <<'LD'
MEMORY { R1 (rw) : ORIGIN = 0x1000, LENGTH = 0x20
         R2 (rw) : ORIGIN = 0x1100, LENGTH = 0x40
         ROM (rx) : ORIGIN = 0x3000, LENGTH = 0x100 }
SECTIONS {
  .text : { *(.text) } > ROM
  .d1 : { *(.data.*) *(.other) e1 = .; } > R1
  .d2 : { *(.data.*) } > R2
}
LD
  rm -f m.out
  t_mld --enable-non-contiguous-regions -T k.ld f.o -o m.out
  expect_failure
  expect_error "--enable-non-contiguous-regions: f.o: section .other fits in no region of an output section that takes it (GNU ld leaves it out)"
  expect_no_file m.out

  # A section too big for every region: GNU ld drops it (and says so
  # only with --enable-non-contiguous-regions-warnings); its manual
  # promises an error, which mld gives: the last region's overflow.
  t_write huge.s <<'EOF2'
  .section .data.1, "aw", %progbits
  .fill 0x80, 1, 1
  .text
  .globl _start
_start: .4byte 0
EOF2
  $as -o huge.o huge.s || t_hard_error "$as failed"
  rm -f m.out
  $ld --enable-non-contiguous-regions -T man.ld huge.o -o g.out 2>g.err ||
    t_hard_error "$ld failed: $(cat g.err)"
  objdump -h g.out | grep -q ' \.data\.1 \| mem[123] ' &&
    t_hard_error "$ld kept the section that fits nowhere"
  t_mld --enable-non-contiguous-regions -T man.ld huge.o -o m.out
  expect_failure
  expect_stderr "mld: m.out section \`mem3' will not fit in region \`MEM3'"
  expect_stderr "mld: region \`MEM3' overflowed by 64 bytes"
  expect_no_file m.out

  # A TLS section that would have to move: mld's error.
  t_write tls.s <<'EOF2'
  .section .tdata.1, "awT", %progbits
  .fill 0x20, 1, 1
  .section .tdata.2, "awT", %progbits
  .fill 0x20, 1, 2
  .text
  .globl _start
_start: .4byte 0
EOF2
  t_write tls.ld <<'LD'
MEMORY { R1 (rwx) : ORIGIN = 0x1000, LENGTH = 0x30
         R2 (rwx) : ORIGIN = 0x2000, LENGTH = 0x100 }
SECTIONS {
  .text : { *(.text) } > R2
  .t1 : { *(.tdata.*) } > R1
  .t2 : { *(.tdata.*) } > R2
}
LD
  $as -o tls.o tls.s || t_hard_error "$as failed"
  t_mld --enable-non-contiguous-regions -T tls.ld tls.o -o m.out
  expect_failure
  expect_error "--enable-non-contiguous-regions: tls.o: section .tdata.2 would go to a later output section"
  expect_no_file m.out
done
t_done
