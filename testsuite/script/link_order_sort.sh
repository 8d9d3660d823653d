#!/bin/bash
if [ -z "${BASH_VERSION:-}" ]; then exec bash "$0" "$@"; fi
. "$(dirname "$0")/../lib.sh"
# SHF_LINK_ORDER inputs of an output section are sorted as GNU ld's
# fixup_link_order sorts them: those linked to no section first, in
# their order, then by where their linked-to sections went; mld kept the
# input order (GNU's ld-elf/pr26256-*).  The usual case: gcc's
# -fpatchable-function-entry with -ffunction-sections, where
# __patchable_function_entries must follow the functions, which GNU ld's
# default script reorders (cold ones first, .text.unlikely).  Both
# targets, default layout and a script: the table's bytes and the
# symbols against GNU ld.
t_write p.c <<'SRC'
__attribute__((noinline)) int warm1(int x) { return x + 1; }
__attribute__((noinline, cold)) int cold1(int x) { return x * 3; }
__attribute__((noinline)) int warm2(int x) { return x - 2; }
__attribute__((noinline, cold)) int cold2(int x) { return x ^ 5; }
int _start(void) { return warm1(1) + cold1(2) + warm2(3) + cold2(4); }
SRC
t_write lo.s <<'SRC'
	.section .text,"ax",%progbits,unique,0
	.globl text0
text0:	.long 0
	.section .text,"ax",%progbits,unique,1
	.globl text1
text1:	.long 0
	.section .lo,"ao",%progbits,text1
	.globl lo1
lo1:	.byte 1
	.section .lo,"ao",%progbits,0,unique,3
	.globl lo_none
lo_none: .byte 2
	.section .lo,"ao",%progbits,text0
	.globl lo0
lo0:	.byte 3
	.section .lo,"a",%progbits
	.globl lo_plain
lo_plain: .byte 4
SRC
t_write lo.t <<'LD'
SECTIONS
{
  .text1 : { *(.text) }
  .lo : { *(.lo) }
}
LD
checked=0
for arch in x86_64 aarch64; do
    t_target $arch
    $cc -O1 -c -ffunction-sections -fpatchable-function-entry=2 \
        -fno-asynchronous-unwind-tables -o p.$arch.o p.c || t_hard_error "$cc failed"
    $as -o lo.$arch.o lo.s || t_hard_error "$as failed"
    for link in "p.$arch.o" "-T lo.t lo.$arch.o" "lo.$arch.o"; do
        $ld -e _start $link -o g.out 2>/dev/null || t_hard_error "$ld $link failed"
        t_mld -e _start $link -o m.out
        for f in g m; do
            { objdump -s -j __patchable_function_entries -j .lo $f.out 2>/dev/null |
                  tail -n +4
              nm -n $f.out | grep -E ' [TtRr] (warm|cold|lo|text)'; } >$f.view
        done
        t_same "$arch [$link]: SHF_LINK_ORDER inputs in their sections' order" \
            g.view m.view "$(grep -c . m.view) lines"
    done
    checked=$((checked + 1))
done
[ $checked = 2 ] || t_fail "only $checked of 2 architectures checked"
t_done
