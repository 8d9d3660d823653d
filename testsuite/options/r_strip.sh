#!/bin/bash
if [ -z "${BASH_VERSION:-}" ]; then exec bash "$0" "$@"; fi
. "$(dirname "$0")/../lib.sh"
# -r -s is -r -S -x, as GNU ld takes it (lexsup.c: the relocations need
# the globals): debugging sections and the locals no relocation names go,
# globals stay; a -X or --discard-none given stays.  A COMDAT group of a
# debugging section goes with it (GNU's ld-elf/pr22836-1a).  mld refused
# -s with -r.  Both targets: symbols, relocations and groups against GNU
# ld's.
t_write a.s <<'SRC'
	.file "a.c"
	.text
	.globl f, unused
f:	CALL g
	CALL l
l:	.long 0
unused:	.long 0
	.data
	.quad f
	.quad lv
lv:	.quad 0
	.section .debug_macro,"G",%progbits,foo,comdat
	.long .LASF0
.LASF0:	.string "__STDC__ 1"
SRC
t_write b.s <<'SRC'
	.text
	.globl h
h:	movq lg@GOTPCREL(%rip), %rax
	ret
lg:	.quad 0
SRC
view() {
    readelf -sW "$1" | awk '$8 != "" && $1 != "Num:" {print $4, $5, $7, $8}'
    readelf -rW "$1" | awk '/^[0-9a-f]+ / {print $1, $3, $5, $6, $7}'
    readelf -gW "$1" | grep -c COMDAT
}
checked=0
for arch in x86_64 aarch64; do
    t_target $arch
    call=call; [ $arch = aarch64 ] && call=bl
    sed "s/CALL/$call/" a.s >a.$arch.s
    $as -o a.$arch.o a.$arch.s || t_hard_error "$as failed"
    objs=a.$arch.o
    if [ $arch = x86_64 ]; then
        $as -o b.o b.s || t_hard_error "$as failed"
        objs="$objs b.o"
    fi
    for extra in "" "-u zzz" "-X" "--discard-none"; do
        $ld -r -s $extra -o g.out $objs || t_hard_error "$ld -r -s failed"
        t_mld -r -s $extra -o m.out $objs
        view g.out >g.view; view m.out >m.view
        t_same "$arch -r -s $extra" g.view m.view "$(grep -c GLOBAL m.view) globals"
    done
    checked=$((checked + 1))
done
[ $checked = 2 ] || t_fail "only $checked of 2 architectures checked"
t_done
