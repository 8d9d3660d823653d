#!/bin/bash
if [ -z "${BASH_VERSION:-}" ]; then exec bash "$0" "$@"; fi
. "$(dirname "$0")/../lib.sh"
# Where a file named in an input script is found, linked by GNU ld and by
# mld from the same command lines (t_same_as_ld): a relative name in the
# script's own directory (the directory of the path the script was
# opened by), then from the current directory, then along -L and
# SEARCH_DIR; an absolute name only as it is; -lNAME only along the
# search path; a candidate for another target skipped.  Each program
# exits with the number of the object that defines which().

t_which_main
t_compile main.c -fno-pic
# obj FILE N: an object whose which() returns N
obj() {
    mkdir -p "$(dirname "$1")"
    printf 'int which(void) { return %s; }\n' "$2" >w.c
    t_compile w.c
    mv w.o "$1"
}
# lib FILE N: an archive holding such an object
lib() {
    obj lib.tmp.o "$2"
    mkdir -p "$(dirname "$1")"
    rm -f "$1"
    ar rcs "$1" lib.tmp.o
    rm lib.tmp.o
}
mkdir -p S L
link() { t_same_as_ld -static main.o "$@"; }

# A bare name: the script's directory, then ., then -L.
echo 'INPUT(x.o)' >S/s.ld
obj x.o 1; obj S/x.o 2; obj L/x.o 3
link S/s.ld -LL
rm S/x.o; link S/s.ld -LL
obj S/x.o 2; rm x.o; link S/s.ld -LL
rm S/x.o; link S/s.ld -LL
rm L/x.o; link S/s.ld -LL

# The directory is that of the path given, not of a symlink's target.
obj x.o 1; obj S/x.o 2
ln -s S/s.ld link.ld
link link.ld
# ... and of the path where -l found the script.
echo 'INPUT(x.o)' >L/libscr.a
obj L/x.o 3
link -LL -lscr
# A script in the current directory, named with and without "./".
echo 'INPUT(x.o)' >here.ld
link here.ld; link ./here.ld

# A name with a directory part: the same order.
obj S/d/y.o 2; obj d/y.o 1; obj L/d/y.o 3
echo 'INPUT(d/y.o)' >S/sub.ld
link S/sub.ld -LL
rm S/d/y.o; link S/sub.ld -LL
rm d/y.o; link S/sub.ld -LL

# An absolute name: only there.
obj abs/z.o 4
echo "INPUT($T/abs/z.o)" >S/abs.ld
link S/abs.ld -LL
echo "INPUT($T/abs/nothere.o)" >S/abs2.ld
obj L/nothere.o 3
link S/abs2.ld -LL
expect_error "cannot find $T/abs/nothere.o"

# A nested script: names in it are tried in its own directory only.
obj S/n/z.o 4; obj S/z.o 2; obj z.o 1
echo 'INPUT(n/inner.ld)' >S/outer.ld
echo 'INPUT(z.o)' >S/n/inner.ld
link S/outer.ld
rm S/n/z.o; link S/outer.ld
# A script reached twice (not a cycle) is read twice, so its object is
# linked twice, and its which() is defined twice.
echo 'INPUT(S/n/inner.ld) INPUT(S/n/inner.ld)' >twice.ld
link twice.ld
expect_error "multiple definition of \`which'"

# -lNAME in a script: the search path only, not the script's directory.
lib S/libw.a 2
echo 'INPUT(-lw)' >S/l.ld
link S/l.ld -LL
lib L/libw.a 3
link S/l.ld -LL
echo 'GROUP(-l:libw.a)' >S/l2.ld
link S/l2.ld -LL

