#!/bin/bash
if [ -z "${BASH_VERSION:-}" ]; then exec bash "$0" "$@"; fi
. "$(dirname "$0")/../lib.sh"
# AArch64 TLS offsets of an undefined weak symbol, as GNU ld makes them
# (implementation-defined): local-dynamic offsets and checked local-exec
# loads and stores take the place itself as their value, with GNU ld's
# warning for each; a checked 12-bit field then overflows, an error in
# GNU ld's words with the function it is in.  Other local-exec offsets
# are 0, without a warning.  mld wrote 0 everywhere, silently.  Compared
# with GNU ld: the warnings, the error, and where the link succeeds the
# code.

t_aarch64

t_write ok.s <<'SRC'
	.text
	.globl get
	.type get, %function
get:	mrs x0, tpidr_el0
	add x0, x0, #:tprel_hi12:wtls, lsl #12
	add x0, x0, #:tprel_lo12_nc:wtls
	add x0, x0, #:dtprel_hi12:wdtl
	add x0, x0, #:dtprel_lo12_nc:wdtl
	movz x1, #:dtprel_g1:wdtl
	movk x1, #:dtprel_g0_nc:wdtl
	ldr x2, [x0, #:tprel_lo12_nc:wtls]
	ret
	.size get, .-get
	.weak wtls, wdtl
SRC
{ sed '/ret/d; /\.size/d; /\.weak/d' ok.s
  printf '\tadd x0, x0, #:dtprel_lo12:wdtl\n\tret\n\t.size get, .-get\n\t.weak wtls, wdtl\n'
} >bad.s
for f in ok bad; do $AS -o $f.o $f.s || t_hard_error "as $f.s failed"; done

$GLD -e0 -o gnu.out ok.o 2>gnu.err || t_hard_error "GNU ld ok.o failed"
t_mld -m aarch64linux -e0 -o mld.out ok.o
want=$(grep -c 'Weak TLS is implementation defined' gnu.err)
got=$(grep -c 'Weak TLS is implementation defined and may not work as expected' stderr.txt)
if [ "$T_STATUS" = 0 ] && [ "$got" = "$want" ] && [ "$want" -gt 0 ]; then
  t_pass "ok.o: $got warnings, as GNU ld"
else
  t_fail "ok.o: status $T_STATUS, $got warnings, GNU ld $want"
fi
$OBJDUMP -d gnu.out | tail -n +3 >gnu.d
$OBJDUMP -d mld.out | tail -n +3 >mld.d
if cmp -s gnu.d mld.d; then
  t_pass "ok.o: the code is GNU ld's"
else
  diff gnu.d mld.d | head -20
  t_fail "ok.o: the code is not GNU ld's"
fi

# --fix-cortex-a53-843419 relocates a section with an erratum site once
# more to plan its fix: the warnings are still given once each.
t_write e.s <<'SRC'
	.text
	.balign 4096
	.skip 0xff8
	.globl e
	.type e, %function
e:	adrp x0, data
	ldr x1, [x0, #:lo12:data]
	ldr x0, [x0, #:lo12:data]
	add x0, x0, #:dtprel_lo12_nc:wdtl
	ret
	.weak wdtl
	.data
data:	.xword 0
SRC
$AS -o e.o e.s || t_hard_error "as e.s failed"
$GLD --fix-cortex-a53-843419 -e0 -o gnu.e e.o 2>gnu.err ||
  t_hard_error "GNU ld e.o failed"
t_mld -m aarch64linux --fix-cortex-a53-843419 -e0 -o mld.e e.o
want=$(grep -c 'Weak TLS is implementation defined' gnu.err)
got=$(grep -c 'Weak TLS is implementation defined' stderr.txt)
if [ "$T_STATUS" = 0 ] && [ "$got" = "$want" ] && [ "$want" = 1 ]; then
  t_pass "e.o with --fix-cortex-a53-843419: one warning, as GNU ld"
else
  t_fail "e.o with --fix-cortex-a53-843419: status $T_STATUS, $got warnings, GNU ld $want"
fi

$GLD -e0 -o gnu.bad bad.o 2>gnu.err && t_hard_error "GNU ld linked bad.o"
t_mld -m aarch64linux -e0 -o mld.bad bad.o
expect_failure
expect_error "in function \`get'" "relocation truncated to fit: R_AARCH64_TLSLD_ADD_DTPREL_LO12 against undefined symbol \`wdtl'"
expect_no_file mld.bad
t_done
