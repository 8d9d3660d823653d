#!/bin/bash
if [ -z "${BASH_VERSION:-}" ]; then exec bash "$0" "$@"; fi
. "$(dirname "$0")/../lib.sh"
# -r output byte for byte as GNU ld's (GNU's ld-x86-64 "Build pr27590.o"
# checks the file offsets): the sections' contents in header order, then
# .symtab and .strtab, then the relocation sections, then .shstrtab (mld
# put each .rela section after its section); .strtab and .shstrtab as
# bfd lays out string tables, each string once and one that ends another
# as its tail, .shstrtab's names in the order of bfd's list of sections
# (groups where orphans go, each section's relocations after it).  On
# x86-64 and AArch64: C with debugging information, C++ with COMDAT
# groups, and -x, -X, -S, --discard-none, -d.
t_write a.c <<'SRC'
extern int y;
int x = 1;
static int hidden_counter;
int f(void) { return y + hidden_counter++; }
int g(void) { return x; }
const char *name(void) { return "a name"; }
SRC
t_write b.cc <<'SRC'
#include <vector>
template <class T> T twice(T x) { return x + x; }
int use(std::vector<int> &v) {
  v.push_back(twice(3));
  return (int)v.size() + twice(2) + (int)twice(1.5);
}
SRC

for arch in x86_64 aarch64; do
    t_target $arch
    cxx=${cc%gcc}g++
    $cc -O1 -g -c a.c -o a.o && $cxx -O1 -g -c b.cc -o b.o ||
        t_hard_error "$arch: $cc or $cxx failed"
    for opts in "" "-x" "-X" "-S" "--discard-none" "-d"; do
        $ld -r $opts a.o b.o -o gnu.o || t_hard_error "$arch: GNU ld -r $opts"
        t_mld -r $opts a.o b.o -o mld.o
        if [ "$T_STATUS" = 0 ] && cmp -s gnu.o mld.o; then
            t_pass "$arch: -r $opts: byte for byte as GNU ld"
        else
            cmp gnu.o mld.o
            diff <(readelf -SW gnu.o) <(readelf -SW mld.o) | head -10
            t_fail "$arch: -r $opts: not GNU ld's bytes"
        fi
    done
done
t_done
