#!/bin/bash
if [ -z "${BASH_VERSION:-}" ]; then exec bash "$0" "$@"; fi
dir=$(cd "$(dirname "$0")/.." && pwd)
. "$(dirname "$0")/../lib.sh"
# AArch64 sections given an address far from the rest (--section-start,
# -Ttext) get range-extension stubs (lib/stubs.c) and run under qemu.
# - A function in its own section 256 MiB up, calling printf: GNU ld
#   makes veneers both ways and the program runs; mld's layout (sections,
#   program headers, layoutnorm.py), its veneers' names and the program's
#   output are GNU ld's.
# - The same calling memcpy and strlen, and .text itself 256 MiB up, away
#   from .init, .plt (the IPLT) and the orphans that move behind the
#   notes: GNU ld 2.40 fails ("relocation truncated to fit:
#   R_AARCH64_CALL26 against symbol `memcpy'": it sizes the stubs of calls
#   to IFUNCs against the function, not its IPLT entry), so mld's program
#   is checked against GNU ld's normal link of the same objects: it must
#   print the same, with veneers to the IFUNCs (and from .init and
#   __libc_freeres_fn into .text).

CC=aarch64-linux-gnu-gcc
for t in $CC qemu-aarch64; do
  command -v $t >/dev/null || t_skip "$t not found"
done
T_CC=$CC
norm() { "$PYTHON" "$dir/options/layoutnorm.py" "$1"; }
veneers() { readelf -sW "$1" | awk '/_veneer$/ {print $8}' | sort; }

t_write far.c <<'SRC'
#include <stdio.h>
__attribute__((section("fartext"), noinline)) int farf(int x) {
  return printf("far %d\n", x);
}
int main(void) { return farf(41) > 0 ? 0 : 1; }
SRC
t_write ifunc.c <<'SRC'
#include <stdio.h>
#include <string.h>
__attribute__((section("fartext"), noinline)) int farf(const char *s) {
  char buf[32];
  memcpy(buf, s, strlen(s) + 1);
  return printf("far %s %zu\n", buf, strlen(buf));
}
int main(void) { return farf("hello") > 0 ? 0 : 1; }
SRC
$CC -O1 -c far.c -o far.o && $CC -O1 -c ifunc.c -o ifunc.o ||
  t_hard_error "compiling"

$CC -static -o g.out far.o -Wl,--section-start=fartext=0x10000000 ||
  t_hard_error "GNU ld failed"
t_gcc_mld -static -o m.out far.o -Wl,--section-start=fartext=0x10000000
if [ "$T_STATUS" != 0 ]; then
  t_fail "mld failed with --section-start=fartext=0x10000000"
else
  [ "$(norm g.out)" = "$(norm m.out)" ] &&
    t_pass "fartext 256 MiB up: GNU ld's layout" ||
    { t_fail "fartext: the layout differs"; diff <(norm g.out) <(norm m.out) | head; }
  [ "$(veneers g.out)" = "$(veneers m.out)" ] &&
    t_pass "GNU ld's veneers: $(veneers m.out | tr '\n' ' ')" ||
    t_fail "veneers: GNU ld $(veneers g.out | tr '\n' ' '), mld $(veneers m.out | tr '\n' ' ')"
  [ "$(qemu-aarch64 ./m.out)" = "$(qemu-aarch64 ./g.out)" ] &&
    t_pass "runs as GNU ld's: $(qemu-aarch64 ./m.out)" || t_fail "the program differs"
fi

$CC -static -o ref.out ifunc.o || t_hard_error "GNU ld failed"
qemu-aarch64 ./ref.out >ref.run || t_hard_error "GNU ld's program fails"
for o in --section-start=fartext=0x10000000 -Ttext=0x10000000; do
  $CC -static -o g.out ifunc.o -Wl,$o 2>g.err &&
    echo "  (GNU ld links $o now)"
  t_gcc_mld -static -o m.out ifunc.o -Wl,$o
  if [ "$T_STATUS" != 0 ]; then
    t_fail "mld failed with $o"
    continue
  fi
  t_pass "$o links (GNU ld: $(grep -c 'truncated to fit' g.err) calls truncated)"
  qemu-aarch64 ./m.out | cmp -s - ref.run &&
    t_pass "$o: runs: $(cat ref.run)" || t_fail "$o: the program differs"
  for v in __memcpy_veneer __strlen_veneer; do
    veneers m.out | grep -qx $v && t_pass "$o: $v (to an IFUNC's IPLT entry)" ||
      t_fail "$o: no $v"
  done
done
readelf -SW m.out | grep -q ' __libc_freeres_fn .* 00000000004' &&
  t_pass "-Ttext: __libc_freeres_fn behind the notes, as GNU ld puts it" ||
  t_fail "-Ttext: __libc_freeres_fn is not in the first page"
t_done
