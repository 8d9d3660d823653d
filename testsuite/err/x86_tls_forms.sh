#!/bin/bash
if [ -z "${BASH_VERSION:-}" ]; then exec bash "$0" "$@"; fi
. "$(dirname "$0")/../lib.sh"
# x86-64 TLS sequences rewritten to local-exec in GNU ld's own bytes:
# - the 13-byte local-dynamic call through the GOT (or its relaxed form,
#   addr32 call) becomes four data16 prefixes and mov %fs:0, %rax (mld
#   wrote three and a nop; GNU's ld-x86-64/tlsld5, tlspie2b);
# - an initial-exec add from the GOT becomes lea tpoff(%r), %r, or for
#   %rsp and %r12, which lea cannot take so, add $tpoff (mld always wrote
#   the add; GNU's tlsie1);
# - the addr32 forms are accepted as GNU ld accepts them, and only the
#   relocations GNU ld takes for the call (R_X86_64_GOTPCRELX for the
#   indirect one, against __tls_get_addr): mld took any.
# Executables and static PIEs: the code against GNU ld's, and its error.
t_need_ld_bfd_x86_64
t_write t.s <<'SRC'
	.text
	.globl __tls_get_addr
	.type __tls_get_addr, @function
__tls_get_addr:
	ret
	.globl _start
_start:
	leaq	ld1@TLSLD(%rip), %rdi
	call	*__tls_get_addr@GOTPCREL(%rip)
	leaq	ld1@TLSLD(%rip), %rdi
	.byte	0x67
	call	__tls_get_addr@PLT
	leaq	ld1@TLSLD(%rip), %rdi
	call	__tls_get_addr@PLT
	.byte	0x66
	leaq	gd1@TLSGD(%rip), %rdi
	.byte	0x66, 0x48, 0x67
	call	__tls_get_addr@PLT
	addq	ie1@gottpoff(%rip), %rax
	addq	ie1@gottpoff(%rip), %rsp
	addq	ie1@gottpoff(%rip), %r12
	addq	ie1@gottpoff(%rip), %r9
	movq	ie1@gottpoff(%rip), %r10
	ret
	.section .tbss,"awT",@nobits
	.globl ld1, gd1, ie1
ld1:	.zero 4
gd1:	.zero 4
ie1:	.zero 4
SRC
code() { objdump -dw "$1" | sed -n '/<_start>:/,$p' | cut -f2-3 | sed 's/ *#.*//'; }
as --64 -mrelax-relocations=yes -o t.o t.s || t_hard_error "as failed"
for opts in "" "-pie --no-dynamic-linker"; do
    ld.bfd $opts -o g.out t.o || t_hard_error "GNU ld failed"
    t_mld $opts -o m.out t.o
    expect_success
    code g.out >g.code; code m.out >m.code
    t_same "${opts:-executable}: local-exec code" g.code m.code \
        "$(grep -c . m.code) instructions"
done
# Without relaxable relocations the indirect call's is R_X86_64_GOTPCREL,
# which GNU ld does not take in a TLS sequence: its error, in its words.
as --64 -mrelax-relocations=no -o t.norelax.o t.s || t_hard_error "as failed"
ld.bfd -o g.out t.norelax.o 2>g.err && t_hard_error "GNU ld linked it"
t_mld -o m.out t.norelax.o
expect_failure
T_GNU_ERROR=1 expect_error "$(sed -n 's/^ld.bfd: //p' g.err | head -1)"
t_done
