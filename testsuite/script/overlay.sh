#!/bin/bash
if [ -z "${BASH_VERSION:-}" ]; then exec bash "$0" "$@"; fi
. "$(dirname "$0")/../lib.sh"
# OVERLAY, as GNU ld lays it out (lang_enter_overlay ... lang_leave_overlay):
# its sections share the first one's address (START, or the region's or
# "."'s next), the first is loaded at AT (LMA) or in the AT> region, each
# other after the one before; "." goes past the largest after them (and
# so the region's next free address); __load_start_NAME and
# __load_stop_NAME are provided; SUBALIGN, fills and program headers
# apply to each section; NOCROSSREFS forbids references between them.
# The sections' VMAs overlap without an error.  mld refused OVERLAY.
# Compared with GNU ld on both targets: section and program headers, the
# symbols, the bytes, and -Map's section and memory region lines (mld
# wrote a region's attributes in another order); and the NOCROSSREFS
# error.

t_write o.s <<'SRC'
	.section .b1, "aw", %nobits
	.space 0x10
	.section .b2, "aw", %nobits
	.space 0x30
	.section .t1, "ax", %progbits
	.fill 0x80, 1, 0x11
	.section .t2, "ax", %progbits
	.fill 0x40, 1, 0x22
	.section .t3, "ax", %progbits
	.fill 0x21, 1, 0x33
	.section .d1, "aw", %progbits
	.fill 0x30, 1, 0x44
	.section .d2, "aw", %progbits
	.fill 0x44, 1, 0x55
	.section .main, "ax", %progbits
	.globl _start
_start:
	.quad __load_start_t2, __load_stop_t2, __load_start_d1
	.quad end_of_text, end_of_data
SRC
t_write o.ld <<'LD'
MEMORY
{
  TEXT (ARX) : ORIGIN = 0x10000, LENGTH = 32K
  DATA (RW) : ORIGIN = 0x20000, LENGTH = 32K
  LOAD (RW) : ORIGIN = 0x30000, LENGTH = 32K
}
SECTIONS
{
  OVERLAY : { .b1 { *(.b1) } .b2 { *(.b2) } } > DATA
  end_of_bss = .;
  .main : { *(.main) } > TEXT AT > LOAD
  OVERLAY : SUBALIGN (16)
  {
    .t1 { *(.t1) }
    .t2 { *(.t2) } =0x90
    .t3 { *(.t3) },
  } > TEXT AT > LOAD
  end_of_text = .;
  OVERLAY 0x21000 : NOCROSSREFS AT (0x38000)
  {
    .d.1 { *(.d1) }
    .d2 { *(.d2) }
  }
  end_of_data = .;
  /DISCARD/ : { *(.note*) *(.comment) }
}
LD
t_write x.s <<'SRC'
	.section .c1, "ax", %progbits
	.globl f1
f1:	.quad f2
	.section .c2, "ax", %progbits
	.globl f2
f2:	.quad 0
SRC
t_write x.ld <<'LD'
SECTIONS
{
  . = 0x10000;
  OVERLAY 0x20000 : NOCROSSREFS AT (0x30000) { .c1 { *(.c1) } .c2 { *(.c2) } }
}
LD

for arch in x86_64 aarch64; do
  t_target $arch
  $as -o o.o o.s && $as -o x.o x.s || t_hard_error "$as failed"
  $ld -T o.ld -e _start -o gnu.out o.o -Map gnu.map 2>gnu.err ||
    t_hard_error "$ld failed: $(cat gnu.err)"
  t_mld -m $emul -T o.ld -e _start -o mld.out o.o -Map mld.map
  # The headers but the string tables' (GNU ld shares AArch64's "$d"
  # names) and their offsets; symbols as nm lists them (mld's .symtab
  # order differs from GNU ld's after a script's symbols).
  hdrs() {
    readelf -SW "$1" | sed -n 's/^  \[ *[0-9]*\] //p' | grep -v strtab
    readelf -lW "$1" | grep -v 'Entry point\|^$'
    nm "$1"
  }
  hdrs gnu.out >gnu.txt
  hdrs mld.out >mld.txt 2>/dev/null
  t_same "$arch section and program headers, symbols" gnu.txt mld.txt
  # The script's globals in .symtab in GNU ld's order among themselves
  # (its hash table's walk; mld listed them as it made them).
  order() { readelf -sW "$1" | awk '$5 == "GLOBAL" && $8 != "_start" {print $8}'; }
  order gnu.out >gnu.txt
  order mld.out >mld.txt
  t_same "$arch the script's symbols in GNU ld's order" gnu.txt mld.txt \
    "$(wc -l <mld.txt) symbols"
  $objdump -s gnu.out | tail -n +3 >gnu.txt
  $objdump -s mld.out 2>/dev/null | tail -n +3 >mld.txt
  t_same "$arch contents" gnu.txt mld.txt
  secs() { grep -E '^\.(b|t|d|main)[.0-9]* |end_of|^(TEXT|DATA|LOAD) +0x' "$1"; }
  secs gnu.map >gnu.txt
  secs mld.map >mld.txt
  t_same "$arch map" gnu.txt mld.txt "$(wc -l <mld.txt) lines"
  $ld -T x.ld -o gnu.out x.o 2>gnu.err
  gs=$?
  t_mld -m $emul -T x.ld -o mld.out x.o
  if [ $gs -ne 0 ] && [ "$T_STATUS" -ne 0 ] && grep -q 'prohibited cross reference' gnu.err &&
     grep -q 'prohibited cross reference from .c1 to `f2. in .c2' stderr.txt; then
    t_pass "$arch: NOCROSSREFS in OVERLAY: GNU ld's error"
  else
    t_fail "$arch: NOCROSSREFS in OVERLAY: GNU ld status $gs, mld $T_STATUS"
  fi
done
t_done
