#!/bin/bash
if [ -z "${BASH_VERSION:-}" ]; then exec bash "$0" "$@"; fi
. "$(dirname "$0")/../lib.sh"
# --icf=safe|all folds identical functions of .text (GNU ld has no ICF;
# lld's and gold's option): f1 and f2 are the same code, so g1 and g2,
# which call them, are the same too once f1 and f2 are (the classes are
# refined); taken1 and taken2 are the same code whose addresses the
# program compares: --icf=safe keeps them apart, --icf=all folds them.
# The programs print what the unfolded one prints (but for the pointer
# comparison under --icf=all), folded symbols share an address, .text
# shrinks, and --print-icf-sections lists the folds in lld's words.
# Functions with exception tables stay apart (the same code can catch
# different types).
# Both architectures, with glibc.
t_write mix.h <<'SRC'
/* Big enough that folding shows past the alignment padding of .text. */
#define R x = x * 31 + 7; x ^= x >> 5;
#define BODY R R R R R R R R R R R R R R R R R R R R R R R R R R R R R R R R
SRC
t_write a.c <<'SRC'
#include "mix.h"
__attribute__((noinline)) int f1(int x) { BODY return x; }
__attribute__((noinline)) int g1(int x) { return f1(x) + 2; }
__attribute__((noinline)) int taken1(int x) { return x - 7; }
SRC
t_write b.c <<'SRC'
#include "mix.h"
__attribute__((noinline)) int f2(int x) { BODY return x; }
__attribute__((noinline)) int g2(int x) { return f2(x) + 2; }
__attribute__((noinline)) int taken2(int x) { return x - 7; }
SRC
t_write m.c <<'SRC'
#include <stdio.h>
int g1(int), g2(int), taken1(int), taken2(int);
int (*volatile p1)(int) = taken1, (*volatile p2)(int) = taken2;
int main(void) {
  printf("%d %d %d %d\n", g1(1), g2(2), p1(10), p2(20));
  printf("pointers %s\n", p1 == p2 ? "equal" : "differ");
  return 0;
}
SRC
t_write ex.cc <<'SRC'
#include <cstdio>
__attribute__((noinline)) void thrower(int k) { if (k == 1) throw 1; if (k == 2) throw 2L; }
__attribute__((noinline)) int c_int(int k) { try { thrower(k); } catch (int) { return 1; } return 0; }
__attribute__((noinline)) int c_long(int k) { try { thrower(k); } catch (long) { return 2; } return 0; }
int main() { int r = c_int(1); try { r += c_long(1); } catch (int) { r += 10; } std::printf("%d\n", r); }
SRC
addr() { nm "$1" | awk -v s="$2" '$3==s{print $1}'; }
textsize() {   # .text's sh_size, in decimal
  printf '%d' 0x$(readelf -SW "$1" | awk '{for (i = 1; i < NF; i++) if ($i == ".text") print $(i + 4)}')
}
for cc in gcc aarch64-linux-gnu-gcc; do
  run=; [ $cc = gcc ] || run=qemu-aarch64
  t_have "$cc" $cc $run || continue
  for f in a b m; do T_CC=$cc t_compile $f.c -ffunction-sections; done
  T_CC=$cc t_gcc_mld -static -o none.out m.o a.o b.o
  base=$($run ./none.out)
  for mode in safe all; do
    T_CC=$cc t_gcc_mld -static -o $mode.out m.o a.o b.o -Wl,--icf=$mode,--print-icf-sections
    [ "$T_STATUS" = 0 ] || { t_fail "$cc --icf=$mode failed"; continue; }
    out=$($run ./$mode.out)
    if [ $mode = safe ]; then want=$base; else want=${base/differ/equal}; fi
    [ "$out" = "$want" ] && t_pass "$cc $mode: runs: $(echo $out)" ||
      t_fail "$cc $mode: prints '$out'"
    [ "$(addr $mode.out f1)" = "$(addr $mode.out f2)" ] &&
      [ "$(addr $mode.out g1)" = "$(addr $mode.out g2)" ] &&
      t_pass "$cc $mode: f1 and f2, g1 and g2 folded" || t_fail "$cc $mode: f/g not folded"
    if [ $mode = safe ]; then
      [ "$(addr $mode.out taken1)" != "$(addr $mode.out taken2)" ] &&
        t_pass "$cc safe: the address-taken functions stay apart" ||
        t_fail "$cc safe: taken1 and taken2 folded"
    else
      [ "$(addr $mode.out taken1)" = "$(addr $mode.out taken2)" ] &&
        t_pass "$cc all: the address-taken functions folded too" ||
        t_fail "$cc all: taken1 and taken2 not folded"
    fi
    [ "$(textsize $mode.out)" -lt "$(textsize none.out)" ] &&
      t_pass "$cc $mode: .text shrinks ($(textsize none.out) -> $(textsize $mode.out))" ||
      t_fail "$cc $mode: .text did not shrink"
    want="selected section a.o:(.text.f1)
  removing identical section b.o:(.text.f2)
selected section a.o:(.text.g1)
  removing identical section b.o:(.text.g2)"
    [ $mode = all ] && want="$want
selected section a.o:(.text.taken1)
  removing identical section b.o:(.text.taken2)"
    got=$(grep -A1 '^selected section [ab]\.o' stdout.txt | grep -v '^--')
    [ "$(sort <<<"$got")" = "$(sort <<<"$want")" ] && t_pass "$cc $mode: --print-icf-sections" ||
      { t_fail "$cc $mode: --print-icf-sections:"; cat stdout.txt | head; }
    # The same list in the same order from run to run (mld's order
    # followed hashes of addresses: libc's folds came out shuffled).
    cp stdout.txt first.txt
    same=true
    for i in 1 2 3 4; do
      T_CC=$cc t_gcc_mld -static -o again.out m.o a.o b.o -Wl,--icf=$mode,--print-icf-sections >/dev/null
      cmp -s first.txt stdout.txt || same=false
    done
    $same && t_pass "$cc $mode: --print-icf-sections lists the folds in one order" ||
      t_fail "$cc $mode: --print-icf-sections' order changes from run to run"
  done
  # Same code, different catch clauses: not folded (their FDEs' LSDAs).
  cxx=${cc%gcc}g++
  $cxx -O2 -ffunction-sections -c ex.cc -o ex.o || t_hard_error "$cxx ex.cc"
  T_CC=$cxx t_gcc_mld -static -o ex.out ex.o -Wl,--icf=all
  [ "$($run ./ex.out)" = 11 ] && t_pass "$cc: exception tables keep functions apart" ||
    t_fail "$cc: catch clauses folded: $($run ./ex.out)"
  T_CC=$cc t_gcc_mld -static -o n2.out m.o a.o b.o -Wl,--icf=all,--icf=none
  cmp -s none.out n2.out && t_pass "$cc: --icf=none undoes it" || t_fail "$cc: --icf=none"
  T_CC=$cc t_gcc_mld -static -o n3.out m.o a.o b.o -Wl,--icf=all,--print-icf-sections,--no-print-icf-sections
  [ ! -s stdout.txt ] && cmp -s all.out n3.out && t_pass "$cc: --no-print-icf-sections" ||
    t_fail "$cc: --no-print-icf-sections"
done
t_mld --icf=most -o x m.o
expect_failure
t_done
