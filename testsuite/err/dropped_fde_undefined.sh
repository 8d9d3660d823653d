#!/bin/bash
if [ -z "${BASH_VERSION:-}" ]; then exec bash "$0" "$@"; fi
. "$(dirname "$0")/../lib.sh"
# GNU ld leaves out whole the .eh_frame inputs that its edit empties (no
# FDE of theirs stays: their code was collected by --gc-sections, or is
# a discarded COMDAT copy) after the last input that keeps more than a
# terminator (bfd_elf_discard_info's SEC_EXCLUDE), and does not apply
# their relocations: an undefined symbol that only they name is not
# reported.  mld reported it.  The relocations of every other input are
# applied, those of records left out too, and an undefined symbol they
# name is an error in both (lld and mold never report one of a record
# left out).  -q emits no relocations for such an input.  Both targets;
# where both link, the section and segment headers and the symbols are
# GNU ld's.
# h_and_g1 DIRECTIVE G1: h, whose FDE has DIRECTIVE (naming an undefined
# symbol), then g1, with an FDE if G1 is "fde"
h_and_g1() {
    printf '\t.section .text.h,"ax",%%progbits\n\t.globl h\n'
    printf 'h:\t.cfi_startproc\n\t%s\n\tret\n\t.cfi_endproc\n' "$1"
    printf '\t.text\n\t.globl g1\n'
    if [ "$2" = fde ]; then
        printf 'g1:\t.cfi_startproc\n\tret\n\t.cfi_endproc\n'
    else
        printf 'g1:\tret\n'
    fi
}
# g1's FDE (live) shares h's input; without it, collecting h empties
# the input; the same with the undefined symbol named by the CIE.
h_and_g1 ".cfi_lsda 0x1b, undefined_lsda" fde >gc.s
h_and_g1 ".cfi_lsda 0x1b, undefined_lsda" none >gc_all.s
h_and_g1 ".cfi_personality 0x1b, undefined_personality" none >cie_all.s
# A later input with a live FDE; one without.
t_write later_fde.s <<'SRC'
	.text
	.globl g3
g3:	.cfi_startproc
	ret
	.cfi_endproc
SRC
t_write later_none.s <<'SRC'
	.text
	.globl g3
g3:	ret
SRC
t_write comdat1.s <<'SRC'
	.section .text.f,"axG",%progbits,f,comdat
	.globl f
f:	.cfi_startproc
	ret
	.cfi_endproc
	.text
	.globl g1
g1:	ret
SRC
# The second copy defines fx too, which its FDE alone names (GNU ld
# makes fx undefined: its section is discarded).
t_write comdat2.s <<'SRC'
	.section .text.f,"axG",%progbits,f,comdat
	.globl f, fx
f:	.cfi_startproc
	.cfi_lsda 0x1b, fx
	ret
fx:	ret
	.cfi_endproc
	.text
	.globl g2
g2:	ret
SRC
# Here a kept FDE names fx.
t_write comdat3.s <<'SRC'
	.section .text.f,"axG",%progbits,f,comdat
	.globl f, fx
f:	.cfi_startproc
	ret
fx:	ret
	.cfi_endproc
	.text
	.globl g2
g2:	.cfi_startproc
	.cfi_lsda 0x1b, fx
	ret
	.cfi_endproc
SRC

# same_link WHAT ARGS...: GNU ld and mld both link, to the same headers
# and symbols
same_link() {
    local what=$1
    shift
    $ld "$@" -o gnu.exe || t_hard_error "$arch: GNU ld $*"
    t_mld "$@" -o mld.exe
    for f in gnu mld; do
        [ -f $f.exe ] || continue
        # (Not .strtab's size: mld does not merge the strings' tails.)
        { readelf -SW $f.exe | sed -n 's/^ *\[ *[0-9]*\] //p' |
              awk '$1 != ".strtab" {print $1, $2, $3, $5}'
          readelf -lW $f.exe | grep -v '^There are\|^Elf file type'
          readelf -sW $f.exe | awk 'NR > 3 {print $2, $4, $5, $7, $8}' |
              sort; } > $f.txt
    done
    t_same "$arch: $what" gnu.txt mld.txt
}

# same_error WHAT SYMBOL ARGS...: GNU ld and mld both fail, naming SYMBOL
same_error() {
    local what=$1 sym=$2
    shift 2
    if $ld "$@" -o gnu.exe 2>gnu.err; then
        t_hard_error "$arch: GNU ld linked $*"
    fi
    grep -q "undefined reference to \`$sym'" gnu.err ||
        t_hard_error "$arch: GNU ld's error: $(cat gnu.err)"
    t_mld "$@" -o mld.exe
    expect_error "undefined reference to \`$sym'"
}

for arch in x86_64 aarch64; do
    t_target $arch
    for f in gc gc_all cie_all later_fde later_none comdat1 comdat2 comdat3; do
        $as $f.s -o $f.o || t_hard_error "$arch: $as $f.s"
    done
    gc="--gc-sections -static -e g1"
    same_link "an emptied last input's FDE" $gc gc_all.o
    same_link "an emptied last input's CIE" $gc cie_all.o
    same_link "an emptied input, no FDE after it" $gc -u g3 gc_all.o later_none.o
    same_link "a discarded COMDAT copy's emptied input" -static -e g1 comdat1.o comdat2.o
    same_link "... with -q" -q -static -e g1 comdat1.o comdat2.o
    same_error "a collected FDE, a kept one in its input" undefined_lsda $gc gc.o
    same_error "an emptied input, an FDE after it" undefined_lsda \
        $gc -u g3 gc_all.o later_fde.o
    same_error "its CIE, an FDE after it" undefined_personality \
        $gc -u g3 cie_all.o later_fde.o
    same_error "the FDE kept without --gc-sections" undefined_lsda \
        -static -e g1 gc_all.o
    same_error "a discarded copy's input, an FDE after it" fx \
        -static -e g1 comdat1.o comdat2.o later_fde.o -u g3
    same_error "a kept FDE naming a discarded copy's symbol" fx \
        -static -e g1 comdat1.o comdat3.o
done
t_done
