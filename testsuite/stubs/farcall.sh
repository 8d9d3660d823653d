#!/bin/bash
if [ -z "${BASH_VERSION:-}" ]; then exec bash "$0" "$@"; fi
. "$(dirname "$0")/../lib.sh"
# Range-extension stubs (lib/stubs.c).  Generates, at test time, a static
# AArch64 program with two 130 MiB gaps of code (NOBITS sections, so the
# objects stay small) between callers and callees, in both directions:
#   main.o  .text     _start: BL and B (tail calls) forward, 50 callers of
#                     one far function (one stub), an addend, a section
#                     symbol (GNU ld's ___veneer)
#   gap1.o            130 MiB
#   mid.o   .text     called from main through a stub section that sits
#                     right before it; calls forward and back
#   gap2.o            130 MiB
#   far.o   .text     the callees; calls back over both gaps
# Each group of callers is a stub group of its own.  The program is linked
# by GNU ld and by mld; both run under qemu-aarch64 with the same output,
# and mld makes no more stubs than GNU ld.  A second program mixes sym and
# sym+32 in one group, which GNU ld 2.40 gets wrong (both go to one stub),
# so it is checked against ld.lld and the expected output.

RUN=qemu-aarch64
t_aarch64 "$RUN" aarch64-linux-gnu-readelf

# fn NAME CHAR: a function printing CHAR with write(2), then returning.
fn() {
    cat <<EOF
	.globl $1
	.type $1, %function
	.balign 32
$1:
	mov x0, #1
	adr x1, 9f
	mov x2, #1
	mov x8, #64
	svc #0
	ret
9:	.byte '$2'
	.balign 4
	.size $1, .-$1
EOF
}

gap() {
    printf '\t.section .text.gap,"ax",%%nobits\n\t.skip 130 << 20\n'
}

{
    echo '	.text'
    echo '	.globl _start'
    echo '	.type _start, %function'
    echo '_start:'
    echo '	bl far_a'                   # forward, 260 MiB
    echo '	bl tail_b'                  # B far_b
    echo '	bl mid_m'                   # forward, just past gap1's stubs
    echo '	bl far_add + 32'            # addend
    echo '	bl many'
    echo '	bl mid_calls'
    echo '	bl far_calls'
    echo '	bl main_n'                  # near: never a stub
    echo '	mov x0, #0'
    echo '	mov x8, #93'
    echo '	svc #0'
    echo 'tail_b:	b far_b'
    echo 'many:	stp x29, x30, [sp, #-16]!'
    for i in $(seq 50); do echo '	bl far_c'; done
    echo '	ldp x29, x30, [sp], #16'
    echo '	ret'
    fn main_n n
    fn main_back z
} >main.s
gap >gap1.s
{
    echo '	.text'
    fn mid_m m
    echo '	.globl mid_calls'
    echo 'mid_calls:'
    echo '	stp x29, x30, [sp, #-16]!'
    echo '	bl far_a'                   # forward over gap2
    echo '	bl main_back'               # back over gap1
    echo '	bl far_add + 32'
    echo '	ldp x29, x30, [sp], #16'
    echo '	b main_n'                   # tail call back
} >mid.s
gap >gap2.s
{
    echo '	.text'
    fn far_a a
    fn far_b b
    fn far_c c
    fn far_add x
    fn far_add2 d                       # far_add + 32
    echo '	.globl far_calls'
    echo 'far_calls:'
    echo '	stp x29, x30, [sp, #-16]!'
    echo '	bl main_back'               # back over both gaps
    echo '	bl mid_m'                   # back over gap2
    echo '	bl far_a'                   # near
    echo '	ldp x29, x30, [sp], #16'
    echo '	b main_n'
} >far.s

for s in main gap1 mid gap2 far; do
    $AS -o $s.o $s.s 2>as.log || { cat as.log; t_hard_error "as $s.s"; }
done
OBJS="main.o gap1.o mid.o gap2.o far.o"

# check_prog NAME EXPECTED: link with GNU ld and mld, run both, compare.
veneers() { aarch64-linux-gnu-readelf -sW "$1" | grep -c '_veneer$'; }
names() { aarch64-linux-gnu-readelf -sW "$1" | awk '/_veneer$/ {print $8}' | sort; }
run_out() { timeout 60 $RUN "./$1" >"$1.out" 2>&1; echo "exit $?" >>"$1.out"; }

$GLD -static -o p.gnu $OBJS >gld.log 2>&1 || { cat gld.log; t_hard_error "GNU ld failed"; }
t_mld -static -o p.mld $OBJS --stats
if [ "$T_STATUS" -ne 0 ]; then
    t_fail "mld failed to link the far-call program"
