#!/bin/bash
if [ -z "${BASH_VERSION:-}" ]; then exec bash "$0" "$@"; fi
. "$(dirname "$0")/../lib.sh"
# STABS debugging information (gcc -gstabs, as --gstabs): .stab entries
# whose strings are in .stabstr, a string table that is not the file's
# own.  mld dropped .stabstr with the file's string tables and kept .stab
# (every string gone, silently); .stab's sh_link names .stabstr (GNU's
# ld-elf/stab).  GNU ld merges the files' strings into one table under
# one header; mld keeps each file's strings after its own header, which
# readers take as well.  On x86-64 and AArch64, for a program and -r,
# against GNU ld: the sections' links and every stab's type, value and
# string (objdump -G), headers and string offsets aside.  And .stab goes
# before .comment, as in GNU ld's script.
t_write s1.c <<'SRC'
int g1(void) { return 1; }
int main(void) { return g1(); }
SRC
t_write s2.c <<'SRC'
int g2(void) { return 2; }
SRC

# name type link of the .stab* sections
links() {
    readelf -SW "$1" | sed -n 's/^ *\[ *[0-9]*\] //p' |
        awk '$1 ~ /^\.stab/ {print $1, $2, $(NF-2)}'
}
stabs() { $objdump -G "$1" | awk 'NR > 5 && $2 != "HdrSym" {$1 = ""; $6 = ""; print}'; }

checked=0
for arch in x86_64 aarch64; do
    t_target $arch
    # (AArch64's gcc has no -gstabs: the assembler's line stabs, on both.)
    for f in s1 s2; do
        $cc -S -O1 -o $f.s $f.c && $as --gstabs -o $f.o $f.s ||
            t_hard_error "$f: $cc -S, $as --gstabs failed"
    done
    for how in "-e main" "-r"; do
        # shellcheck disable=SC2086
        $ld $how -o gnu.out s1.o s2.o 2>gnu.log || t_hard_error "GNU ld: $(head -1 gnu.log)"
        # shellcheck disable=SC2086
        t_mld $how -o mld.out s1.o s2.o
        if [ "$T_STATUS" != 0 ]; then
            t_fail "$arch $how: mld failed: $(head -1 stderr.txt)"
        elif [ -z "$(stabs gnu.out)" ]; then
            t_hard_error "no stabs in GNU ld's output"
        elif ! diff <(links gnu.out) <(links mld.out) >d.txt; then
            t_fail "$arch $how: .stab sections differ: $(tr '\n' ' ' <d.txt)"
        elif ! diff <(stabs gnu.out) <(stabs mld.out) >d.txt; then
            t_fail "$arch $how: stabs differ: $(head -5 d.txt | tr '\n' ' ')"
        else
            t_pass "$arch $how: .stab links .stabstr; GNU ld's $(stabs gnu.out | wc -l) stabs"
        fi
    done
    checked=$((checked + 1))
done
[ $checked = 2 ] || t_fail "only $checked of 2 architectures checked"
t_done
