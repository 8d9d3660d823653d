#!/bin/bash
if [ -z "${BASH_VERSION:-}" ]; then exec bash "$0" "$@"; fi
dir=$(cd "$(dirname "$0")" && pwd)
. "$(dirname "$0")/../lib.sh"
# -Ttext-segment=ADDR is GNU ld's SEGMENT_START("text-segment", ...): the
# image starts at ADDR instead of 0x400000, so every section and symbol
# moves by the difference and file offsets stay (layoutnorm.py compares
# sections, program headers, entry point and linker symbols with GNU ld's
# on both architectures, with libc, and both programs print the same).
# An ADDR that is no multiple of the maximum page size (64 KiB on
# AArch64) gets GNU ld's warning; the headers then start on the page
# below it and the sections past SIZEOF_HEADERS from ADDR.  It combines
# with -Ttext.  --image-base is no option of GNU ld 2.40's ELF targets:
# both refuse it as unknown.

t_write p.c <<'SRC'
#include <stdio.h>
__thread int t = 3;
int d = 4, b;
extern char __executable_start[], __ehdr_start[];
int main(void) {
  printf("%d %d %d %d\n", t, d, b,
         (int)((unsigned long)__executable_start & 0xfff));
  return __ehdr_start[0] == 0x7f ? 0 : 1;
}
SRC
norm() { "$PYTHON" "$dir/layoutnorm.py" "$1"; }
warned() { grep -c "warning: address of \`text-segment' isn't multiple of maximum page size" "$1"; }
for arch in x86 a64; do
  if [ $arch = x86 ]; then
    cc=gcc run=
  else
    cc=aarch64-linux-gnu-gcc run=qemu-aarch64
    t_have AArch64 $cc $run || continue
  fi
  $cc -O1 -c p.c -o p.o || t_hard_error "$cc failed"
  for o in -Ttext-segment=0x800000 -Ttext-segment,10000000 \
      -Ttext-segment=0x800123 -Ttext-segment=0x801000 \
      -Ttext-segment=0x800000,-Ttext=0x900000 -Ttext-segment=0; do
    $cc -static -o g.out p.o -Wl,$o 2>g.err || t_hard_error "GNU ld $o"
    T_CC=$cc t_gcc_mld -static -o m.out p.o -Wl,$o
    [ "$T_STATUS" = 0 ] || { t_fail "$arch $o: mld failed"; continue; }
    [ "$(norm g.out)" = "$(norm m.out)" ] && t_pass "$arch $o: GNU ld's layout" ||
      { t_fail "$arch $o: the layout differs"; diff <(norm g.out) <(norm m.out) | head; }
    [ "$(warned g.err)" = "$(warned stderr.txt)" ] &&
      t_pass "$arch $o: warned as GNU ld ($(warned stderr.txt) times)" ||
      t_fail "$arch $o: GNU ld warns $(warned g.err) times, mld $(warned stderr.txt)"
    # Address 0 needs privileges to map.
    [ "$o" = -Ttext-segment=0 ] && continue
    [ "$($run ./m.out)" = "$($run ./g.out)" ] && t_pass "$arch $o: runs as GNU ld's" ||
      t_fail "$arch $o: the program differs"
  done
done
t_need_ld_bfd_x86_64
t_write s.s <<'SRC'
	.globl _start
_start:
	nop
SRC
as -o s.o s.s || t_hard_error "as failed"
for a in --image-base=0x800000 -Ttext-segment=8M; do
  rm -f m.out
  ld.bfd -o g.out s.o $a 2>g.err && t_hard_error "GNU ld takes $a"
  t_mld -o m.out s.o $a
  expect_failure
  expect_no_file m.out
done
expect_error "invalid hex number \`8M'"

# The warning only where GNU ld gives it: a demand-paged output (not -n
# or -N) whose script asks SEGMENT_START ("text-segment"): the default
# one, or a -T script that uses it.  mld warned whenever the address was
# off a page (GNU's ld-elf/textaddr7).
printf '.globl _start\n_start: .quad 0\n.data\n.quad 1\n' >w.s
as -o w.o w.s || t_hard_error "as failed"
printf 'SECTIONS { . = SEGMENT_START("text-segment", 0x400000); .text : { *(.text) } .data : { *(.data) } }\n' >seg.t
printf 'SECTIONS { . = 0x400000; .text : { *(.text) } .data : { *(.data) } }\n' >noseg.t
for o in "" -n -N "-T seg.t" "-T noseg.t" "-T seg.t -n"; do
  ld.bfd $o -Ttext-segment 0x10100 -o g.out w.o >g.err 2>&1
  t_mld $o -Ttext-segment 0x10100 -o m.out w.o
  [ "$(warned g.err)" = "$(warned stderr.txt)" ] &&
    t_pass "[$o]: $(warned stderr.txt) warnings, as GNU ld" ||
    t_fail "[$o]: GNU ld $(warned g.err) warnings, mld $(warned stderr.txt)"
done
t_done
