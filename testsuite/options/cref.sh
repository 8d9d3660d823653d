#!/bin/bash
if [ -z "${BASH_VERSION:-}" ]; then exec bash "$0" "$@"; fi
. "$(dirname "$0")/../lib.sh"
# --cref prints GNU ld's cross reference table: every global name the
# loaded files define or refer to, sorted by the name as shown (C++
# names demangled unless --no-demangle or COLLECT_NO_DEMANGLE), each
# with the files that define it, then those with a COMMON symbol of it,
# then those that refer to it, the one loaded last first in each group;
# a definition that loses to an earlier one is not listed, one in a
# COMDAT group that lost is a reference; _GLOBAL_OFFSET_TABLE_ under the
# first input when GNU ld made a GOT (always on x86-64),
# _TLS_MODULE_BASE_ under the output file.  The table goes to standard
# output, or after the map with -Map or -M, and comes even when the link
# fails on undefined symbols; the executable does not change.  Compared
# byte for byte with GNU ld's on both architectures: a -nostdlib link
# with an archive (-L and -l, --whole-archive, a group, -u,
# --gc-sections, long names), C++, the AArch64 "No symbols" case, and
# glibc programs.  Not compared: the map
# before the table (map.sh compares it), and links where mld stops
# before GNU ld would print the table (more than 20 errors, errors with
# -Map, for which mld writes no map), or where GNU ld decides on its
# AArch64 GOT before --gc-sections and mld after.

t_write a.c <<'SRC'
extern int foo(void), bar(void), e_fn(void);
int common_var;
static int local_fn(void) { return 1; }
int gdata = 5;
void _start(void) { common_var = foo() + bar() + local_fn() + e_fn(); for (;;); }
SRC
t_write b.c <<'SRC'
extern int bar(void);
int common_var;
extern int gdata;
int foo(void) { return bar() + gdata + common_var; }
int zzz_unused_b(void) { return 0; }
__attribute__((weak)) int dup(void) { return 2; }
SRC
t_write c.c <<'SRC'
extern int gdata;
int bar(void) { return gdata; }
int Bar2(void) { return 2; }
int dup(void) { return 1; }
SRC
t_write d.c <<'SRC'
int never_pulled(void) { return 3; }
int dup(void) { return 4; }
SRC
t_write e.c <<'SRC'
extern int a_very_long_symbol_name_exceeding_the_fifty_column_x(void);
extern int abcdefghijklmnopqrstuvwxyzabcdefghijklmnopqrstu(void);
extern int abcdefghijklmnopqrstuvwxyzabcdefghijklmnopqrstuv(void);
extern int abcdefghijklmnopqrstuvwxyzabcdefghijklmnopqrstuvw(void);
extern int weak_undef(void) __attribute__((weak));
extern char __bss_start[], _end[];
int gdata2 = 1;
int common_var;
__attribute__((weak)) int dup(void) { return 3; }
long e_fn(void) {
  return a_very_long_symbol_name_exceeding_the_fifty_column_x() +
         abcdefghijklmnopqrstuvwxyzabcdefghijklmnopqrstu() +
         abcdefghijklmnopqrstuvwxyzabcdefghijklmnopqrstuv() +
         abcdefghijklmnopqrstuvwxyzabcdefghijklmnopqrstuvw() +
         (weak_undef ? weak_undef() : 0) + (long)__bss_start + (long)_end;
}
SRC
t_write f.c <<'SRC'
int a_very_long_symbol_name_exceeding_the_fifty_column_x(void) { return 1; }
int abcdefghijklmnopqrstuvwxyzabcdefghijklmnopqrstu(void) { return 1; }
int abcdefghijklmnopqrstuvwxyzabcdefghijklmnopqrstuv(void) { return 1; }
int abcdefghijklmnopqrstuvwxyzabcdefghijklmnopqrstuvw(void) { return 1; }
int common_var = 7;
SRC
t_write u.c <<'SRC'
extern int missing(void);
int call_missing(void) { return missing(); }
SRC
t_write inl.h <<'SRC'
namespace ns { inline int shared_inline(int x) { return x + 1; } }
int use1(int), use2(double);
SRC
t_write cp1.cc <<'SRC'
#include "inl.h"
int use1(int x) { return ns::shared_inline(x); }
SRC
t_write cp2.cc <<'SRC'
#include "inl.h"
int use2(double x) { return ns::shared_inline((int)x) * 2; }
extern "C" void _start() { use1(use2(1.0)); for (;;); }
SRC
t_write m.c <<'SRC'
#include <stdio.h>
#include <string.h>
int main(int argc, char **argv) {
  printf("%d\n", argc);
  return (int)strlen(argv[0]) & 1;
}
SRC
t_write loc.s <<'SRC'
	.text
lfoo:	ret
SRC

# tail FILE: from the map's OUTPUT line on, or all of FILE if no map.
tail_of() {
  if grep -q '^OUTPUT(' "$1"; then sed -n '/^OUTPUT(/,$p' "$1"; else cat "$1"; fi
}

