#!/bin/bash
if [ -z "${BASH_VERSION:-}" ]; then exec bash "$0" "$@"; fi
. "$(dirname "$0")/../lib.sh"
# MEMORY regions and output section types as GNU ld's lang_size_sections_1
# and lang_check_section_addresses treat them, on both targets:
#   attrs     a section with an address and no region takes no region by
#             its attributes (mld put it in the first that matched, which
#             then overflowed); its LMA is its VMA
#   tbss      .tbss takes no room in its region, so the next section
#             starts where .tbss does; with ALIGN_WITH_INPUT its load
#             region moves; PT_TLS's physical address is .tbss's LMA
#   overflow  a region overflowed and two load images overlapping: GNU
#             ld's messages, in its order ("overflowed by" last, "byte"
#             for one)
#   phdrs     PHDRS puts FILEHDR and PHDRS after a PT_LOAD without them:
#             GNU ld's error
#   types     (TYPE = N) and READONLY (TYPE = N); (NOLOAD) with data is
#             still NOBITS
# Compared with GNU ld: section headers (objdump -h), program headers,
# and the messages, the linker's name aside.

t_write s.s <<'SRC'
	.section .s0, "a"
	.long 0
	.section .s1, "a"
	.long 1
	.section .s2, "a"
	.long 2
	.section .s3, "a"
	.long 3, 3, 3
	.section .tbss, "awT", %nobits
	.p2align 8
	.zero 4
	.data
	.p2align 4
	.long 5
	.text
	.long 6
SRC

script_of() {
  case $1 in
  attrs) cat <<'LD'
MEMORY {
  lo : ORIGIN = 0x1000, LENGTH = 0x100
  ro (r) : ORIGIN = 0x2000, LENGTH = 0x20
  far (!r) : ORIGIN = 0x6000, LENGTH = 0x100
}
SECTIONS {
  .s0 : { *(.s0) }
  .s1 ORIGIN (lo) : { *(.s1) } AT> ro
  .s2 : { *(.s2) } > far
  .s3 0x5000 : { *(.s3) }
  .text : { *(.text) } AT> ro
  /DISCARD/ : { *(*) }
}
LD
  ;;
  tbss|tbss_plain) local awi=ALIGN_WITH_INPUT
  [ $1 = tbss ] || awi=
  cat <<LD
MEMORY { ram : ORIGIN = 0x10000, LENGTH = 0x10000
         rom : ORIGIN = 0x20000, LENGTH = 0x10000 }
SECTIONS {
  .text : ALIGN_WITH_INPUT { *(.text) } > ram AT> rom
  .tbss : $awi { *(.tbss) } > ram AT> rom
  .data : ALIGN_WITH_INPUT { *(.data) } > ram AT> rom
  /DISCARD/ : { *(*) }
}
LD
  ;;
  overflow) cat <<'LD'
MEMORY { r1 (rwx) : ORIGIN = 0x1000, LENGTH = 3
         r2 (rwx) : ORIGIN = 0x1002, LENGTH = 0x20 }
SECTIONS {
  .s0 : { *(.s0) } > r1
  .s3 : { *(.s3) } > r2
  /DISCARD/ : { *(*) }
}
LD
  ;;
  phdrs) cat <<'LD'
PHDRS {
  data PT_LOAD ;
  text PT_LOAD FILEHDR PHDRS ;
}
SECTIONS {
  . = 0x800000 + SIZEOF_HEADERS;
  .text : { *(.text) } :text
  .data : { *(.data) } :data
  /DISCARD/ : { *(*) }
}
LD
  ;;
  types) cat <<'LD'
SECTIONS {
  .nl (NOLOAD) : { LONG(1) }
  .ro (READONLY) : { LONG(2) }
  prog (TYPE = SHT_PROGBITS) : { BYTE(1) }
  str (TYPE=SHT_STRTAB) : { BYTE(0) }
  init (TYPE = 14) : { QUAD(14) }
  pre (TYPE = SHT_PREINIT_ARRAY) : { QUAD(16) }
  .ronote (READONLY (TYPE = SHT_NOTE)) : { LONG(3) }
  /DISCARD/ : { *(*) }
}
LD
  ;;
  esac
}

