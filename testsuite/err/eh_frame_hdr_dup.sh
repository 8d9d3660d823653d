#!/bin/bash
if [ -z "${BASH_VERSION:-}" ]; then exec bash "$0" "$@"; fi
. "$(dirname "$0")/../lib.sh"
# FDEs whose pc_begin carries two relocations get one .eh_frame_hdr
# entry each: the table once overran its section into .eh_frame.

N=200
{
  printf '.text\n.globl _start\n_start:\n  mov $60,%%eax\n  xor %%edi,%%edi\n  syscall\n'
  for ((i = 0; i < N; i++)); do echo "f$i: ret"; done
  cat <<'CIE'
.section .eh_frame,"a",@progbits
cie: .long cie_end - cie_start
cie_start: .long 0
.byte 1
.asciz "zR"
.uleb128 1
.sleb128 -8
.uleb128 16
.uleb128 1
.byte 0x1b
.byte 0xc,7,8
.balign 8
cie_end:
CIE
  for ((i = 0; i < N; i++)); do
    printf 'fde%d: .long fde%d_end - fde%d_start\n' $i $i $i
    printf 'fde%d_start: .long fde%d_start - cie\n.long f%d - .\n' $i $i $i
    printf '.long 1\n.uleb128 0\n.balign 8\nfde%d_end:\n' $i
    printf '.reloc fde%d+8, R_X86_64_PC32, f%d\n' $i $i
  done
} >dup.s
as -o dup.o dup.s || t_hard_error "as failed"
t_mld -static --eh-frame-hdr -o out dup.o
[ "$T_STATUS" = 0 ] && t_pass "link" || t_fail "link failed"
count=$(readelf -x .eh_frame_hdr out | awk 'NR == 3 {print $4}')
[ "$count" = "c8000000" ] && t_pass "fde_count 200" || t_fail "fde_count bytes '$count'"
if readelf --debug-dump=frames out 2>&1 | grep -q "cie=invalid\|Warning"; then
  t_fail ".eh_frame is damaged"
else
  t_pass ".eh_frame reads back"
fi
t_done
