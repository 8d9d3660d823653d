#!/bin/bash
if [ -z "${BASH_VERSION:-}" ]; then exec bash "$0" "$@"; fi
. "$(dirname "$0")/../lib.sh"
# A .gnu.linkonce.t.KEY section and a COMDAT group KEY of one member are
# copies of one thing when they define the same symbols (GNU ld's
# _bfd_elf_section_already_linked with bfd_elf_match_symbols_in_sections):
# the later one goes, whichever kind it is (GNU's ld-elf/pr26936: old
# objects' linkonce thunks next to new objects' COMDAT ones).  mld kept
# both: "multiple definition of `__x86.get_pc_thunk.bx'".  Debug line
# information of a dropped copy points at the kept one.  Copies that
# define other symbols both stay, in GNU ld and mld alike.  On x86-64 and
# AArch64, against GNU ld: the status, the section headers (not the
# string tables'), the symbols and the line table.
t_write linkonce.s <<'SRC'
	.section .gnu.linkonce.t.thunk,"ax",%progbits
	.globl  thunk
	.hidden thunk
	.type   thunk, %function
thunk:
	.nop
SRC
t_write group.s <<'SRC'
	.text
	.globl _start
_start:
	.nop
	.section .text.thunk,"axG",%progbits,thunk,comdat
	.globl  thunk
	.hidden thunk
	.type   thunk, %function
thunk:
	.nop
SRC
# The group alone, in another file.
sed -n '/^\t.section/,$p' group.s >group2.s
# Another symbol in the linkonce copy: not a copy of the group's member.
sed 's/^thunk:/thunk:\n\t.globl other\nother:/' linkonce.s >other.s

same() {  # same WHAT OBJS...: GNU ld and mld agree
    local what=$1
    shift
    $ld -o gnu.out "$@" 2>gnu.err
    local gs=$?
    t_mld -o mld.out "$@"
    if [ $gs != 0 ] || [ "$T_STATUS" != 0 ]; then
        if [ $gs != 0 ] && [ "$T_STATUS" != 0 ] &&
           grep -q "multiple definition of .thunk'" gnu.err &&
           grep -q "multiple definition of .thunk'" stderr.txt; then
            t_pass "$what: both refuse the two copies"
        else
            t_fail "$what: GNU ld's status $gs, mld's $T_STATUS: $(head -1 gnu.err) / $(head -1 stderr.txt)"
        fi
        return
    fi
    shdrs() { readelf -SW "$1" | sed -n 's/^ *\[ *[0-9]*\] //p' | grep -v strtab; }
    if ! diff <(shdrs gnu.out) <(shdrs mld.out) >d.txt; then
        t_fail "$what: section headers differ: $(tr '\n' ' ' <d.txt)"
    elif ! cmp -s <(nm gnu.out) <(nm mld.out); then
        t_fail "$what: symbols differ: $(diff <(nm gnu.out) <(nm mld.out) | tr '\n' ' ')"
    elif ! cmp -s <(readelf -wL gnu.out) <(readelf -wL mld.out); then
        t_fail "$what: line tables differ: $(diff <(readelf -wL gnu.out) <(readelf -wL mld.out) | tr '\n' ' ')"
    else
        t_pass "$what: GNU ld's sections, symbols and lines"
    fi
}

checked=0
for arch in x86_64 aarch64; do
    t_target $arch
    for s in linkonce group group2 other; do
        $as --gen-debug -o $s.o $s.s || t_hard_error "$as $s.s failed"
    done
    same "$arch linkonce, group, group" linkonce.o group.o group2.o
    same "$arch group, linkonce" group.o linkonce.o
    same "$arch group, other symbols" group.o other.o
    checked=$((checked + 1))
done
[ $checked = 2 ] || t_fail "only $checked of 2 architectures checked"
t_done
