#!/bin/bash
if [ -z "${BASH_VERSION:-}" ]; then exec bash "$0" "$@"; fi
. "$(dirname "$0")/../lib.sh"
# -t (--trace) prints each input file as it is opened, as GNU ld does;
# given twice, the archive members pulled in too, "(ARCHIVE)MEMBER".
# --require-defined=SYM is -u that fails when nothing defines SYM:
# "required symbol `SYM' not defined".  Compared with GNU ld's output
# for gcc -static links on both architectures (with an input script too:
# glibc's libm.a).
t_write main.c <<'SRC'
#include <stdio.h>
extern int b1(void);
int main(void) { printf("%d\n", b1()); return 0; }
SRC
t_write m1.c <<'SRC'
int b1(void) { return 1; }
int required_here(void) { return 2; }
SRC
for cc in gcc aarch64-linux-gnu-gcc; do
  t_have "$cc" $cc || continue
  T_CC=$cc t_compile main.c
  T_CC=$cc t_compile m1.c
  rm -f libm1.a && ar rcs libm1.a m1.o
  # -lm: glibc's libm.a is an input script naming two archives.
  for t in -t "-t -t" --trace "--trace -t" "-t -lm" "-t -t -lm"; do
    lm=
    [ "${t%-lm}" != "$t" ] && lm=-lm
    fl=${t% -lm}
    $cc -static -o g.out main.o -L. -lm1 $lm -Wl,${fl// /,} >gnu.txt 2>&1 ||
      t_hard_error "$cc failed"
    T_CC=$cc t_gcc_mld -static -o m.out main.o -L. -lm1 $lm -Wl,${fl// /,}
    if cmp -s gnu.txt stdout.txt; then
      t_pass "$cc $t: GNU ld's list ($(wc -l <stdout.txt) lines)"
    else
      t_fail "$cc $t: lists differ:"; diff gnu.txt stdout.txt | head
    fi
  done
  T_CC=$cc t_gcc_mld -static -o m.out main.o -L. -lm1 -Wl,--require-defined=required_here
  [ "$T_STATUS" = 0 ] && t_pass "$cc: --require-defined of a defined symbol links" ||
    t_fail "$cc: --require-defined of a defined symbol fails"
  T_CC=$cc t_gcc_mld -static -o m.out main.o -L. -lm1 -Wl,--require-defined=nosuch
  expect_failure
  expect_error "required symbol \`nosuch' not defined"
done
t_done