for arch in x86_64 aarch64; do
  t_target $arch
  $as -o $arch.o s.s || t_hard_error "$as s.s failed"
  for s in attrs tbss tbss_plain overflow phdrs types; do
    script_of $s >$s.ld
    $ld -T $s.ld -z max-page-size=0x1000 -o gnu.out $arch.o 2>gnu.err
    gnu_status=$?
    t_mld -m $emul -T $s.ld -z max-page-size=0x1000 -o mld.out $arch.o
    # The messages with the linker's name as "LD:" (GNU ld writes
    # "ld:FILE:LINE:" where mld writes "mld: FILE:LINE:"), but GNU ld's
    # RWX warning, which mld gives only for a link that succeeds.
    msgs() {
      sed 's/^[^ :]*: */LD: /; s/^LD: [^ ]* section/LD: OUT section/' "$1" |
        grep -v "RWX permissions"
    }
    msgs gnu.err >gnu.msg
    msgs stderr.txt >mld.msg
    if [ $gnu_status != 0 ]; then
      if [ "$T_STATUS" != 0 ] && cmp -s gnu.msg mld.msg; then
        t_pass "$arch $s: fails with GNU ld's messages ($(wc -l <mld.msg))"
      else
        diff gnu.msg mld.msg
        t_fail "$arch $s: GNU ld fails ($gnu_status), mld $T_STATUS"
      fi
      continue
    fi
    { $objdump -h -w gnu.out | tail -n +5; readelf -lW gnu.out |
        awk '/^  [A-Z]/'; cat gnu.msg; } >gnu.h
    { $objdump -h -w mld.out | tail -n +5; readelf -lW mld.out |
        awk '/^  [A-Z]/'; cat mld.msg; } >mld.h
    t_same "$arch $s" gnu.h mld.h "sections, segments and messages"
  done
done

# --enable-non-contiguous-regions (GNU's ld-elf/non-contiguous): with no
# region overflowing, the output without it; where one overflows, the
# input sections that do not fit go to the next output section naming
# them, as GNU ld moves them (script/non_contiguous.sh has more).
t_write nc.s <<'SRC'
	.section .data.1, "a", %progbits
	.fill 12, 1, 1
	.section .data.2, "a", %progbits
	.fill 20, 1, 2
SRC
nc_script() {   # nc_script RAML-LENGTH
  cat <<LD
MEMORY { RAML (rwx) : ORIGIN = 0x10000, LENGTH = $1
         RAMU (rwx) : ORIGIN = 0x20000, LENGTH = 0x40 }
SECTIONS {
  .raml : { *(.data.*) } > RAML
  .ramu : AT (ADDR (.raml) + SIZEOF (.raml)) { *(.data.*) } > RAMU
}
LD
}
for arch in x86_64 aarch64; do
  t_target $arch
  $as -o nc.o nc.s || t_hard_error "$as failed"
  nc_script 0x40 >fits.ld
  $ld --enable-non-contiguous-regions -T fits.ld -o gnu.out nc.o ||
    t_hard_error "$ld failed"
  t_mld -m $emul --enable-non-contiguous-regions -T fits.ld -o mld.out nc.o
  $objdump -h -w gnu.out | tail -n +5 >gnu.h
  $objdump -h -w mld.out | tail -n +5 >mld.h
  t_same "$arch --enable-non-contiguous-regions, no overflow" gnu.h mld.h
  nc_script 0x14 >over.ld
  $ld --enable-non-contiguous-regions -T over.ld -o gnu.out nc.o ||
    t_hard_error "$ld failed"
  t_mld -m $emul --enable-non-contiguous-regions -T over.ld -o mld.out nc.o
  $objdump -h -w gnu.out | tail -n +5 >gnu.h
  $objdump -h -w mld.out | tail -n +5 >mld.h
  t_same "$arch --enable-non-contiguous-regions, .data.2 moved" gnu.h mld.h
done
# A section left empty still has its region's next free address, which
# its assignments see (GNU ld sizes it before removing it): s2 is RAMU's
# origin, where mld gave it the address "." had before (0x1000c).
t_write empty.ld <<'LD'
MEMORY { RAML (rwx) : ORIGIN = 0x10000, LENGTH = 0x40
         RAMU (rwx) : ORIGIN = 0x20000, LENGTH = 0x40 }
SECTIONS {
  .raml : { *(.data.*) } > RAML
  .e : { s2 = .; *(.nothing) } > RAMU
  .f : { s3 = .; *(.nothing) }
}
LD
for arch in x86_64 aarch64; do
  t_target $arch
  $as -o nc.o nc.s || t_hard_error "$as failed"
  $ld -T empty.ld -o gnu.out nc.o || t_hard_error "$ld failed"
  t_mld -m $emul -T empty.ld -o mld.out nc.o
  for x in gnu mld; do
    readelf -sW $x.out | awk '$8 == "s2" || $8 == "s3" {print $2, $8}' >$x.s
  done
  t_same "$arch symbols of empty sections with a region" gnu.s mld.s \
    "$(tr '\n' ' ' <mld.s)"
done
t_done
