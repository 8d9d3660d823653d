#!/bin/bash
if [ -z "${BASH_VERSION:-}" ]; then exec bash "$0" "$@"; fi
. "$(dirname "$0")/../lib.sh"
# --compress-debug-sections=zlib|zlib-gabi|zlib-gnu|zstd compresses each
# .debug_* output section that gets smaller, as GNU ld does: the same
# section headers (SHF_COMPRESSED and the header's alignment, or a
# .zdebug_* name) and the same bytes in every unallocated section, since
# both linkers call the same libz and libzstd functions.  The program
# runs, -Map shows the sizes before compression, a debugging orphan goes
# after the sections GNU ld's script names, -S leaves nothing to
# compress, and a bad keyword gets GNU ld's error.  C++ with -g on both
# architectures.
t_write c.cc <<'SRC'
#include <cstdio>
#include <string>
#include <vector>
__attribute__((section(".debug_mine"), used))
static const char mine[] = "a debugging orphan, a debugging orphan, a debugging orphan";
struct point { int x, y; std::string label; };
std::vector<point> pts;
int main() {
  pts.push_back({1, 2, "one"});
  pts.push_back({3, 4, std::to_string(pts.size())});
  for (auto &p : pts) std::printf("%d %d %s\n", p.x, p.y, p.label.c_str());
  return 0;
}
SRC
t_write secs.py <<'SRC'
import sys, struct, hashlib
d = open(sys.argv[1], 'rb').read()
shoff, = struct.unpack_from('<Q', d, 0x28)
shnum, shstrndx = struct.unpack_from('<HH', d, 0x3c)
hdr = lambda i: struct.unpack_from('<IIQQQQIIQQ', d, shoff + 64 * i)
so = hdr(shstrndx)[4]
for i in range(1, shnum):
    n, t, fl, a, o, sz, l, inf, al, es = hdr(i)
    name = d[so + n:d.index(b'\0', so + n)].decode()
    if fl & 2 or name in ('.symtab', '.strtab', '.shstrtab'):
        continue
    print(name, t, hex(fl), hex(sz), al, es, hashlib.sha1(d[o:o + sz]).hexdigest()[:12])
SRC
secs() { "$PYTHON" secs.py "$1"; }
mapdebug() { grep '^\.debug_info' "$1"; }
for cxx in g++ aarch64-linux-gnu-g++; do
  t_have "$cxx" $cxx || continue
  run= objcopy=objcopy
  if [ $cxx != g++ ]; then
    run=qemu-aarch64 objcopy=aarch64-linux-gnu-objcopy
    t_have "$cxx" $run || continue
  fi
  $cxx -g -O1 -c c.cc -o c.o || t_hard_error "$cxx failed"
  $objcopy --set-section-flags .debug_mine=readonly,debug c.o c2.o ||
    t_hard_error "$objcopy failed"
  for kind in zlib zlib-gabi zlib-gnu zstd none; do
    $cxx -static -o g.out c2.o -Wl,--compress-debug-sections=$kind,-Map=g.map ||
      t_hard_error "$cxx --compress-debug-sections=$kind failed"
    T_CC=$cxx t_gcc_mld -static -o m.out c2.o -Wl,--compress-debug-sections=$kind,-Map=m.map
    [ "$T_STATUS" = 0 ] || { t_fail "$cxx $kind: mld failed"; continue; }
    if [ "$(secs g.out)" = "$(secs m.out)" ]; then
      t_pass "$cxx $kind: GNU ld's unallocated sections, byte for byte ($(secs m.out | grep -c -e ' 0x8..' -e '^\.zdebug') compressed)"
    else
      t_fail "$cxx $kind: sections differ:"; diff <(secs g.out) <(secs m.out)
    fi
    [ "$($run ./m.out)" = "$($run ./g.out)" ] && t_pass "$cxx $kind: runs as GNU ld's" ||
      t_fail "$cxx $kind: the program differs"
    [ "$(mapdebug g.map)" = "$(mapdebug m.map)" ] &&
      t_pass "$cxx $kind: -Map shows .debug_info as GNU ld does" ||
      { t_fail "$cxx $kind: -Map differs"; diff <(mapdebug g.map) <(mapdebug m.map); }
  done
  T_CC=$cxx t_gcc_mld -static -Wl,-S -o s.out c2.o -Wl,--compress-debug-sections=zlib
  [ "$T_STATUS" = 0 ] && [ -f s.out ] && ! secs s.out | grep -q debug &&
    t_pass "$cxx: -S leaves no debugging section" || t_fail "$cxx: -S with compression"
done
t_need_ld_bfd_x86_64
ld.bfd --compress-debug-sections=lz4 -o x c.o 2>g.err
t_mld --compress-debug-sections=lz4 -o x c.o
expect_failure
[ "$(sed 's/^ld.bfd: //' g.err)" = "$(sed 's/^mld: error: //' stderr.txt)" ] &&
  t_pass "a bad keyword: GNU ld's words" || t_fail "a bad keyword: $(cat stderr.txt)"
t_done
