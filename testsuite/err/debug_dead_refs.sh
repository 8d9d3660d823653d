#!/bin/bash
if [ -z "${BASH_VERSION:-}" ]; then exec bash "$0" "$@"; fi
. "$(dirname "$0")/../lib.sh"
# Debug information about code that is not in the output, as GNU ld writes
# it: a reference to a discarded COMDAT copy goes to the kept copy (same
# name and size), a reference to collected code gets GNU ld's tombstone (0,
# or 1 in .debug_ranges).  Every .debug_* section of C++ programs with inline
# functions in two objects, linked with --gc-sections, DWARF 4 and 5, both
# targets, must be byte for byte GNU ld's.

t_write c1.cc <<'SRC'
inline int f(int x) { return x * 3 + (x > 2 ? x : 1); }
int unused1(int x) { return f(x) - 1; }
int g1(int x) { return f(x); }
SRC
t_write c2.cc <<'SRC'
inline int f(int x) { return x * 3 + (x > 2 ? x : 1); }
static int unused2(int x) { return x * 5; }
int keep_unused2(int x) { return unused2(x); }
int g2(int x) { return f(x) + 1; }
int g1(int);
int main(int c, char **) { return g1(c) + g2(c) > 100; }
SRC
for cxx in g++ aarch64-linux-gnu-g++; do
  t_have "$cxx" $cxx || continue
  objcopy=objcopy
  [ $cxx = g++ ] || objcopy=aarch64-linux-gnu-objcopy
  for dw in 4 5; do
    $cxx -g -gdwarf-$dw -O0 -ffunction-sections -c c1.cc c2.cc ||
      t_hard_error "$cxx failed"
    $cxx -static -Wl,--gc-sections -o ref c1.o c2.o || t_hard_error "link failed"
    T_CC=$cxx t_gcc_mld -static -Wl,--gc-sections -o out c1.o c2.o
    [ "$T_STATUS" = 0 ] || { t_fail "$cxx -gdwarf-$dw: mld failed"; continue; }
    bad=
    for s in $(readelf -SW ref | sed -n 's/^ *\[ *[0-9]*\] *\(\.debug_[a-z_]*\).*/\1/p'); do
      rm -f ref.bin out.bin
      $objcopy --dump-section $s=ref.bin ref scratch
      $objcopy --dump-section $s=out.bin out scratch 2>/dev/null
      cmp -s ref.bin out.bin || bad="$bad $s"
    done
    [ -z "$bad" ] && t_pass "$cxx -gdwarf-$dw: every .debug_* section as GNU ld's" ||
      t_fail "$cxx -gdwarf-$dw: differ:$bad"
  done
done
t_done
