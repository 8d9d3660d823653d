// The TLS sequences of aarch64_tls_asm.c, which gcc does not emit: the
// -mcmodel=tiny general-dynamic, descriptor and local-dynamic ones
// (AAELF64 TLSGD_ADR_PREL21, TLSDESC_LD_PREL19 and TLSDESC_ADR_PREL21,
// TLSLD_ADR_PREL21), the tiny initial-exec literal load, and the small
// local-dynamic one (TLSLD_ADR_PAGE21, TLSLD_ADD_LO12_NC).  Each
// function returns the address it computes.

	.text
	.globl tiny_gd
tiny_gd:				// -> &asm_a
	stp x29, x30, [sp, -16]!
	adr x0, :tlsgd:asm_a
	bl __tls_get_addr
	nop
	ldp x29, x30, [sp], 16
	ret

	.globl tiny_desc
tiny_desc:				// -> &asm_b
	stp x29, x30, [sp, -16]!
	ldr x1, :tlsdesc:asm_b
	adr x0, :tlsdesc:asm_b
	.tlsdesccall asm_b
	blr x1
	mrs x1, tpidr_el0
	add x0, x1, x0
	ldp x29, x30, [sp], 16
	ret

	.globl tiny_ie
tiny_ie:				// -> &asm_b
	ldr x0, :gottprel:asm_b
	mrs x1, tpidr_el0
	add x0, x1, x0
	ret

	.globl tiny_ld
tiny_ld:				// -> &own_init
	stp x29, x30, [sp, -16]!
	adr x0, :tlsldm:own_init
	bl __tls_get_addr
	nop
	add x0, x0, :dtprel_hi12:own_init
	add x0, x0, :dtprel_lo12_nc:own_init
	ldp x29, x30, [sp], 16
	ret

	.globl small_ld
small_ld:				// -> &own_zero
	stp x29, x30, [sp, -16]!
	adrp x0, :tlsldm:own_zero
	add x0, x0, :tlsldm_lo12_nc:own_zero
	bl __tls_get_addr
	nop
	add x0, x0, :dtprel_hi12:own_zero
	add x0, x0, :dtprel_lo12_nc:own_zero
	ldp x29, x30, [sp], 16
	ret

	.section .tdata,"awT",@progbits
	.p2align 3
own_init:
	.quad 0x1234
	.globl asm_a
asm_a:
	.quad 77

	.section .tbss,"awT",@nobits
	.p2align 4
	.globl asm_b
asm_b:
	.zero 16
own_zero:
	.zero 8

	.section .note.GNU-stack,"",@progbits
