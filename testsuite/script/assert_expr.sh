#!/bin/bash
if [ -z "${BASH_VERSION:-}" ]; then exec bash "$0" "$@"; fi
. "$(dirname "$0")/../lib.sh"
# ASSERT (EXPR, MESSAGE) inside an expression, as GNU ld takes it
# (`_bar = ASSERT (. > 0, "Bad . value");', its dynamic-sections test):
# the value is EXPR's; MESSAGE is an error when EXPR is 0 once the layout
# is final, and then no output is written.  mld refused the syntax.
# Compared with GNU ld on both targets: the symbols (nm), the map's line
# for the assignment, and the failing link's status and message.

t_write s.s <<'SRC'
	.text
	.globl _start
_start:	.long 1
	.data
	.long 2
SRC
t_write ok.ld <<'LD'
SECTIONS
{
  . = 0x10000;
  .text : { *(.text) }
  .data : { *(.data) }
  _bar = ASSERT (ADDR (.data) > 0, "Bad address");
  _baz = ASSERT (ADDR (.data) - 0x10000, "data at the start") + 4;
}
LD
t_write bad.ld <<'LD'
SECTIONS
{
  . = 0x10000;
  .text : { *(.text) }
  low = ASSERT (. > 0x100000, "text too low");
}
LD

for arch in x86_64 aarch64; do
  t_target $arch
  $as -o s.o s.s || t_hard_error "$as s.s failed"
  $ld -T ok.ld -o gnu.out s.o -Map gnu.map 2>gnu.err ||
    t_hard_error "$ld failed: $(cat gnu.err)"
  t_mld -m $emul -T ok.ld -o mld.out s.o -Map mld.map
  nm gnu.out >gnu.nm
  nm mld.out >mld.nm 2>/dev/null
  t_same "$arch: ASSERT's value" gnu.nm mld.nm "$(grep _ba mld.nm | tr '\n' ' ')"
  grep ASSERT gnu.map >gnu.a
  grep ASSERT mld.map >mld.a 2>/dev/null
  t_same "$arch: ASSERT in the map" gnu.a mld.a
  rm -f gnu.out mld.out
  $ld -T bad.ld -o gnu.out s.o 2>gnu.err
  gs=$?
  t_mld -m $emul -T bad.ld -o mld.out s.o
  if [ $gs -ne 0 ] && [ "$T_STATUS" -ne 0 ] && [ ! -e mld.out ] &&
     grep -q 'text too low' gnu.err && grep -q '^mld: error: text too low$' stderr.txt
  then
    t_pass "$arch: a false ASSERT fails the link with its message, as GNU ld"
  else
    t_fail "$arch: a false ASSERT: GNU ld status $gs, mld $T_STATUS"
  fi
done
t_done
