#!/bin/bash
if [ -z "${BASH_VERSION:-}" ]; then exec bash "$0" "$@"; fi
. "$(dirname "$0")/../lib.sh"
# AArch64 PC-relative references to an undefined weak symbol, as GNU ld
# resolves them (ld-aarch64/weak-undefined): the symbol is the place
# itself (a conditional branch or TBZ branches to itself, LDR literal and
# ADR load their own address, .word sym - . is the addend), its page for
# ADRP, and B and BL become NOPs.  mld took the symbol as 0, which is out
# of reach of code above 1 MiB ("relocation truncated to fit").  Against
# GNU ld: objdump -d and the data words.

t_aarch64

t_write w.s <<'SRC'
	.text
	.weak	foo
	.globl	_start
_start:	b.ne	foo
	cbz	x0, foo
	tbz	x1, #3, foo
	b	foo
	bl	foo
	ldr	x0, foo
	adr	x0, foo
	adrp	x0, foo
	add	x0, x0, :lo12:foo
	adrp	x1, foo + 0x1000
	movz	x2, #:prel_g1:foo
	movk	x2, #:prel_g0_nc:foo
	.data
	.word	foo - .
	.word	foo + 8 - .
	.quad	foo - .
SRC
$AS -o w.o w.s || t_hard_error "as failed"
for base in 0x400000 0xf0000ffc; do
  $GLD -Ttext $base -e _start -o gnu.out w.o >gnu.log 2>&1 ||
    t_hard_error "GNU ld: $(cat gnu.log)"
  t_mld -Ttext $base -e _start -o mld.out w.o
  if [ "$T_STATUS" = 0 ] &&
     cmp -s <($OBJDUMP -d -s -j .text -j .data gnu.out | tail -n +3) \
            <($OBJDUMP -d -s -j .text -j .data mld.out | tail -n +3); then
    t_pass "code at $base: GNU ld's instructions and words"
  else
    t_fail "code at $base: differs from GNU ld's"
    diff <($OBJDUMP -d -s -j .text -j .data gnu.out | tail -n +3) \
         <($OBJDUMP -d -s -j .text -j .data mld.out | tail -n +3) | head
  fi
done
t_done
