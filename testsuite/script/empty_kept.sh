#!/bin/bash
if [ -z "${BASH_VERSION:-}" ]; then exec bash "$0" "$@"; fi
. "$(dirname "$0")/../lib.sh"
# An output section with no input bytes that defines symbols is kept, so
# ALIGN (N) aligns it and the location counter goes on from there:
# Trusted Firmware-A's `.rela.dyn : ALIGN(8) { __RELA_START__ = .;
# *(.rela*) __RELA_END__ = .; }' gave __RELA_START__ the unaligned
# address and __RELA_END__ the aligned one.  One without symbols moves
# nothing, nor does one whose PROVIDE is not needed (ld-scripts/empty-
# address-3b).  On x86-64 and AArch64, every symbol's value against GNU ld's.

cat >t.ld <<'LD'
SECTIONS {
  . = 0x1000;
  .text : { *(.text*) }
  .rodata : { *(.rodata*) }
  .data : ALIGN(1) { *(.data*) }
  .e1 : ALIGN(8) { *(.nothing) }
  A = .;
  .e2 : ALIGN(16) { B = .; *(.nothing) C = .; }
  D = .;
  .e3 : ALIGN(32) { *(.nothing) }
  E = .;
  .rela.dyn : ALIGN(64) { __RELA_START__ = .; *(.rela*) __RELA_END__ = .; }
  F = .;
  .e4 : ALIGN(128) { PROVIDE (unused = .); *(.nothing) }
  G = .;
  /DISCARD/ : { *(.note.GNU-stack) }
}
LD
cat >t.s <<'ASM'
	.text
	.globl _start
_start:	.byte 0, 0, 0, 0
	.section .rodata.x,"a"
	.byte 1
	.data
	.byte 2, 3, 4
ASM

checked=0
for arch in x86_64 aarch64; do
    t_target $arch
    as=as
    [ $arch = aarch64 ] && as=aarch64-linux-gnu-as
    $as -o t.o t.s || t_hard_error "$as failed"
    $ld -T t.ld -o gnu.out t.o 2>/dev/null || t_hard_error "GNU ld failed"
    t_mld -T t.ld -o mld.out t.o --no-warn-rwx-segments
    nm gnu.out | sort >gnu.syms
    nm mld.out | sort >mld.syms
    if [ "$T_STATUS" != 0 ]; then
        t_fail "$arch: mld failed: $(head -1 stderr.txt)"
    elif ! cmp -s gnu.syms mld.syms; then
        t_fail "$arch: symbols differ: $(diff gnu.syms mld.syms | tr '\n' ' ')"
    else
        t_pass "$arch: GNU ld's $(wc -l <gnu.syms) symbol values"
    fi
    # The section index of a symbol whose section went for being empty,
    # last of all: the last kept one before it (bfd's nearby section;
    # mld gave .symtab's index).
    printf '\t.bss\n\t.zero 8\n' >bss.s
    $as -o bss.o bss.s || t_hard_error "$as failed"
    printf 'SECTIONS {\n . = 0x1000;\n .text : { *(.text*) }\n .data : { *(.data*) }\n .bss : { *(.bss) }\n .e3 : { *(.nothing) }\n e3 = ADDR(.e3);\n .e5 : { e5 = .; }\n}\n' >last.ld
    $ld -T last.ld -o gnu.out t.o bss.o 2>/dev/null || t_hard_error "GNU ld failed"
    t_mld -T last.ld -o mld.out t.o bss.o --no-warn-rwx-segments
    readelf -sW gnu.out | awk '$8 ~ /^e[35]$/ {print $8, $2, $7}' | sort >gnu.syms
    readelf -sW mld.out | awk '$8 ~ /^e[35]$/ {print $8, $2, $7}' | sort >mld.syms
    t_same "$arch: symbols of removed sections at the end" gnu.syms mld.syms
    checked=$((checked + 1))
done
[ $checked = 2 ] || t_fail "only $checked of 2 architectures checked"
t_done
