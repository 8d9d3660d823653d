#!/bin/bash
if [ -z "${BASH_VERSION:-}" ]; then exec bash "$0" "$@"; fi
. "$(dirname "$0")/../lib.sh"
# Symbols defined in input sections the link leaves out: GNU ld lists
# none of them (--strip-discarded, its default), and a reference to one
# from a kept section is its error "defined in discarded section".  mld
# listed globals of a /DISCARD/ed section as absolute in an executable,
# those of a section -S dropped as absolute (and as undefined with -r),
# and let code refer to one under -S (with -q: an error of its own).
# --cref left them out, where GNU ld lists them.  On x86-64 and AArch64,
# against GNU ld: the symbols of executables and -r outputs (-S, -s -r, a
# /DISCARD/ script, -q), --cref, and the error.
t_write defs.s <<'SRC'
	.text
	.globl _start
_start:
	.nop
	.section .debug_foo,"",%progbits
	.globl gsym
gsym:	.byte 1
lsym:	.byte 2
	.weak wsym
wsym:	.byte 3
	.globl hsym
	.hidden hsym
hsym:	.byte 4
	.section .data.foo,"aw",%progbits
	.globl dsym
dsym:	.byte 5
SRC
t_write ref.s <<'SRC'
	.data
	.globl ref
ref:	.quad gsym
SRC
# References from sections that let them pass: .debug_info's and
# .gcc_except_table's to a /DISCARD/ed section's global.  With -q their
# relocations become R_*_NONE, as in GNU ld (mld stopped: the symbol is
# not in .symtab).
t_write dbgref.s <<'SRC'
	.section .debug_info,"",%progbits
	.quad dsym
	.section .gcc_except_table,"a",%progbits
	.quad dsym
SRC
# -r keeps an input's build ID, and a symbol in it (mld dropped the
# section, and so made the reference R_*_NONE).
t_write bid.s <<'SRC'
	.section .note.gnu.build-id,"a",%note
	.globl bidsym
bidsym:	.long 4, 4, 3
	.asciz "GNU"
	.long 0x11223344
	.data
	.quad bidsym
SRC
printf 'SECTIONS { .text : { *(.text) } /DISCARD/ : { *(.data.foo) *(.debug_foo) } }\n' >discard.ld

symbols() {  # the symbols of $1 but the section and file ones, sorted
    # (GNU ld lists an executable's globals in its hash table's order)
    readelf -sW "$1" | awk 'NR > 3 && $4 != "SECTION" && $4 != "FILE" {
        $1 = ""; $2 = ""; print }' | sort
}

checked=0
for arch in x86_64 aarch64; do
    t_target $arch
    $as defs.s -o defs.o && $as ref.s -o ref.o && $as dbgref.s -o dbgref.o &&
        $as bid.s -o bid.o || t_hard_error "$as failed"
    for how in "-q -T discard.ld defs.o dbgref.o" "-r bid.o"; do
        # shellcheck disable=SC2086
        $ld $how -o gnu.out || t_hard_error "GNU ld $how failed"
        # shellcheck disable=SC2086
        t_mld -m $emul $how -o mld.out
        for x in gnu mld; do
            { symbols $x.out; readelf -rW $x.out | grep -v "at offset"; } >$x.r
        done
        t_same "$arch $how: the symbols and relocations" gnu.r mld.r
    done
    for how in "-S" "-r -S" "-r -s" "-T discard.ld" "-r -T discard.ld"; do
        # shellcheck disable=SC2086
        $ld $how defs.o -o gnu.out || t_hard_error "GNU ld $how failed"
        # shellcheck disable=SC2086
        t_mld -m $emul $how defs.o -o mld.out
        symbols gnu.out >gnu.sym
        symbols mld.out >mld.sym
        t_same "$arch $how: the symbols" gnu.sym mld.sym
    done
    # --cref lists them, as GNU ld does (mld left them out).
    for how in "-S" "-T discard.ld"; do
        # shellcheck disable=SC2086
        $ld $how --cref defs.o -o gnu.out >gnu.cref || t_hard_error "GNU ld --cref"
        # shellcheck disable=SC2086
        t_mld -m $emul $how --cref defs.o -o mld.out
        cp stdout.txt mld.cref
        t_same "$arch $how --cref" gnu.cref mld.cref
    done
    for how in "-S" "-S -q" "-r -S"; do
        # shellcheck disable=SC2086
        $ld $how defs.o ref.o -o gnu.out 2>gnu.err &&
            t_hard_error "GNU ld $how linked a reference to gsym"
        # shellcheck disable=SC2086
        t_mld -m $emul $how defs.o ref.o -o mld.out
        expect_failure
        expect_error "\`gsym' referenced in section \`.data' of ref.o:" \
            "defined in discarded section \`.debug_foo' of defs.o"
        grep -qF "defined in discarded section \`.debug_foo' of defs.o" gnu.err ||
            t_hard_error "GNU ld's error has changed: $(head -1 gnu.err)"
    done
    checked=$((checked + 1))
done
[ $checked = 2 ] || t_fail "only $checked of 2 architectures checked"
t_done
