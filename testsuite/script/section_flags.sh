#!/bin/bash
if [ -z "${BASH_VERSION:-}" ]; then exec bash "$0" "$@"; fi
. "$(dirname "$0")/../lib.sh"
# INPUT_SECTION_FLAGS (FLAG & !FLAG ...) before an input description:
# only the sections with the flags, and without the negated ones, match
# it; the others go to the descriptions after it (GNU ld's
# ld-scripts/section-flags-1 and -2: mld refused the command).  KEEP's
# inside takes it too; an unknown flag is an error.  On x86-64 and
# AArch64, against GNU ld: which output section each symbol is in (nm)
# and the sections (readelf -S).

cat >f.s <<'SRC'
	.section .x.w,"aw"
	.globl	in_w
in_w:	.long 1
	.section .x.r,"a"
	.globl	in_r
in_r:	.long 2
	.section .x.wx,"awx"
	.globl	in_wx
in_wx:	.long 3
	.text
	.globl	_start
_start:	.long 0
SRC
cat >f.ld <<'LD'
SECTIONS {
  .text : { *(.text) }
  .rw : { INPUT_SECTION_FLAGS (SHF_WRITE & !SHF_EXECINSTR) *(.x.*) }
  .ro : { KEEP (INPUT_SECTION_FLAGS (!SHF_WRITE) *(.x.*)) }
  .rest : { *(.x.*) }
  /DISCARD/ : { *(.note*) }
}
LD

checked=0
for arch in x86_64 aarch64; do
    t_target $arch
    $cc -c f.s -o f.o || t_hard_error "$cc f.s"
    $ld -T f.ld -o gnu.out f.o >gnu.log 2>&1 || t_hard_error "GNU ld: $(cat gnu.log)"
    t_mld -T f.ld -o mld.out f.o
    expect_success
    nm -n gnu.out >gnu.n
    nm -n mld.out >mld.n
    t_section_names gnu.out >gnu.s
    t_section_names mld.out >mld.s
    grep -q '^\.rw$' gnu.s || t_hard_error "GNU ld made no .rw"
    cmp -s gnu.n mld.n && cmp -s gnu.s mld.s &&
        t_pass "$arch: GNU ld's sections and symbols" ||
        t_fail "$arch: $(diff gnu.s mld.s | tr '\n' ' ') $(diff gnu.n mld.n | tr '\n' ' ')"
    checked=$((checked + 1))
done
[ $checked = 2 ] || t_fail "only $checked of 2 architectures checked"

echo 'SECTIONS { .a : { INPUT_SECTION_FLAGS (SHF_NOPE) *(.x*) } }' >bad.ld
t_mld -T bad.ld -o out f.o
expect_failure
expect_error "bad.ld:1: unknown section flag \`SHF_NOPE' in INPUT_SECTION_FLAGS"
expect_no_file out
t_done
