#!/bin/bash
if [ -z "${BASH_VERSION:-}" ]; then exec bash "$0" "$@"; fi
. "$(dirname "$0")/../lib.sh"
# Where orphan notes go in the section headers, as GNU ld's
# ldelf_place_orphan puts them: after .interp's section.  With a program
# interpreter (-pie, --dynamic-linker) .interp comes first and the notes
# after it; only without one (and without --build-id) are the notes the
# head of bfd's list.  mld put the notes first whenever there was no
# --build-id, so their headers came before .interp's though their
# addresses came after.  And with a -T script, a property note the link
# does not have is no orphan a later note follows: mld placed an orphan
# note after that absent note, behind a TLS orphan GNU ld puts it
# before.  Both targets: the section headers (but .strtab's size: mld
# does not merge the strings' tails) as GNU ld's.
t_write n.s <<'SRC'
	.text
	.globl _start
_start:	ret
	.section .note.foo,"a",%note
	.balign 4
	.long 0, 0, 1
	.section .note.bar,"a",%note
	.balign 8
	.long 0, 0, 1
	.data
	.long 1
SRC
t_write o.s <<'SRC'
	.text
	.globl _start
_start:	nop
	.section .after,"a"
	.byte 2
	.section .tbss,"awT",%nobits
	.zero 4
	.section .note.foo,"a",%note
	.long 0, 0, 1
SRC
t_write o.ld <<'LD'
SECTIONS { .text : { *(.text) } .after : { *(.after) } }
LD

for arch in x86_64 aarch64; do
    t_target $arch
    $as n.s -o n.o || t_hard_error "$arch: $as n.s"
    $as o.s -o o.o || t_hard_error "$arch: $as o.s"
    while IFS= read -r opts; do
        obj=n.o
        case $opts in -T*) obj=o.o ;; esac
        # shellcheck disable=SC2086
        $ld $opts -o gnu.exe $obj || t_hard_error "$arch: GNU ld $opts"
        # shellcheck disable=SC2086
        t_mld $opts -o mld.exe $obj
        t_section_headers gnu.exe > gnu.txt
        t_section_headers mld.exe > mld.txt
        t_same "$arch: ${opts:-(no options)}" gnu.txt mld.txt \
            "$(head -3 mld.txt | cut -d' ' -f1 | tr '\n' ' ')"
    done <<'CASES'

-pie
-pie --no-dynamic-linker
-pie --build-id
--dynamic-linker /lib/ld.so
-z separate-code -pie
-T o.ld
CASES
done
t_done
