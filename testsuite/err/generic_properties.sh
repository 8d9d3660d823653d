#!/bin/bash
if [ -z "${BASH_VERSION:-}" ]; then exec bash "$0" "$@"; fi
. "$(dirname "$0")/../lib.sh"
# The two target-independent properties of .note.gnu.property, merged as
# GNU ld merges them (elf-properties.c): GNU_PROPERTY_STACK_SIZE (8
# bytes: the largest input's, or -z stack-size=N's where larger, when an
# input has properties) and GNU_PROPERTY_NO_COPY_ON_PROTECTED (no data:
# there if one input has it), in type order before the target's own.  mld
# read only 4-byte properties, so it dropped both (GNU's ld-x86-64
# "Build property N (.o)").  x86-64 and AArch64, -r and executables: the
# notes (readelf -n) and PT_GNU_STACK against GNU ld.
t_write stack.s <<'SRC'
	.section .note.gnu.property, "a"
	.p2align 3
	.long 4, 3f - 1f, 5
	.asciz "GNU"
1:	.long 1, 8          /* GNU_PROPERTY_STACK_SIZE */
	.quad 0x800000
	.p2align 3
3:
SRC
t_write bigstack.s <<'SRC'
	.section .note.gnu.property, "a"
	.p2align 3
	.long 4, 3f - 1f, 5
	.asciz "GNU"
1:	.long 1, 8
	.quad 0xa00000
	.p2align 3
3:
SRC
t_write nocopy.s <<'SRC'
	.section .note.gnu.property, "a"
	.p2align 3
	.long 4, 3f - 1f, 5
	.asciz "GNU"
1:	.long 2, 0          /* GNU_PROPERTY_NO_COPY_ON_PROTECTED */
	.p2align 3
3:
SRC
t_write main.s <<'SRC'
	.text
	.globl _start
_start:	.long 0
SRC
notes() {
    readelf -nlW "$1" | sed -n '/NT_GNU_PROPERTY_TYPE_0/,/^$/p; /GNU_STACK/p'
}
checked=0
for arch in x86_64 aarch64; do
    t_target $arch
    # The target's own properties too: x86's ISA marker from the
    # assembler, AArch64's BTI feature.
    aflags=; [ $arch = x86_64 ] && aflags=-mx86-used-note=yes
    for f in stack bigstack nocopy main; do
        $as $aflags -o $f.$arch.o $f.s || t_hard_error "$as failed"
    done
    o=.$arch.o
    for link in "main$o stack$o" "main$o nocopy$o" "stack$o main$o bigstack$o nocopy$o" \
                "main$o stack$o -z stack-size=0x900000" "main$o bigstack$o -z stack-size=0x900000" \
                "main$o -z stack-size=0x900000" "nocopy$o main$o -z stack-size=0x100"; do
        for r in -r ""; do
            $ld $r -o g.out $link 2>/dev/null || t_hard_error "$ld $r $link failed"
            t_mld $r -o m.out $link
            notes g.out >g.n; notes m.out >m.n
            t_same "$arch ${r:-exe} $link" g.n m.n "$(grep -o 'stack size: 0x[0-9a-f]*\|no copy on protected' m.n | tr '\n' ' ')"
        done
    done
    checked=$((checked + 1))
done
[ $checked = 2 ] || t_fail "only $checked of 2 architectures checked"

# x86-64's merge rules by type (elfxx-x86.c): the old
# GNU_PROPERTY_X86_COMPAT_ISA_1_USED is kept, ORed, only if every input
# has it, even if 0 (mld took it for an AND feature and dropped 0);
# GNU_PROPERTY_X86_COMPAT_ISA_1_NEEDED and the other OR types are ORed
# and dropped when no bit is left, even from one input (mld kept them;
# GNU's ld-x86-64/pr23372*, pr23486*).
prop() {   # prop FILE TYPE VALUE
    printf '.section .note.gnu.property, "a"\n.p2align 3\n.long 4, 16, 5\n.asciz "GNU"\n.long %s, 4, %s\n.p2align 3\n' "$2" "$3" >"$1.s"
    as --64 -o "$1.o" "$1.s" || t_hard_error "as failed"
}
prop used0 0xc0000000 0
prop used1 0xc0000000 1
prop needed1 0xc0000001 1
prop needed2 0xc0000001 2
prop needed0 0xc0000001 0
prop isa0 0xc0008002 0
prop isa1 0xc0008002 1
for link in "used0.o used0.o" "used0.o used1.o" "used1.o main.x86_64.o" \
            "needed1.o needed2.o" "needed0.o needed0.o" "needed0.o" \
            "isa0.o isa0.o" "isa0.o" "isa0.o isa1.o" "used1.o needed2.o isa1.o" \
            "used0.o needed0.o"; do
    ld.bfd -r -o g.out $link || t_hard_error "GNU ld -r $link failed"
    t_mld -r -o m.out $link
    # (With no property left, no section: mld left an empty one.)
    { notes g.out; readelf -SW g.out | grep -c note.gnu.property; } >g.n
    { notes m.out; readelf -SW m.out | grep -c note.gnu.property; } >m.n
    t_same "x86_64 -r $link" g.n m.n "$(grep -c . m.n) lines"
done
# With no input's properties, -r still writes those of -z ibt, -z shstk
# and -z x86-64-vN (a section of the first input, after its own); mld
# wrote none.
as --64 -mx86-used-note=no -o plain.o main.s || t_hard_error "as failed"
printf '.section .foo,"a"\n.byte 1\n' >foo.s
as --64 -mx86-used-note=no -o foo.o foo.s || t_hard_error "as failed"
for z in "-z ibt" "-z shstk" "-z x86-64-v3"; do
    ld.bfd -r $z -o g.out plain.o foo.o || t_hard_error "GNU ld -r $z failed"
    t_mld -r $z -o m.out plain.o foo.o
    { notes g.out; readelf -SW g.out | sed -n 's/^ *\[ *[0-9]*\] \([^ ]*\).*/\1/p'; } >g.n
    { notes m.out; readelf -SW m.out | sed -n 's/^ *\[ *[0-9]*\] \([^ ]*\).*/\1/p'; } >m.n
    t_same "x86_64 -r $z, no input properties" g.n m.n "$(grep Properties m.n)"
done
t_done
