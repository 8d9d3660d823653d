#!/bin/bash
if [ -z "${BASH_VERSION:-}" ]; then exec bash "$0" "$@"; fi
. "$(dirname "$0")/../lib.sh"
# SHF_GNU_MBIND sections (memory nodes, sh_info), as GNU ld places them
# (its ld-elf/mbind1a, mbind1c, mbind2b): an allocated orphan goes to the
# output section of its node and kind (.mbind.text, .rodata, .data,
# .bss, whatever its name), on pages of its own (the common page size),
# with its node in sh_info and a PT_GNU_MBIND_LO + node segment each;
# EI_OSABI is GNU's.  With -n or -N none of that but the sections.  mld
# merged every node's sections by name and made no segment, silently.
# Compared with GNU ld on both targets: the ELF header, the sections and
# the segments; a C program run checks its data lands on a page start.
# Where mld does not place such a section (a -T script; a rule of the
# built-in layout; -r) it refuses the link.

t_write mb.s <<'SRC'
	.text
	.globl _start
_start:	.dc.a 0
	.section .mbind.data,"adw",%progbits
	.byte 1
	.section .mbind.data,"adw",%progbits,0x3
	.byte 2
	.section .mbind.text,"adx",%progbits
	.byte 3
	.section .mbind.text,"adx",%progbits,0x3
	.byte 4
	.section .mbind.bss,"adw",%nobits
	.zero 5
	.section .mbind.bss,"adw",%nobits,0x3
	.zero 6
	.section .mbind.rodata,"adG",%progbits,.foo_group,comdat,0x2
	.byte 7
	.section .mbind.data,"adGw",%progbits,.foo_group,comdat
	.byte 8
	.section .my_table,"adw",%progbits,0x3
	.byte 9
	.section .node_bss,"adw",%nobits,0x7
	.zero 9
SRC
t_write mbc.c <<'SRC'
#include <stdint.h>
#include <stdio.h>
__asm__(".section .mbind.bss,\"adw\",%nobits,0\n.globl bss0\nbss0: .zero 1\n"
        ".section .mbind.data,\"adw\",%progbits,3\n.globl data3\ndata3: .byte 9\n"
        ".text");
extern char bss0, data3;
int main(void) {
  int ok = ((uintptr_t)&bss0 & 0x3fff) == 0 && ((uintptr_t)&data3 & 0x3fff) == 0
           && data3 == 9;
  printf("%s\n", ok ? "PASS" : "FAIL");
  return !ok;
}
SRC
view() {
  readelf -hSlW "$1" | grep -v 'Start of section\|section headers\|strtab'
}
for arch in x86_64 aarch64; do
  t_target $arch
  $as -o mb.o mb.s || t_hard_error "$as failed"
  for opts in "-z common-page-size=0x1000 -z max-page-size=0x200000" \
              "-pie -z common-page-size=0x1000 -z max-page-size=0x200000" \
              "" "-z separate-code" "-n" "-N" "--gc-sections"; do
    $ld $opts -o gnu.out mb.o 2>/dev/null || t_hard_error "$ld $opts failed"
    t_mld -m $emul $opts -o mld.out mb.o
    view gnu.out >gnu.txt
    view mld.out >mld.txt
    t_same "$arch $opts" gnu.txt mld.txt \
      "$(grep -c GNU_MBIND mld.txt) PT_GNU_MBIND"
  done
  $cc -O2 -c -o mbc.o mbc.c || t_hard_error "$cc failed"
  T_CC=$cc t_gcc_mld -static -Wl,-z,common-page-size=0x4000 \
    -Wl,-z,noexecstack -o mld.out mbc.o
  t_check "$arch: data on the nodes' pages" test "$($run ./mld.out)" = PASS
  # -r: refused (GNU ld keeps each node's section and sh_info; mld
  # merged them by name, the nodes lost).
  t_mld -m $emul -r -o out.o mb.o
  expect_failure
  expect_error "mb.o: .mbind.data: an SHF_GNU_MBIND section in a relocatable link: not supported"
  # A -T script: refused, not placed by name.
  printf 'SECTIONS { .text : { *(.text) } .mbind.data : { *(.mbind.data) } }\n' >s.ld
  t_mld -m $emul -T s.ld -o out mb.o
  expect_failure
  expect_error "mb.o: .mbind.data: an SHF_GNU_MBIND section with a -T script: not supported"
done
t_done
