#!/bin/bash
if [ -z "${BASH_VERSION:-}" ]; then exec bash "$0" "$@"; fi
. "$(dirname "$0")/../lib.sh"
# A relocation whose value does not fit its field is an error naming the
# file, the section and offset, the relocation, the symbol and the value
# (GNU ld's "relocation truncated to fit" and its words for the symbol:
# an absolute one is "defined in *ABS* section in" the output), and no
# executable is written.

t_write far.s <<'SRC'
	.text
	.globl _start
_start:
	movl far(%rip), %eax          # R_X86_64_PC32: 4 GiB away
	movl $far, %ebx               # R_X86_64_32: 0x100000000 > 2^32-1
	movq near, %rcx               # R_X86_64_32S: in range
	jmp _start
	.data
	.long near                    # R_X86_64_32: in range
SRC
as -o far.o far.s || t_hard_error "as failed"

t_mld -static -o out far.o --defsym=far=0x100000000 --defsym=near=0x1000
expect_failure
expect_first_line_prefix "mld: error:"
expect_error_re "far\.o:\(\.text\+0x2\): relocation truncated to fit: R_X86_64_PC32 against symbol \`far' defined in \*ABS\* section in out"
expect_error_re "far\.o:\(\.text\+0x7\): relocation truncated to fit: R_X86_64_32 against symbol \`far' defined in \*ABS\* section in out \(value 0x100000000"
if grep -q "near" "$T/stderr.txt" 2>/dev/null; then
  t_fail "an in-range relocation was reported"
else
  t_pass "in-range relocations are not reported"
fi
expect_no_file out

# R_X86_64_16 and R_X86_64_8 take what GNU ld's bitfields take, -2^n to
# 2^n - 1 (an address that wraps), so enter's operands of "zero - 0xff00"
# link (GNU's ld-x86-64/abs); one more below is the error.  mld allowed
# only -2^(n-1).
t_need_ld_bfd_x86_64
printf '.text\n.globl _start\n_start:\n enter $zero + 0xff00, $zero + 0xf0\n enter $zero - 0xff00, $zero - 0xf0\n .word zero - 0x10000\n .byte zero - 0x100\n' >bits.s
printf '.globl zero\n.equiv zero, 0\n' >zero.s
as -o bits.o bits.s && as -o zero.o zero.s || t_hard_error "as failed"
ld.bfd -o g.out bits.o zero.o || t_hard_error "GNU ld failed"
t_mld -o m.out bits.o zero.o
objdump -s -j .text g.out | tail -n +5 >g.text
objdump -s -j .text m.out | tail -n +5 >m.text
t_same "16- and 8-bit fields from -2^n" g.text m.text "$(head -1 m.text)"
for v in ".word zero - 0x10001" ".byte zero - 0x101"; do
    printf '.text\n.globl _start\n_start:\n %s\n' "$v" >over.s
    as -o over.o over.s || t_hard_error "as failed"
    ld.bfd -o g.out over.o zero.o 2>/dev/null && t_hard_error "GNU ld linked $v"
    t_mld -o m.out over.o zero.o
    expect_failure
    expect_error "relocation truncated to fit"
done

t_done