else
    t_pass "mld links a program with 260 MiB of code"
    grep 'branch relocations' stderr.txt | sed 's/^/  /'
    run_out p.gnu
    run_out p.mld
    if cmp -s p.gnu.out p.mld.out; then
        t_pass "same output as GNU ld's program: $(tr '\n' ' ' <p.mld.out)"
    else
        t_fail "outputs differ: GNU ld '$(cat p.gnu.out)', mld '$(cat p.mld.out)'"
    fi
    g=$(veneers p.gnu) m=$(veneers p.mld)
    if [ "$m" -le "$g" ] && [ "$m" -gt 0 ]; then
        t_pass "mld made $m stubs, GNU ld $g"
    else
        t_fail "mld made $m stubs, GNU ld $g"
    fi
    if [ "$(names p.gnu)" = "$(names p.mld)" ]; then
        t_pass "the same stub names as GNU ld"
    else
        t_fail "stub names differ: GNU ld $(names p.gnu | tr '\n' ' '), mld $(names p.mld | tr '\n' ' ')"
    fi
    # 50 callers of far_c in one group share one stub.
    n=$(aarch64-linux-gnu-readelf -sW p.mld | grep -c ' __far_c_veneer$')
    [ "$n" -eq 1 ] && t_pass "one __far_c_veneer for 50 callers" ||
        t_fail "$n __far_c_veneer stubs"
    # A near call never uses a stub.
    if aarch64-linux-gnu-objdump -d --stop-address=0x500000 p.mld |
        grep -q 'bl.*<main_n>'; then
        t_pass "near call goes direct"
    else
        t_fail "near call does not go direct"
    fi
fi
rm -f p.gnu p.mld

# Local targets: a named local function and a section symbol (gas refers
# to a local label in another section through its section), over a gap in
# the same object; GNU ld names the second stub ___veneer.
{
    echo '	.text'
    echo '	.globl _start'
    echo '_start:'
    echo '	bl local_fn'
    echo '	bl .Lsec_target'
    echo '	b local_exit'
    gap
    echo '	.section .text.zlocal, "ax", %progbits'
    fn local_fn l | grep -v globl
    echo '.Lsec_target:'
    echo '	b far_b'
    echo 'local_exit:'
    echo '	mov x0, #3'
    echo '	mov x8, #93'
    echo '	svc #0'
    fn far_b b
} >loc.s
$AS -o loc.o loc.s 2>/dev/null || t_hard_error "as loc.s"
$GLD -static -o loc.gnu loc.o || t_hard_error "GNU ld failed on loc.o"
t_mld -static -o loc.mld loc.o
if [ "$T_STATUS" -ne 0 ]; then
    t_fail "mld failed to link the local-target program"
else
    run_out loc.gnu
    run_out loc.mld
    cmp -s loc.gnu.out loc.mld.out &&
        t_pass "local targets: same output as GNU ld's ($(tr '\n' ' ' <loc.mld.out))" ||
        t_fail "local targets: GNU ld '$(cat loc.gnu.out)', mld '$(cat loc.mld.out)'"
    if [ "$(names loc.gnu)" = "$(names loc.mld)" ]; then
        t_pass "local stub names as GNU ld's: $(names loc.mld | tr '\n' ' ')"
    else
        t_fail "local stub names: GNU ld $(names loc.gnu | tr '\n' ' '), mld $(names loc.mld | tr '\n' ' ')"
    fi
fi
rm -f loc.gnu loc.mld

# sym and sym + 32 from one group: two stubs.  Expected: x d d.
{
    echo '	.text'
    echo '	.globl _start'
    echo '_start:'
    echo '	bl far_add'
    echo '	bl far_add + 32'
    echo '	b far_exit + 0'
} >mix.s
{
    echo '	.text'
    fn far_add x
    fn far_add2 d
    echo '	.globl far_exit'
    echo 'far_exit:'
    echo '	bl far_add + 32'
    echo '	mov x0, #7'
    echo '	mov x8, #93'
    echo '	svc #0'
} >mixfar.s
$AS -o mix.o mix.s && $AS -o mixfar.o mixfar.s || t_hard_error "as mix"
t_mld -static -o mix.mld mix.o gap1.o mixfar.o
if [ "$T_STATUS" -ne 0 ]; then
    t_fail "mld failed to link the addend program"
else
    run_out mix.mld
    if [ "$(tr '\n' ' ' <mix.mld.out)" = "xddexit 7 " ]; then
        t_pass "sym and sym+32 get their own stubs (xdd, exit 7)"
    else
        t_fail "addend program printed '$(cat mix.mld.out)', expected 'xdd exit 7'"
    fi
    if t_have "ld.lld comparison" ld.lld; then
        if ld.lld -static -o mix.lld mix.o gap1.o mixfar.o 2>/dev/null; then
            run_out mix.lld
            cmp -s mix.lld.out mix.mld.out && t_pass "same as ld.lld" ||
                t_fail "ld.lld's program printed '$(cat mix.lld.out)'"
        else
            t_skip_part "ld.lld comparison: ld.lld cannot link the program"
        fi
    fi
fi
rm -f mix.mld mix.lld

t_done
