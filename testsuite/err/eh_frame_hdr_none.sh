#!/bin/bash
if [ -z "${BASH_VERSION:-}" ]; then exec bash "$0" "$@"; fi
. "$(dirname "$0")/../lib.sh"
# --eh-frame-hdr with no .eh_frame among the inputs (code built with
# -fno-asynchronous-unwind-tables): GNU ld makes no .eh_frame_hdr and no
# __GNU_EH_FRAME_HDR; mld defined the symbol all the same.  With an
# .eh_frame both have them.  x86-64 and AArch64, against GNU ld.
t_need_ld_bfd_x86_64
t_write s.c <<'SRC'
int value(void) { return 4; }
void _start(void) { for (;;) value(); }
SRC
checked=0
for arch in x86_64 aarch64; do
    t_target $arch
    for unwind in -fno-asynchronous-unwind-tables -fasynchronous-unwind-tables; do
        $cc -c -O1 $unwind -o s.o s.c || t_hard_error "$cc failed"
        $ld --eh-frame-hdr -o gnu.out s.o || t_hard_error "$ld failed"
        t_mld --eh-frame-hdr -o mld.out s.o
        expect_success
        g=$(nm gnu.out | grep -c __GNU_EH_FRAME_HDR)
        m=$(nm mld.out | grep -c __GNU_EH_FRAME_HDR)
        gs=$(readelf -SW gnu.out | grep -c '\.eh_frame_hdr')
        ms=$(readelf -SW mld.out | grep -c '\.eh_frame_hdr')
        [ "$g $gs" = "$m $ms" ] &&
            t_pass "$arch $unwind: __GNU_EH_FRAME_HDR and .eh_frame_hdr as GNU ld's ($g $gs)" ||
            t_fail "$arch $unwind: GNU ld has symbol/section $g/$gs, mld $m/$ms"
    done
    checked=$((checked + 1))
done
[ $checked = 2 ] || t_fail "only $checked of 2 architectures checked"
t_done
