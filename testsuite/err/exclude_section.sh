#!/bin/bash
if [ -z "${BASH_VERSION:-}" ]; then exec bash "$0" "$@"; fi
. "$(dirname "$0")/../lib.sh"
# An SHF_EXCLUDE section ("e") is not linked, and what it defines is
# undefined, as in bfd: a symbol defined only there is an undefined
# reference (mld resolved it to 0 and linked a call to address 0), and a
# definition there next to one elsewhere is no second definition (GNU's
# ld-elf/pr20513a/b: mld said "multiple definition").  -r keeps such
# sections and their symbols for the final link.  On x86-64 and AArch64,
# against GNU ld.
t_write main.s <<'SRC'
	.text
	.globl _start
_start:	.long foo
SRC
t_write excl.s <<'SRC'
	.section .text.exclude,"axe",%progbits
	.globl foo
foo:	.long 0
SRC
t_write plain.s <<'SRC'
	.section .text.foo,"ax",%progbits
	.globl foo
foo:	.long 1
SRC

checked=0
for arch in x86_64 aarch64; do
    t_target $arch
    for s in main excl plain; do
        $as -o $s.o $s.s || t_hard_error "$as $s.s failed"
    done
    # Defined only in the excluded section: an undefined reference.
    $ld -o gnu.out main.o excl.o >gnu.log 2>&1 && t_hard_error "GNU ld linked main.o excl.o"
    grep -q "undefined reference to .foo'" gnu.log || t_hard_error "GNU ld: $(cat gnu.log)"
    t_mld -o mld.out main.o excl.o
    expect_failure
    expect_error "undefined reference to \`foo'"
    # Beside a definition elsewhere, in either order: that one, once.
    for objs in "main.o excl.o plain.o" "main.o plain.o excl.o"; do
        # shellcheck disable=SC2086
        $ld -o gnu.out $objs >gnu.log 2>&1 || t_hard_error "GNU ld: $(cat gnu.log)"
        # shellcheck disable=SC2086
        t_mld -o mld.out $objs
        if [ "$T_STATUS" != 0 ]; then
            t_fail "$arch $objs: mld failed: $(head -1 stderr.txt)"
        elif ! cmp -s <(nm gnu.out) <(nm mld.out); then
            t_fail "$arch $objs: symbols differ: $(diff <(nm gnu.out) <(nm mld.out) | tr '\n' ' ')"
        elif readelf -SW mld.out | grep -q text.exclude; then
            t_fail "$arch $objs: .text.exclude in the output"
        else
            t_pass "$arch $objs: GNU ld's symbols, no .text.exclude"
        fi
    done
    # -r keeps it, with its symbol.
    t_mld -r -o r.o excl.o
    if [ "$T_STATUS" = 0 ] && readelf -SW r.o | grep -q text.exclude &&
       nm r.o | grep -q "T foo"; then
        t_pass "$arch -r: the section and its symbol kept"
    else
        t_fail "$arch -r: $(readelf -SW r.o 2>&1 | grep exclude) $(nm r.o 2>&1)"
    fi
    checked=$((checked + 1))
done
[ $checked = 2 ] || t_fail "only $checked of 2 architectures checked"
t_done
