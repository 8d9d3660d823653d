#!/bin/bash
if [ -z "${BASH_VERSION:-}" ]; then exec bash "$0" "$@"; fi
. "$(dirname "$0")/../lib.sh"
# Symbols defined in .eh_frame move with GNU ld's edit of the section
# (offset_adjust in bfd): a global, or a local of type NOTYPE or OBJECT,
# stays with its record; one at a removed FDE goes to the next kept
# record; one at a CIE merged into an earlier one goes to that CIE, by
# the offsets the inputs had before the edit, so crtbeginT.o's
# __EH_FRAME_BEGIN__ on AArch64 ends up before .eh_frame.  A local FUNC
# symbol and references through the section symbol do not move.  The
# CIE kept of identical ones is the first with a live FDE (find_merged_cie),
# not the first in the link.  Compared with GNU ld on both targets: every
# symbol in .eh_frame, the bytes of .eh_frame and .data, and the programs
# run (C++ ones throw and catch).

t_write keep.c <<'SRC'
#include <stdio.h>
extern const void *eh_refs[];
extern int keep_fn(int);
int main(void) {
  printf("%d %d\n", keep_fn(41), eh_refs[0] != 0);
  return 0;
}
SRC
# A C++ unit whose functions --gc-sections removes, linked before one
# that is kept: the first "zPLR" CIE has no live FDE.
t_write dead.cc <<'SRC'
#include <stdexcept>
int unused_a(int x) { if (x) throw std::runtime_error("a"); return 1; }
int unused_b(int x) { try { return unused_a(x); } catch (...) { return 2; } }
SRC
t_write live.cc <<'SRC'
#include <cstdio>
#include <stdexcept>
int used(int x) { if (x > 5) throw std::runtime_error("thrown"); return x; }
int main(int c, char **) {
  try { used(c * 10); } catch (const std::exception &e) { std::printf("caught %s\n", e.what()); }
  return 0;
}
SRC

# .eh_frame by hand: a CIE like crt1.o's, then FDEs for a function
# --gc-sections removes and one it keeps, with symbols on them.
eh_asm() {
  local at=$1 ret=$2 cie=$3
  cat <<ASM
	.section .text.keep_fn,"ax",${at}progbits
	.globl keep_fn
	.type keep_fn, ${at}function
keep_fn:
	$ret
	.section .text.dead_fn,"ax",${at}progbits
	.globl dead_fn
dead_fn:
	$ret
	.section .eh_frame,"a",${at}progbits
	.p2align 3
cie_here:
	.type cie_here, ${at}object
	.long .Lcie_end - .Lcie_id
.Lcie_id:
$cie
.Lcie_end:
	.globl fde_dead
fde_dead:
	.long .Lfde1_end - .Lfde1
.Lfde1:
	.long .Lfde1 - cie_here
	.long dead_fn - .
	.long 1
	.byte 0, 0, 0, 0
.Lfde1_end:
fde_keep:
	.long .Lfde2_end - .Lfde2
.Lfde2:
	.long .Lfde2 - cie_here
keep_inside:
	.type keep_inside, ${at}object
	.long keep_fn - .
	.long 1
	.byte 0, 0, 0, 0
.Lfde2_end:
fde_func:
	.type fde_func, ${at}function
	.globl fde_last
fde_last:
	.long .Lfde3_end - .Lfde3
.Lfde3:
	.long .Lfde3 - cie_here
	.long dead_fn - .
	.long 1
	.byte 0, 0, 0, 0
.Lfde3_end:
	.data
	.p2align 3
	.globl eh_refs
eh_refs:
	.quad cie_here, fde_dead, fde_keep, keep_inside, fde_func, fde_last
ASM
}

in_eh() {   # name value type bind of each symbol in .eh_frame
  local idx
  idx=$($readelf -SW "$1" | sed -n 's/^ *\[ *\([0-9]*\)\] \.eh_frame .*/\1/p')
  $readelf -sW "$1" | awk -v i="$idx" '$7 == i {print $8, $2, $4, $5}' | sort
}

check() {   # what: the two programs' .eh_frame symbols and bytes
  local what=$1
  if [ -n "$(in_eh g)" ] && [ "$(in_eh g)" = "$(in_eh m)" ]; then
    t_pass "$cc $what: GNU ld's $(in_eh m | wc -l) .eh_frame symbols"
  else
    t_fail "$cc $what: .eh_frame symbols differ"
    diff <(in_eh g) <(in_eh m) | head -8
  fi
  for sec in .eh_frame .data; do
    cmp -s <($readelf -x $sec g) <($readelf -x $sec m) &&
      t_pass "$cc $what: GNU ld's $sec" ||
      { t_fail "$cc $what: $sec differs"; diff <($readelf -x $sec g) <($readelf -x $sec m) | head -6; }
  done
  [ "$($run ./g 2>&1)" = "$($run ./m 2>&1)" ] &&
    t_pass "$cc $what: runs as GNU ld's ($($run ./m 2>&1 | head -1))" ||
    t_fail "$cc $what: output differs: $($run ./m 2>&1 | head -2)"
}

for cc in gcc aarch64-linux-gnu-gcc; do
  t_have "$cc" $cc || continue
  if [ $cc = gcc ]; then
    cxx=g++ as=as readelf=readelf run="" at=@ ret=ret
    cie='	.long 0
	.byte 1
	.string "zR"
	.uleb128 1
	.sleb128 -8
	.uleb128 16
	.uleb128 1
	.byte 0x1b
	.byte 0x0c, 7, 8, 0x90, 1
	.p2align 2'
  else
    t_have "$cc" qemu-aarch64 || continue
    cxx=aarch64-linux-gnu-g++ as=aarch64-linux-gnu-as
    readelf=aarch64-linux-gnu-readelf run=qemu-aarch64 at=% ret=ret
    cie='	.long 0
	.byte 1
	.string "zR"
	.uleb128 4
	.sleb128 -8
	.uleb128 30
	.uleb128 1
	.byte 0x1b
	.byte 0x0c, 31, 0
	.p2align 2'
  fi
  eh_asm $at "$ret" "$cie" >eh.s
  $as -o eh.o eh.s || t_hard_error "$as failed"
  $cc -O1 -c keep.c || t_hard_error "$cc failed"
  $cc -static -Wl,--gc-sections -o g keep.o eh.o || t_hard_error "GNU ld failed"
  T_CC=$cc t_gcc_mld -static -Wl,--gc-sections -o m keep.o eh.o
  [ "$T_STATUS" = 0 ] && check "hand-made .eh_frame, --gc-sections" ||
    t_fail "$cc: mld failed"
  t_have "$cc C++" $cxx || continue
  $cxx -O2 -ffunction-sections -c dead.cc live.cc || t_hard_error "$cxx failed"
  for gc in "" -Wl,--gc-sections; do
    $cxx -static $gc -o g dead.o live.o || t_hard_error "GNU ld failed"
    T_CC=$cxx t_gcc_mld -static $gc -o m dead.o live.o
    [ "$T_STATUS" = 0 ] && check "C++ ${gc:-without gc}" ||
      t_fail "$cxx: mld failed"
  done
done
t_done
