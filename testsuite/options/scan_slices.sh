#!/bin/bash
if [ -z "${BASH_VERSION:-}" ]; then exec bash "$0" "$@"; fi
. "$(dirname "$0")/../lib.sh"
# The relocation scan looks at a section's relocations in slices of
# 32,768 on all threads, then visits in order only those that ask for
# something.  A general-dynamic TLS sequence whose call to __tls_get_addr
# is the first relocation of the second slice: the sequence's first
# relocation takes the call's (the call goes when GD becomes LE), so the
# undefined __tls_get_addr is no error, as in GNU ld.  Against GNU ld on
# x86-64 and AArch64: the link succeeds and .text is the same.

checked=0
for arch in x86_64 aarch64; do
  t_target $arch
  {
    printf '\t.text\n\t.globl _start\n_start:\n'
    if [ $arch = x86_64 ]; then
      # 32,767 calls, then TLSGD (relocation 32,767) and its call (32,768)
      seq 32767 | sed 's/.*/\tcall f/'
      printf '\tdata16 leaq x@tlsgd(%%rip), %%rdi\n\t.value 0x6666\n'
      printf '\trex64 call __tls_get_addr@PLT\n'
    else
      # 32,766 calls, then ADRP, ADD (32,767) and the call (32,768)
      seq 32766 | sed 's/.*/\tbl f/'
      printf '\tadrp x0, :tlsgd:x\n\tadd x0, x0, :tlsgd_lo12:x\n'
      printf '\tbl __tls_get_addr\n\tnop\n'
    fi
    printf '\t.section .text.f,"ax",%%progbits\n\t.globl f\nf:\tret\n'
    printf '\t.section .tdata,"awT",%%progbits\n\t.globl x\nx:\t.long 42\n'
  } >t.s
  $cc -c t.s -o t.o || t_hard_error "$cc -c t.s"
  $ld -static t.o -o gnu.out >gnu.log 2>&1 || t_hard_error "GNU ld: $(cat gnu.log)"
  t_mld -static t.o -o mld.out
  expect_success
  for o in gnu mld; do
    $objdump -s -j .text $o.out | tail -n +3 >$o.text
  done
  [ -s gnu.text ] && cmp -s gnu.text mld.text && t_pass "$arch: GNU ld's .text" ||
    t_fail "$arch: .text differs from GNU ld's"
  checked=$((checked + 1))
done
[ $checked = 2 ] || t_fail "only $checked of 2 architectures checked"
t_done
