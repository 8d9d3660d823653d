#!/bin/bash
if [ -z "${BASH_VERSION:-}" ]; then exec bash "$0" "$@"; fi
. "$(dirname "$0")/../lib.sh"
# AArch64 symbols marked .variant_pcs (STO_AARCH64_VARIANT_PCS in
# st_other) keep the mark in the output's .symtab, defined or undefined,
# local (hidden) or global, and it comes from any input that has it (GNU
# ld ORs it in); mld dropped it from a -r output's undefined symbols (GNU
# ld's ld-aarch64/variant_pcs-r) and from every symbol of an executable.
# The symbol tables of both linkers' outputs are compared.

t_aarch64
t_write a.s <<'SRC'
	.text
	.variant_pcs ext
	.variant_pcs both
	.globl f, both
	.type f, %function
	.variant_pcs f
f:	bl ext
	bl plain
	bl both
	ret
SRC
t_write b.s <<'SRC'
	.text
	.globl both
	.type both, %function
both:	bl plain
	ret
SRC
t_write c.s <<'SRC'
	.text
	.globl ext, plain
	.hidden plain
	.variant_pcs plain
ext:	ret
plain:	ret
	.weak w
	.variant_pcs w
	adrp x0, :got:w
SRC
for f in a b c; do $AS -o $f.o $f.s || t_hard_error "as $f.s failed"; done
for order in "a.o b.o" "b.o a.o"; do
  $GLD -r -o gnu.o $order || t_hard_error "GNU ld -r $order failed"
  t_mld -m aarch64linux -r -o mld.o $order
  readelf -sW gnu.o | awk 'NR > 3 {$1 = ""; print}' >gnu.sym
  readelf -sW mld.o | awk 'NR > 3 {$1 = ""; print}' >mld.sym
  t_same "-r $order" gnu.sym mld.sym \
    "$(grep -c VARIANT_PCS mld.sym) symbols marked"
done
for order in "a.o b.o c.o" "c.o b.o a.o"; do
  $GLD -e f -o gnu.out $order || t_hard_error "GNU ld $order failed"
  t_mld -m aarch64linux -e f -o mld.out $order
  readelf -sW gnu.out | awk 'NR > 3 {$1 = ""; print}' | sort >gnu.sym
  readelf -sW mld.out | awk 'NR > 3 {$1 = ""; print}' | sort >mld.sym
  t_same "$order" gnu.sym mld.sym \
    "$(grep -c VARIANT_PCS mld.sym) symbols marked"
done
t_done
