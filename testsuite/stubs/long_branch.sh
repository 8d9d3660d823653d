#!/bin/bash
if [ -z "${BASH_VERSION:-}" ]; then exec bash "$0" "$@"; fi
. "$(dirname "$0")/../lib.sh"
# AArch64 range-extension stubs as GNU ld lays them out: a branch whose
# target is beyond 4 GiB of its stub gets GNU ld's long-branch stub (the
# target's offset in a doubleword: ldr, adr, add, br), which mld could not
# make ("stub cannot reach"); several stubs in one stub section come in
# GNU ld's order (its stub hash table's), global and local targets,
# calls and jumps, back and forth (GNU ld's ld-aarch64/farcall-back and
# farcall-b-section).  The code and the stub symbols must be GNU ld's;
# the program runs the same under qemu-aarch64.

t_aarch64 qemu-aarch64

t_write t.s <<'SRC'
	.text
	.globl _start
	.type _start, %function
_start:	mov x19, #0
	bl near1
	add x19, x19, x0
	bl far1
	add x19, x19, x0
	bl far2
	add x19, x19, x0
	bl local_far
	add x19, x19, x0
	mov x0, x19
	mov x8, #93
	svc #0
	.type back, %function
back:	mov x0, #5
	ret

	.section .near, "ax", %progbits
	.globl near1
	.type near1, %function
near1:	mov x0, #1
	ret

	.section .far, "ax", %progbits
	.globl far1, far2
	.type far1, %function
far1:	mov x0, #10
	ret
	.type far2, %function
far2:	mov x0, #20
	ret
	.type local_far, %function
local_far:	b back
SRC
$AS -o t.o t.s || t_hard_error "as t.s failed"
for place in "--section-start .near=0x100000000 --section-start .far=0x200000000" \
             "--section-start .near=0x8400000 --section-start .far=0x300000000"; do
  $GLD -Ttext 0x400000 $place -o gnu.out t.o || t_hard_error "GNU ld $place failed"
  t_mld -m aarch64linux -Ttext 0x400000 $place -o mld.out t.o
  if t_same_program "$place" gnu.out mld.out; then
    if [ "$got" = 36 ]; then
      t_pass "$place: $(grep -c 'ldr	x16' mld.d) long and $(grep -c 'adrp	x16' mld.d) short stubs, as GNU ld (exit $got)"
    else
      t_fail "$place: both programs exit $got, 36 expected"
    fi
  fi
done
t_done
