#!/bin/bash
if [ -z "${BASH_VERSION:-}" ]; then exec bash "$0" "$@"; fi
. "$(dirname "$0")/../lib.sh"
# GNU ld's default script KEEPs the inputs of .init, .fini, .eh_frame,
# .preinit_array, .init_array, .fini_array, .ctors, .dtors and .jcr: an
# output section one of them goes to stays, empty (bfd's SEC_KEEP, which
# strip_excluded_output_sections respects), where other empty sections
# (.gcc_except_table, .data) go.  So does an .eh_frame that
# --gc-sections empties.  .eh_frame is aligned as its most aligned input
# (mld made it 8).  mld dropped each of these sections, or misaligned
# it.  Both targets: section and segment headers and symbols as GNU
# ld's.
sections=".init:ax:progbits .fini:ax:progbits .preinit_array:aw:preinit_array
.init_array:aw:init_array .fini_array:aw:fini_array .ctors:aw:progbits
.dtors:aw:progbits .jcr:aw:progbits .eh_frame:a:progbits
.gcc_except_table:a:progbits .data:aw:progbits"
for spec in $sections; do
    IFS=: read -r name flags type <<<"$spec"
    t_write "empty$name.s" <<SRC
	.section $name,"$flags",%$type
	.text
	.globl g1
g1:	ret
SRC
done
# A terminator alone, in a section aligned to 1.
t_write terminator.s <<'SRC'
	.section .eh_frame,"a",%progbits
	.long 0
	.text
	.globl g1
g1:	ret
SRC
# An FDE --gc-sections leaves out, the input's only one.
t_write gc.s <<'SRC'
	.section .text.h,"ax",%progbits
	.globl h
h:	.cfi_startproc
	ret
	.cfi_endproc
	.text
	.globl g1
g1:	ret
SRC

# headers FILE: the section headers (not .strtab's size: mld does not
# merge the strings' tails), the segments and the symbols of FILE
headers() {
    readelf -SW "$1" | sed -n 's/^ *\[ *[0-9]*\] //p' |
        awk '$1 != ".strtab" {print $1, $2, $3, $5, $NF}'
    readelf -lW "$1" | grep -v '^There are\|^Elf file type'
    readelf -sW "$1" | awk 'NR > 3 {print $2, $4, $5, $7, $8}' | sort
}

for arch in x86_64 aarch64; do
    t_target $arch
    for spec in $sections; do
        name=${spec%%:*}
        $as "empty$name.s" -o o.o || t_hard_error "$arch: $as empty$name.s"
        $ld -static -e g1 o.o -o gnu.exe || t_hard_error "$arch: GNU ld ($name)"
        t_mld -static -e g1 o.o -o mld.exe
        headers gnu.exe > gnu.txt
        headers mld.exe > mld.txt
        t_same "$arch: an empty $name input" gnu.txt mld.txt \
            "$(grep -q "^\\$name " mld.txt && echo kept || echo dropped)"
    done
    for f in terminator gc; do
        $as $f.s -o o.o || t_hard_error "$arch: $as $f.s"
        $ld --gc-sections -static -e g1 o.o -o gnu.exe ||
            t_hard_error "$arch: GNU ld ($f)"
        t_mld --gc-sections -static -e g1 o.o -o mld.exe
        headers gnu.exe > gnu.txt
        headers mld.exe > mld.txt
        t_same "$arch: .eh_frame of $f.s" gnu.txt mld.txt
    done
done
t_done
