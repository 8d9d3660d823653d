#!/bin/bash
if [ -z "${BASH_VERSION:-}" ]; then exec bash "$0" "$@"; fi
. "$(dirname "$0")/../lib.sh"
# An orphan placed after an output section keeps that section's LMA-VMA
# relation, even when the section came out empty: ".data : AT (0x300)"
# with nothing in .data still loads the orphan .data.1 after 0x300 (GNU
# ld tracks it while sizing, before it removes the empty sections: GNU's
# ld-elf/orphan-10).  mld loaded .data.1 at its VMA.  With a byte in
# .data (ld-elf/orphan-9) both did the same.  On x86-64 and AArch64,
# against GNU ld: every section's VMA, LMA and file offset.
t_write orphan.ld <<'LD'
MEMORY
{
   MEM    : ORIGIN = 0x1000, LENGTH = 0x100
   TEXT   : ORIGIN = 0x200,  LENGTH = 0x50
   DATA   : ORIGIN = 0x300,  LENGTH = 0x50
   RODATA : ORIGIN = 0x400,  LENGTH = 0x50
}
SECTIONS
{
  .text : { *(.text) } >MEM AT>TEXT
  .data : AT(0x300) { *(.data) } >MEM
  .rodata : { *(.rodata) } >MEM AT>RODATA
}
LD
for d in 0 1; do
    {
        printf '\t.text\n\t.byte 0, 0, 0, 0, 0, 0, 0, 0\n'
        [ $d = 1 ] && printf '\t.data\n\t.byte 0\n'
        printf '\t.section ".data.1", "aw"\n\t.byte 0, 0, 0, 0, 0, 0, 0, 0\n'
        printf '\t.section ".rodata", "a"\n\t.byte 0, 0, 0, 0, 0, 0, 0, 0\n'
    } >o$d.s
done

heads() { $objdump -h "$1" | awk '/^ *[0-9]+ /{print $2, $3, $4, $5, $6}'; }

checked=0
for arch in x86_64 aarch64; do
    t_target $arch
    for d in 0 1; do
        $as -o o$d.o o$d.s || t_hard_error "$as failed"
        $ld -N -T orphan.ld -o gnu.out o$d.o 2>gnu.log ||
            t_hard_error "GNU ld failed: $(head -1 gnu.log)"
        t_mld -N -T orphan.ld -o mld.out o$d.o
        what="$arch, $([ $d = 0 ] && echo "empty .data" || echo "a byte in .data")"
        if [ "$T_STATUS" != 0 ]; then
            t_fail "$what: mld failed: $(head -1 stderr.txt)"
        elif [ -z "$(heads gnu.out)" ]; then
            t_hard_error "no sections read from GNU ld's output"
        elif ! diff <(heads gnu.out) <(heads mld.out) >d.txt; then
            t_fail "$what: sections differ: $(tr '\n' ' ' <d.txt)"
        else
            t_pass "$what: GNU ld's addresses and load addresses"
        fi
    done
    checked=$((checked + 1))
done
[ $checked = 2 ] || t_fail "only $checked of 2 architectures checked"
t_done
