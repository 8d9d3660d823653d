#!/bin/bash
if [ -z "${BASH_VERSION:-}" ]; then exec bash "$0" "$@"; fi
. "$(dirname "$0")/../lib.sh"
# --retain-symbols-file=FILE (-retain-symbols-file FILE): .symtab keeps
# only the symbols FILE names (any white space between names), locals,
# STT_FILE symbols and the linker's symbols included.  A kept local whose
# file's STT_FILE symbol is not listed gets one named after the object
# (a.o, c.o for libc1.a(c.o)); AArch64's section symbols stay, and its
# mapping symbols ($x, $d) go unless listed.  Compared with GNU ld's
# .symtab on both architectures (readelf -sW: value, size, type,
# binding, visibility, section, name; the locals in order, the globals
# sorted, as mld does not yet order globals as GNU ld does), for several
# lists, with -s, -S, -x and -X before and after the option (the last of
# -s, -S and the option decides what .symtab and the debugging sections
# become), a second list after -s, and a glibc program, whose linker
# symbols are hidden locals after an unnamed STT_FILE (its lists keep
# locals of m.o only: mld does not yet order the locals of glibc's
# objects as GNU ld does).  The -nostdlib objects have no .eh_frame,
# whose AArch64 $d symbols mld does not yet place where GNU ld does
# after a CIE was merged away.  Then the errors:
# a missing file and the option given twice, as GNU ld reports them.

t_write a.c <<'SRC'
extern int foo(void); extern int bar(void);
int common_var;
static int local_var = 3;
__attribute__((noinline)) static int local_fn(void) { return local_var++; }
int gdata = 5;
__attribute__((weak)) int weakdef(void) { return 9; }
void _start(void) { common_var = foo() + bar() + local_fn() + weakdef(); for (;;); }
SRC
t_write b.c <<'SRC'
extern int bar(void);
int common_var;
extern int gdata;
int foo(void) { return bar() + gdata + common_var; }
int zzz_unused_b(void) { return 0; }
SRC
t_write c.c <<'SRC'
extern int gdata;
static int c_local = 4;
__attribute__((noinline)) static int c_lfn(void) { return c_local++; }
int bar(void) { return gdata + c_lfn(); }
int Bar2(void) { return 2; }
__attribute__((visibility("hidden"))) int hid_fn(void) { return 1; }
SRC
t_write d.c <<'SRC'
int never_pulled(void) { return 3; }
SRC
t_write m.c <<'SRC'
#include <stdio.h>
static const char *volatile fmt = "%d\n";
__attribute__((noinline)) static int twice(int x) { return 2 * x; }
int main(int argc, char **argv) {
  (void)argv;
  printf(fmt, twice(argc));
  return 0;
}
SRC
printf 'foo\nlocal_fn\n' >r1.txt
printf '  foo\tbar  Bar2\r\nlocal_var\n\n a.c nonexistent_sym weakdef %s\n#c\n' \
  '__bss_start _end' >r2.txt
: >r3.txt
printf 'b.c\n' >r4.txt
printf 'c_local\nlocal_fn\nhid_fn\n' >r5.txt
printf '$x\n$d\nfoo\n' >r6.txt
printf 'main\ntwice\n__init_array_start\n__rela_iplt_start\nm.c\n' >g1.txt
printf 'main\n__init_array_start\n_GLOBAL_OFFSET_TABLE_\n' >g2.txt

# syms FILE: .symtab's locals in order, then its globals sorted; "none"
# without .symtab, and the number of debugging sections.
syms() {
  readelf -SW "$1" | grep -c ' \.debug_' || true
  readelf -sW "$1" | grep -q "'.symtab'" || { echo none; return; }
  readelf -sW "$1" | sed -n "/'.symtab'/,\$p" | awk 'NR > 2' |
    awk '{ $1 = ""; print }' >all.txt
  grep ' LOCAL ' all.txt
  grep -v ' LOCAL ' all.txt | sort
}

