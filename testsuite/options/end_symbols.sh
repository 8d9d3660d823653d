#!/bin/bash
if [ -z "${BASH_VERSION:-}" ]; then exec bash "$0" "$@"; fi
. "$(dirname "$0")/../lib.sh"
# _edata, __bss_start and _end of a program without a writable section
# with contents (only .bss, or nothing writable at all): GNU ld's script
# puts them where the writable part starts (DATA_SEGMENT_ALIGN), in the
# section after it or else the one before; mld gave _edata and
# __bss_start 0, absolute, and _end the end of the read-only part.  On
# x86-64 and AArch64, every symbol (nm) against GNU ld's.

printf 'volatile int z;\nvoid _start(void) { for (;;) z++; }\n' >bss.c
printf 'void _start(void) { for (;;) ; }\n' >none.c

checked=0
for arch in x86_64 aarch64; do
    t_target $arch
    for f in bss none; do
        $cc -O1 -c -o $f.o $f.c || t_hard_error "$cc failed"
        $ld -static -e _start -o gnu.out $f.o || t_hard_error "GNU ld failed"
        t_mld -static -e _start -o mld.out $f.o
        if [ "$T_STATUS" != 0 ]; then
            t_fail "$arch $f: mld failed: $(head -1 stderr.txt)"
        elif ! diff <(nm gnu.out) <(nm mld.out) >d.txt; then
            t_fail "$arch $f: symbols differ: $(tr '\n' ' ' <d.txt)"
        else
            t_pass "$arch $f: GNU ld's symbols"
        fi
    done
    checked=$((checked + 1))
done
[ $checked = 2 ] || t_fail "only $checked of 2 architectures checked"
t_done
