#!/bin/bash
if [ -z "${BASH_VERSION:-}" ]; then exec bash "$0" "$@"; fi
. "$(dirname "$0")/../lib.sh"
# The ELF type of a PIE: GNU ld writes ET_EXEC when its lowest PT_LOAD is
# above 0 (-Ttext-segment, or a script's address: Trusted Firmware-A's
# PIE BL31 at 0xe090000), ET_DYN otherwise; mld wrote ET_DYN always.  On
# x86-64 and AArch64, `readelf -h' and the PT_LOADs against GNU ld's.

printf 'void _start(void) { for (;;) ; }\n' >p.c
printf 'SECTIONS { . = 0xe090000; .text : { *(.text*) } }\n' >high.ld

checked=0
for arch in x86_64 aarch64; do
    t_target $arch
    $cc -O1 -fPIE -c -o p.o p.c || t_hard_error "$cc failed"
    for how in "" "-Ttext-segment=0x400000" "-T high.ld"; do
        rm -f gnu.out mld.out
        $ld -pie --no-dynamic-linker -e _start $how -o gnu.out p.o \
            2>/dev/null || t_hard_error "GNU ld failed"
        t_mld -pie --no-dynamic-linker -e _start $how -o mld.out p.o \
            --no-warn-rwx-segments
        g=$(readelf -h gnu.out | grep Type:)
        m=$(readelf -h mld.out 2>/dev/null | grep Type:)
        if [ "$T_STATUS" != 0 ]; then
            t_fail "$arch $how: mld failed: $(head -1 stderr.txt)"
        elif [ "$g" != "$m" ]; then
            t_fail "$arch ${how:-(at 0)}: $m, GNU ld's $g"
        else
            t_pass "$arch ${how:-(at 0)}: $(echo $g)"
        fi
    done
    checked=$((checked + 1))
done
[ $checked = 2 ] || t_fail "only $checked of 2 architectures checked"
t_done
