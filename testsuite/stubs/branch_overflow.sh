#!/bin/bash
if [ -z "${BASH_VERSION:-}" ]; then exec bash "$0" "$@"; fi
. "$(dirname "$0")/../lib.sh"
# Only B and BL get range-extension stubs (as in GNU ld): an out-of-range
# B.cond (R_AARCH64_CONDBR19), TBZ (R_AARCH64_TSTBR14) or LDR literal
# (R_AARCH64_LD_PREL_LO19) is an error naming the file, the section and
# offset, the relocation and the symbol, and no executable is written.

command -v aarch64-linux-gnu-as >/dev/null || t_skip "no aarch64-linux-gnu-as"
t_write far.s <<'SRC'
	.text
	.globl _start
_start:
	b.eq far                      // CONDBR19: +-1 MiB
	tbz x0, #1, far               // TSTBR14: +-32 KiB
	ldr x1, far                   // LD_PREL_LO19: +-1 MiB
	tbz x0, #1, near
	bl far                        // a stub
near:	ret
	.section .text.gap, "ax", %nobits
	.skip 2 << 20
	.section .text.far, "ax", %progbits
far:	ret
SRC
aarch64-linux-gnu-as -o far.o far.s 2>/dev/null || t_hard_error "as failed"
t_mld -static -o out far.o
expect_failure
expect_first_line_prefix
expect_error_re "far\.o:\(\.text\+0x0\): relocation truncated to fit: R_AARCH64_CONDBR19 against \`\.text\.far'"
expect_error_re "far\.o:\(\.text\+0x4\): relocation truncated to fit: R_AARCH64_TSTBR14 against \`\.text\.far'"
expect_error_re "far\.o:\(\.text\+0x8\): relocation truncated to fit: R_AARCH64_LD_PREL_LO19 against \`\.text\.far'"
if grep -q "0xc\|0x10\|CALL26" stderr.txt; then
    t_fail "an in-range relocation or the BL was reported"
else
    t_pass "in-range TBZ and the BL are not reported"
fi
expect_no_file out
t_done
