#!/bin/bash
if [ -z "${BASH_VERSION:-}" ]; then exec bash "$0" "$@"; fi
dir=$(cd "$(dirname "$0")" && pwd)
. "$(dirname "$0")/../lib.sh"
# -Map=FILE (and -Map FILE, -M, --print-map) writes a map in GNU ld's
# layout.  Compared with GNU ld's map of the same link (mapnorm.py):
# the archive members in the order they were pulled in, each with the
# file and symbol that pulled it (a reference, a COMMON definition
# replaced, --whole-archive, -u); and every output section's address and
# size, its input sections with address, size and file, and the global
# symbols each defines, in order.  GNU ld's script statements are not
# compared (mld has none), nor merged string and constant sections,
# whose pieces the two linkers list differently.  glibc programs on both
# architectures, with and without --gc-sections, and C++ programs, with
# C++ names demangled (--demangle, the default) or not (--no-demangle).
norm() { "$PYTHON" "$dir/mapnorm.py" "$@"; }

t_write main.c <<'SRC'
#include <stdio.h>
extern int b1(void);
int shared_common;
int main(void) { printf("%d %d\n", b1(), shared_common); return 0; }
SRC
t_write m1.c <<'SRC'
int b1(void) { return 1; }
SRC
t_write m2.c <<'SRC'
int shared_common = 5;
int b2(void) { return 2; }
SRC
t_write m3.c <<'SRC'
int plugin_value = 3;
__attribute__((constructor)) static void init(void) { plugin_value++; }
SRC
t_write m4.c <<'SRC'
int wanted_by_u(void) { return 4; }
SRC

check() {   # check NAME CC FLAGS...
  local name=$1 cc=$2
  shift 2
  t_have "$name" "$cc" || return
  local f
  for f in main m1 m2 m3 m4; do
    T_CC=$cc t_compile $f.c -fcommon -ffunction-sections -fdata-sections
  done
  rm -f lib1.a lib2.a lib3.a
  ar rcs lib1.a m1.o m2.o && ar rcs lib2.a m3.o && ar rcs lib3.a m4.o
  local link=(main.o -L. -l1 -Wl,--whole-archive -l2 -Wl,--no-whole-archive
              -Wl,-u,wanted_by_u -l3 "$@")
  $cc -static -o gnu.out "${link[@]}" -Wl,-Map=gnu.map ||
    t_hard_error "$cc failed"
  T_CC=$cc t_gcc_mld -static -o mld.out "${link[@]}" -Wl,-Map=mld.map
  [ "$T_STATUS" = 0 ] || { t_fail "$name: mld failed"; return; }
  if [ "$(norm gnu.map --members)" = "$(norm mld.map --members)" ]; then
    t_pass "$name: archive members as GNU ld's ($(norm mld.map --members | wc -l) lines)"
  else
    t_fail "$name: archive members differ:"
    diff <(norm gnu.map --members) <(norm mld.map --members) | head
  fi
  if [ "$(norm gnu.map --sections --no-merge)" = "$(norm mld.map --sections --no-merge)" ]; then
    t_pass "$name: sections and symbols as GNU ld's ($(norm mld.map --sections --no-merge | wc -l) lines)"
  else
    t_fail "$name: sections differ:"
    diff <(norm gnu.map --sections --no-merge) <(norm mld.map --sections --no-merge) | head
  fi
}
check x86_64 gcc
check x86_64-gc gcc -Wl,--gc-sections
check aarch64 aarch64-linux-gnu-gcc
check aarch64-gc aarch64-linux-gnu-gcc -Wl,--gc-sections

# C++ (libstdc++'s COMDAT groups, AArch64 range-extension stubs), names
# demangled as GNU ld shows them by default, and with --no-demangle not.
t_write c.cc <<'SRC'
#include <cstdio>
#include <string>
#include <vector>
template <class T> T twice(T x) { return x + x; }
int main() {
  std::vector<std::string> v{"a", "b"};
  try { if (v.size() > 1) throw 5; } catch (int e) { std::printf("%d\n", e); }
  return twice(1);
}
SRC
for cxx in g++ aarch64-linux-gnu-g++; do
  t_have "$cxx maps" $cxx || continue
  $cxx -O1 -c c.cc -o c.o || t_hard_error "$cxx failed"
  # libstdc++'s demangler leaves a few newer manglings (_Float16's DF16_)
  # alone that GNU ld's own demangles: c++filt finishes both sides.
  for d in "" -Wl,--no-demangle -Wl,--demangle; do
    filt=c++filt
    [ "$d" = -Wl,--no-demangle ] && filt=cat
    $cxx -static -o cg c.o $d -Wl,-Map=cg.map || t_hard_error "$cxx link failed"
    T_CC=$cxx t_gcc_mld -static -o cm c.o $d -Wl,-Map=cm.map
    if [ "$(norm cg.map --members; norm cg.map --sections --no-merge | $filt)" = \
         "$(norm cm.map --members; norm cm.map --sections --no-merge | $filt)" ]; then
      t_pass "$cxx ${d:-(default)}: map as GNU ld's"
    else
      t_fail "$cxx ${d:-(default)}: maps differ:"
      diff <(norm cg.map --members; norm cg.map --sections --no-merge) \
           <(norm cm.map --members; norm cm.map --sections --no-merge) | head
    fi
  done
  grep -q 'std::' cm.map && t_pass "$cxx: demangled names" ||
    t_fail "$cxx: no demangled name in the map"
done

# The other spellings: -Map FILE, -M and --print-map (standard output).
t_write s.c <<'SRC'
int b1(void);
void _start(void) { b1(); }
SRC
T_CC=gcc t_compile s.c
T_CC=gcc t_compile m1.c
t_mld -Map map2.txt -o a.out s.o m1.o
[ -s map2.txt ] && grep -q '^Linker script and memory map' map2.txt &&
  t_pass "-Map FILE" || t_fail "-Map FILE wrote no map"
for m in -M --print-map; do
  t_mld $m -o a.out s.o m1.o
  grep -q '^Linker script and memory map' stdout.txt && grep -q '^\.text ' stdout.txt &&
    t_pass "$m: the map on standard output" || t_fail "$m: no map on standard output"
done
# -Map DIR writes DIR/OUTPUT.map, as GNU ld 2.40 does.
mkdir -p mapdir sub
ld.bfd -Map=mapdir -o sub/gnu.out s.o m1.o 2>/dev/null
t_mld -Map=mapdir -o sub/mld.out s.o m1.o
[ -s mapdir/gnu.out.map ] && [ -s mapdir/mld.out.map ] &&
  t_pass "-Map DIR: DIR/OUTPUT.map" || t_fail "-Map DIR: no DIR/OUTPUT.map"
# --no-print-map-discarded leaves that part out; --print-map-discarded
# puts it back.
t_mld -Map=nd.map --no-print-map-discarded -o a.out s.o m1.o
t_mld -Map=pd.map --no-print-map-discarded --print-map-discarded -o a.out s.o m1.o
! grep -q '^Discarded input sections' nd.map && grep -q '^Discarded input sections' pd.map &&
  t_pass "--no-print-map-discarded, --print-map-discarded" ||
  t_fail "--[no-]print-map-discarded"
t_mld -Map=/nonexistent/dir/x.map -o a.out s.o m1.o
expect_failure
expect_error "cannot open map file /nonexistent/dir/x.map"
t_done
