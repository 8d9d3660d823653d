#!/bin/bash
if [ -z "${BASH_VERSION:-}" ]; then exec bash "$0" "$@"; fi
. "$(dirname "$0")/../lib.sh"
# .eh_frame records lose their trailing DW_CFA_nops and are padded again
# to their alignment, as GNU ld edits them (_bfd_elf_parse_eh_frame),
# also under a CIE whose augmentation is empty: its FDEs have no
# augmentation data to skip.  mld left those FDEs as they were, 8 bytes
# longer than GNU ld's (GNU's ld-elf/eh1 to eh3).  Both targets, against
# GNU ld: readelf -wf and the section's bytes.

t_write eh.s <<'SRC'
	.text
	.globl _start
_start:
	.space 24
end:
	.section .eh_frame,"a",%progbits
cie:	.long cie_end - cie_start
cie_start:
	.long 0
	.byte 1
	.string ""
	.uleb128 1
	.sleb128 -8
	.byte 16
	.byte 0xc, 7, 8
	.balign 8
cie_end:
fde:	.long fde_end - fde_start
fde_start:
	.long fde_start - cie
	.quad _start
	.quad end - _start
	.byte 0x4
	.long 8
	.byte 0xe
	.uleb128 16
	.byte 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0
fde_end:
SRC
# The terminator 4-aligned: GNU ld would leave zeros before an 8-aligned
# one here, which read as a terminator; mld pads the FDE instead.
t_write term.s <<'SRC'
	.section .eh_frame,"a",%progbits
	.balign 4
	.zero 4
SRC

for arch in x86_64 aarch64; do
    t_target $arch
    $as -o eh.o eh.s && $as -o term.o term.s || t_hard_error "$as failed"
    $ld -Ttext 0x400078 -o g eh.o term.o || t_hard_error "$ld failed"
    t_mld -m $emul -Ttext 0x400078 -o m eh.o term.o
    readelf -wf g >g.frames; readelf -wf m >m.frames
    t_same "$arch: FDE without its nops" g.frames m.frames \
      "$(grep -c DW_CFA_nop m.frames) DW_CFA_nop left"
    readelf -x .eh_frame g >g.bytes; readelf -x .eh_frame m >m.bytes
    t_same "$arch: .eh_frame's bytes" g.bytes m.bytes
done
t_done
