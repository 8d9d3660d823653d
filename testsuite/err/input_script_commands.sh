#!/bin/bash
if [ -z "${BASH_VERSION:-}" ]; then exec bash "$0" "$@"; fi
. "$(dirname "$0")/../lib.sh"
# The commands of input scripts other than file lists, linked by GNU ld
# and by mld from the same command lines: ENTRY (yields to -e; the last
# script's wins; pulls no archive member), EXTERN (an undefined symbol
# from the script's place on), GROUP (rescanned archives), AS_NEEDED,
# OUTPUT_FORMAT (one or three names; GNU ld ignores it in a script named
# directly), OUTPUT_ARCH (a machine of the target, else an error),
# STARTUP (no effect in an input script); on AArch64 too.  Symbol
# assignments, PROVIDE and ASSERT take effect after the built-in layout;
# commands that lay out sections are errors in mld.

t_which_main
t_write start2.c <<'SRC'
void start2(void) {
  __asm__ volatile("syscall" :: "a"(60), "D"(42) : "rcx", "r11");
  for (;;) ;
}
SRC
# flag is weak here: a member that defines it strongly changes the result.
t_write weakflag.c <<'SRC'
int flag __attribute__((weak)) = 5;
void _start(void) {
  __asm__ volatile("syscall" :: "a"(60), "D"(flag) : "rcx", "r11");
  for (;;) ;
}
SRC
t_write pull.c <<'SRC'
int flag = 6;
void pullme(void) {}
SRC
t_write x.c <<'SRC'
int which(void) { return 1; }
SRC
t_compile main.c -fno-pic
t_compile start2.c -fno-pic
t_compile weakflag.c -fno-pic
t_compile pull.c
t_compile x.c
rm -f libs2.a libpull.a libx.a
ar rcs libs2.a start2.o
ar rcs libpull.a pull.o
ar rcs libx.a x.o
link() { t_same_as_ld -static "$@"; }

# ENTRY.
echo 'ENTRY(start2)' >e1.ld
echo 'ENTRY(start2) ENTRY(_start)' >e2.ld
echo 'ENTRY(nosuch)' >e3.ld
link main.o x.o start2.o e1.ld
link main.o x.o start2.o e1.ld -e _start
link -e _start main.o x.o start2.o e1.ld
link main.o x.o start2.o e2.ld
link main.o x.o start2.o e1.ld e2.ld
link main.o x.o start2.o e2.ld e1.ld
link main.o x.o e3.ld
link main.o x.o e1.ld libs2.a
echo 'INPUT(start2.o x.o) ENTRY("start2")' >e4.ld
link main.o e4.ld

# EXTERN: pulls a member from an archive after the script (or one the
# script names, in any order), not from one before it unless they are
# in a group; a symbol already referenced is left alone.
echo 'EXTERN(pullme)' >x1.ld
echo 'EXTERN(foo pullme, bar)' >x2.ld
echo 'EXTERN(pullme) INPUT(libpull.a)' >x3.ld
echo 'INPUT(libpull.a) EXTERN(pullme)' >x4.ld
echo 'EXTERN(nosuchsym)' >x5.ld
echo 'EXTERN(pullme,x)' >x6.ld
echo 'EXTERN(pullme=)' >x7.ld
link weakflag.o x1.ld libpull.a
link weakflag.o libpull.a x1.ld
link weakflag.o x2.ld libpull.a
link weakflag.o x3.ld
link weakflag.o x4.ld
link weakflag.o x5.ld
link weakflag.o x6.ld libpull.a
link weakflag.o x7.ld libpull.a
link weakflag.o '-(' libpull.a x1.ld '-)'
link weakflag.o --gc-sections x1.ld libpull.a

# GROUP: archives rescanned as a whole; AS_NEEDED changes nothing here.
t_write a1.c <<'SRC'
extern int b1(void);
int which(void) { return b1() + 1; }
int a2(void) { return 10; }
SRC
t_write b1.c <<'SRC'
extern int a2(void);
int b1(void) { return a2(); }
SRC
t_compile a1.c
t_compile b1.c
rm -f liba1.a libb1.a
ar rcs liba1.a a1.o
ar rcs libb1.a b1.o
echo 'INPUT(liba1.a libb1.a)' >in.ld
echo 'GROUP(liba1.a libb1.a)' >gr.ld
echo 'GROUP(liba1.a AS_NEEDED(libb1.a))' >gr2.ld
echo 'INPUT(AS_NEEDED(liba1.a, libb1.a))' >gr3.ld
link main.o in.ld
link main.o gr.ld
link main.o gr2.ld
link main.o gr3.ld
link main.o -L. -la1 libb1.a gr.ld

