#!/bin/bash
if [ -z "${BASH_VERSION:-}" ]; then exec bash "$0" "$@"; fi
. "$(dirname "$0")/../lib.sh"
# An undefined weak symbol is 0 wherever a static PIE is loaded, so GNU
# ld refuses what cannot reach that 0 once the PIE moves: a 32-bit
# absolute address of it (x86-64 R_X86_64_32, AArch64 R_AARCH64_ABS32),
# and on x86-64 a PC-relative reference from a read-only section (not
# from writable data, not a PLT call).  mld linked them, and the program
# got the wrong value when loaded elsewhere (GNU's ld-x86-64/pie3,
# pr19719).  Each case: GNU ld's status and first error line, with the
# visibility and "undefined" words of GNU ld's message.
status_and_error() {   # LD OUT OBJ: "STATUS first error text"
    local st
    "$1" -pie --no-dynamic-linker -o "$2" "$3" >"$2.err" 2>&1
    st=$?
    echo "$st $(sed -n 's/.*\(w\.o: relocation .*\)/\1/p' "$2.err" | head -1)"
}
checked=0
for arch in x86_64 aarch64; do
    t_target $arch
    if [ $arch = x86_64 ]; then
        cases=('.text: leaq w(%rip), %rax' '.section .rodata: .long w - .'
               '.data: .long w - .' '.text: call w' '.data: .long w'
               '.data: .quad w' '.text: movl $w, %eax'
               '.hidden w; .text: leaq w(%rip), %rax')
    else
        cases=('.data: .word w' '.data: .xword w' '.text: adrp x0, w'
               '.text: bl w')
    fi
    for c in "${cases[@]}"; do
        printf '.text\n.globl _start\n_start: nop\n.weak w\n%s\n%s\n' \
            "${c%%:*}" "${c#*: }" >w.s
        $as -o w.o w.s || t_hard_error "$as failed: $c"
        g=$(status_and_error $ld g.out w.o)
        m=$(status_and_error "$MLD" m.out w.o)
        [ "$g" = "$m" ] && t_pass "$arch [$c]: $m" ||
            t_fail "$arch [$c]: GNU ld [$g], mld [$m]"
    done
    # A strong undefined symbol instead: GNU ld's undefined reference and
    # text relocation warning, not the PIE error (mld gave that too).
    if [ $arch = x86_64 ]; then
        printf '.text\n.globl _start\n_start: movl u(%%rip), %%eax\n' >u.s
        $as -o u.o u.s || t_hard_error "$as failed: u.s"
        $ld -pie --no-dynamic-linker -o g.out u.o >g.err 2>&1 &&
            t_hard_error "$ld linked u.o"
        t_mld -pie --no-dynamic-linker -o m.out u.o
        expect_failure
        expect_error "undefined reference to \`u'"
        expect_stderr "warning: relocation against \`u' in read-only section \`.text'"
        if grep -q "can not be used when making a PIE" stderr.txt; then
            t_fail "$arch: the PIE error GNU ld does not give: $(grep PIE stderr.txt | head -1)"
        else
            t_pass "$arch: no PIE error for a strong undefined symbol, as GNU ld"
        fi
        # Its 32-bit absolute address: the PIE error, where GNU ld stops
        # (no undefined reference reported after it).
        printf '.text\n.globl _start\n_start: movl u, %%eax\n' >u.s
        $as -o u.o u.s || t_hard_error "$as failed: u.s"
        $ld -pie --no-dynamic-linker -o g.out u.o >g.err 2>&1 &&
            t_hard_error "$ld linked u.o"
        t_mld -pie --no-dynamic-linker -o m.out u.o
        expect_error "$(sed -n 's/.*\(u\.o: relocation .*\)/\1/p' g.err | head -1)"
        if grep -q "undefined reference" g.err || ! grep -q "undefined reference" stderr.txt; then
            t_pass "$arch: nothing after the PIE error, as GNU ld"
        else
            t_fail "$arch: an undefined reference reported after the PIE error"
        fi
    fi
    checked=$((checked + 1))
done
[ $checked = 2 ] || t_fail "only $checked of 2 architectures checked"
t_done
