#!/bin/bash
if [ -z "${BASH_VERSION:-}" ]; then exec bash "$0" "$@"; fi
. "$(dirname "$0")/../lib.sh"
# A branch to a linker-defined symbol out of reach (a --defsym alias of a
# function 130 MiB away) goes through a stub as well.  (GNU ld 2.40 links
# this without a veneer and the program dies with SIGILL.)

for t in aarch64-linux-gnu-as qemu-aarch64; do
  command -v $t >/dev/null || t_skip "$t not found"
done
t_write main.s <<'SRC'
	.text
	.globl _start
_start:
	bl far_alias                  // --defsym far_alias=far_fn
	mov x8, #93
	svc #0
	.section .text.gap,"ax",%nobits
	.skip 130 << 20
SRC
t_write far.s <<'SRC'
	.section .text.far,"ax",%progbits
	.globl far_fn
far_fn:
	mov x0, #7
	ret
SRC
aarch64-linux-gnu-as -o main.o main.s && aarch64-linux-gnu-as -o far.o far.s ||
  t_hard_error "as failed"
t_mld -static -o prog main.o far.o --defsym=far_alias=far_fn
[ "$T_STATUS" = 0 ] && t_pass "link" || t_fail "link failed"
qemu-aarch64 ./prog
[ $? = 7 ] && t_pass "the call reaches far_fn" || t_fail "wrong exit status"
rm -f prog
t_done
