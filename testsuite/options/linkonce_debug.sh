#!/bin/bash
if [ -z "${BASH_VERSION:-}" ]; then exec bash "$0" "$@"; fi
. "$(dirname "$0")/../lib.sh"
# .gnu.linkonce.wi.KEY, old compilers' debugging information of linkonce
# code: GNU ld's default script puts it in .debug_info, with .debug_info
# in input order (the first copy of each KEY only); its -r keeps it.  mld
# dropped every such section, in a link and with -r.  On x86-64 and
# AArch64, against GNU ld: .debug_info's bytes (relocated), for -r the
# sections and relocations, and -S's sections.
t_write a.s <<'SRC'
	.text
	.globl _start
_start:
	.nop
	.section .gnu.linkonce.wi.x,"",%progbits
	.byte 1, 2, 3
	.section .debug_info,"",%progbits
	.byte 9
	.section .gnu.linkonce.wi.y,"",%progbits
	.byte 7
SRC
t_write b.s <<'SRC'
	.section .gnu.linkonce.wi.x,"",%progbits
	.byte 4, 5, 6
	.section .debug_info,"",%progbits
	.byte 8
	.section .gnu.linkonce.wi.z,"",%progbits
	.long _start
SRC

checked=0
for arch in x86_64 aarch64; do
    t_target $arch
    $as a.s -o a.o && $as b.s -o b.o || t_hard_error "$as failed"
    $ld a.o b.o -o gnu.out || t_hard_error "GNU ld failed"
    t_mld -m $emul a.o b.o -o mld.out
    readelf -x .debug_info gnu.out >gnu.dump 2>&1
    readelf -x .debug_info mld.out >mld.dump 2>&1
    t_same "$arch: .debug_info with the first .gnu.linkonce.wi.* copies" \
        gnu.dump mld.dump
    $ld -r a.o b.o -o gnu.o || t_hard_error "GNU ld -r failed"
    t_mld -m $emul -r a.o b.o -o mld.o
    for x in gnu mld; do
        { t_section_names $x.o | grep -v strtab
          readelf -rW $x.o | grep -v "at offset"; } >$x.r
    done
    t_same "$arch: -r keeps .gnu.linkonce.wi.* and its relocations" \
        gnu.r mld.r
    # -S drops what bfd counts as debugging (SEC_DEBUGGING): these too,
    # and .gdb_index and .line*, which mld kept.
    printf '\t.section .gdb_index,"",%%progbits\n\t.byte 1\n\t.section .line_x,"",%%progbits\n\t.byte 2\n' >c.s
    $as c.s -o c.o || t_hard_error "$as failed"
    $ld -S a.o b.o c.o -o gnu.out || t_hard_error "GNU ld -S failed"
    t_mld -m $emul -S a.o b.o c.o -o mld.out
    t_section_names gnu.out >gnu.names
    t_section_names mld.out >mld.names
    t_same "$arch: -S" gnu.names mld.names
    checked=$((checked + 1))
done
[ $checked = 2 ] || t_fail "only $checked of 2 architectures checked"
t_done
