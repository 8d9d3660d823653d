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
# groups, and -x, -X, -S, --discard-none, -d; --split-by-file on
# x86-64 (mld refused it; with alignment padding between the inputs, as
# AArch64's strings have, it still does).
t_write a.c <<'SRC'
extern int y;
int x = 1;
static int hidden_counter;
int f(void) { return y + hidden_counter++; }
int g(void) { return x; }
const char *name(void) { return "a name"; }
SRC
t_write c.c <<'SRC'
extern int x;
int k = 5;
static int s2;
int h(void) { return x + k + s2; }
const char *m(void) { return "str"; }
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
    # --split-by-file[=SIZE] (GNU's "Split by file with 'l' flag on
    # section"): NAME.0 ... where an input would bring a section to SIZE
    # bytes, each with a global of its name.  (Not .eh_frame, which mld
    # refuses to split: no unwind tables here.)
    nouw="-fno-unwind-tables -fno-asynchronous-unwind-tables"
    $cc -O1 -g $nouw -c a.c -o a1.o && $cc -O1 -g $nouw -c c.c -o c1.o ||
        t_hard_error "$arch: $cc failed"
    for opts in --split-by-file --split-by-file=16 --split-by-file=0x40; do
        # AArch64's strings are aligned to 8: ld's padding between the
        # inputs is a link order that splits too, which mld refuses.
        if [ $arch = aarch64 ]; then
            t_mld -r $opts a1.o c1.o -o mld.o
            expect_error "--split-by-file with alignment padding between the inputs of .rodata.str1.8"
            continue
        fi
        $ld -r $opts a1.o c1.o -o gnu.o || t_hard_error "$arch: GNU ld $opts"
        t_mld -r $opts a1.o c1.o -o mld.o
        if [ "$T_STATUS" = 0 ] && cmp -s gnu.o mld.o; then
            t_pass "$arch: -r $opts: byte for byte as GNU ld ($(readelf -SW mld.o | grep -c '\.[0-9] ') split)"
        else
            diff <(readelf -SW gnu.o) <(readelf -SW mld.o) | head -10
            t_fail "$arch: -r $opts: not GNU ld's bytes"
        fi
    done
    t_mld -r --split-by-file a.o b.o -o split.o
    expect_error "--split-by-file would split .eh_frame"
done
# Refused: a final link's sections (GNU ld splits them too), SIZE 0.
t_mld --split-by-file -e 0 a1.o c1.o -o final.out
expect_error "--split-by-file: supported with -r only"
t_mld -r --split-by-file=0 a1.o c1.o -o zero.o
expect_error "--split-by-file=0: not supported"
t_done
