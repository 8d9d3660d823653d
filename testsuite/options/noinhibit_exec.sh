#!/bin/bash
if [ -z "${BASH_VERSION:-}" ]; then exec bash "$0" "$@"; fi
. "$(dirname "$0")/../lib.sh"
# --noinhibit-exec, as GNU ld 2.40: the same messages, but the link
# succeeds and writes its output: an undefined symbol is 0 (the output is
# the one --unresolved-symbols=ignore-all makes), of two definitions the
# first wins (as --allow-multiple-definition), and a relocation that does
# not fit keeps its low bits.  The programs run as GNU ld's do.  A fatal
# error (a missing input) still fails.  Both architectures, glibc.
t_write main.c <<'SRC'
#include <stdio.h>
extern int missing __attribute__((weak));
extern int absent(void);
int pick(void);
int main(int argc, char **argv) {
  printf("pick %d\n", pick());
  if (argc > 5) absent();
  printf("missing %p\n", (void *)&missing);
  return 0;
}
SRC
t_write d1.c <<'SRC'
int pick(void) { return 1; }
SRC
t_write d2.c <<'SRC'
int pick(void) { return 2; }
SRC
t_write far.s <<'SRC'
	.data
	.globl far_ref
far_ref:
	.short big
SRC
t_write big.s <<'SRC'
	.globl big
	.set big, 0x123456
SRC
for cc in gcc aarch64-linux-gnu-gcc; do
  run=; [ $cc = gcc ] || run=qemu-aarch64
  t_have "$cc" $cc $run || continue
  for f in main d1 d2; do T_CC=$cc t_compile $f.c; done
  $cc -c far.s -o far.o && $cc -c big.s -o big.o || t_hard_error "$cc .s"
  objs="main.o d1.o d2.o far.o big.o"
  $cc -static -o g.out $objs -Wl,--noinhibit-exec 2>g.err
  gs=$?
  T_CC=$cc t_gcc_mld -static -o m.out $objs -Wl,--noinhibit-exec
  [ "$gs" = 0 ] && [ "$T_STATUS" = 0 ] && [ -x m.out ] &&
    t_pass "$cc: both succeed and write an executable" ||
    t_fail "$cc: GNU ld $gs, mld $T_STATUS"
  for what in "undefined reference to .absent" "multiple definition of .pick" \
              "relocation truncated to fit"; do
    grep -q "$what" g.err && grep -q "^mld: error: .*$what" stderr.txt &&
      t_pass "$cc: both say '$what'" || t_fail "$cc: '$what' missing"
  done
  [ "$($run ./m.out)" = "$($run ./g.out)" ] && t_pass "$cc: runs as GNU ld's: $($run ./m.out | tr '\n' ' ')" ||
    t_fail "$cc: programs differ"
  # far_ref's 16 bits: 0x3456 from both.
  mb=$(objdump -s -j .data m.out | grep -c ' 5634')
  [ "$mb" -ge 1 ] && [ "$mb" = "$(objdump -s -j .data g.out | grep -c ' 5634')" ] &&
    t_pass "$cc: the low bits of the truncated value" || t_fail "$cc: truncated value differs"
  T_CC=$cc t_gcc_mld -static -o i.out main.o d1.o -Wl,--unresolved-symbols=ignore-all
  T_CC=$cc t_gcc_mld -static -o n.out main.o d1.o -Wl,--noinhibit-exec
  cmp -s i.out n.out && t_pass "$cc: an undefined symbol as --unresolved-symbols=ignore-all" ||
    t_fail "$cc: undefined symbols differ from ignore-all"
  T_CC=$cc t_gcc_mld -static -o a.out main.o d1.o d2.o -Wl,--allow-multiple-definition,--unresolved-symbols=ignore-all
  T_CC=$cc t_gcc_mld -static -o b.out main.o d1.o d2.o -Wl,--noinhibit-exec
  cmp -s a.out b.out && t_pass "$cc: a duplicate as --allow-multiple-definition" ||
    t_fail "$cc: duplicates differ from --allow-multiple-definition"
  rm -f f.out
  T_CC=$cc t_gcc_mld -static -o f.out main.o d1.o nothere.o -Wl,--noinhibit-exec
  expect_failure
  expect_no_file f.out
done
t_done
