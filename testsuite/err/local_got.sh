#!/bin/bash
if [ -z "${BASH_VERSION:-}" ]; then exec bash "$0" "$@"; fi
. "$(dirname "$0")/../lib.sh"
# A GOT entry for a local symbol (a GOT load the linker cannot relax)
# holds the symbol's address: such entries once held 0.

t_write x86.s <<'SRC'
	.text
	.globl _start
_start:
	movq lv@GOTPCREL(%rip), %rax
	movl (%rax), %edi
	mov $60, %eax
	syscall
	.data
lv:	.long 42
SRC
as -mrelax-relocations=no -o x86.o x86.s || t_hard_error "as failed"
t_mld -static -o x86 x86.o
./x86
[ $? = 42 ] && t_pass "x86-64: R_X86_64_GOTPCREL to a local" ||
  t_fail "x86-64: wrong value through the GOT"

if t_have AArch64 aarch64-linux-gnu-as qemu-aarch64; then
  t_write a64.s <<'SRC'
	.text
	.globl _start
_start:
	adrp x1, :got:lv
	ldr x2, [x1, #:got_lo12:lv]   // another register: not relaxed
	ldr w0, [x2]
	mov x8, #93
	svc #0
	.data
lv:	.word 42
SRC
  aarch64-linux-gnu-as -o a64.o a64.s || t_hard_error "as failed"
  t_mld -static -o a64 a64.o
  qemu-aarch64 ./a64
  [ $? = 42 ] && t_pass "AArch64: GOT pair to a local" ||
    t_fail "AArch64: wrong value through the GOT"
fi
t_done
