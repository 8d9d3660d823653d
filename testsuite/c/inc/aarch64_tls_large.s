// The large code model's TLS sequences of AAELF64 (aarch64_tls_large.c),
// which gcc does not emit: movz/movk of GOT offsets for initial-exec
// (TLSIE_MOVW_GOTTPREL_*), general-dynamic (TLSGD_MOVW_*) and
// descriptors (TLSDESC_OFF_*, TLSDESC_LDR, TLSDESC_ADD), and
// local-dynamic offsets in movz/movk groups (TLSLD_MOVW_DTPREL_*) and in
// load offsets (TLSLD_LDST*_DTPREL_LO12*).  Each function returns the
// address or the value it computes.

	.text
	.globl large_ie
large_ie:				// -> &large_a
	adrp x2, _GLOBAL_OFFSET_TABLE_
	add x2, x2, :lo12:_GLOBAL_OFFSET_TABLE_
	movz x0, #:gottprel_g1:large_a
	movk x0, #:gottprel_g0_nc:large_a
	ldr x0, [x2, x0]
	mrs x1, tpidr_el0
	add x0, x1, x0
	ret

	.globl large_gd
large_gd:				// -> &large_b
	stp x29, x30, [sp, -16]!
	adrp x2, _GLOBAL_OFFSET_TABLE_
	add x2, x2, :lo12:_GLOBAL_OFFSET_TABLE_
	movz x0, #:tlsgd_g1:large_b
	movk x0, #:tlsgd_g0_nc:large_b
	add x0, x2, x0
	bl __tls_get_addr
	nop
	ldp x29, x30, [sp], 16
	ret

	.globl large_desc
large_desc:				// -> &large_b
	stp x29, x30, [sp, -16]!
	adrp x2, _GLOBAL_OFFSET_TABLE_
	add x2, x2, :lo12:_GLOBAL_OFFSET_TABLE_
	movz x0, #:tlsdesc_off_g1:large_b
	movk x0, #:tlsdesc_off_g0_nc:large_b
	.tlsdescldr large_b
	ldr x1, [x2, x0]
	.tlsdescadd large_b
	add x0, x2, x0
	.tlsdesccall large_b
	blr x1
	mrs x1, tpidr_el0
	add x0, x1, x0
	ldp x29, x30, [sp], 16
	ret

	// The module base, then offsets into the block.
	.globl ld_movw
ld_movw:				// -> &far_own
	stp x29, x30, [sp, -16]!
	adrp x0, :tlsldm:far_own
	add x0, x0, :tlsldm_lo12_nc:far_own
	bl __tls_get_addr
	nop
	movz x1, #:dtprel_g2:far_own
	movk x1, #:dtprel_g1_nc:far_own
	movk x1, #:dtprel_g0_nc:far_own
	add x0, x0, x1
	ldp x29, x30, [sp], 16
	ret

	.globl ld_movw_g1
ld_movw_g1:				// -> &far_own
	stp x29, x30, [sp, -16]!
	adrp x0, :tlsldm:far_own
	add x0, x0, :tlsldm_lo12_nc:far_own
	bl __tls_get_addr
	nop
	movz x1, #:dtprel_g1:far_own
	movk x1, #:dtprel_g0_nc:far_own
	add x0, x0, x1
	ldp x29, x30, [sp], 16
	ret

	.globl ld_movw_g0
ld_movw_g0:				// -> &near_own
	stp x29, x30, [sp, -16]!
	adrp x0, :tlsldm:near_own
	add x0, x0, :tlsldm_lo12_nc:near_own
	bl __tls_get_addr
	nop
	movz x1, #:dtprel_g0:near_own
	add x0, x0, x1
	ldp x29, x30, [sp], 16
	ret

	// Loads: near_own through a checked offset, far_own through
	// hi12 + lo12_nc, one of each access size gas has relocations for
	// (1, 2, 4 and 8 bytes).
	.globl ld_loads
ld_loads:				// -> sum of the loads
	stp x29, x30, [sp, -16]!
	adrp x0, :tlsldm:near_own
	add x0, x0, :tlsldm_lo12_nc:near_own
	bl __tls_get_addr
	nop
	ldr x3, [x0, #:dtprel_lo12:near_own]
	add x4, x0, #:dtprel_hi12:far_own, lsl #12
	ldrb w5, [x4, #:dtprel_lo12_nc:far_own]
	ldrh w6, [x4, #:dtprel_lo12_nc:far_own]
	ldr w7, [x4, #:dtprel_lo12_nc:far_own]
	ldr x8, [x4, #:dtprel_lo12_nc:far_own]
	add x0, x3, x5
	add x0, x0, x6
	add x0, x0, x7
	add x0, x0, x8
	ldp x29, x30, [sp], 16
	ret

	.section .tdata,"awT",@progbits
	.p2align 4
near_own:
	.quad 0x1000
	.quad 0
	.globl large_a
large_a:
	.quad 41
	.zero 0x12340
	.p2align 4
far_own:
	.quad 0x0102030405060708
	.quad 0

	.section .tbss,"awT",@nobits
	.p2align 3
	.globl large_b
large_b:
	.zero 8

	.section .note.GNU-stack,"",@progbits
