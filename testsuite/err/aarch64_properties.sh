#!/bin/bash
if [ -z "${BASH_VERSION:-}" ]; then exec bash "$0" "$@"; fi
. "$(dirname "$0")/../lib.sh"
# AArch64 .note.gnu.property merged as GNU ld merges it: within one input,
# a property given by several notes is the OR of them (bfd's
# _bfd_aarch64_elf_parse_gnu_properties); across inputs, the feature bits
# are ANDed.  An input with a PAC note and a BTI note, linked with one
# that has BTI, makes an output with BTI (GNU ld's "GNU Property (combine
# multiple with BTI)"); mld ANDed the notes one by one and wrote none.
# Against GNU ld: readelf -n, in both orders.  Then -z force-bti, which
# mld refused.  The PLT such an output gets: options/aarch64_bti_plt.sh.

t_aarch64

# note FEATURES: one .note.gnu.property note of AArch64 feature bits.
note() {
  printf '\t.section .note.gnu.property, "a"\n\t.p2align 3\n'
  printf '\t.long 4, 16, 5\n\t.asciz "GNU"\n'
  printf '\t.long 0xc0000000, 4, %s, 0\n' "$1"
}
{ printf '\t.text\n\t.globl _start\n_start:\tret\n'; note 2; note 1; } >two.s
{ printf '\t.text\n\t.globl f\nf:\tret\n'; note 1; } >bti.s
{ printf '\t.text\n\t.globl g\ng:\tret\n'; note 3; note 0; } >both.s
for f in two bti both; do
  $AS -o $f.o $f.s || t_hard_error "as $f.s failed"
done
for objs in "two.o bti.o" "bti.o two.o" "two.o both.o" "two.o"; do
  $GLD -e _start -o gnu.out $objs || t_hard_error "GNU ld $objs failed"
  t_mld -e _start -o mld.out $objs
  want=$(readelf -n gnu.out | grep Properties)
  got=$(readelf -n mld.out | grep Properties)
  if [ "$T_STATUS" = 0 ] && [ "$got" = "$want" ]; then
    t_pass "$objs: ${got:-no properties}, as GNU ld"
  else
    t_fail "$objs: GNU ld '${want}', mld '${got}'"
  fi
done

# -z force-bti: BTI in the output whatever the inputs say; GNU ld warns
# about the first input with a property note (else the last input) if it
# lacks BTI, and about no other.
{ printf '\t.text\n\t.globl h\nh:\tret\n'; } >none.s
$AS -o none.o none.s || t_hard_error "as none.s failed"
for objs in "none.o" "two.o none.o" "none.o bti.o" "bti.o none.o both.o"; do
  $GLD -z force-bti -e _start -o gnu.out $objs 2>gnu.err ||
    t_hard_error "GNU ld -z force-bti $objs failed"
  t_mld -z force-bti -e _start -o mld.out $objs
  want="$(readelf -n gnu.out | grep Properties) $(readelf -lW gnu.out | grep GNU_PROPERTY) $(grep -o '[^ ]*: warning: BTI turned on.*' gnu.err)"
  got="$(readelf -n mld.out | grep Properties) $(readelf -lW mld.out | grep GNU_PROPERTY) $(grep -o '[^ ]*: warning: BTI turned on.*' stderr.txt)"
  if [ "$T_STATUS" = 0 ] && [ "$got" = "$want" ]; then
    t_pass "-z force-bti $objs: as GNU ld ($(grep -c 'BTI turned' stderr.txt) warning)"
  else
    t_fail "-z force-bti $objs: GNU ld '$want', mld '$got'"
  fi
done
t_done
