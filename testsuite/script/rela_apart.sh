#!/bin/bash
if [ -z "${BASH_VERSION:-}" ]; then exec bash "$0" "$@"; fi
. "$(dirname "$0")/../lib.sh"
# A PIE's dynamic relocations for input section NAME are, in GNU ld, an
# input section .rela<NAME> of their own, placed by the script: U-Boot's
# keeps those of its EFI run-time code apart, so that it can relocate
# that code again when the OS calls SetVirtualAddressMap
# (`.efi_runtime_rel : { *(.rel*.efi_runtime) }'); mld put them all in
# .rela.dyn, and __efi_runtime_rel_start was __efi_runtime_rel_stop.
# Against GNU ld on x86-64 and AArch64: the section headers, the symbols,
# and every relocation of both sections, in GNU ld's order (file by file
# in output order: b.o's section comes first, a.o's relocations do).

cat >a.s <<'SRC'
	.text
	.globl	_start
_start:	.quad 0
	.section .efi_runtime,"aw",%progbits
	.globl	rt_a
rt_a:	.quad rt_a, _start, d
	.data
	.globl	d
d:	.quad _start, rt_a
SRC
cat >b.s <<'SRC'
	.section .efi_runtime.b,"aw",%progbits
	.globl	rt_b
rt_b:	.quad rt_b, d
	.section .text.b,"ax",%progbits
	.globl	fb
fb:	.quad 0
SRC
cat >r.ld <<'LD'
SECTIONS {
  . = 0x10000;
  .text : { *(.text.b) *(.text*) }
  .efi_runtime : { *(.efi_runtime.b) *(.efi_runtime) }
  .efi_runtime_rel : {
    __efi_runtime_rel_start = .;
    *(.rel*.efi_runtime)
    *(.rel*.efi_runtime.*)
    __efi_runtime_rel_stop = .;
  }
  .data : { *(.data*) }
  .rela.dyn ALIGN (8) : { __rel_dyn_start = .; *(.rela*) __rel_dyn_end = .; }
  /DISCARD/ : { *(.dynsym) *(.dynstr*) *(.dynamic*) *(.hash*) *(.gnu*) *(.interp) }
}
LD

checked=0
for arch in x86_64 aarch64; do
  t_target $arch
  $cc -c a.s -o a.o && $cc -c b.s -o b.o || t_hard_error "$cc"
  flags="-pie --no-dynamic-linker -z norelro -T r.ld a.o b.o"
  $ld $flags -o gnu.out >gnu.log 2>&1 || t_hard_error "GNU ld: $(cat gnu.log)"
  t_mld $flags -o mld.out
  expect_success
  for o in gnu mld; do
    readelf -SW $o.out | grep '^  \[' | grep -v 'strtab' | cut -c 7- >$o.s
    nm $o.out | sort >$o.n
    readelf -rW $o.out | sed 's/ at offset 0x[0-9a-f]*//' >$o.r
  done
  grep -q "'.efi_runtime_rel' .* 5 entries" gnu.r ||
    t_hard_error "GNU ld's .efi_runtime_rel is not what this test expects"
  cmp -s gnu.s mld.s && cmp -s gnu.n mld.n && cmp -s gnu.r mld.r &&
    t_pass "$arch: .efi_runtime_rel and .rela.dyn as GNU ld's" ||
    t_fail "$arch: $(diff gnu.s mld.s | tr '\n' ' ') $(diff gnu.n mld.n | tr '\n' ' ') $(diff gnu.r mld.r | tr '\n' ' ')"
  checked=$((checked + 1))
done
[ $checked = 2 ] || t_fail "only $checked of 2 architectures checked"
t_done
