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

t_done
