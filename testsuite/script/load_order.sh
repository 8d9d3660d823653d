#!/bin/bash
if [ -z "${BASH_VERSION:-}" ]; then exec bash "$0" "$@"; fi
. "$(dirname "$0")/../lib.sh"
# Program headers in GNU ld's order: sections sorted by load address,
# then by address (elf_sort_sections).  Trusted Firmware-A's BL1 has
# zero-fill sections in RAM whose load addresses (after .data's, in ROM)
# are not in their addresses' order: mld listed its PT_LOADs by address.
# On x86-64 and AArch64, `readelf -lW' against GNU ld's.

cat >t.ld <<'LD'
MEMORY {
  ROM (rx) : ORIGIN = 0x0, LENGTH = 0x10000
  RAM (rwx) : ORIGIN = 0xe0ee000, LENGTH = 0x10000
}
SECTIONS {
  .text : { *(.text*) } >ROM
  .data : { *(.data*) } >RAM AT>ROM
  .stacks (NOLOAD) : { *(.tzfw_normal_stacks) } >RAM
  .bss (NOLOAD) : ALIGN(16) { *(.bss*) } >RAM
  .xlat_table (NOLOAD) : { *(.xlat_table) } >RAM
  /DISCARD/ : { *(.note.GNU-stack) }
}
LD
cat >t.s <<'ASM'
	.text
	.globl _start
_start:	.fill 0x6940, 1, 0
	.data
	.fill 0x108, 1, 1
	.section .tzfw_normal_stacks,"aw",%nobits
	.balign 64
	.zero 0x1000
	.bss
	.zero 0x9a0
	.section .xlat_table,"aw",%nobits
	.balign 4096
	.zero 0x6000
ASM

checked=0
for arch in x86_64 aarch64; do
    t_target $arch
    as=as
    [ $arch = aarch64 ] && as=aarch64-linux-gnu-as
    $as -o t.o t.s || t_hard_error "$as failed"
    $ld -T t.ld -o gnu.out t.o 2>/dev/null || t_hard_error "GNU ld failed"
    t_mld -T t.ld -o mld.out t.o --no-warn-rwx-segments
    if [ "$T_STATUS" != 0 ]; then
        t_fail "$arch: mld failed: $(head -1 stderr.txt)"
    elif ! diff <(readelf -lW gnu.out) <(readelf -lW mld.out) >d.txt; then
        t_fail "$arch: program headers differ: $(head -8 d.txt | tr '\n' ' ')"
    else
        t_pass "$arch: GNU ld's program headers, in its order"
    fi
    checked=$((checked + 1))
done
[ $checked = 2 ] || t_fail "only $checked of 2 architectures checked"
t_done
