#!/bin/bash
if [ -z "${BASH_VERSION:-}" ]; then exec bash "$0" "$@"; fi
. "$(dirname "$0")/../lib.sh"
# GOT loads of an undefined weak symbol (0 in a static executable) are
# rewritten as GNU ld rewrites them: every R_X86_64_[REX_]GOTPCRELX form
# (mov, test, binop, call, jmp) uses 0 directly and a plain
# R_X86_64_GOTPCREL mov becomes lea 0(%rip); no GOT entry is left.  The code
# must be byte for byte GNU ld's, and the GOT as large.

t_write uw.s <<'SRC'
	.text
	.globl _start
	.weak wk
_start:
	movq wk@GOTPCREL(%rip), %rax
	movl wk@GOTPCREL(%rip), %ecx
	testq %rax, wk@GOTPCREL(%rip)
	cmpq wk@GOTPCREL(%rip), %rdx
	addq wk@GOTPCREL(%rip), %r9
	xorq wk@GOTPCREL(%rip), %r12
	call *wk@GOTPCREL(%rip)
	jmp *wk@GOTPCREL(%rip)
	cmpq $0, wk@GOTPCREL(%rip)
	.section .note.GNU-stack,"",@progbits
SRC
t_write uw2.s <<'SRC'
	.text
	.globl f2
	.weak wk2
f2:
	movq wk2@GOTPCREL(%rip), %rax
	cmpq $0, wk2@GOTPCREL(%rip)
	ret
	.section .note.GNU-stack,"",@progbits
SRC
as -o uw.o uw.s && as -mrelax-relocations=no -o uw2.o uw2.s ||
  t_hard_error "as failed"
ld.bfd -o ref uw.o uw2.o 2>/dev/null || t_hard_error "ld.bfd failed"
t_mld -o out uw.o uw2.o
code() { objdump -d "$1" | sed -n '/<_start>:/,$p' | cut -f2 | tr -d ' \n'; }
gotsize() { readelf -SW "$1" | awk '$2 == ".got" {print $6}'; }
[ "$T_STATUS" = 0 ] && [ "$(code out)" = "$(code ref)" ] &&
  t_pass "the code is GNU ld's" || t_fail "code differs from GNU ld's"
[ "$(gotsize out)" = "$(gotsize ref)" ] &&
  t_pass ".got size '$(gotsize ref)' as GNU ld's" ||
  t_fail ".got size mld '$(gotsize out)', GNU ld '$(gotsize ref)'"
t_done
