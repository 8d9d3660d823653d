#!/bin/bash
if [ -z "${BASH_VERSION:-}" ]; then exec bash "$0" "$@"; fi
. "$(dirname "$0")/../lib.sh"
# A tiny object with a 2 GiB-aligned non-allocated section and a 1 GiB
# gap inside .data, and a 4 GiB COMMON in a PROGBITS .bss, make a 6 GiB
# file, but only the bytes written take
# disk space: mld reserves blocks
# for contents, not for alignment gaps (the fuzzer once filled the disk
# with such inputs).  The executable still runs.

t_write big.s <<'SRC'
	.text
	.globl _start
_start:
	mov $60, %eax
	mov $7, %edi
	syscall
	.section .note.big,"",@progbits
	.p2align 31
	.byte 1
	.data
	.quad 1
	.section .data.far,"aw",@progbits
	.p2align 30
	.quad 2
	# .bss made PROGBITS, holding a 4 GiB COMMON: zero-fill, not data
	.section .bss.x,"aw",@progbits
	.quad 5
	.comm huge_common, 0x100000000, 8
SRC
as -o big.o big.s 2>/dev/null || t_hard_error "as failed"
t_mld -static -o out big.o
[ "$T_STATUS" = 0 ] && t_pass "link" || t_fail "link failed"
size=$(stat -c %s out 2>/dev/null || echo 0)
kib=$(du -k out 2>/dev/null | cut -f1)
[ "$size" -gt $((1 << 31)) ] && t_pass "file size $size" || t_fail "file size $size"
[ "${kib:-999999}" -lt 1024 ] && t_pass "disk use ${kib} KiB" ||
  t_fail "disk use ${kib} KiB for a file of $size bytes"
./out
[ $? = 7 ] && t_pass "program runs" || t_fail "program exit status"
rm -f out
t_done
