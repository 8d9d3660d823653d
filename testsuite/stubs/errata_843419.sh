#!/bin/bash
if [ -z "${BASH_VERSION:-}" ]; then exec bash "$0" "$@"; fi
. "$(dirname "$0")/../lib.sh"
# --fix-cortex-a53-843419 (lib/errata.c) against GNU ld: hand-written code
# puts an ADRP at page offset 0xff8 or 0xffc, followed by the load/store
# sequences of the erratum, in sections of their own:
#   .text.e1  ADRP at 0xff8, LDR, LDR [Xn]: the page is near, the ADRP
#             becomes an ADR
#   .text.e2  ADRP at 0xffc, STR, ADD, LDR [Xn]: the page is 2 MiB away,
#             out of ADR's reach, so the LDR becomes a branch to a veneer
#   .text.e3  ADRP at 0xff8 followed by ADD: no erratum, left alone
#   .text.e4  a TLS initial-exec ADRP at 0xffc, which the link relaxes to
#             local-exec MOVZ: GNU ld keeps the veneer slot it sized before
#             relaxing (a zero word and a branch back) but neither branches
#             to it nor names it (never called: qemu sets up no TLS here)
# mld's and GNU ld's executables must disassemble the same (both add a
# 4 KiB stub section after .text.e1 and .text.e2) and exit the same.  Then
# =adrp (veneers only) and =adr (ADR only: e2 cannot be fixed, GNU ld's
# error; without e2 and e4, no veneer room at all).

t_aarch64 qemu-aarch64

t_write e.s <<'SRC'
	.text
	.globl _start
	.type _start, %function
_start:
	bl e1
	mov x19, x0
	bl e2
	add x19, x19, x0
	bl e3
	add x0, x19, x0
	mov x8, #93
	svc #0

	.section .text.e1, "ax", %progbits
	.balign 4096
	.skip 0xff8
	.type e1, %function