# SEARCH_DIR: after every -L (wherever the script is), before later
# scripts' directories; it serves -l after the script and every name in
# the script itself, but not -l before it; -nostdlib ignores it.
lib D1/libv.a 1; lib D2/libv.a 2; lib D3/libv.a 3
echo 'SEARCH_DIR(D2)' >sd.ld
echo 'SEARCH_DIR(D3)' >sd3.ld
link sd.ld -LD1 -lv
link sd.ld -lv
link -lv sd.ld
link -LD3 -lv sd.ld
link sd3.ld sd.ld -lv
link sd.ld sd3.ld -lv
echo 'INPUT(-lv) SEARCH_DIR(D2)' >sd2.ld
link sd2.ld
obj D2/q/r.o 2
echo 'INPUT(q/r.o) SEARCH_DIR(D2)' >sd4.ld
link sd4.ld
link -nostdlib sd.ld -lv
link sd.ld -lv -nostdlib
echo 'SEARCH_DIR("D2") SEARCH_DIR(D3);' >sd5.ld
link sd5.ld -lv

# A candidate for another target is skipped and the search goes on: an
# AArch64 object, an archive whose first member is one, a script whose
# OUTPUT_FORMAT names another target.
if t_have "another target's candidates" aarch64-linux-gnu-gcc; then
    printf 'int which(void) { return 9; }\n' >wa.c
    T_CC=aarch64-linux-gnu-gcc t_compile wa.c
    obj x.o 1; obj L/x.o 3
    cp wa.o S/x.o
    link S/s.ld -LL
    rm x.o; link S/s.ld -LL
    mkdir -p A; rm -f A/libv.a; ar rcs A/libv.a wa.o
    link -LA -LD1 -lv
    expect_stderr "skipping incompatible A/libv.a"
    # GNU ld counts it as a warning.
    link --fatal-warnings -LA -LD1 -lv
fi
obj x.o 1
echo 'OUTPUT_FORMAT(elf32-i386) INPUT(L/x.o)' >S/x.o
link S/s.ld -LL
echo 'OUTPUT_FORMAT(elf32-i386) INPUT(x.o)' >L/libfmt.a
link -LL -lfmt
echo 'OUTPUT_FORMAT("elf64-x86-64") INPUT(x.o)' >L/libfmt.a
link -LL -lfmt
# DEFAULT, BIG, LITTLE: -EL takes LITTLE.  Commas need spaces before
# them: "a,b" is one name.
echo 'OUTPUT_FORMAT("elf64-x86-64", "elf64-x86-64", "elf32-i386") INPUT(x.o)' \
    >L/libfmt.a
link -LL -lfmt
link -EL -LL -lfmt
echo 'OUTPUT_FORMAT(elf64-x86-64 , elf32-i386 , elf64-x86-64) INPUT(x.o)' \
    >L/libfmt.a
link -LL -lfmt
link -EL -LL -lfmt
echo 'OUTPUT_FORMAT(elf64-x86-64,elf64-x86-64,elf64-x86-64) INPUT(x.o)' \
    >L/libfmt.a
link -LL -lfmt

# Not found at all.
echo 'INPUT(nowhere.o)' >S/none.ld
link S/none.ld -LL
expect_error "S/none.ld" "cannot find nowhere.o"

# A script that names itself, directly or through others: GNU ld loops
# forever; mld stops.
echo 'INPUT(c1.ld)' >c1.ld
t_mld -static -o out main.o x.o c1.ld
expect_failure
expect_error "input script names itself"
echo 'INPUT(c3.ld)' >c2.ld
echo 'INPUT(./c2.ld)' >c3.ld
t_mld -static -o out main.o x.o c2.ld
expect_failure
expect_error "c2.ld" "c3.ld" "names itself"
expect_no_file out

# Deep nesting: 15 scripts deep link as with GNU ld; beyond 16, an error.
for i in $(seq 1 20); do echo "INPUT(deep$((i + 1)).ld)" >deep$i.ld; done
echo 'INPUT(x.o)' >deep15.ld
link deep1.ld
echo 'INPUT(deep16.ld)' >deep15.ld
echo 'INPUT(x.o)' >deep18.ld
t_mld -static -o out main.o deep1.ld
expect_failure
expect_error "nested more than 16 deep"

t_done
