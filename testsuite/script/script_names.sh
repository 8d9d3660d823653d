#!/bin/bash
if [ -z "${BASH_VERSION:-}" ]; then exec bash "$0" "$@"; fi
. "$(dirname "$0")/../lib.sh"
# How GNU ld's script lexer reads two things mld refused as syntax
# errors (GNU's ld-elf/overlay.t has both):
# - a fill expression ends before "/DISCARD/", which is a name there,
#   not a division ("} = 0  /DISCARD/ : { ... }");
# - the section or region name in ADDR(), LOADADDR(), SIZEOF(),
#   ALIGNOF(), ORIGIN() and LENGTH() is read as a script name, with "-"
#   and "+" in it (ADDR(.silly-name)), not as an expression.
# Compared with GNU ld on both targets: the symbols the script defines
# from those names and the section headers (.strtab's size aside).
t_write n.s <<'SRC'
	.section .silly-name, "ax", %progbits
	.fill 0x30, 1, 0x11
	.section .a+b, "aw", %progbits
	.fill 0x18, 1, 0x22
	.section .dropme, "a", %progbits
	.quad 7
	.text
	.globl _start
_start:
	.quad 0
SRC
t_write n.ld <<'LD'
MEMORY { ram-1 (rwx) : ORIGIN = 0x100000, LENGTH = 1M }
SECTIONS
{
  .text : { *(.text) } > ram-1
  .silly-name : { *(.silly-name) } > ram-1 = 0
  .a+b : { *(.a+b) } > ram-1 = 0x90
  /DISCARD/ : { *(.dropme) }
  silly_addr = ADDR(.silly-name);
  silly_lma = LOADADDR(.silly-name);
  silly_size = SIZEOF(.silly-name);
  ab_align = ALIGNOF(.a+b);
  ab_end = ADDR( .a+b ) + SIZEOF(.a+b);
  ram_end = ORIGIN(ram-1) + LENGTH(ram-1);
  ASSERT(ADDR(.silly-name) > ADDR(.text), "order")
}
LD
checked=0
for arch in x86_64 aarch64; do
    t_target $arch
    $as -o n.$arch.o n.s || t_hard_error "$as failed"
    $ld -T n.ld -o gnu.out n.$arch.o || t_hard_error "$ld failed"
    t_mld -T n.ld -o mld.out n.$arch.o
    expect_success
    for f in gnu mld; do
        { readelf -sW $f.out | awk '$8 ~ /_/ {print $8, $2, $4, $7}' | sort
          readelf -SW $f.out | grep '^ *\[' | sed 's/^ *\[ *[0-9]*\]//' |
              awk '$1 != ".strtab" {print $1, $2, $3, $5, $6}'; } >$f.$arch.view
    done
    t_same "$arch: names read as GNU ld reads them" gnu.$arch.view mld.$arch.view \
        "$(grep -c . mld.$arch.view) symbols and sections"
    checked=$((checked + 1))
done
[ $checked = 2 ] || t_fail "only $checked of 2 architectures checked"
t_done
