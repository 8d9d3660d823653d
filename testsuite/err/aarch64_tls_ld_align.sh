#!/bin/bash
if [ -z "${BASH_VERSION:-}" ]; then exec bash "$0" "$@"; fi
. "$(dirname "$0")/../lib.sh"
# AArch64 local-dynamic code (adrp/adr x0, :tlsldm:v; bl __tls_get_addr)
# relaxed to local-exec must find the TLS block where it starts: 16
# bytes (the TCB) after the thread pointer, rounded up to the block's
# alignment.  GNU ld 2.40 adds 16 whatever the alignment, so with a
# 64-byte aligned TLS variable its program computes addresses 48 bytes
# short; mld's must match the addresses main's own code computes.  (Where
# the block is aligned to 16 bytes or less both agree; the C tests
# aarch64_tls_asm.c and aarch64_tls_large.c compare those with GNU ld.)

command -v aarch64-linux-gnu-gcc >/dev/null || t_skip "no aarch64-linux-gnu-gcc"
command -v qemu-aarch64 >/dev/null || t_skip "no qemu-aarch64"
t_write ld.s <<'SRC'
	.text
	.globl tiny_ld
tiny_ld:
	stp x29, x30, [sp, -16]!
	adr x0, :tlsldm:lv
	bl __tls_get_addr
	nop
	add x0, x0, :dtprel_hi12:lv, lsl #12
	add x0, x0, :dtprel_lo12_nc:lv
	ldp x29, x30, [sp], 16
	ret
	.globl small_ld
small_ld:
	stp x29, x30, [sp, -16]!
	adrp x0, :tlsldm:lv
	add x0, x0, :tlsldm_lo12_nc:lv
	bl __tls_get_addr
	nop
	add x0, x0, :dtprel_hi12:lv, lsl #12
	add x0, x0, :dtprel_lo12_nc:lv
	ldp x29, x30, [sp], 16
	ret
	.globl lv
	.section .tbss,"awT",@nobits
	.p2align 6
lv:	.zero 8
	.section .note.GNU-stack,"",@progbits
SRC
t_write main.c <<'SRC'
#include <stdio.h>
extern __thread long lv;
long *tiny_ld(void), *small_ld(void);
int main(void) { printf("%d %d\n", tiny_ld() == &lv, small_ld() == &lv); return 0; }
SRC
aarch64-linux-gnu-gcc -O1 -c main.c && aarch64-linux-gnu-as -o ld.o ld.s ||
  t_hard_error "compiling failed"
T_CC=aarch64-linux-gnu-gcc t_gcc_mld -static -o prog main.o ld.o
[ "$T_STATUS" = 0 ] && t_pass "link" || t_fail "link failed"
got=$(qemu-aarch64 ./prog)
[ "$got" = "1 1" ] && t_pass "both sequences find lv" ||
  t_fail "'$got', want '1 1'"
t_done
