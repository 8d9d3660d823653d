#!/bin/bash
if [ -z "${BASH_VERSION:-}" ]; then exec bash "$0" "$@"; fi
. "$(dirname "$0")/../lib.sh"
# The padding between input sections of a code section.  x86-64's GNU ld
# fills every code section with nops; AArch64's only the .init, .text and
# .fini of its default script (`=0x1f2003d5'), so under a -T script the
# gaps stay zero unless the script gives a fill (mld filled Trusted
# Firmware-A's .text with nops).  On both, the code sections' bytes
# against GNU ld's: a script without a fill, one with `=FILL', and the
# default layout; on AArch64 also the gap before a branch stub, which
# gets the script's fill (GNU ld's own script as -T left it zero).
# GNU ld fills every gap, not only those between input sections: after a
# data statement, between two, and at a section's end (". = ALIGN (64)"
# last), in a final link and in -r; mld left those zero.

cat >t.s <<'ASM'
	.text
	.globl _start
_start:	.byte 0x90, 0x90, 0x90, 0x90
	.section .text.vec,"ax"
	.balign 64
vec:	.byte 0x90, 0x90, 0x90, 0x90
	.section .text.more,"ax"
	.balign 32
more:	.byte 0x90, 0x90, 0x90, 0x90
ASM
cat >plain.ld <<'LD'
SECTIONS {
  . = 0x10000;
  .text : { *(.text) *(.text.vec) }
  .other : { *(.text.more) }
}
LD
cat >filled.ld <<'LD'
SECTIONS {
  . = 0x10000;
  .text : { *(.text) *(.text.vec) } =0x11223344
  .other : { *(.text.more) }
}
LD

cat >gaps.ld <<'LD'
SECTIONS {
  . = 0x10000;
  .text : { LONG(0x30) . = ALIGN(., 16); BYTE(1) . = ALIGN(., 4);
            *(.text) . = ALIGN(., 64); }
  .other : { *(.text.vec) *(.text.more) QUAD(5) . = ALIGN(., 32); }
}
LD

code() {   # the bytes of FILE's code sections, in hex
    local s
    for s in .text .other; do
        readelf -x $s "$1" 2>/dev/null | sed -n 's/^  0x[0-9a-f]* //p' |
            cut -c1-35
    done
}

cat >far.s <<'ASM'
	.text
	.globl _start
_start:	bl far
	.byte 0, 0, 0, 0, 0, 0, 0, 0
	.section .text.far,"ax"
far:	ret
ASM
cat >far.ld <<'LD'
SECTIONS {
  . = 0x10000;
  .text : { *(.text) } =0x11223344
  .other 0x10000000 : { *(.text.far) }
}
LD

checked=0
for arch in x86_64 aarch64; do
    t_target $arch
    as=as
    [ $arch = aarch64 ] && as=aarch64-linux-gnu-as
    $as -o t.o t.s || t_hard_error "$as failed"
    for how in "-T plain.ld" "-T filled.ld" "-static" "-T gaps.ld" \
               "-r -T gaps.ld"; do
        rm -f gnu.out mld.out
        $ld $how -o gnu.out t.o 2>/dev/null || t_hard_error "GNU ld failed"
        t_mld $how -o mld.out t.o --no-warn-rwx-segments
        code gnu.out >gnu.hex
        code mld.out >mld.hex
        if [ "$T_STATUS" != 0 ]; then
            t_fail "$arch $how: mld failed: $(head -1 stderr.txt)"
        elif [ ! -s gnu.hex ]; then
            t_hard_error "$arch $how: no code in GNU ld's output"
        elif ! cmp -s gnu.hex mld.hex; then
            t_fail "$arch $how: code bytes differ: $(diff gnu.hex mld.hex | head -4 | tr '\n' ' ')"
        else
            t_pass "$arch $how: GNU ld's code bytes"
        fi
    done
    if [ $arch = aarch64 ]; then
        $as -o far.o far.s || t_hard_error "$as failed"
        $ld -T far.ld -o gnu.out far.o || t_hard_error "GNU ld failed"
        t_mld -T far.ld -o mld.out far.o
        code gnu.out >gnu.hex
        code mld.out >mld.hex
        if [ "$T_STATUS" != 0 ]; then
            t_fail "$arch stub: mld failed: $(head -1 stderr.txt)"
        elif ! cmp -s gnu.hex mld.hex; then
            t_fail "$arch stub: code bytes differ: $(diff gnu.hex mld.hex | head -4 | tr '\n' ' ')"
        else
            t_pass "$arch gap before a branch stub: GNU ld's fill"
        fi
    fi
    checked=$((checked + 1))
done
[ $checked = 2 ] || t_fail "only $checked of 2 architectures checked"
t_done
