#!/bin/bash
if [ -z "${BASH_VERSION:-}" ]; then exec bash "$0" "$@"; fi
. "$(dirname "$0")/../lib.sh"
# x86-64 GNU ld gives an IFUNC a PLT entry only for a reference that
# needs one (avoid_plt): a call, or an address taken in code or read-only
# data.  An IFUNC only loaded from the GOT keeps its GOT entry in .got,
# with an IRELATIVE of its own (.rela.plt in an executable, .rela.dyn in
# a PIE), and a PIE's 64-bit address of it in writable data its own
# IRELATIVE, the word left as the input has it; mld made a PLT entry
# for every IFUNC and wrote such a word (ld-x86-64's
# pr20253-1*, pr20253-4*, ld-ifunc's ifunc-21/22/23).  A PC-relative
# address in writable data then has no entry to point at: GNU ld's
# error (pr20253-3).  Executables and PIEs, the code, sections and
# relocations against GNU ld's.
# An executable that is not a PIE has such a word's IRELATIVE in
# .rela.plt; with a PLT entry all the same, the word holds its address.
t_need_ld_bfd_x86_64
# foo global, bar local; GOT loads and calls through the GOT.
t_write got.s <<'SRC'
	.text
	.globl foo
	.type foo, @gnu_indirect_function
foo:	ret
	.type bar, @gnu_indirect_function
bar:	ret
	.globl _start
_start:
	call	*foo@GOTPCREL(%rip)
	jmp	*bar@GOTPCREL(%rip)
	movq	$0, bar@GOTPCREL(%rip)
	cmpq	$0, foo@GOTPCREL(%rip)
	add	foo@GOTPCREL(%rip), %rax
	test	%rax, foo@GOTPCREL(%rip)
	cmpq	bar@GOTPCREL(%rip), %rcx
SRC
# The same with a call too: foo gets its PLT entry, bar not.
sed 's/^_start:/&\n\tcall foo@PLT/' got.s >call.s
# A PIE's data word (ifunc-23, pr20253-4).
t_write data.s <<'SRC'
	.text
	.type foo, @gnu_indirect_function
foo:	ret
	.globl _start
_start:
	movq	__start@GOTPCREL(%rip), %rax
	.globl __start
__start:
	.data
	.quad foo
SRC
# The same called too: a PLT entry, whose address the word holds.
sed 's/^_start:/&\n\tcall foo/' data.s >datacall.s
# Two GOT-only IFUNCs, one in a data word too, one named in debugging
# information: no PLT entry, the GOT entries 0 until their IRELATIVEs
# (by address in .rela.dyn) fill them.
t_write two.s <<'SRC'
	.text
	.type foo, @gnu_indirect_function
	.globl foo
foo:	ret
	.type bar, @gnu_indirect_function
	.globl bar
bar:	ret
	.globl _start
_start:	movq bar@GOTPCREL(%rip), %rax
	movq foo@GOTPCREL(%rip), %rax
	ret
	.data
	.quad foo
	.section .debug_info,"",@progbits
	.quad foo
SRC
t_write pc32.s <<'SRC'
	.text
	.type foo, @gnu_indirect_function
foo:	ret
	.globl _start
_start:	ret
	.data
	.long foo - .
SRC
shape() {
    objdump -dw "$1" | tail -n +3
    t_layout "$1"
    readelf -rW "$1"
    readelf -x .data -x .got "$1" 2>/dev/null
    readelf -sW "$1" | awk 'NR > 3 {$1 = ""; print}' | sort
}
for src in got call data datacall two pc32; do
    as --64 -mrelax-relocations=yes -o $src.o $src.s ||
        t_hard_error "as failed on $src.s"
done
for src in got call data datacall two; do
    for opts in "" "-pie" "-pie --no-dynamic-linker" "-z now"; do
        ld.bfd $opts $src.o -o gnu.out || t_hard_error "GNU ld failed"
        t_mld $opts $src.o -o mld.out
        shape gnu.out >gnu.shape
        shape mld.out >mld.shape
        t_same "$src.s [$opts]" gnu.shape mld.shape
    done
done
for opts in "" "-pie"; do
    ld.bfd $opts pc32.o -o gnu.out 2>gnu.err
    t_mld $opts pc32.o -o mld.out
    expect_error "relocation R_X86_64_PC32 against STT_GNU_IFUNC symbol \`foo' isn't supported"
    grep -q "isn't supported" gnu.err &&
        t_pass "pc32.s [$opts]: GNU ld's error too" ||
        t_fail "pc32.s [$opts]: GNU ld did not fail"
done
t_done
