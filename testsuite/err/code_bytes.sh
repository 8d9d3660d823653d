#!/bin/bash
if [ -z "${BASH_VERSION:-}" ]; then exec bash "$0" "$@"; fi
. "$(dirname "$0")/../lib.sh"
# Code as GNU ld writes it, byte for byte, in a program without libc (whose
# GOT order mld does not copy): padding between code sections filled with
# the target's nops (x86-64: GNU ld's multi-byte nops, AArch64: nop words),
# and x86-64 GOT loads relaxed as GNU ld relaxes them in a non-PIE
# executable (mov foo@GOTPCREL(%rip) becomes mov $foo).

t_write a.c <<'SRC'
#ifndef NO_DATA
extern int counter;
extern int (*hook)(int);
int helper(int x);
__attribute__((aligned(64))) int table[4] = {1, 2, 3, 4};
int compute(int n) { return helper(n) + counter + (hook ? hook(n) : 0); }
static int twice(int x) { return 2 * x; }
int (*hook)(int) = twice;
#else
int helper(int x);
int compute(int n) { return helper(n) + helper(n + 1); }
#endif
SRC
t_write b.c <<'SRC'
#ifndef NO_DATA
int counter = 5;
#endif
int helper(int x) { return x * 3 + 1; }
int unused(int x) { return x - 1; }
SRC
t_write s.c <<'SRC'
int compute(int n);
void _start(void) {
  volatile int r = compute(7);
  (void)r;
  for (;;) ;
}
SRC
for cc in gcc aarch64-linux-gnu-gcc; do
  t_have "$cc" $cc || continue
  ldbfd=ld.bfd objcopy=objcopy pic=-fPIC
  # AArch64: code only.  mld relaxes GOT loads to adrp+add where GNU ld
  # keeps them, and places the data segment of a program without RELRO
  # differently (neither is visible to the program).
  [ $cc = gcc ] || { ldbfd=aarch64-linux-gnu-ld.bfd; objcopy=aarch64-linux-gnu-objcopy
                     pic="-fno-pic -DNO_DATA"; }
  for f in a b s; do
    $cc -O2 $pic -ffunction-sections -falign-functions=32 -fno-asynchronous-unwind-tables \
      -c -o $cc-$f.o $f.c || t_hard_error "$cc failed"
  done
  $ldbfd -o $cc.ref $cc-s.o $cc-a.o $cc-b.o 2>/dev/null || t_hard_error "$ldbfd failed"
  t_mld -o $cc.mld $cc-s.o $cc-a.o $cc-b.o
  [ "$T_STATUS" = 0 ] || { t_fail "$cc: mld failed"; continue; }
  rm -f ref.bin mld.bin
  $objcopy --dump-section .text=ref.bin $cc.ref scratch
  $objcopy --dump-section .text=mld.bin $cc.mld scratch
  cmp -s ref.bin mld.bin && t_pass "$cc: .text as GNU ld's ($(wc -c <ref.bin) bytes)" ||
    t_fail "$cc: .text differs ($(cmp ref.bin mld.bin 2>&1 | head -1))"
done
t_done
