#!/bin/bash
if [ -z "${BASH_VERSION:-}" ]; then exec bash "$0" "$@"; fi
. "$(dirname "$0")/../lib.sh"
# GNU ld's rules for a linker script's expressions, where mld differed
# (GNU ld's ld-scripts/sane1, assign-loc and pr18963 failed):
#   - "." outside output sections is absolute in expressions; a symbol
#     assigned it is relative to its section only in the output, so
#     A + B - C of three such symbols is A - C + B; so is SEGMENT_START,
#     before all sections relative to the first (GNU ld's segment-start);
#   - inside an output section an absolute symbol is a number (relative
#     to the section when assigned there);
#   - ". += X" with X of "."'s own section adds X's offset;
#   - LD_FEATURE ("SANE_EXPR") makes numbers, absolute symbols and
#     arithmetic within one section plain numbers outside sections too;
#   - a section that only moves "." is SHT_NOBITS.
# On x86-64 and AArch64, against GNU ld: the symbols (nm) and the
# sections (readelf -S).

cat >d.s <<'SRC'
	.data
	.globl	d0
d0:	.long	1
SRC
cat >a.ld <<'LD'
seg = SEGMENT_START ("text-segment", 0x10000000);
absym = 0x10;
SECTIONS {
  . = 0x800;
  A = .;
  .text : { *(.text) . = 0x100; }
  B = .;
  .data : {
    d1 = 4;
    . += d1 + 5 << 2;
    d2 = .;
    x = absym;
    y = absym + 1;
    *(.data)
    . = 0x100;
  }
  C = .;
  D = A - C + B;
  E = A + B - C;
  F = d2 - d1;
  G = d2 % 5;
  .heap : { . = 0x40; }
  /DISCARD/ : { *(.comment) *(.note*) }
}
LD
{ echo 'LD_FEATURE ("SANE_EXPR")'; cat a.ld; } >sane.ld

checked=0
for arch in x86_64 aarch64; do
    t_target $arch
    $cc -c d.s -o d.o || t_hard_error "$cc d.s"
    for script in a.ld sane.ld; do
        $ld -T $script -o gnu.out d.o >gnu.log 2>&1 ||
            t_hard_error "GNU ld: $(cat gnu.log)"
        t_mld -T $script -o mld.out d.o
        expect_success
        nm gnu.out | grep -v ' [\$]' | sort >gnu.n
        nm mld.out | grep -v ' [\$]' | sort >mld.n
        grep -q '^0*700 A E$' gnu.n || t_hard_error "GNU ld: $(cat gnu.n)"
        cmp -s gnu.n mld.n && t_pass "$arch $script: GNU ld's values" ||
            t_fail "$arch $script: symbols differ: $(diff gnu.n mld.n | tr '\n' ' ')"
        readelf -SW gnu.out | sed -n 's/^ *\[ *[0-9]*\] \.heap *\([A-Z]*\).*/\1/p' >gnu.s
        readelf -SW mld.out | sed -n 's/^ *\[ *[0-9]*\] \.heap *\([A-Z]*\).*/\1/p' >mld.s
        [ "$(cat gnu.s)" = NOBITS ] || t_hard_error "GNU ld's .heap: $(cat gnu.s)"
        cmp -s gnu.s mld.s && t_pass "$arch $script: .heap is $(cat gnu.s)" ||
            t_fail "$arch $script: .heap: GNU ld $(cat gnu.s), mld $(cat mld.s)"
    done
    checked=$((checked + 1))
done
[ $checked = 2 ] || t_fail "only $checked of 2 architectures checked"
t_done