# OUTPUT_FORMAT in a script named directly: anything well-formed.
for f in 'elf64-x86-64' '"elf64-x86-64"' 'elf32-i386' 'foobar' \
         '"elf64-x86-64", "elf64-big", "elf64-x86-64"' 'elf64-littleaarch64' \
         'elf64-x86-64 elf64-x86-64 elf64-x86-64' 'elf64-x86-64 , elf64-x86-64' \
         ''; do
    echo "OUTPUT_FORMAT($f) INPUT(x.o)" >of.ld
    link main.o of.ld
done

# OUTPUT_ARCH.
for a in i386:x86-64 i386 I386:X86-64 iamcu aarch64 foo 'i386:x86-64,' \
         '"i386:x86-64"'; do
    echo "OUTPUT_ARCH($a) INPUT(x.o)" >oa.ld
    link main.o oa.ld
done
echo "OUTPUT_ARCH(foo) INPUT(x.o)" >oa.ld
link main.o oa.ld
expect_error "oa.ld" "cannot represent machine 'foo'"

# STARTUP: GNU ld takes it only from -T scripts.
echo 'STARTUP(x.o)' >st.ld
echo 'STARTUP(nosuch.o)' >st2.ld
link main.o x.o st.ld
link main.o x.o st2.ld
link main.o st.ld
# Said, but not as a warning: GNU ld is silent, even with --fatal-warnings.
link --fatal-warnings main.o x.o st.ld
expect_stderr "STARTUP(x.o) in an input script has no effect"

# SECTIONS in an input script stays an error in mld (GNU ld links it).
echo 'INPUT(x.o) SECTIONS { .text : { *(.text) } }' >sec.ld
t_mld -static -o out main.o sec.ld
expect_failure
expect_error "sec.ld:1" "SECTIONS" "not supported"
# Assignments, PROVIDE and ASSERT in an input script: after the
# built-in layout, as GNU ld appends them to its default script.
printf 'INPUT(x.o)\nfoo = 0x1234; bar = foo + 1;\nPROVIDE(baz = bar);\nPROVIDE(unused = 1);\nASSERT(foo == 0x1234, "foo is wrong")\n' >as.ld
ld.bfd -static -o as-ref.out main.o as.ld 2>/dev/null
t_mld -static -o out main.o as.ld
if [ "$T_STATUS" = 0 ] &&
   diff <(readelf -sW as-ref.out | awk '$8 ~ /^(foo|bar|baz|unused)$/ {print $8, $2, $7}' | sort) \
        <(readelf -sW out | awk '$8 ~ /^(foo|bar|baz|unused)$/ {print $8, $2, $7}' | sort) >as.diff; then
  t_pass "input script assignments: GNU ld's symbols"
else
  t_fail "input script assignments: status $T_STATUS, $(cat as.diff)"
fi
echo 'INPUT(x.o) ASSERT(0, "no way")' >as2.ld
t_mld -static -o out2 main.o as2.ld
expect_failure
expect_error "no way"
expect_no_file out2

# AArch64: its OUTPUT_FORMAT and OUTPUT_ARCH names.
if t_have AArch64 aarch64-linux-gnu-gcc aarch64-linux-gnu-ld.bfd \
     qemu-aarch64; then
    t_write amain.c <<'SRC'
extern int which(void);
void _start(void) {
  register long x0 __asm__("x0") = which();
  register long x8 __asm__("x8") = 93;
  __asm__ volatile("svc 0" :: "r"(x0), "r"(x8));
  for (;;) ;
}
SRC
    T_CC=aarch64-linux-gnu-gcc t_compile amain.c
    printf 'int which(void) { return 3; }\n' >ax.c
    T_CC=aarch64-linux-gnu-gcc t_compile ax.c
    mkdir -p A
    echo 'OUTPUT_FORMAT(elf64-littleaarch64) INPUT(ax.o)' >A/libf.a
    echo 'OUTPUT_FORMAT(elf64-x86-64) INPUT(ax.o)' >A/libg.a
    export T_LD=aarch64-linux-gnu-ld.bfd T_RUN=qemu-aarch64
    link amain.o -LA -lf
    link amain.o -LA -lg
    link amain.o -LA -lg -m aarch64linux
    for a in aarch64 aarch64:ilp32 armv7 i386:x86-64; do
        echo "OUTPUT_ARCH($a) INPUT(ax.o)" >oa.ld
        link amain.o oa.ld
    done
    unset T_LD T_RUN
fi

t_done
