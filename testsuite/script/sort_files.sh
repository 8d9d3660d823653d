#!/bin/bash
if [ -z "${BASH_VERSION:-}" ]; then exec bash "$0" "$@"; fi
. "$(dirname "$0")/../lib.sh"
# SORT_BY_NAME on a file pattern, SORT_BY_NAME (*)(.text*), orders the
# inputs by file name (an archive member by its archive's name, then its
# own), as GNU ld's wild_sort does; mld parsed it and kept input order
# (GNU ld's ld-scripts/sort-file failed).  On x86-64 and AArch64,
# against GNU ld: the symbols' addresses (nm -n).

for f in b a d c; do
    printf '\t.text\n\t.globl in_%s\nin_%s:\t.long 0\n\t.data\ndata_%s:\t.long 0\n' \
        $f $f $f >$f.s
done
cat >s.ld <<'LD'
SECTIONS {
  .text : { SORT_BY_NAME (*)(.text*) }
  .data : { *(.data*) }
  /DISCARD/ : { *(.*) }
}
LD

checked=0
for arch in x86_64 aarch64; do
    t_target $arch
    ar=${cc%gcc}ar
    for f in a b c d; do
        $cc -c $f.s -o $f.o || t_hard_error "$cc $f.s"
    done
    rm -f zz.a aa.a
    $ar rc zz.a d.o c.o && $ar rc aa.a c.o || t_hard_error "$ar"
    $ld -T s.ld -o gnu.out b.o a.o zz.a -u in_d -u in_c >gnu.log 2>&1 ||
        t_hard_error "GNU ld: $(cat gnu.log)"
    t_mld -T s.ld -o mld.out b.o a.o zz.a -u in_d -u in_c
    expect_success
    nm -n gnu.out >gnu.n
    nm -n mld.out >mld.n
    cmp -s gnu.n mld.n && t_pass "$arch: GNU ld's order" ||
        t_fail "$arch: $(diff gnu.n mld.n | tr '\n' ' ')"
    checked=$((checked + 1))
done
[ $checked = 2 ] || t_fail "only $checked of 2 architectures checked"
t_done
