#!/bin/bash
if [ -z "${BASH_VERSION:-}" ]; then exec bash "$0" "$@"; fi
. "$(dirname "$0")/../lib.sh"
# A -T script's OUTPUT_FORMAT is the output's format (GNU's
# ld-x86-64/pr18160 makes an elf32-i386 file from x86-64 objects): one
# mld does not write is a clear error, not an elf64 file as if the script
# had not asked (mld ignored it).  The target's own format, in any of its
# spellings (quoted, three names), and binary link as before; an input
# script's comes after GNU ld chose its output and changes nothing.
t_write a.s <<'SRC'
	.text
	.globl _start
_start:	.long 0
SRC
as -o a.o a.s || t_hard_error "as failed"
body='SECTIONS { .text : { *(.text) } }'

printf 'OUTPUT_FORMAT(elf32-i386)\n%s\n' "$body" >i386.ld
t_mld -T i386.ld -o out a.o
expect_failure
expect_error "i386.ld:1: OUTPUT_FORMAT(elf32-i386): mld writes elf64-x86-64"
expect_no_file out

for fmt in 'elf64-x86-64' '"elf64-x86-64"' \
           '"elf64-x86-64", "elf64-x86-64", "elf64-x86-64"'; do
    printf 'OUTPUT_FORMAT(%s)\n%s\n' "$fmt" "$body" >own.ld
    ld.bfd -T own.ld -o gnu.out a.o 2>gnu.log || t_hard_error "GNU ld: $(cat gnu.log)"
    t_mld -T own.ld -o mld.out a.o
    if [ "$T_STATUS" = 0 ] && cmp -s <(readelf -hSW gnu.out | grep -v strtab) \
                                      <(readelf -hSW mld.out | grep -v strtab); then
        t_pass "OUTPUT_FORMAT($fmt): GNU ld's headers"
    else
        t_fail "OUTPUT_FORMAT($fmt): status $T_STATUS, $(head -1 stderr.txt)"
    fi
done

# The other target's, read before the inputs said which target it is.
printf 'OUTPUT_FORMAT(elf64-littleaarch64)\n%s\n' "$body" >other.ld
t_mld -T other.ld -o out a.o
expect_failure
expect_error "OUTPUT_FORMAT(elf64-littleaarch64): the target is elf_x86_64"
expect_no_file out

# An input script's OUTPUT_FORMAT: no effect, as in GNU ld.
printf 'OUTPUT_FORMAT(elf32-i386)\nINPUT(a.o)\n' >in.ld
printf '%s\n' "$body" >t.ld
ld.bfd -T t.ld -o gnu.out in.ld 2>gnu.log || t_hard_error "GNU ld: $(cat gnu.log)"
t_mld -T t.ld -o mld.out in.ld
[ "$T_STATUS" = 0 ] && [ "$(readelf -h mld.out | grep Class)" = "$(readelf -h gnu.out | grep Class)" ] &&
    t_pass "input script's OUTPUT_FORMAT: no effect, as GNU ld" ||
    t_fail "input script's OUTPUT_FORMAT: status $T_STATUS, $(head -1 stderr.txt)"

# AArch64's three names, the default first.
if t_have AArch64 aarch64-linux-gnu-as aarch64-linux-gnu-ld; then
    aarch64-linux-gnu-as -o a64.o /dev/null || t_hard_error "as failed"
    printf 'OUTPUT_FORMAT("elf64-littleaarch64", "elf64-bigaarch64", "elf64-littleaarch64")\n%s\n' "$body" >a64.ld
    t_mld -T a64.ld -e 0 -o a64.out a64.o
    [ "$T_STATUS" = 0 ] && readelf -h a64.out | grep -q AArch64 &&
        t_pass "AArch64's OUTPUT_FORMAT: linked" ||
        t_fail "AArch64's OUTPUT_FORMAT: status $T_STATUS, $(head -1 stderr.txt)"
fi
t_done
