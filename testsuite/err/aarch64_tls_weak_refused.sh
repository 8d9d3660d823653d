#!/bin/bash
if [ -z "${BASH_VERSION:-}" ]; then exec bash "$0" "$@"; fi
. "$(dirname "$0")/../lib.sh"
# AArch64 TLS descriptors against an undefined weak TLS symbol (gcc's
# default -mtls-dialect=desc with -fPIC, or the -mcmodel=tiny sequence
# ldr x1, :tlsdesc:v; adr x0, :tlsdesc:v; blr x1) make GNU ld 2.40 crash
# with a segmentation fault, and the tiny general-dynamic sequence
# (adr x0, :tlsgd:v; bl __tls_get_addr) it links into a call passing
# the code's own address; mld refuses them with an error naming the
# relocation and the symbol, and writes no executable.

command -v aarch64-linux-gnu-gcc >/dev/null || t_skip "no aarch64-linux-gnu-gcc"
t_write main.c <<'SRC'
extern __thread int v __attribute__((weak));
int *addr(void) { return &v; }
int main(void) { return addr() != 0; }
SRC
T_CC=aarch64-linux-gnu-gcc t_compile main.c -fPIC -mtls-dialect=desc \
  -ftls-model=global-dynamic
t_write tiny.s <<'SRC'
	.weak v
	.text
	.globl tiny
tiny:
	ldr x1, :tlsdesc:v
	adr x0, :tlsdesc:v
	.tlsdesccall v
	blr x1
	adr x0, :tlsgd:v
	bl __tls_get_addr
	nop
	ret
SRC
aarch64-linux-gnu-as -o tiny.o tiny.s || t_hard_error "as failed"

T_CC=aarch64-linux-gnu-gcc t_gcc_mld -static -o out main.o tiny.o
expect_failure
expect_first_line_prefix "mld: error:"
expect_error "main.o:(.text+0x" "R_AARCH64_TLSDESC_ADR_PAGE21 against" \
  "undefined weak TLS symbol 'v' is not supported"
expect_error "tiny.o:(.text+0x0): R_AARCH64_TLSDESC_LD_PREL19 against" \
  "undefined weak TLS symbol 'v' is not supported"
expect_error "tiny.o:(.text+0xc): R_AARCH64_TLSGD_ADR_PREL21 against" \
  "undefined weak TLS symbol 'v' is not supported"
if grep -c "not supported" "$T/stderr.txt" | grep -qx 3; then
  t_pass "one error per sequence"
else
  t_fail "expected exactly three errors, one per sequence"
fi
expect_no_file out

t_done