# same NAME CC ARGS...: GNU ld's and mld's links of ARGS, compared.
same() {
  local name=$1 cc=$2
  shift 2
  rm -f g.out m.out
  $cc -o g.out "$@" 2>g.err || { t_fail "$name: GNU ld failed"; cat g.err; return; }
  T_CC=$cc t_gcc_mld -o m.out "$@" >/dev/null
  [ "$T_STATUS" = 0 ] || { t_fail "$name: mld failed"; return; }
  # GNU ld's note when the option follows -s or -S, mld's too.
  local gn mn
  gn=$(grep -c "\`-retain-symbols-file' overrides \`-s' and \`-S'" g.err)
  mn=$(grep -c "^mld: \`-retain-symbols-file' overrides \`-s' and \`-S'" stderr.txt)
  [ "$gn" = "$mn" ] || t_fail "$name: GNU ld notes $gn times that the option overrides -s and -S, mld $mn"
  if [ "$(syms g.out)" = "$(syms m.out)" ]; then
    t_pass "$name: .symtab as GNU ld's ($(syms m.out | wc -l) lines)"
  else
    t_fail "$name: .symtab differs from GNU ld's:"
    diff <(syms g.out) <(syms m.out) | head -20
  fi
}

run() {   # run ARCH CC
  local arch=$1 cc=$2 f r o
  t_have "$arch" "$cc" || return
  for f in a b c d; do
    T_CC=$cc t_compile $f.c -g -fcommon -fno-asynchronous-unwind-tables \
      -fno-unwind-tables
  done
  T_CC=$cc t_compile m.c -g
  rm -f libc1.a && ar rcs libc1.a c.o d.o
  local objs=(-static -nostdlib a.o b.o libc1.a)
  same "$arch: without the option" $cc "${objs[@]}"
  for r in r1 r2 r3 r4 r5 r6; do
    same "$arch: $r" $cc "${objs[@]}" -Wl,--retain-symbols-file=$r.txt
  done
  same "$arch: -retain-symbols-file FILE" $cc "${objs[@]}" \
    -Wl,-retain-symbols-file,r2.txt
  same "$arch: --retain-symbols-file FILE" $cc "${objs[@]}" \
    -Wl,--retain-symbols-file,r5.txt
  for o in -s -S -x -X; do
    same "$arch: $o first" $cc "${objs[@]}" -Wl,$o -Wl,--retain-symbols-file=r2.txt
    same "$arch: $o last" $cc "${objs[@]}" -Wl,--retain-symbols-file=r2.txt -Wl,$o
  done
  same "$arch: -s -S" $cc "${objs[@]}" -Wl,-s,-S
  same "$arch: a list, -s, another list" $cc "${objs[@]}" \
    -Wl,--retain-symbols-file=r1.txt,-s,--retain-symbols-file=r5.txt
  for r in g1 g2; do
    same "$arch: glibc, $r" $cc -static m.o -Wl,--retain-symbols-file=$r.txt
  done
  same "$arch: glibc, -x, g1" $cc -static m.o -Wl,--retain-symbols-file=g1.txt,-x
}
run x86_64 gcc
run aarch64 aarch64-linux-gnu-gcc

# Errors, in GNU ld's words: a file that cannot be read (GNU ld's other
# errors follow, then no output), and a second list.
T_CC=gcc t_compile a.c -fcommon
T_CC=gcc t_compile b.c -fcommon
T_CC=gcc t_compile c.c
rm -f out
t_mld -o out a.o b.o c.o --retain-symbols-file=nofile.txt
expect_failure
expect_error "nofile.txt: No such file or directory"
expect_no_file out
t_mld -o out a.o b.o c.o --retain-symbols-file=r1.txt -retain-symbols-file r2.txt
expect_failure
expect_error "duplicate retain-symbols-file"
expect_stderr "mld: \`-retain-symbols-file' overrides \`-s' and \`-S'"
expect_no_file out
t_done
