#!/bin/bash
if [ -z "${BASH_VERSION:-}" ]; then exec bash "$0" "$@"; fi
. "$(dirname "$0")/../lib.sh"
# Merged strings under a sorting script: each string is kept by the
# section that has it first in the order the files joined the link (bfd's
# _bfd_elf_merge_sections walks the inputs so), not the first in the
# sorted output; a section holds the strings it keeps.  U-Boot's
# `*(SORT_BY_ALIGNMENT(SORT_BY_NAME(.rodata*)))' moved its UTF-16 strings
# (str2.2) in mld's .rodata.  Against GNU ld on x86-64 and AArch64:
# .rodata's bytes and every symbol.

cat >a.s <<'SRC'
	.text
	.globl	_start
_start:	.quad .LA1, .LA2, .LA3
	.section .rodata.z_first.str1.1,"aMS",%progbits,1
.LA1:	.string	"shared by both"
.LA2:	.string	"only in a"
	.section .rodata.m_between,"a",%progbits
	.byte	0x77
	.section .rodata.y_first.str2.2,"aMS",%progbits,2
	.balign	2
.LA3:	.short	0x42, 0x43, 0
SRC
cat >b.s <<'SRC'
	.data
	.globl	bdata
bdata:	.quad .LB1, .LB2, .LB3
	.section .rodata.a_second.str1.1,"aMS",%progbits,1
.LB2:	.string	"only in b"
.LB1:	.string	"shared by both"
	.section .rodata.n_between,"a",%progbits
	.byte	0x78
	.section .rodata.b_second.str2.2,"aMS",%progbits,2
	.balign	2
.LB3:	.short	0x44, 0
	.short	0x42, 0x43, 0
SRC
cat >m.ld <<'LD'
SECTIONS {
  . = 0x10000;
  .text : { *(.text) }
  .rodata : { *(SORT_BY_ALIGNMENT (SORT_BY_NAME (.rodata*))) }
  .data : { *(.data) }
}
LD

checked=0
for arch in x86_64 aarch64; do
  t_target $arch
  $cc -c a.s -o a.o && $cc -c b.s -o b.o || t_hard_error "$cc"
  $ld -T m.ld a.o b.o -o gnu.out >gnu.log 2>&1 ||
    t_hard_error "GNU ld: $(cat gnu.log)"
  t_mld -T m.ld a.o b.o -o mld.out
  expect_success
  for o in gnu mld; do
    objdump -s -j .rodata -j .text -j .data $o.out | tail -n +3 >$o.d
    nm $o.out | sort >$o.n
  done
  cmp -s gnu.d mld.d && cmp -s gnu.n mld.n &&
    t_pass "$arch: GNU ld's merged .rodata" ||
    t_fail "$arch: $(diff gnu.d mld.d | tr '\n' ' ') $(diff gnu.n mld.n | tr '\n' ' ')"
  checked=$((checked + 1))
done
[ $checked = 2 ] || t_fail "only $checked of 2 architectures checked"
t_done
