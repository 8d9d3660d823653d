#!/bin/bash
if [ -z "${BASH_VERSION:-}" ]; then exec bash "$0" "$@"; fi
. "$(dirname "$0")/../lib.sh"
# A local that only a dropped .eh_frame record names is not listed when
# -x or -X leaves it out: bfd makes the relocations of an FDE it drops
# (here the second copy of a COMDAT function's) R_*_NONE before it looks
# at their symbols, in -r as in -q.  mld's -r listed it.  The LSDA
# pointers name symbols made local by objcopy, so that the relocations
# name them rather than their section.  Likewise a global defined only
# in the discarded copy (fx, which GNU ld makes undefined) is not listed
# when only such a relocation names it; mld listed it, undefined.  The
# relocations of an input whose records all go are R_*_NONE, unless GNU
# ld leaves the input out whole (the last ones to hold no more than a
# terminator): mld wrote none where a later input keeps an FDE, and with
# -r --gc-sections a .rela.eh_frame with none where GNU ld has none.  Both
# targets, -r byte for byte as GNU ld with -x, -X and neither; -q's
# local symbols as GNU ld's.
for n in 1 2; do
    t_write c$n.s <<SRC
	.section .text.f,"axG",%progbits,f,comdat
	.globl f
f:	.cfi_startproc
	.cfi_lsda 0x1b, lsda$n
	ret
	.cfi_endproc
	.data
	.globl lsda$n
lsda$n:	.long $n
	.text
	.globl g$n
g$n:	.cfi_startproc
	ret
	.cfi_endproc
SRC
done

t_write d1.s <<'SRC'
	.section .text.f,"axG",%progbits,f,comdat
	.globl f
f:	.cfi_startproc
	ret
	.cfi_endproc
SRC
t_write d2.s <<'SRC'
	.section .text.f,"axG",%progbits,f,comdat
	.globl f, fx
f:	.cfi_startproc
	.cfi_lsda 0x1b, fx
	ret
fx:	ret
	.cfi_endproc
SRC
t_write collected.s <<'SRC'
	.section .text.h,"ax",%progbits
	.globl h
h:	.cfi_startproc
	ret
	.cfi_endproc
	.text
	.globl g1
g1:	ret
SRC
t_write later.s <<'SRC'
	.text
	.globl g3
g3:	.cfi_startproc
	ret
	.cfi_endproc
SRC

for arch in x86_64 aarch64; do
    t_target $arch
    objcopy=${as%as}objcopy
    command -v $objcopy >/dev/null || t_skip "$objcopy is not installed"
    for n in 1 2; do
        $as c$n.s -o c$n.o && $objcopy -L lsda$n c$n.o ||
            t_hard_error "$arch: $as or $objcopy failed"
    done
    for f in d1 d2 later collected; do
        $as $f.s -o $f.o || t_hard_error "$arch: $as $f.s"
    done
    for opts in "" -x -X; do
        $ld -r $opts -o gnu.o c1.o c2.o || t_hard_error "$arch: GNU ld -r $opts"
        t_mld -r $opts -o mld.o c1.o c2.o
        t_same "$arch: -r${opts:+ $opts}" gnu.o mld.o "lsda2 $(readelf -s mld.o |
            grep -q lsda2 && echo listed || echo left out)"
    done
    for inputs in "c1.o c2.o later.o" "d1.o d2.o" "d1.o d2.o later.o" \
                  "--gc-sections -e g1 collected.o"; do
        $ld -r -o gnu.o $inputs || t_hard_error "$arch: GNU ld -r $inputs"
        t_mld -r -o mld.o $inputs
        t_same "$arch: -r $inputs" gnu.o mld.o "$(readelf -rW mld.o |
            grep -c NONE) R_*_NONE, fx $(readelf -s mld.o |
            grep -q fx && echo listed || echo left out)"
    done
    $ld -static -q -x -e g1 -o gnu.exe c1.o c2.o || t_hard_error "$arch: GNU ld -q"
    t_mld -static -q -x -e g1 -o mld.exe c1.o c2.o
    readelf -sW gnu.exe | awk '$5 == "LOCAL" {print $2, $4, $8}' > gnu.syms
    readelf -sW mld.exe | awk '$5 == "LOCAL" {print $2, $4, $8}' > mld.syms
    t_same "$arch: -q -x's locals" gnu.syms mld.syms
done
t_done
