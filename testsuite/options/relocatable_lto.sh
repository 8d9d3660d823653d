#!/bin/bash
if [ -z "${BASH_VERSION:-}" ]; then exec bash "$0" "$@"; fi
. "$(dirname "$0")/../lib.sh"
# -r of gcc's slim LTO objects (only bytecode, __gnu_lto_slim) without a
# plugin, as GNU's ld-x86-64 "Build pr27590.o" does: GNU ld combines
# them as any objects, .gnu.lto_* sections included, for a later LTO
# link.  mld refused them ("object contains only LTO bytecode"), and
# dropped .gnu.lto_* from any -r output; through gcc, which passes the
# plugin, it refused them in -r (now: only beside real code or archives,
# which GNU ld compiles with the plugin and mld does not).  On x86-64 and AArch64: the
# sections (name, type, flags, size) and the symbols as GNU ld's, then
# the -r output compiled by a final LTO link (GNU ld's and mld's) runs.
t_write a.c <<'SRC'
#include <stdio.h>
int add(int, int);
int main(void) {
  printf("%d\n", add(40, 2));
  return 0;
}
SRC
t_write b.c <<'SRC'
int add(int a, int b) { return a + b; }
SRC

sections() {  # the -r output's sections without offsets, string tables
    readelf -SW "$1" | sed -n 's/^ *\[ *[0-9]*\] //p' | grep -v strtab |
        awk '{print $1, $2, $5, $6, $7, $8, $9, $10}'
}
symbols() {
    readelf -sW "$1" | awk 'NR > 3 { $1 = ""; print }'
}

checked=0
for arch in x86_64 aarch64; do
    t_target $arch
    $cc -flto -O2 -c a.c b.c || t_hard_error "$cc -flto failed"
    grep -q __gnu_lto_slim a.o || t_hard_error "$arch: a.o is not slim"
    $ld -r a.o b.o -o gnu.o || t_hard_error "GNU ld -r failed"
    t_mld -r a.o b.o -o mld.o
    sections gnu.o >gnu.sec
    sections mld.o >mld.sec
    t_same "$arch: -r of slim LTO objects, sections" gnu.sec mld.sec \
        "$(grep -c '\.gnu\.lto_' gnu.sec) .gnu.lto_ ones"
    symbols gnu.o >gnu.sym
    symbols mld.o >mld.sym
    t_same "$arch: -r of slim LTO objects, symbols" gnu.sym mld.sym
    # Through gcc, which passes -plugin: the bytecode is not compiled, but
    # kept (mld refused it with a plugin).
    t_run $cc -B"$T/bin/" -r a.o b.o -o viacc.o
    [ "$T_STATUS" = 0 ] && grep -q '\.gnu\.lto_' <(t_section_names viacc.o) &&
        t_pass "$arch: $cc -r with the plugin keeps the bytecode" ||
        t_fail "$arch: $cc -r with the plugin failed: $(head -1 stderr.txt)"
    # With the plugin, bytecode beside real code, or with an archive (whose
    # bytecode members only the plugin's symbol tables show), is refused:
    # passed through, the final link would drop the real code or miss
    # members.
    $cc -O2 -c b.c -o native.o && rm -f libb.a && ar rc libb.a b.o ||
        t_hard_error "$cc or ar failed"
    t_run $cc -B"$T/bin/" -r a.o native.o -o mixed.o
    expect_failure
    expect_error "native.o: an object without LTO bytecode in a relocatable link (-r)"
    t_run $cc -B"$T/bin/" -r a.o libb.a -o witharchive.o
    expect_failure
    expect_error "libb.a: an archive in a relocatable link (-r)"
    for how in gnu mld; do
        if [ $how = gnu ]; then
            $cc -flto -O2 -static mld.o -o prog.gnu 2>cc.err
        else
            $cc -B"$T/bin/" -flto -O2 -static viacc.o -o prog.mld 2>cc.err
        fi || { t_fail "$arch: LTO link of mld's -r output by $how ld:" \
                  "$(head -1 cc.err)"; continue; }
        out=$(timeout 20 $run ./prog.$how)
        [ "$out" = 42 ] &&
            t_pass "$arch: an mld -r output, LTO-linked by $how ld, runs" ||
            t_fail "$arch: prog.$how printed '$out', not 42"
    done
    checked=$((checked + 1))
done
[ $checked = 2 ] || t_fail "only $checked of 2 architectures checked"
t_done
