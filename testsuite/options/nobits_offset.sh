#!/bin/bash
if [ -z "${BASH_VERSION:-}" ]; then exec bash "$0" "$@"; fi
. "$(dirname "$0")/../lib.sh"
# A SHT_NOBITS section's file offset, as bfd gives it.  -r: aligned as
# its contents would be (_bfd_elf_assign_file_position_for_section
# aligns every section's offset, and only does not advance past a NOBITS
# one), so the sections after a .bss aligned beyond the offset before it
# start later; mld left it unaligned, and Little Kernel's kernel.mod.o (a
# .bss aligned to 64 after 0x6298 bytes) came out 40 bytes shorter than
# GNU ld's.  A final link: 0 for a non-allocated one, which takes no
# room (assign_file_positions_for_non_load_sections leaves it alone);
# mld gave it an aligned offset and its size.  Both targets: -r byte for
# byte as GNU ld, a final link's section headers (but .strtab's: mld
# does not merge the strings' tails) as GNU ld's.
t_write nb.s <<'SRC'
	.text
	.globl keep
keep:	nop
	.data
	.byte 1
	.bss
	.balign 64
	.zero 8
	.section .tbss,"awT",@nobits
	.balign 32
	.zero 4
	.section .note.foo,"a",@note
	.balign 4
	.long 0, 0, 1
	.section .big,"aw",@nobits
	.balign 4096
	.zero 16
	.section .after,"a"
	.byte 2
	.section .nbx,"",@nobits
	.balign 256
	.zero 8
	.section .cmt,""
	.byte 3
SRC
t_write nb.ld <<'LD'
SECTIONS { .text : { *(.text) } .data : { *(.data) } .bss : { *(.bss) }
           .after : { *(.after) } }
LD

for arch in x86_64 aarch64; do
    t_target $arch
    $as nb.s -o nb.o || t_hard_error "$arch: $as failed"
    while IFS= read -r opts; do
        # shellcheck disable=SC2086
        $ld -r $opts -o gnu.o nb.o || t_hard_error "$arch: GNU ld -r $opts"
        # shellcheck disable=SC2086
        t_mld -r $opts -o mld.o nb.o
        t_same "$arch: -r ${opts:-(built-in script)}" gnu.o mld.o \
            "$(readelf -SW mld.o | sed -n 's/.* \.bss  *NOBITS  *[0-9a-f]* \([0-9a-f]*\) .*/.bss at offset 0x\1/p')"
    done <<'CASES'

-T nb.ld
--gc-sections -u keep
CASES
    while IFS= read -r opts; do
        # shellcheck disable=SC2086
        $ld $opts -e keep -o gnu.exe nb.o || t_hard_error "$arch: GNU ld $opts"
        # shellcheck disable=SC2086
        t_mld $opts -e keep -o mld.exe nb.o
        t_section_headers gnu.exe > gnu.txt
        t_section_headers mld.exe > mld.txt
        t_same "$arch: ${opts:-(built-in script)}" gnu.txt mld.txt \
            "$(awk '$1 == ".nbx" {print ".nbx at offset 0x" $4}' mld.txt)"
    done <<'CASES'

-N
-T nb.ld
-pie
--emit-relocs
CASES
done
t_done