e1:	adrp x0, near_data
	ldr x1, [x0, #:lo12:near_data]
	ldr x0, [x0, #:lo12:near_data]
	ret

	.section .text.e2, "ax", %progbits
	.balign 4096
	.skip 0xffc
	.type e2, %function
e2:	adrp x2, far_data
	str xzr, [sp, #-16]
	add x3, x3, #1
	ldr x0, [x2, #:lo12:far_data]
	ret

	.section .text.e3, "ax", %progbits
	.balign 4096
	.skip 0xff8
	.type e3, %function
e3:	adrp x0, near_data
	add x0, x0, #:lo12:near_data
	ldr x0, [x0]
	ret

	.section .text.e4, "ax", %progbits
	.balign 4096
	.skip 0xff8
	.type e4, %function
e4:	mrs x1, tpidr_el0
	adrp x0, :gottprel:tv
	ldr x0, [x0, #:gottprel_lo12:tv]
	add x0, x1, x0
	ldr w0, [x0]
	ret

	.section .tbss, "awT", %nobits
	.p2align 2
tv:	.skip 4

	.data
	.p2align 3
near_data:
	.quad 5
	.bss
	.skip 2 << 20
far_data:
	.skip 8
SRC
$AS -o e.o e.s || t_hard_error "as failed"
$GLD -static --fix-cortex-a53-843419 -o e.gnu e.o || t_hard_error "GNU ld failed"
t_mld -static --fix-cortex-a53-843419 -o e.mld e.o --stats
expect_stderr "erratum 843419 sites 3"
# mld pads between code sections with zeros where GNU ld writes NOPs (not
# a part of this fix), so runs of NOPs and of zeros are left out.  GNU ld
# names a used veneer e843419@BFD_SECTION_OFFSET after its internal
# numbers of files and sections, which mld works out as GNU ld makes them.
dump() {
    $OBJDUMP -d "$1" | sed 1,3d | grep -v 'd503201f 	nop$' |
        grep -v '^	\.\.\.$'
}
dump e.gnu >gnu.d
dump e.mld >mld.d
if diff gnu.d mld.d >dump.diff; then
    t_pass "objdump -d is the same as GNU ld's"
else
    t_fail "objdump -d differs from GNU ld's:"
    head -40 dump.diff
fi
# The veneer symbols GNU ld writes (one: e2's), and no more.
g=$(readelf -sW e.gnu | grep -c ' e843419@')
m=$(readelf -sW e.mld | grep -c ' e843419@')
[ "$g" = "$m" ] && [ "$m" = 1 ] && t_pass "one veneer symbol, as GNU ld writes" ||
    t_fail "veneer symbols: GNU ld $g, mld $m (1 expected)"
# The two fixes, as GNU ld makes them.
$OBJDUMP -d e.mld | grep -q 'ff8:.*adr	x0, ' && t_pass "ADRP at 0xff8 became ADR" ||
    t_fail "no ADR at 0xff8"
$OBJDUMP -d e.mld | grep -q 'b	[0-9a-f]* <e2+0x[0-9a-f]*>$' && t_pass "the LDR branches to its veneer" ||
    t_fail "no branch to the veneer"
qemu-aarch64 ./e.gnu; g=$?
qemu-aarch64 ./e.mld; m=$?
[ "$g" = "$m" ] && [ "$m" = 10 ] && t_pass "both exit with 10" ||
    t_fail "GNU ld's program exits with $g, mld's with $m (10 expected)"
# =adrp: veneers only, even where an ADR would do (e1's LDR branches to
# a veneer too); the same code as GNU ld's, and the same exit.
$GLD -static --fix-cortex-a53-843419=adrp -o p.gnu e.o ||
    t_hard_error "GNU ld =adrp failed"
t_mld -static --fix-cortex-a53-843419=adrp -o p.mld e.o
dump p.gnu >gnu.d
dump p.mld >mld.d
$OBJDUMP -d p.gnu | grep -q 'ff8:.*adrp	x0, ' ||
    t_hard_error "GNU ld's =adrp output is not what this test expects"
if [ "$T_STATUS" = 0 ] && diff gnu.d mld.d >dump.diff; then
    t_pass "=adrp: objdump -d is the same as GNU ld's"
else
    t_fail "=adrp: differs from GNU ld's:"
    head -20 dump.diff
fi
qemu-aarch64 ./p.gnu; g=$?
qemu-aarch64 ./p.mld; m=$?
[ "$g" = "$m" ] && [ "$m" = 10 ] && t_pass "=adrp: both exit with 10" ||
    t_fail "=adrp: GNU ld's program exits with $g, mld's with $m"
# =adr: ADR only, no veneer room: e2's page is out of ADR's reach, which
# is GNU ld's error; without e2 (and e4) the link is GNU ld's, with no
# stub section.
$GLD -static --fix-cortex-a53-843419=adr -o a.gnu e.o 2>/dev/null &&
    t_hard_error "GNU ld =adr linked e2"
t_mld -static --fix-cortex-a53-843419=adr -o a.mld e.o
expect_failure
expect_error "out of range for ADR (input file too large) and --fix-cortex-a53-843419=adr used"
expect_no_file a.mld
# (GNU ld 2.40 =adr aborts on e4's relaxed ADRP: left out too.)
sed -e '/^	bl e2$/d' -e '/^	.section .text.e2/,/^	ret$/d' \
    -e '/^	.section .text.e4/,/^	ret$/d' e.s >n.s
$AS -o n.o n.s || t_hard_error "as n.s failed"
$GLD -static --fix-cortex-a53-843419=adr -o n.gnu n.o || t_hard_error "GNU ld =adr failed"
t_mld -static --fix-cortex-a53-843419=adr -o n.mld n.o
dump n.gnu >gnu.d
dump n.mld >mld.d
if [ "$T_STATUS" = 0 ] && diff gnu.d mld.d >dump.diff &&
   cmp -s <(readelf -SW n.gnu | grep -c PROGBITS) <(readelf -SW n.mld | grep -c PROGBITS); then
    t_pass "=adr: objdump -d is the same as GNU ld's"
else
    t_fail "=adr: differs from GNU ld's:"
    head -20 dump.diff
fi
# The veneer's name counts the files and sections before its own as GNU
# ld numbers them: an object with a COMMDAT group first, the same in an
# archive (opened, then its member) before or after.
printf '\t.text\n\t.globl foo\nfoo:\tret\n\t.data\n\t.word 1\n\t.section .x,"a"\n\t.word 2\n\t.section .text.y,"axG",%%progbits,grp,comdat\n\tret\n' >first.s
printf '\t.text\n\t.balign 0x1000\n\t.globl _start\n_start:\t.skip 0xffc\n\tadrp x0, _start + 0x8000\n\tstr x2, [x2]\n\tmov x2, #0\n\tldr x1, [x0, #0x40]\n\tret\n' >site.s
$AS -o first.o first.s && $AS -o site.o site.s || t_hard_error "as failed"
ar rcs libfirst.a first.o
for objs in "first.o site.o" "site.o libfirst.a -u foo" "libfirst.a site.o -u foo"; do
  $GLD -Ttext=0x400000 --fix-cortex-a53-843419=adrp -o o.gnu $objs ||
    t_hard_error "GNU ld $objs failed"
  t_mld -Ttext=0x400000 --fix-cortex-a53-843419=adrp -o o.mld $objs
  want=$(readelf -sW o.gnu | grep -o 'e843419@.*')
  got=$(readelf -sW o.mld | grep -o 'e843419@.*')
  if [ -n "$want" ] && [ "$got" = "$want" ]; then
    t_pass "$objs: $got, as GNU ld names it"
  else
    t_fail "$objs: GNU ld's veneer '$want', mld's '$got'"
  fi
done
# Without the flag nothing changes.
t_mld -static -o e0.mld e.o
$OBJDUMP -d e0.mld | grep -q 'ff8:.*adrp	x0, ' && t_pass "no fix without the flag" ||
    t_fail "fixed without the flag"
t_done
