#!/bin/bash
if [ -z "${BASH_VERSION:-}" ]; then exec bash "$0" "$@"; fi
. "$(dirname "$0")/../lib.sh"
# DEFINED (SYM) in a linker script, as GNU ld answers it: a symbol the
# script assigns counts only after its assignment in the walk over the
# script (GNU ld's ld-scripts/defined3), unless an object defines it
# too; COMMON, weak and strong definitions count; undefined and weak
# undefined ones do not (defined6).  mld counted a script's assignment
# anywhere in the script.  On x86-64 and AArch64, against GNU ld: the
# symbols' values (nm).

cat >d.s <<'SRC'
	.text
	.globl	defined, sym2
defined:
	.byte 0
	.data
	.globl	weak_def
	.weak	weak_def
weak_def:
	.byte 0
	.comm	common, 4
	.globl	undef_ref
	.weak	undefweak
	.dc.a	undef_ref, undefweak
SRC
cat >d.ld <<'LD'
before = DEFINED (later) ? later + 1 : 256;
later = DEFINED (later) ? later + 1 : 512;
after = DEFINED (later) ? later + 1 : 1024;
self = !DEFINED (self);
defined_pre = DEFINED (defined);
defined = 1;
common_pre = DEFINED (common);
weak_pre = DEFINED (weak_def);
undef_pre = DEFINED (undef_ref);
undef_ref = 1;
undefweak_pre = DEFINED (undefweak);
undefweak = 1;
in_text = DEFINED (sym2);
SECTIONS {
  .text : { *(.text) sym2 = .; }
  .data : { *(.data) }
  .bss : { *(.bss) *(COMMON) }
}
LD
cat >s.ld <<'LD'
start = DEFINED (start) ? start : 0x900;
undef_ref = 1;
SECTIONS {
  . = start;
  .text : { *(.text) }
  .data : { *(.data) }
  .bss : { *(.bss) *(COMMON) }
}
LD

checked=0
for arch in x86_64 aarch64; do
    t_target $arch
    $cc -c d.s -o d.o || t_hard_error "$cc d.s"
    $ld -T d.ld -o gnu.out d.o >gnu.log 2>&1 || t_hard_error "GNU ld: $(cat gnu.log)"
    t_mld -T d.ld -o mld.out d.o
    expect_success
    nm gnu.out | grep -v ' [\$]' | sort >gnu.n
    nm mld.out | grep -v ' [\$]' | sort >mld.n
    grep -q '^0*200 A later$' gnu.n || t_hard_error "GNU ld: $(cat gnu.n)"
    cmp -s gnu.n mld.n && t_pass "$arch: GNU ld's DEFINED values" ||
        t_fail "$arch: symbols differ: $(diff gnu.n mld.n | tr '\n' ' ')"
    # A --defsym before the script: DEFINED sees it, the script starts
    # from its value, and the symbol is listed once (GNU ld's
    # ld-scripts/default-script1).
    $ld -defsym start=0x800 -T s.ld -o gnu.out d.o >gnu.log 2>&1 ||
        t_hard_error "GNU ld: $(cat gnu.log)"
    t_mld -defsym start=0x800 -T s.ld -o mld.out d.o
    expect_success
    nm -n gnu.out | grep -v ' [\$]' >gnu.n
    nm -n mld.out | grep -v ' [\$]' >mld.n
    cmp -s gnu.n mld.n && t_pass "$arch: --defsym then DEFINED, as GNU ld" ||
        t_fail "$arch: symbols differ: $(diff gnu.n mld.n | tr '\n' ' ')"
    checked=$((checked + 1))
done
[ $checked = 2 ] || t_fail "only $checked of 2 architectures checked"
t_done
