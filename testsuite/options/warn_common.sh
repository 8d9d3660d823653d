#!/bin/bash
if [ -z "${BASH_VERSION:-}" ]; then exec bash "$0" "$@"; fi
. "$(dirname "$0")/../lib.sh"
# --warn-common: a warning where a COMMON symbol meets another COMMON
# (the same size: "multiple common"; a larger or smaller one) or a
# definition (either order), in GNU ld's words and order; the program is
# the same as without the option, and --fatal-warnings makes the
# warnings errors.  Without --warn-common, nothing is said.
t_need_ld_bfd_x86_64
t_write a.c <<'SRC'
int x;
int y = 3;
int z;
void _start(void) {}
SRC
t_write b.c <<'SRC'
int x;
int y;
long z;
int w = 1;
SRC
t_compile a.c -fcommon -fno-stack-protector
t_compile b.c -fcommon
msgs() { sed -n 's/^ld\.bfd: \(.*\): warning: \(.*\)$/\1: \2/p; s/^mld: warning: //p' "$1"; }
for order in "a.o b.o" "b.o a.o"; do
  ld.bfd --warn-common -o g.out $order 2>g.err || t_hard_error "ld.bfd failed"
  t_mld --warn-common -o m.out $order
  if [ "$T_STATUS" = 0 ] && [ -s stderr.txt ] && [ "$(msgs g.err)" = "$(msgs stderr.txt)" ]; then
    t_pass "$order: GNU ld's warnings ($(wc -l <stderr.txt))"
  else
    t_fail "$order: warnings differ:"; diff <(msgs g.err) <(msgs stderr.txt)
  fi
  t_mld -o m0.out $order
  [ ! -s stderr.txt ] && cmp -s m.out m0.out &&
    t_pass "$order: without it, silent and the same program" ||
    t_fail "$order: --warn-common changed the output or the default warns"
  t_mld --warn-common --fatal-warnings -o f.out $order
  expect_failure
  expect_no_file f.out
done
t_done