# same NAME CC ARGS...: GNU ld's and mld's standard output (and exit
# status) for the link ARGS -o prog, and the end of prog.map, if any.
same() {
  local name=$1 cc=$2 gs ms
  shift 2
  rm -f prog prog.map
  $cc -o prog "$@" >out.txt 2>gnu.err; gs=$?
  { tail_of out.txt; [ -f prog.map ] && tail_of prog.map; } >gnu.txt
  rm -f prog prog.map
  T_CC=$cc t_gcc_mld -o prog "$@" >/dev/null; ms=$T_STATUS
  { tail_of stdout.txt; [ -f prog.map ] && tail_of prog.map; } >mld.txt
  # The executable is the one linked without --cref.
  if [ "$ms" = 0 ] && [[ " $* " = *" -Wl,--cref "* ]]; then
    local plain=() x
    for x in "$@"; do [ "$x" = -Wl,--cref ] || plain+=("$x"); done
    T_CC=$cc t_gcc_mld -o plain "${plain[@]}" >/dev/null
    cmp -s prog plain || t_fail "$name: --cref changes mld's output"
  fi
  if [ "$gs" != "$ms" ]; then
    t_fail "$name: GNU ld exits $gs, mld $ms"
  elif ! grep -q '^Cross Reference Table$' mld.txt; then
    t_fail "$name: no table"
  elif cmp -s gnu.txt mld.txt; then
    t_pass "$name: as GNU ld's ($(wc -l <mld.txt) lines, exit $ms)"
  else
    t_fail "$name: differs from GNU ld's:"
    diff gnu.txt mld.txt | head -20
  fi
}

run() {   # run ARCH CC CXX
  local arch=$1 cc=$2 cxx=$3 f
  t_have "$arch" "$cc" || return
  for f in a b c d e f u; do T_CC=$cc t_compile $f.c -fcommon; done
  T_CC=$cc t_compile m.c
  rm -f libc1.a libf.a && ar rcs libc1.a c.o d.o && ar rcs libf.a f.o
  local n=(-static -nostdlib -Wl,--cref)
  same "$arch: -nostdlib" $cc "${n[@]}" a.o e.o b.o libf.a libc1.a
  same "$arch: -L. -l" $cc "${n[@]}" a.o e.o b.o -L. -lf -lc1
  same "$arch: -u, a group" $cc "${n[@]}" -Wl,-u,never_pulled a.o e.o b.o \
    -Wl,--start-group libc1.a libf.a -Wl,--end-group \
    -Wl,--allow-multiple-definition
  same "$arch: --whole-archive" $cc "${n[@]}" a.o e.o b.o \
    -Wl,--whole-archive libc1.a -Wl,--no-whole-archive libf.a \
    -Wl,--allow-multiple-definition
  same "$arch: --gc-sections" $cc "${n[@]}" -Wl,--gc-sections a.o e.o b.o \
    libf.a libc1.a
  same "$arch: -Map" $cc "${n[@]}" -Wl,-Map=prog.map a.o e.o b.o libf.a \
    libc1.a
  same "$arch: -M" $cc "${n[@]}" -Wl,-M a.o e.o b.o libf.a libc1.a
  same "$arch: undefined symbol" $cc "${n[@]}" a.o e.o b.o u.o libf.a libc1.a
  same "$arch: glibc" $cc -static -Wl,--cref m.o
  same "$arch: glibc, -Map" $cc -static -Wl,--cref,-Map=prog.map m.o
  if t_have "$arch C++" "$cxx"; then
    $cxx -c -O0 -fno-exceptions cp1.cc cp2.cc || t_hard_error "$cxx failed"
    same "$arch: C++, demangled" $cxx "${n[@]}" cp2.o cp1.o
    same "$arch: C++, --no-demangle" $cxx "${n[@]}" -Wl,--no-demangle \
      cp2.o cp1.o
    COLLECT_NO_DEMANGLE=1 same "$arch: C++, COLLECT_NO_DEMANGLE" $cxx \
      "${n[@]}" cp2.o cp1.o
  fi
}
run x86_64 gcc g++
run aarch64 aarch64-linux-gnu-gcc aarch64-linux-gnu-g++
# No global symbol at all: AArch64 only (x86-64 has _GLOBAL_OFFSET_TABLE_).
if t_have "aarch64: no symbols" aarch64-linux-gnu-gcc \
     aarch64-linux-gnu-as; then
  aarch64-linux-gnu-as -o loc.o loc.s || t_hard_error "as failed"
  same "aarch64: no symbols" aarch64-linux-gnu-gcc -static -nostdlib \
    -Wl,--cref,-e,0 loc.o
  grep -q '^No symbols$' mld.txt && t_pass "aarch64: 'No symbols'" ||
    t_fail "aarch64: no 'No symbols' line"
fi
t_done
