#!/bin/bash
if [ -z "${BASH_VERSION:-}" ]; then exec bash "$0" "$@"; fi
. "$(dirname "$0")/../lib.sh"
# -r keeps SHF_EXCLUDE sections, flag and all, for the final link to drop
# (GNU ld's ld-elf/exclude3c), and an excluded orphan does not join one of
# its name that is not excluded (ld-elf/pr20528b: two .text.startup).
# mld refused them.  Against GNU ld on x86-64 and AArch64: the sections
# of the -r output, then of an executable linked from it.

cat >a.s <<'SRC'
	.text
	.globl	_start
_start:	.long 0
	.section .foo1,"e",%progbits
	.byte 0,0,0,0
	.section .text.startup,"axe",%progbits
	.byte 1
SRC
cat >b.s <<'SRC'
	.section .text.startup,"ax",%progbits
	.globl	main
main:	.byte 2
SRC
secs() { readelf -SW "$1" | grep '^  \[' | cut -c 7- | awk '{ print $1, $2, $(NF-3), $NF }'; }
checked=0
for arch in x86_64 aarch64; do
  t_target $arch
  $cc -c a.s -o a.o && $cc -c b.s -o b.o || t_hard_error "$cc"
  $ld -r -o gnu.o a.o b.o || t_hard_error "GNU ld -r failed"
  t_mld -r -o mld.o a.o b.o
  if [ "$T_STATUS" = 0 ] && [ "$(secs gnu.o)" = "$(secs mld.o)" ] &&
     [ "$(secs mld.o | grep -c ' E \| AXE ')" = 2 ]; then
    t_pass "$arch -r: GNU ld's sections, the excluded ones kept"
  else
    t_fail "$arch -r: $(diff <(secs gnu.o) <(secs mld.o) | tr '\n' ' ')"
  fi
  $ld -o gnu.out gnu.o || t_hard_error "GNU ld failed"
  t_mld -o mld.out mld.o
  if [ "$T_STATUS" = 0 ] && [ "$(secs gnu.out)" = "$(secs mld.out)" ] &&
     ! secs mld.out | grep -q foo1; then
    t_pass "$arch: the final link drops them, as GNU ld"
  else
    t_fail "$arch final link: $(diff <(secs gnu.out) <(secs mld.out) | tr '\n' ' ')"
  fi
  checked=$((checked + 1))
done
[ $checked = 2 ] || t_fail "only $checked of 2 architectures checked"
t_done
