#!/bin/bash
if [ -z "${BASH_VERSION:-}" ]; then exec bash "$0" "$@"; fi
. "$(dirname "$0")/../lib.sh"
# A script's assignments in -Map as GNU ld prints them (exp_print_tree):
# numbers in hexadecimal, each binary operation in parentheses, "op="
# written out, functions as "NAME (ARGS)", PROVIDE around its
# assignment; the map's "Discarded input sections" only when one is;
# and -Map=A%B naming the map after the output.  mld printed the
# assignments as written.  Compared with GNU ld's map: the assignment
# lines (value and text), in order, the map's first lines, and the
# names -Map=A%B gives, on both targets.

t_write s.s <<'SRC'
	.text
	.globl _start
_start:	.long 1
	.data
	.long 2
SRC
t_write t.ld <<'LD'
def1 = DEFINED(foo) ? 0x10 : 0x20;
def2 = def1;
. = 0x10001;
foo = .;
. += 0x200;
. = ALIGN (4);
shifted = 1 << 4;
shifted <<= 2;
neg = -(3 + 4) * 2;
notted = !def1 && ~def2 || def1 != 5;
SECTIONS
{
  . = 0x10000;
  .text : { *(.text) x = ABSOLUTE(.); }
  .data ALIGN(0x100) : { *(.data) y = MAX(ALIGN(., 16), 4K); }
  size = SIZEOF(.text) + ADDR(.data) - LOADADDR(.data) + ALIGNOF(.data);
  page = CONSTANT (MAXPAGESIZE) / 2 % 3;
  PROVIDE (prov = 1);
  PROVIDE (_start = 2);
  PROVIDE_HIDDEN (hid = LOG2CEIL (5));
  HIDDEN (h2 = NEXT (8));
  cmp = (1 <= 2) + (3 >= 4) + (5 == 5) + (6 > 7) + (8 < 9) + (10 >> 1);
  seg = SEGMENT_START ("text-segment", 0x400000);
  /DISCARD/ : { *(.note*) *(.comment) }
}
LD

for arch in x86_64 aarch64; do
  t_target $arch
  $as -o $arch.o s.s || t_hard_error "$as s.s failed"
  $ld -T t.ld -o gnu.out $arch.o -Map gnu.map 2>gnu.err ||
    t_hard_error "$ld failed: $(cat gnu.err)"
  t_mld -m $emul -T t.ld -o mld.out $arch.o -Map mld.map
  # Assignment lines: a value (or [!provide]) then the statement.
  assigns() { grep -E '^ {16}(0x[0-9a-f]{16}|\[!provide\]) {16}' "$1"; }
  assigns gnu.map >gnu.a
  assigns mld.map >mld.a
  t_same "$arch assignments" gnu.a mld.a "$(wc -l <mld.a) lines"
  head -3 gnu.map >gnu.top
  head -3 mld.map >mld.top
  t_same "$arch map's start" gnu.top mld.top "no empty discarded list"
  # -Map with a %: the output's name in its place, ".map" after a last %.
  rm -rf gnu.d mld.d
  mkdir gnu.d mld.d
  for m in % %.foo x%y; do
    $ld -T t.ld -o out $arch.o -Map=gnu.d/$m 2>/dev/null
    t_mld -m $emul -T t.ld -o out $arch.o -Map=mld.d/$m
  done
  ls gnu.d >gnu.ls
  ls mld.d >mld.ls
  t_same "$arch -Map=DIR/%" gnu.ls mld.ls "$(echo $(cat mld.ls))"
done
t_done
