#!/bin/bash
if [ -z "${BASH_VERSION:-}" ]; then exec bash "$0" "$@"; fi
. "$(dirname "$0")/../lib.sh"
# The function a message names ("in function `f'"), as bfd's
# elf_find_function picks it: a symbol without a type counts (_start in
# assembly), the hidden local an annobin note leaves does not (GNU's
# ld-elf/anno-sym), the last to start before the place wins even past
# its size, at one place the first in the symbol table unless a later one
# is larger (bfd 2.40's rule: not a function before a label), and on
# AArch64 no mapping symbol ($d).  mld named only a function whose size covered
# the place.  Each case against GNU ld's message, on both targets.
name_in() {   # FILE: the function its first "in function" names
    sed -n "s/.*in function \`\([^']*\)'.*/\1/p" "$1" | head -1
}
checked=0
for arch in x86_64 aarch64; do
    t_target $arch
    cases=(
"  .hidden .annobin_x
  .type .annobin_x, %notype
  .equiv .annobin_x, .
  .size .annobin_x, 0
  .globl _start
_start: .byte 0
  .p2align 3
  .dc.a foo"
"  .globl _start
  .type _start, %function
_start: .byte 0
  .size _start, 1
  .p2align 3
  .dc.a foo"
"  .globl _start
_start:
  .type lf, %function
lf: .byte 0
  .size lf, 8
  .dc.a foo"
"  .globl _start
_start: .byte 0
  .data
  .dc.a foo"
"  .globl _start
_start: .byte 0
bar:
  .globl f
  .type f, %function
f: .dc.a foo")
    for c in "${cases[@]}"; do
        printf '  .text\n%s\n' "$c" >f.s
        $as -o f.o f.s || t_hard_error "$as failed: $c"
        $ld -o g.out f.o >g.err 2>&1 && t_hard_error "$ld linked f.o"
        t_mld -o m.out f.o
        expect_failure
        g=$(name_in g.err)
        m=$(name_in stderr.txt)
        what="$arch [$(echo "$c" | tr '\n' ';' | cut -c1-60)]"
        [ "$g" = "$m" ] && t_pass "$what: ${g:-no function}, as GNU ld" ||
            t_fail "$what: GNU ld names '${g}', mld '${m}'"
    done
    checked=$((checked + 1))
done
[ $checked = 2 ] || t_fail "only $checked of 2 architectures checked"
t_done
