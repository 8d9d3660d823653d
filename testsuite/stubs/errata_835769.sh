#!/bin/bash
if [ -z "${BASH_VERSION:-}" ]; then exec bash "$0" "$@"; fi
. "$(dirname "$0")/../lib.sh"
# --fix-cortex-a53-835769 (lib/errata.c) against GNU ld: a 64-bit
# multiply-accumulate right after a load, store or prefetch moves to a
# veneer in its stub group's section (after the group's last section, so
# all of .text.a/.b/.c share one), named __erratum_835769_veneer_N and
# laid out in GNU ld's order; a load the instruction depends on, a MUL, a
# 32-bit MADD and data words are left alone.  mld's and GNU ld's outputs
# must disassemble the same, list the same local symbols and exit the
# same under qemu-aarch64; then a static glibc program, whose libc.a has
# such pairs too.

t_aarch64 aarch64-linux-gnu-gcc qemu-aarch64

t_write t.s <<'SRC'
	.text
	.globl _start
	.type _start, %function
_start:
	mov x19, #0
	adr x4, buf
	mov x2, #3
	mov x3, #5
	mov x6, #7
	bl m1
	add x19, x19, x0
	bl m2
	add x19, x19, x0
	bl m3
	add x19, x19, x0
	bl m4
	add x19, x19, x0
	and x0, x19, #0xff
	mov x8, #93
	svc #0

	.section .text.a, "ax", %progbits
	.type m1, %function
m1:	ldr x7, [x4]
	madd x0, x2, x3, x6		// fixed: x7 not read
	ldr x2, [x4]
	madd x1, x2, x3, x6		// safe: reads the loaded x2
	str x3, [x4, #8]
	msub x1, x2, x3, x1		// fixed: a store
	ldp x8, x9, [x4]
	smaddl x1, w2, w3, x1		// fixed
	ldp x8, x9, [x4]
	umaddl x1, w9, w3, x1		// safe: reads x9 of the pair
	ret

	.section .text.b, "ax", %progbits
	.type m2, %function
m2:	ldr q0, [x4]
	madd x0, x2, x3, x6		// fixed: SIMD
	ldr x7, [x4]
	mul x1, x2, x3			// a multiply: not fixed
	ldr x7, [x4]
	madd w1, w2, w3, w6		// 32-bit: not fixed
	prfm pldl1keep, [x4]
	umsubl x1, w2, w3, x1		// fixed: a prefetch
	ret
	.type m3, %function
m3:	ldr x7, [x4, #8]!
	smsubl x0, w2, w3, x6		// fixed: writeback
	sub x4, x4, #8
	ret

	.section .text.c, "ax", %progbits
	.type m4, %function
m4:	ldxr x7, [x4]
	madd x0, x2, x3, x6		// fixed: exclusive
	ret
	.word 0x9b031845		// data: not scanned

	.data
	.balign 16
buf:	.quad 1, 2, 3, 4
SRC
$AS -o t.o t.s || t_hard_error "as t.s failed"

# same WHAT GNU MLD [sorted]: code, local symbols and run as GNU ld's.
same() {
  t_same_program "$@" &&
    t_pass "$1: $(grep -c 'veneer_[0-9]*>:' mld.d) veneers, as GNU ld (exit $got)"
}

for opts in "--fix-cortex-a53-835769" \
            "--fix-cortex-a53-835769 --fix-cortex-a53-843419" \
            "--fix-cortex-a53-835769 -Ttext=0x8000000"; do
  $GLD $opts -o gnu.out t.o || t_hard_error "GNU ld $opts failed"
  t_mld -m aarch64linux $opts -o mld.out t.o
  same "$opts" gnu.out mld.out
done
# Without the option nothing moves.
t_mld -m aarch64linux -o plain.out t.o
if $OBJDUMP -d plain.out | grep -q erratum_835769; then
  t_fail "veneers without --fix-cortex-a53-835769"
else
  t_pass "no veneer without the option"
fi

t_write p.c <<'SRC'
#include <stdio.h>
#include <stdlib.h>
long long f(long long *a, long long b, long long c, int n) {
  long long s = 0;
  for (int i = 0; i < n; i++)
    s += a[i] * b + c;
  return s;
}
int main(int argc, char **argv) {
  long long a[8];
  for (int i = 0; i < 8; i++)
    a[i] = atoll(argc > 1 ? argv[1] : "3") + i;
  printf("%lld\n", f(a, 5, 7, 8));
  return 0;
}
SRC
$GCC -O2 -c p.c || t_hard_error "$GCC p.c failed"
$GCC -static -o gnu.exe p.o -Wl,--fix-cortex-a53-835769 ||
  t_hard_error "$GCC -static with GNU ld failed"
T_CC=$GCC t_gcc_mld -static -o mld.exe p.o -Wl,--fix-cortex-a53-835769
same "glibc, -static" gnu.exe mld.exe sorted
t_done
