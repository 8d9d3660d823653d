// arch-aarch64.c: the AArch64 target.
//
// Relocations follow the ELF for the Arm 64-bit Architecture psABI
// (AAELF64), section 5.7: S is the symbol's address, A the addend, P the
// place, Page(x) = x & ~0xfff, G(GDAT(S+A)) the address of the GOT entry
// holding S+A, GOT the address of _GLOBAL_OFFSET_TABLE_ (the start of
// .got on AArch64), TPREL(x) the offset of x from the thread pointer.
//
// In a static executable every symbol is local to the image, so the linker
// rewrites what the compiler left for a dynamic linker, as GNU ld does:
// initial-exec TLS, TLS descriptors and general-dynamic TLS all become
// local-exec (movz/movk of the TP offset).  GOT loads stay loads, as GNU
// ld 2.40 keeps them (apply_got).
//
// TLS is variant 1: the thread pointer points at a 16-byte TCB, and the
// TLS block follows it at the block's alignment (AAELF64 and the TLS ABI,
// "ELF Handling For Thread-Local Storage", section 3.4.1).

#include "mld.h"

static const char *reloc_name(u32 type) {
  switch (type) {
#define N(x) case R_AARCH64_##x: return "R_AARCH64_" #x;
  N(NONE) N(ABS64) N(ABS32) N(ABS16) N(PREL64) N(PREL32) N(PREL16)
  N(MOVW_UABS_G0) N(MOVW_UABS_G0_NC) N(MOVW_UABS_G1) N(MOVW_UABS_G1_NC)
  N(MOVW_UABS_G2) N(MOVW_UABS_G2_NC) N(MOVW_UABS_G3) N(MOVW_SABS_G0)
  N(MOVW_SABS_G1) N(MOVW_SABS_G2) N(LD_PREL_LO19) N(ADR_PREL_LO21)
  N(ADR_PREL_PG_HI21) N(ADR_PREL_PG_HI21_NC) N(ADD_ABS_LO12_NC)
  N(LDST8_ABS_LO12_NC) N(TSTBR14) N(CONDBR19) N(JUMP26) N(CALL26)
  N(LDST16_ABS_LO12_NC) N(LDST32_ABS_LO12_NC) N(LDST64_ABS_LO12_NC)
  N(MOVW_PREL_G0) N(MOVW_PREL_G0_NC) N(MOVW_PREL_G1) N(MOVW_PREL_G1_NC)
  N(MOVW_PREL_G2) N(MOVW_PREL_G2_NC) N(MOVW_PREL_G3)
  N(LDST128_ABS_LO12_NC) N(GOTREL64) N(GOTREL32) N(GOT_LD_PREL19)
  N(MOVW_GOTOFF_G0) N(MOVW_GOTOFF_G0_NC) N(MOVW_GOTOFF_G1)
  N(MOVW_GOTOFF_G1_NC) N(MOVW_GOTOFF_G2) N(MOVW_GOTOFF_G2_NC)
  N(MOVW_GOTOFF_G3)
  N(LD64_GOTOFF_LO15) N(ADR_GOT_PAGE) N(LD64_GOT_LO12_NC)
  N(LD64_GOTPAGE_LO15) N(TLSGD_ADR_PREL21) N(TLSGD_ADR_PAGE21)
  N(TLSGD_ADD_LO12_NC) N(TLSLD_ADR_PREL21) N(TLSLD_ADR_PAGE21)
  N(TLSLD_ADD_LO12_NC)
  N(TLSGD_MOVW_G1) N(TLSGD_MOVW_G0_NC) N(TLSLD_MOVW_G1) N(TLSLD_MOVW_G0_NC)
  N(TLSLD_LD_PREL19) N(TLSLD_MOVW_DTPREL_G2) N(TLSLD_MOVW_DTPREL_G1)
  N(TLSLD_MOVW_DTPREL_G1_NC) N(TLSLD_MOVW_DTPREL_G0)
  N(TLSLD_MOVW_DTPREL_G0_NC) N(TLSLD_LDST8_DTPREL_LO12)
  N(TLSLD_LDST8_DTPREL_LO12_NC) N(TLSLD_LDST16_DTPREL_LO12)
  N(TLSLD_LDST16_DTPREL_LO12_NC) N(TLSLD_LDST32_DTPREL_LO12)
  N(TLSLD_LDST32_DTPREL_LO12_NC) N(TLSLD_LDST64_DTPREL_LO12)
  N(TLSLD_LDST64_DTPREL_LO12_NC) N(TLSLD_LDST128_DTPREL_LO12)
  N(TLSLD_LDST128_DTPREL_LO12_NC) N(TLSIE_MOVW_GOTTPREL_G1)
  N(TLSIE_MOVW_GOTTPREL_G0_NC)
  N(TLSLD_ADD_DTPREL_HI12) N(TLSLD_ADD_DTPREL_LO12)
  N(TLSLD_ADD_DTPREL_LO12_NC) N(TLSIE_ADR_GOTTPREL_PAGE21)
  N(TLSIE_LD64_GOTTPREL_LO12_NC) N(TLSIE_LD_GOTTPREL_PREL19)
  N(TLSLE_MOVW_TPREL_G2) N(TLSLE_MOVW_TPREL_G1) N(TLSLE_MOVW_TPREL_G1_NC)
  N(TLSLE_MOVW_TPREL_G0) N(TLSLE_MOVW_TPREL_G0_NC)
  N(TLSLE_ADD_TPREL_HI12) N(TLSLE_ADD_TPREL_LO12)
  N(TLSLE_ADD_TPREL_LO12_NC) N(TLSLE_LDST8_TPREL_LO12)
  N(TLSLE_LDST8_TPREL_LO12_NC) N(TLSLE_LDST16_TPREL_LO12)
  N(TLSLE_LDST16_TPREL_LO12_NC) N(TLSLE_LDST32_TPREL_LO12)
  N(TLSLE_LDST32_TPREL_LO12_NC) N(TLSLE_LDST64_TPREL_LO12)
  N(TLSLE_LDST64_TPREL_LO12_NC) N(TLSLE_LDST128_TPREL_LO12)
  N(TLSLE_LDST128_TPREL_LO12_NC) N(TLSDESC_LD_PREL19)
  N(TLSDESC_ADR_PREL21) N(TLSDESC_ADR_PAGE21) N(TLSDESC_LD64_LO12)
  N(TLSDESC_ADD_LO12) N(TLSDESC_OFF_G1) N(TLSDESC_OFF_G0_NC)
  N(TLSDESC_LDR) N(TLSDESC_ADD) N(TLSDESC_CALL) N(COPY) N(GLOB_DAT)
  N(JUMP_SLOT) N(RELATIVE) N(TLS_DTPMOD) N(TLS_DTPREL) N(TLS_TPREL)
  N(TLSDESC) N(IRELATIVE)
#undef N
  }
  static __thread char buf[32];   // messages come from several threads
  snprintf(buf, sizeof(buf), "unknown relocation %u", type);
  return buf;
}

// Bytes a relocation type writes (instructions are 4); 0 for types mld
// does not accept.
static u32 reloc_width(u32 type) {
  switch (type) {
  case R_AARCH64_ABS64: case R_AARCH64_PREL64: case R_AARCH64_TLS_DTPREL:
    return 8;
  case R_AARCH64_ABS16: case R_AARCH64_PREL16:
    return 2;
  case R_AARCH64_ABS32: case R_AARCH64_PREL32:
  case R_AARCH64_MOVW_UABS_G0: case R_AARCH64_MOVW_UABS_G0_NC:
  case R_AARCH64_MOVW_UABS_G1: case R_AARCH64_MOVW_UABS_G1_NC:
  case R_AARCH64_MOVW_UABS_G2: case R_AARCH64_MOVW_UABS_G2_NC:
  case R_AARCH64_MOVW_UABS_G3: case R_AARCH64_MOVW_SABS_G0:
  case R_AARCH64_MOVW_SABS_G1: case R_AARCH64_MOVW_SABS_G2:
  case R_AARCH64_MOVW_PREL_G0: case R_AARCH64_MOVW_PREL_G0_NC:
  case R_AARCH64_MOVW_PREL_G1: case R_AARCH64_MOVW_PREL_G1_NC:
  case R_AARCH64_MOVW_PREL_G2: case R_AARCH64_MOVW_PREL_G2_NC:
  case R_AARCH64_MOVW_PREL_G3:
  case R_AARCH64_LD_PREL_LO19: case R_AARCH64_ADR_PREL_LO21:
  case R_AARCH64_ADR_PREL_PG_HI21: case R_AARCH64_ADR_PREL_PG_HI21_NC:
  case R_AARCH64_ADD_ABS_LO12_NC: case R_AARCH64_LDST8_ABS_LO12_NC:
  case R_AARCH64_LDST16_ABS_LO12_NC: case R_AARCH64_LDST32_ABS_LO12_NC:
  case R_AARCH64_LDST64_ABS_LO12_NC: case R_AARCH64_LDST128_ABS_LO12_NC:
  case R_AARCH64_TSTBR14: case R_AARCH64_CONDBR19:
  case R_AARCH64_JUMP26: case R_AARCH64_CALL26:
  case R_AARCH64_ADR_GOT_PAGE: case R_AARCH64_LD64_GOT_LO12_NC:
  case R_AARCH64_LD64_GOTPAGE_LO15: case R_AARCH64_GOT_LD_PREL19:
  case R_AARCH64_MOVW_GOTOFF_G1: case R_AARCH64_MOVW_GOTOFF_G0_NC:
  case R_AARCH64_LD64_GOTOFF_LO15:
  case R_AARCH64_TLSGD_ADR_PAGE21: case R_AARCH64_TLSGD_ADD_LO12_NC:
  case R_AARCH64_TLSGD_ADR_PREL21: case R_AARCH64_TLSLD_ADR_PREL21:
  case R_AARCH64_TLSLD_ADR_PAGE21: case R_AARCH64_TLSLD_ADD_LO12_NC:
  case R_AARCH64_TLSIE_LD_GOTTPREL_PREL19:
  case R_AARCH64_TLSDESC_LD_PREL19: case R_AARCH64_TLSDESC_ADR_PREL21:
  case R_AARCH64_TLSGD_MOVW_G1: case R_AARCH64_TLSGD_MOVW_G0_NC:
  case R_AARCH64_TLSIE_MOVW_GOTTPREL_G1:
  case R_AARCH64_TLSIE_MOVW_GOTTPREL_G0_NC:
  case R_AARCH64_TLSDESC_OFF_G1: case R_AARCH64_TLSDESC_OFF_G0_NC:
  case R_AARCH64_TLSDESC_LDR: case R_AARCH64_TLSDESC_ADD:
  case R_AARCH64_TLSLD_MOVW_DTPREL_G2: case R_AARCH64_TLSLD_MOVW_DTPREL_G1:
  case R_AARCH64_TLSLD_MOVW_DTPREL_G1_NC: case R_AARCH64_TLSLD_MOVW_DTPREL_G0:
  case R_AARCH64_TLSLD_MOVW_DTPREL_G0_NC:
  case R_AARCH64_TLSLD_LDST8_DTPREL_LO12:
  case R_AARCH64_TLSLD_LDST8_DTPREL_LO12_NC:
  case R_AARCH64_TLSLD_LDST16_DTPREL_LO12:
  case R_AARCH64_TLSLD_LDST16_DTPREL_LO12_NC:
  case R_AARCH64_TLSLD_LDST32_DTPREL_LO12:
  case R_AARCH64_TLSLD_LDST32_DTPREL_LO12_NC:
  case R_AARCH64_TLSLD_LDST64_DTPREL_LO12:
  case R_AARCH64_TLSLD_LDST64_DTPREL_LO12_NC:
  case R_AARCH64_TLSLD_LDST128_DTPREL_LO12:
  case R_AARCH64_TLSLD_LDST128_DTPREL_LO12_NC:
  case R_AARCH64_TLSLD_ADD_DTPREL_HI12: case R_AARCH64_TLSLD_ADD_DTPREL_LO12:
  case R_AARCH64_TLSLD_ADD_DTPREL_LO12_NC:
  case R_AARCH64_TLSIE_ADR_GOTTPREL_PAGE21:
  case R_AARCH64_TLSIE_LD64_GOTTPREL_LO12_NC:
  case R_AARCH64_TLSLE_MOVW_TPREL_G2: case R_AARCH64_TLSLE_MOVW_TPREL_G1:
  case R_AARCH64_TLSLE_MOVW_TPREL_G1_NC: case R_AARCH64_TLSLE_MOVW_TPREL_G0:
  case R_AARCH64_TLSLE_MOVW_TPREL_G0_NC:
  case R_AARCH64_TLSLE_ADD_TPREL_HI12: case R_AARCH64_TLSLE_ADD_TPREL_LO12:
  case R_AARCH64_TLSLE_ADD_TPREL_LO12_NC:
  case R_AARCH64_TLSLE_LDST8_TPREL_LO12:
  case R_AARCH64_TLSLE_LDST8_TPREL_LO12_NC:
  case R_AARCH64_TLSLE_LDST16_TPREL_LO12:
  case R_AARCH64_TLSLE_LDST16_TPREL_LO12_NC:
  case R_AARCH64_TLSLE_LDST32_TPREL_LO12:
  case R_AARCH64_TLSLE_LDST32_TPREL_LO12_NC:
  case R_AARCH64_TLSLE_LDST64_TPREL_LO12:
  case R_AARCH64_TLSLE_LDST64_TPREL_LO12_NC:
  case R_AARCH64_TLSLE_LDST128_TPREL_LO12:
  case R_AARCH64_TLSLE_LDST128_TPREL_LO12_NC:
  case R_AARCH64_TLSDESC_ADR_PAGE21: case R_AARCH64_TLSDESC_LD64_LO12:
  case R_AARCH64_TLSDESC_ADD_LO12: case R_AARCH64_TLSDESC_CALL:
    return 4;
  default:
    return 0;
  }
}

//
// Instruction field encoders (AAELF64 5.7.3 and the Arm ARM).  Each one
// replaces one immediate field and leaves the rest of the instruction.
//

u64 aarch64_page(u64 x) { return x & ~(u64)0xfff; }

// ADR/ADRP: immlo in bits 29-30, immhi in bits 5-23.  adrp takes the
// distance in bytes between two pages, adr the distance in bytes.
static void write_adr_imm(u8 *loc, u64 imm) {
  u32 insn = rd32(loc) & ~((3u << 29) | (0x7ffffu << 5));
  wr32(loc, insn | (u32)(imm & 3) << 29 | (u32)((imm >> 2) & 0x7ffff) << 5);
}

void aarch64_write_adrp(u8 *loc, i64 page_delta) {
  write_adr_imm(loc, (u64)page_delta >> 12);
}

void aarch64_write_adr(u8 *loc, i64 delta) { write_adr_imm(loc, delta); }

// ADD (immediate) and LDR/STR (unsigned offset): imm12 in bits 10-21.  A
// load or store of 2^shift bytes scales its offset by that size.
void aarch64_write_lo12(u8 *loc, u64 val, u32 shift) {
  u32 insn = rd32(loc) & ~(0xfffu << 10);
  wr32(loc, insn | (u32)(((val & 0xfff) >> shift) & 0xfff) << 10);
}

// MOVZ/MOVK/MOVN: imm16 in bits 5-20.
void aarch64_write_movw(u8 *loc, u64 imm16) {
  u32 insn = rd32(loc) & ~(0xffffu << 5);
  wr32(loc, insn | (u32)(imm16 & 0xffff) << 5);
}

// MOV[NZ] for a signed group: MOVZ #(val >> shift) when val >= 0, else
// MOVN #(~val >> shift) (AAELF64 5.7.3.3, MOVW_SABS_G*).  opc is bits
// 29-30: 00 MOVN, 10 MOVZ; as GNU ld, only bit 30 is set or cleared, so
// a MOVK (11) the assembler was given stays one for val >= 0.
void aarch64_write_movnz(u8 *loc, i64 val, u32 shift) {
  u32 insn = rd32(loc);
  if (val >= 0) {
    wr32(loc, insn | 1u << 30);
    aarch64_write_movw(loc, (u64)val >> shift);
  } else {
    wr32(loc, insn & ~(1u << 30));
    aarch64_write_movw(loc, ~(u64)val >> shift);
  }
}

// B/BL: imm26 in bits 0-25, in words.
void aarch64_write_branch26(u8 *loc, i64 delta) {
  u32 insn = rd32(loc) & ~0x3ffffffu;
  wr32(loc, insn | (u32)(((u64)delta >> 2) & 0x3ffffff));
}

// B.cond, CBZ/CBNZ, LDR (literal): imm19 in bits 5-23, in words.
void aarch64_write_imm19(u8 *loc, i64 delta) {
  u32 insn = rd32(loc) & ~(0x7ffffu << 5);
  wr32(loc, insn | (u32)(((u64)delta >> 2) & 0x7ffff) << 5);
}

// TBZ/TBNZ: imm14 in bits 5-18, in words.
void aarch64_write_imm14(u8 *loc, i64 delta) {
  u32 insn = rd32(loc) & ~(0x3fffu << 5);
  wr32(loc, insn | (u32)(((u64)delta >> 2) & 0x3fff) << 5);
}

enum {
  INSN_NOP = 0xd503201f,        // nop
  INSN_BTI_C = 0xd503245f,      // bti c
  INSN_AUTIA1716 = 0xd503219f,  // autia1716
  INSN_MOVZ_X = 0xd2a00000,     // movz xd, #0, lsl #16
  INSN_MOVK_X = 0xf2800000,     // movk xd, #0
  INSN_MOVZ_X0_32 = 0xd2c00000, // movz x0, #0, lsl #32
  INSN_MOVK_X0_16 = 0xf2a00000, // movk x0, #0, lsl #16
  INSN_MRS_X0_TP = 0xd53bd040,  // mrs x0, tpidr_el0
  INSN_MRS_X1_TP = 0xd53bd041,  // mrs x1, tpidr_el0
  INSN_ADD_X0_X1_X0 = 0x8b000020,  // add x0, x1, x0
  INSN_ADD_X0_X0 = 0x91000000,  // add x0, x0, #0
  INSN_ADD_X0_X1_HI = 0x91400020,  // add x0, x1, #0, lsl #12
  INSN_LDR_X0_X0 = 0xf9400000,  // ldr x0, [x0]
};

static u64 tp_offset(struct ctx *ctx, u64 addr) {
  return addr - ctx->tls_start + align_up(16, ctx->tls_align);
}

// TPREL(S + A) for a local-exec relocation: GNU ld makes it 0 for an
// undefined weak symbol, whatever the addend, so &v is the thread
// pointer.
static i64 le_value(struct ctx *ctx, const struct reloc_sym *rs, u64 SA) {
  return rs->undef_weak ? 0 : (i64)tp_offset(ctx, SA);
}

// The local-exec form the TLS relaxations produce: movz xd, #hi, lsl #16
// then movk xd, #lo, which holds any TP offset below 4 GiB.
static void write_movz_hi(u8 *loc, u32 rd, u64 tpoff) {
  wr32(loc, INSN_MOVZ_X | rd);
  aarch64_write_movw(loc, tpoff >> 16);
}

static void write_movk_lo(u8 *loc, u32 rd, u64 tpoff) {
  wr32(loc, INSN_MOVK_X | rd);
  aarch64_write_movw(loc, tpoff);
}

// Log2 of the access size of an LDST*_LO12 type, for the offset scaling.
static u32 ldst_shift(u32 type) {
  switch (type) {
  case R_AARCH64_LDST16_ABS_LO12_NC: case R_AARCH64_TLSLE_LDST16_TPREL_LO12:
  case R_AARCH64_TLSLE_LDST16_TPREL_LO12_NC:
  case R_AARCH64_TLSLD_LDST16_DTPREL_LO12:
  case R_AARCH64_TLSLD_LDST16_DTPREL_LO12_NC:
    return 1;
  case R_AARCH64_LDST32_ABS_LO12_NC: case R_AARCH64_TLSLE_LDST32_TPREL_LO12:
  case R_AARCH64_TLSLE_LDST32_TPREL_LO12_NC:
  case R_AARCH64_TLSLD_LDST32_DTPREL_LO12:
  case R_AARCH64_TLSLD_LDST32_DTPREL_LO12_NC:
    return 2;
  case R_AARCH64_LDST64_ABS_LO12_NC: case R_AARCH64_TLSLE_LDST64_TPREL_LO12:
  case R_AARCH64_TLSLE_LDST64_TPREL_LO12_NC:
  case R_AARCH64_TLSLD_LDST64_DTPREL_LO12:
  case R_AARCH64_TLSLD_LDST64_DTPREL_LO12_NC:
  case R_AARCH64_LD64_GOT_LO12_NC:
    return 3;
  case R_AARCH64_LDST128_ABS_LO12_NC:
  case R_AARCH64_TLSLE_LDST128_TPREL_LO12:
  case R_AARCH64_TLSLE_LDST128_TPREL_LO12_NC:
  case R_AARCH64_TLSLD_LDST128_DTPREL_LO12:
  case R_AARCH64_TLSLD_LDST128_DTPREL_LO12_NC:
    return 4;
  default:
    return 0;
  }
}

static const u8 *rela_at(struct isec *is, u32 i) {
  return is->rels + (u64)i * sizeof(Elf64_Rela);
}

// The references that take an IFUNC's address other than through the
// GOT or a branch, which make its IPLT entry the one canonical address
// (GNU ld's pointer_equality_needed; see ifunc_got_is_gotplt).
static bool needs_canonical_address(u32 type) {
  switch (type) {
  case R_AARCH64_ABS64:
  case R_AARCH64_ADR_PREL_PG_HI21: case R_AARCH64_ADR_PREL_PG_HI21_NC:
  case R_AARCH64_ADR_PREL_LO21: case R_AARCH64_ADD_ABS_LO12_NC:
  case R_AARCH64_LDST8_ABS_LO12_NC: case R_AARCH64_LDST16_ABS_LO12_NC:
  case R_AARCH64_LDST32_ABS_LO12_NC: case R_AARCH64_LDST64_ABS_LO12_NC:
  case R_AARCH64_LDST128_ABS_LO12_NC:
  case R_AARCH64_MOVW_UABS_G0: case R_AARCH64_MOVW_UABS_G0_NC:
  case R_AARCH64_MOVW_UABS_G1: case R_AARCH64_MOVW_UABS_G1_NC:
  case R_AARCH64_MOVW_UABS_G2: case R_AARCH64_MOVW_UABS_G2_NC:
  case R_AARCH64_MOVW_UABS_G3:
    return true;
  default:
    return false;
  }
}

// A traditional general-dynamic sequence, which gcc emits as
//   adrp x0, :tlsgd:v; add x0, x0, :tlsgd_lo12:v; bl __tls_get_addr; nop
// or with -mcmodel=tiny (AAELF64 TLSGD_ADR_PREL21)
//   adr x0, :tlsgd:v; bl __tls_get_addr; nop
// and the local-dynamic ones with :tlsldm: in their place.  The ADD's or
// ADR's relocation (i) must be followed by the call's.
static bool tlsgd_call_follows(struct isec *is, u32 i, u64 off) {
  if (i + 1 >= is->nrels || off + 12 > is->size)
    return false;
  const u8 *r = rela_at(is, i + 1);
  u32 type = ELF64_R_TYPE(rd64(r + 8));
  return rd64(r) == off + 4 &&
         (type == R_AARCH64_CALL26 || type == R_AARCH64_JUMP26);
}

// The large model's general-dynamic sequence (AAELF64 TLSGD_MOVW_*):
//   movz x0, #:tlsgd_g1:v; movk x0, #:tlsgd_g0_nc:v; add x0, xgot, x0;
//   bl __tls_get_addr; nop
// The MOVK's relocation (i) must be followed by the call's.
static bool tlsgd_large_call_follows(struct isec *is, u32 i, u64 off) {
  if (i + 1 >= is->nrels || off + 16 > is->size)
    return false;
  const u8 *r = rela_at(is, i + 1);
  u32 type = ELF64_R_TYPE(rd64(r + 8));
  return rd64(r) == off + 8 &&
         (type == R_AARCH64_CALL26 || type == R_AARCH64_JUMP26);
}

static void bad_sequence(struct ctx *ctx, struct isec *is, u64 off,
                         u32 type, const char *what) {
  error(ctx, "%s:(%s+0x%llx): %s %s", is->file->name, isec_name(is),
        (unsigned long long)off, reloc_name(type), what);
}

// Relocation i + 1 has this type and lies at this offset.
static bool next_rel_is(struct isec *is, u32 i, u64 off, u32 type) {
  if (i + 1 >= is->nrels)
    return false;
  const u8 *r = rela_at(is, i + 1);
  return rd64(r) == off && ELF64_R_TYPE(rd64(r + 8)) == type;
}

// The TP offset of the TLS block's start, which the local-dynamic
// sequences relax to: the TCB rounded up to the block's alignment.
// (GNU ld 2.40 writes the TCB's 16 bytes whatever the alignment, which
// is the same unless a TLS section is aligned to more than 16 bytes.)
static u64 tls_block_tp_offset(struct ctx *ctx) {
  return align_up(16, ctx->tls_align);
}

// Undefined weak TLS symbols in sequences GNU ld 2.40 either crashes on
// (descriptors) or links into code computing a garbage address (tiny
// general-dynamic, where __tls_get_addr gets the code's own address), or
// keeps as a call with a GOT pair mld does not make (large model):
// refused rather than guessed.  The first relocation of each sequence
// reports it.
static void check_weak_tls(struct ctx *ctx, struct isec *is, u64 off,
                           u32 type, const struct reloc_sym *rs) {
  const char *what, *instead;
  switch (type) {
  case R_AARCH64_TLSDESC_LD_PREL19:
  case R_AARCH64_TLSDESC_OFF_G1:
    what = "crashes on it";
    instead = "-mtls-dialect=trad";
    break;
  case R_AARCH64_TLSGD_MOVW_G1:
    what = "does not relax it";
    instead = "the small code model";
    break;
  case R_AARCH64_TLSGD_ADR_PREL21:
    what = "makes code that computes a wrong address";
    instead = "-mcmodel=small";
    break;
  default:
    return;
  }
  error(ctx, "%s:(%s+0x%llx): %s against undefined weak TLS symbol '%s' is "
        "not supported (GNU ld 2.40 %s; use %s or define the symbol)",
        is->file->name, isec_name(is), (unsigned long long)off,
        reloc_name(type), reloc_sym_name(rs), what, instead);
}

// A TLS descriptor sequence against an undefined weak symbol: GNU ld
// makes it initial-exec when the symbol has an initial-exec GOT entry,
// and crashes otherwise, which after_scan can only tell once every
// reference has been seen.
struct weak_desc {
  struct isec *is;
  u64 off;
  struct symbol *sym;
};

static void after_scan(struct ctx *ctx) {
  for (u32 i = 0; i < ctx->weak_desc.len; i++) {
    struct weak_desc *d = ctx->weak_desc.v[i];
    if (!(d->sym->flags & SF_NEEDS_GOTTP))
      error(ctx, "%s:(%s+0x%llx): %s against undefined weak TLS symbol "
            "'%s' is not supported (GNU ld 2.40 crashes on it, unless the "
            "symbol has initial-exec references too; use "
            "-mtls-dialect=trad or define the symbol)",
            d->is->file->name, isec_name(d->is), (unsigned long long)d->off,
            reloc_name(R_AARCH64_TLSDESC_ADR_PAGE21), d->sym->name);
  }
}

// The TLS relocation I (of TYPE at OFF, against SYMIDX) of IS: its GOT
// entries, or a check of the sequence mld relaxes.  How many relocations
// after it it takes.
static u32 scan_tls(struct ctx *ctx, struct isec *is, u32 i, u64 off,
                    u32 type, u32 symidx, const struct reloc_sym *rs) {
  struct objfile *f = is->file;
  switch (type) {
  case R_AARCH64_TLSIE_ADR_GOTTPREL_PAGE21:
  case R_AARCH64_TLSIE_LD64_GOTTPREL_LO12_NC:
    // An undefined weak keeps its GOT entry (GNU ld), which holds its
    // TP offset.
    if (!rs->defined)
      need_gottp(ctx, reloc_symbol(ctx, f, symidx));
    break;
  case R_AARCH64_TLSGD_ADR_PAGE21:
    // General-dynamic code against an undefined weak symbol stays, with
    // a GOT pair, unless the symbol has an initial-exec entry too: then
    // it becomes initial-exec (GNU ld; allocate_slots decides).
    if (!rs->defined)
      need_gotgd(ctx, reloc_symbol(ctx, f, symidx));
    break;
  case R_AARCH64_TLSDESC_ADR_PAGE21:
    if (!rs->defined && rs->sym) {
      struct weak_desc *d = arena_alloc(ctx, sizeof(*d));
      d->is = is;
      d->off = off;
      d->sym = rs->sym;
      vec_push(ctx, &ctx->weak_desc, d);
    }
    break;
  case R_AARCH64_TLSIE_LD_GOTTPREL_PREL19:
    // GNU ld keeps this GOT load; for an undefined weak it loads from
    // the instruction itself (see apply_relocs), though it makes the
    // GOT entry all the same.
    need_gottp(ctx, reloc_symbol(ctx, f, symidx));
    break;
  case R_AARCH64_TLSIE_MOVW_GOTTPREL_G1:
  case R_AARCH64_TLSIE_MOVW_GOTTPREL_G0_NC:
    need_gottp(ctx, reloc_symbol(ctx, f, symidx));   // kept (GNU ld)
    break;
  case R_AARCH64_TLSGD_MOVW_G0_NC:
    if (!tlsgd_large_call_follows(is, i, off)) {
      bad_sequence(ctx, is, off, type, "is not followed by a call to "
                   "__tls_get_addr in a form mld can relax");
      break;
    }
    return 1;                    // the call to __tls_get_addr goes away
  case R_AARCH64_TLSLD_ADR_PAGE21:
    if (!next_rel_is(is, i, off + 4, R_AARCH64_TLSLD_ADD_LO12_NC))
      bad_sequence(ctx, is, off, type, "is not followed by "
                   "R_AARCH64_TLSLD_ADD_LO12_NC");
    break;
  case R_AARCH64_TLSGD_ADD_LO12_NC:
  case R_AARCH64_TLSGD_ADR_PREL21:
  case R_AARCH64_TLSLD_ADD_LO12_NC:
  case R_AARCH64_TLSLD_ADR_PREL21:
    if (!tlsgd_call_follows(is, i, off)) {
      bad_sequence(ctx, is, off, type, "is not followed by a call to "
                   "__tls_get_addr in a form mld can relax");
      break;
    }
    // The call to __tls_get_addr goes away, except in general-dynamic
    // code against an undefined weak symbol, which may keep it.
    return rs->defined || type != R_AARCH64_TLSGD_ADD_LO12_NC;
  }
  return 0;
}

// Relocation i of is; returns the next one to scan (a TLS sequence's
// first relocation may take the call's).
static u32 scan_reloc(struct ctx *ctx, struct isec *is, u32 i) {
  struct objfile *f = is->file;
  const u8 *r = rela_at(is, i);
  u64 off = rd64(r);
  u64 info = rd64(r + 8);
  u32 type = ELF64_R_TYPE(info), symidx = ELF64_R_SYM(info);
  if (type == R_AARCH64_NONE)
    return i + 1;
  u32 width = reloc_width(type);
  if (!width || type == R_AARCH64_TLS_DTPREL) {
    error(ctx, "%s:(%s+0x%llx): unsupported relocation type %s", f->name,
          isec_name(is), (unsigned long long)off, reloc_name(type));
    return i + 1;
  }
  if (!check_reloc(ctx, is, i, off, width, symidx))
    return i + 1;
  u32 next = i + 1;
  struct reloc_sym rs;
  reloc_target(ctx, f, symidx, &rs);
  struct symbol *sym = rs.sym;
  if (sym && sym == ctx->got_symbol)
    ctx->got_referenced = true;
  bool strong_undef = sym && sym->state == SYM_UNDEF &&
                      (sym->ref_flags & SF_REF_STRONG);
  if (strong_undef)
    report_undefined(ctx, f, is, off, sym);
  if (rs.is_ifunc) {
    need_iplt(ctx, sym);
    // A static PIE's data pointers get an IRELATIVE of their own.
    if (needs_canonical_address(type) &&
        !(ctx->cfg.pie && type == R_AARCH64_ABS64))
      sym->flags |= SF_ADDR_EQ;
  }

  switch (type) {
  case R_AARCH64_ADR_GOT_PAGE:
  case R_AARCH64_LD64_GOT_LO12_NC:
  case R_AARCH64_GOT_LD_PREL19:
  case R_AARCH64_MOVW_GOTOFF_G1:
  case R_AARCH64_MOVW_GOTOFF_G0_NC:
    ctx->got_referenced = true;
    need_got(ctx, reloc_symbol(ctx, f, symidx));
    break;
  case R_AARCH64_LD64_GOTPAGE_LO15:
  case R_AARCH64_LD64_GOTOFF_LO15:
    ctx->got_referenced = true;
    need_got_near(ctx, reloc_symbol(ctx, f, symidx));
    break;
  default:
    next += scan_tls(ctx, is, i, off, type, symidx, &rs);
    break;
  }
  if (!rs.defined && !strong_undef)
    check_weak_tls(ctx, is, off, type, &rs);
  return next;
}

// What scan_reloc leaves alone: a relocation against a defined symbol,
// not an IFUNC, that asks for no GOT entry and is not part of a TLS
// sequence to check, with nothing wrong with it.
static bool quiet_reloc(struct ctx *ctx, struct isec *is, u32 i) {
  const u8 *r = rela_at(is, i);
  u64 off = rd64(r);
  u64 info = rd64(r + 8);
  u32 type = ELF64_R_TYPE(info), symidx = ELF64_R_SYM(info);
  if (type == R_AARCH64_NONE)
    return true;
  u32 width = reloc_width(type);
  switch (type) {
  case R_AARCH64_TLS_DTPREL:
  case R_AARCH64_ADR_GOT_PAGE:
  case R_AARCH64_LD64_GOT_LO12_NC:
  case R_AARCH64_GOT_LD_PREL19:
  case R_AARCH64_MOVW_GOTOFF_G1:
  case R_AARCH64_MOVW_GOTOFF_G0_NC:
  case R_AARCH64_LD64_GOTPAGE_LO15:
  case R_AARCH64_LD64_GOTOFF_LO15:
  case R_AARCH64_TLSIE_LD_GOTTPREL_PREL19:
  case R_AARCH64_TLSIE_MOVW_GOTTPREL_G1:
  case R_AARCH64_TLSIE_MOVW_GOTTPREL_G0_NC:
  case R_AARCH64_TLSGD_MOVW_G0_NC:
  case R_AARCH64_TLSLD_ADR_PAGE21:
  case R_AARCH64_TLSGD_ADD_LO12_NC:
  case R_AARCH64_TLSGD_ADR_PREL21:
  case R_AARCH64_TLSLD_ADD_LO12_NC:
  case R_AARCH64_TLSLD_ADR_PREL21:
    return false;
  }
  // The rest, TLSIE_ADR_GOTTPREL_PAGE21, TLSIE_LD64_GOTTPREL_LO12_NC,
  // TLSGD_ADR_PAGE21 and TLSDESC_ADR_PAGE21 among them, ask for nothing
  // against a defined symbol.
  if (!width || reloc_problem(is, off, width, symidx) != RP_NONE)
    return false;
  u64 value;
  if (section_symbol_isec(is->file, symidx, &value))
    return true;               // defined, and not an IFUNC
  // A word against any other local symbol that is not an IFUNC asks for
  // nothing either: debugging information about a discarded COMDAT
  // group's code, say.
  if ((type == R_AARCH64_ABS64 || type == R_AARCH64_ABS32) &&
      symidx < is->file->first_global &&
      sym_type(is->file, symidx) != STT_GNU_IFUNC)
    return true;
  struct reloc_sym rs;
  reloc_target(ctx, is->file, symidx, &rs);
  return rs.defined && !rs.is_ifunc && rs.sym != ctx->got_symbol;
}

static bool fits_signed(i64 v, u32 bits) {
  return v >= -((i64)1 << (bits - 1)) && v < ((i64)1 << (bits - 1));
}

// A scaled load or store offset whose value is not a multiple of the
// access size: GNU ld's "relocation truncated to fit", then its hint.
static void misaligned(struct ctx *ctx, struct isec *is, u64 off, u32 type,
                       const struct reloc_sym *rs, u64 val, int n) {
  error(ctx, "%srelocation truncated to fit: %s against %s (value 0x%llx "
        "is not a multiple of %d)", gnu_place(ctx, is->file, is->shndx, off),
        reloc_name(type), gnu_reloc_target(ctx, rs), (unsigned long long)val,
        n);
  warn(ctx, "%s:(%s+0x%llx): one possible cause of this error is that the "
       "symbol is being referenced in the indicated code as if it had a "
       "larger alignment than was declared where it was defined",
       is->file->name, isec_name(is), (unsigned long long)off);
}

// The PC-relative relocations whose undefined weak symbol is the place.
static bool weak_at_place(u32 type) {
  switch (type) {
  case R_AARCH64_PREL16: case R_AARCH64_PREL32: case R_AARCH64_PREL64:
  case R_AARCH64_ADR_PREL_LO21: case R_AARCH64_CONDBR19:
  case R_AARCH64_LD_PREL_LO19: case R_AARCH64_TSTBR14:
  case R_AARCH64_MOVW_PREL_G0: case R_AARCH64_MOVW_PREL_G0_NC:
  case R_AARCH64_MOVW_PREL_G1: case R_AARCH64_MOVW_PREL_G1_NC:
  case R_AARCH64_MOVW_PREL_G2: case R_AARCH64_MOVW_PREL_G2_NC:
  case R_AARCH64_MOVW_PREL_G3:
    return true;
  }
  return false;
}

// The local-dynamic and checked local-exec offsets whose undefined weak
// symbol GNU ld puts at the place itself, with a warning (TLS against a
// weak symbol is implementation-defined; bfd's
// _bfd_aarch64_elf_resolve_relocation): the offset is then P, which a
// checked 12-bit field cannot hold.
static bool weak_tls_at_place(u32 type) {
  switch (type) {
  case R_AARCH64_TLSLD_ADD_DTPREL_HI12: case R_AARCH64_TLSLD_ADD_DTPREL_LO12:
  case R_AARCH64_TLSLD_ADD_DTPREL_LO12_NC:
  case R_AARCH64_TLSLD_LDST8_DTPREL_LO12:
  case R_AARCH64_TLSLD_LDST16_DTPREL_LO12:
  case R_AARCH64_TLSLD_LDST32_DTPREL_LO12:
  case R_AARCH64_TLSLD_LDST64_DTPREL_LO12:
  case R_AARCH64_TLSLD_MOVW_DTPREL_G0: case R_AARCH64_TLSLD_MOVW_DTPREL_G0_NC:
  case R_AARCH64_TLSLD_MOVW_DTPREL_G1: case R_AARCH64_TLSLD_MOVW_DTPREL_G1_NC:
  case R_AARCH64_TLSLD_MOVW_DTPREL_G2:
  case R_AARCH64_TLSLE_LDST8_TPREL_LO12:
  case R_AARCH64_TLSLE_LDST16_TPREL_LO12:
  case R_AARCH64_TLSLE_LDST32_TPREL_LO12:
  case R_AARCH64_TLSLE_LDST64_TPREL_LO12:
    return true;
  }
  return false;
}

// One relocation being applied: what apply_relocs has read and resolved,
// for the helpers below, one per family of relocation types, each of
// which returns false for a type not its own.  A helper that rewrites a
// whole TLS sequence also consumes the call's relocation (i++).
struct apply {
  struct ctx *ctx;
  struct isec *is;
  u32 i;                       // the relocation's index in is
  u64 off;                     // its offset in is
  u32 type, symidx;
  u8 *loc;                     // where it lands in the output
  struct reloc_sym rs;
  u64 S, P, GOT;               // GOT: _GLOBAL_OFFSET_TABLE_
  i64 A;
  // Where local-dynamic offsets count from (S + A - DTP), the TLS block's
  // start; weak_tls: the offset is P itself.
  u64 DTP;
  bool weak_tls;
};

static void check(struct apply *a, i64 v, i64 lo, i64 hi) {
  if (v < lo || v > hi)
    reloc_overflow(a->ctx, a->is, a->off, a->type, &a->rs, v, lo, hi);
}

static void check_aligned(struct apply *a, u64 v, int n) {
  if (v & (u64)(n - 1))
    misaligned(a->ctx, a->is, a->off, a->type, &a->rs, v, n);
}

// A signed field of the bits above shift: GNU ld's complain_overflow_signed
// on MOV[NZ] groups.
static void check_movnz(struct apply *a, i64 v, u32 shift) {
  if (!fits_signed(v, shift + 17))
    reloc_overflow(a->ctx, a->is, a->off, a->type, &a->rs, v,
                   -((i64)1 << (shift + 16)), ((i64)1 << (shift + 16)) - 1);
}

// The symbol's entry in the GOT, G(GDAT(S)), and its TP offset's entry.
static u64 got_entry(struct apply *a) {
  return got_entry_addr(a->ctx, reloc_symbol(a->ctx, a->is->file, a->symidx));
}

static u64 gottp_entry(struct apply *a) {
  return gottp_entry_addr(a->ctx,
                          reloc_symbol(a->ctx, a->is->file, a->symidx));
}

// An undefined weak symbol is at the place itself for PC-relative
// relocations, or at its page for ADRP (GNU ld's
// _bfd_aarch64_elf_resolve_relocation): a branch to it branches to
// itself (but B and BL, which become NOPs).
static void place_undefined_weak(struct apply *a) {
  if (weak_at_place(a->type)) {
    a->S = a->P;
  } else if (a->type == R_AARCH64_ADR_PREL_PG_HI21 ||
             a->type == R_AARCH64_ADR_PREL_PG_HI21_NC) {
    a->S = aarch64_page(a->P);
  } else if (weak_tls_at_place(a->type)) {
    gnu_warning(a->ctx, "%s: warning: Weak TLS is implementation defined "
                "and may not work as expected", a->is->file->name);
    a->S = a->P;
    a->A = 0;
    a->DTP = 0;
    a->weak_tls = true;
  }
}

// Words and MOVW groups of S + A or S + A - P.
static bool apply_data(struct apply *a) {
  u8 *loc = a->loc;
  u64 SA = a->S + a->A, P = a->P;
  u32 type = a->type;
  switch (type) {
  case R_AARCH64_ABS64:
    wr64(loc, SA);
    return true;
  case R_AARCH64_ABS32:
    check(a, SA, INT32_MIN, (i64)UINT32_MAX);
    wr32(loc, SA);
    return true;
  case R_AARCH64_ABS16:
    check(a, SA, INT16_MIN, UINT16_MAX);
    wr16(loc, SA);
    return true;
  case R_AARCH64_PREL64:
    wr64(loc, SA - P);
    return true;
  // Signed, as GNU ld checks them (complain_overflow_signed), not the
  // ABI's -2^15 <= X < 2^16 (ld-aarch64/emit-relocs-262).
  case R_AARCH64_PREL32:
    check(a, SA - P, INT32_MIN, INT32_MAX);
    wr32(loc, SA - P);
    return true;
  case R_AARCH64_PREL16:
    check(a, SA - P, INT16_MIN, INT16_MAX);
    wr16(loc, SA - P);
    return true;
  case R_AARCH64_TLS_DTPREL:
    // Debug information: the offset within the TLS block.
    wr64(loc, SA - a->DTP);
    return true;

  // MOVZ/MOVK with unsigned groups of S + A.
  case R_AARCH64_MOVW_UABS_G0:
  case R_AARCH64_MOVW_UABS_G1:
  case R_AARCH64_MOVW_UABS_G2: {
    u32 shift = (type - R_AARCH64_MOVW_UABS_G0) / 2 * 16;
    if (SA >> (shift + 16))
      reloc_overflow(a->ctx, a->is, a->off, type, &a->rs, SA, 0,
                     (i64)(((u64)1 << (shift + 16)) - 1));
    aarch64_write_movw(loc, SA >> shift);
    return true;
  }
  case R_AARCH64_MOVW_UABS_G0_NC:
  case R_AARCH64_MOVW_UABS_G1_NC:
  case R_AARCH64_MOVW_UABS_G2_NC:
  case R_AARCH64_MOVW_UABS_G3:
    aarch64_write_movw(loc, SA >> ((type - R_AARCH64_MOVW_UABS_G0) / 2 * 16));
    return true;
  // MOV[NZ] with signed groups of S + A or S + A - P.
  case R_AARCH64_MOVW_SABS_G0:
  case R_AARCH64_MOVW_SABS_G1:
  case R_AARCH64_MOVW_SABS_G2: {
    u32 shift = (type - R_AARCH64_MOVW_SABS_G0) * 16;
    check_movnz(a, SA, shift);
    aarch64_write_movnz(loc, SA, shift);
    return true;
  }
  case R_AARCH64_MOVW_PREL_G0:
  case R_AARCH64_MOVW_PREL_G1:
  case R_AARCH64_MOVW_PREL_G2:
  case R_AARCH64_MOVW_PREL_G3: {
    u32 shift = (type - R_AARCH64_MOVW_PREL_G0) / 2 * 16;
    if (shift < 48)
      check_movnz(a, SA - P, shift);
    aarch64_write_movnz(loc, SA - P, shift);
    return true;
  }
  case R_AARCH64_MOVW_PREL_G0_NC:
  case R_AARCH64_MOVW_PREL_G1_NC:
  case R_AARCH64_MOVW_PREL_G2_NC:
    aarch64_write_movw(loc,
                       (SA - P) >> ((type - R_AARCH64_MOVW_PREL_G0) / 2 * 16));
    return true;
  }
  return false;
}

// PC-relative addresses, branches, and the low 12 bits of S + A.
static bool apply_code(struct apply *a) {
  u8 *loc = a->loc;
  u64 SA = a->S + a->A, P = a->P;
  i64 v = SA - P;
  switch (a->type) {
  case R_AARCH64_ADR_PREL_PG_HI21:
  case R_AARCH64_ADR_PREL_PG_HI21_NC:
    v = aarch64_page(SA) - aarch64_page(P);
    if (a->type == R_AARCH64_ADR_PREL_PG_HI21)
      check(a, v, -((i64)1 << 32), ((i64)1 << 32) - 1);
    aarch64_write_adrp(loc, v);
    return true;
  case R_AARCH64_ADR_PREL_LO21:
    check(a, v, -(1 << 20), (1 << 20) - 1);
    aarch64_write_adr(loc, v);
    return true;
  case R_AARCH64_CALL26:
  case R_AARCH64_JUMP26:
    // A call to an undefined weak symbol falls through (GNU ld).
    if (a->rs.undef_weak && !a->rs.is_ifunc) {
      wr32(loc, INSN_NOP);
      return true;
    }
    if (!fits_signed(v, 28)) {
      // Out of reach: through the stub of this section's group.
      u64 stub = find_stub(a->ctx, a->is, a->symidx,
                           (i64)rd64(rela_at(a->is, a->i) + 16));
      if (stub && fits_signed(stub - P, 28))
        aarch64_write_branch26(loc, stub - P);
      else
        check(a, v, -(1 << 27), (1 << 27) - 1);
      return true;
    }
    check_aligned(a, v, 4);
    aarch64_write_branch26(loc, v);
    return true;
  case R_AARCH64_CONDBR19:
  case R_AARCH64_LD_PREL_LO19:
    check(a, v, -(1 << 20), (1 << 20) - 1);
    check_aligned(a, v, 4);
    aarch64_write_imm19(loc, v);
    return true;
  case R_AARCH64_TSTBR14:
    check(a, v, -(1 << 15), (1 << 15) - 1);
    check_aligned(a, v, 4);
    aarch64_write_imm14(loc, v);
    return true;
  case R_AARCH64_ADD_ABS_LO12_NC:
    aarch64_write_lo12(loc, SA, 0);
    return true;
  case R_AARCH64_LDST8_ABS_LO12_NC:
  case R_AARCH64_LDST16_ABS_LO12_NC:
  case R_AARCH64_LDST32_ABS_LO12_NC:
  case R_AARCH64_LDST64_ABS_LO12_NC:
  case R_AARCH64_LDST128_ABS_LO12_NC: {
    u32 shift = ldst_shift(a->type);
    check_aligned(a, SA & 0xfff, 1 << shift);
    aarch64_write_lo12(loc, SA, shift);
    return true;
  }
  }
  return false;
}

// The GOT: one entry per symbol, G(GDAT(S)).  GNU ld 2.40 leaves the
// addend out of every GOT relocation (the entry holds S, the load reads
// it), and keeps every GOT load (it does not relax ADRP+LDR to ADD).
static bool apply_got(struct apply *a) {
  u8 *loc = a->loc;
  u64 GOT = a->GOT;
  i64 v;
  switch (a->type) {
  case R_AARCH64_ADR_GOT_PAGE:
    v = aarch64_page(got_entry(a)) - aarch64_page(a->P);
    check(a, v, -((i64)1 << 32), ((i64)1 << 32) - 1);
    aarch64_write_adrp(loc, v);
    return true;
  case R_AARCH64_LD64_GOT_LO12_NC:
    aarch64_write_lo12(loc, got_entry(a), 3);
    return true;
  case R_AARCH64_GOT_LD_PREL19:
    // ldr xN, <GOT entry> (-mcmodel=tiny with PIC/PIE): G - P.
    v = got_entry(a) - a->P;
    check(a, v, -(1 << 20), (1 << 20) - 1);
    check_aligned(a, v, 4);
    aarch64_write_imm19(loc, v);
    return true;
  case R_AARCH64_LD64_GOTPAGE_LO15:
  case R_AARCH64_LD64_GOTOFF_LO15:
    // From the GOT's page, or from the GOT itself.
    v = got_entry(a) -
        (a->type == R_AARCH64_LD64_GOTPAGE_LO15 ? aarch64_page(GOT) : GOT);
    check(a, v, 0, (1 << 15) - 1);
    check_aligned(a, v, 8);
    // The LDR's imm12 field holds bits 3-14 of the offset.
    wr32(loc, (rd32(loc) & ~(0xfffu << 10)) | (u32)(v >> 3) << 10);
    return true;
  // The entry's offset from the GOT in MOV[NZ]/MOVK groups, the two that
  // gas writes (GNU ld 2.40 rejects the other MOVW_GOTOFF types).
  case R_AARCH64_MOVW_GOTOFF_G1:
    v = got_entry(a) - GOT;
    check(a, v, -((i64)1 << 32), ((i64)1 << 32) - 1);
    aarch64_write_movnz(loc, v, 16);
    return true;
  case R_AARCH64_MOVW_GOTOFF_G0_NC:
    aarch64_write_movw(loc, got_entry(a) - GOT);
    return true;
  }
  return false;
}

// The fields a TLS offset fills: local-exec's TPREL(S + A) and
// local-dynamic's DTPREL(S + A), in the same forms.
enum tls_field {
  TF_NONE, TF_HI12, TF_LO12, TF_LO12_NC, TF_LDST, TF_LDST_NC, TF_MOVW,
  TF_MOVW_NC,
};

// The field of a TLSLE_* or TLSLD_*_DTPREL_* type, and the bits a MOVW
// group starts at; *le: a local-exec one.
static enum tls_field tls_field(u32 type, u32 *shift, bool *le) {
  *le = true;
  *shift = 0;
  switch (type) {
  case R_AARCH64_TLSLD_ADD_DTPREL_HI12: *le = false; // fallthrough
  case R_AARCH64_TLSLE_ADD_TPREL_HI12: return TF_HI12;
  case R_AARCH64_TLSLD_ADD_DTPREL_LO12: *le = false; // fallthrough
  case R_AARCH64_TLSLE_ADD_TPREL_LO12: return TF_LO12;
  case R_AARCH64_TLSLD_ADD_DTPREL_LO12_NC: *le = false; // fallthrough
  case R_AARCH64_TLSLE_ADD_TPREL_LO12_NC: return TF_LO12_NC;
  case R_AARCH64_TLSLD_LDST8_DTPREL_LO12:
  case R_AARCH64_TLSLD_LDST16_DTPREL_LO12:
  case R_AARCH64_TLSLD_LDST32_DTPREL_LO12:
  case R_AARCH64_TLSLD_LDST64_DTPREL_LO12:
  case R_AARCH64_TLSLD_LDST128_DTPREL_LO12: *le = false; // fallthrough
  case R_AARCH64_TLSLE_LDST8_TPREL_LO12:
  case R_AARCH64_TLSLE_LDST16_TPREL_LO12:
  case R_AARCH64_TLSLE_LDST32_TPREL_LO12:
  case R_AARCH64_TLSLE_LDST64_TPREL_LO12:
  case R_AARCH64_TLSLE_LDST128_TPREL_LO12:
    *shift = ldst_shift(type);
    return TF_LDST;
  case R_AARCH64_TLSLD_LDST8_DTPREL_LO12_NC:
  case R_AARCH64_TLSLD_LDST16_DTPREL_LO12_NC:
  case R_AARCH64_TLSLD_LDST32_DTPREL_LO12_NC:
  case R_AARCH64_TLSLD_LDST64_DTPREL_LO12_NC:
  case R_AARCH64_TLSLD_LDST128_DTPREL_LO12_NC: *le = false; // fallthrough
  case R_AARCH64_TLSLE_LDST8_TPREL_LO12_NC:
  case R_AARCH64_TLSLE_LDST16_TPREL_LO12_NC:
  case R_AARCH64_TLSLE_LDST32_TPREL_LO12_NC:
  case R_AARCH64_TLSLE_LDST64_TPREL_LO12_NC:
  case R_AARCH64_TLSLE_LDST128_TPREL_LO12_NC:
    *shift = ldst_shift(type);
    return TF_LDST_NC;
  case R_AARCH64_TLSLD_MOVW_DTPREL_G2: *le = false; // fallthrough
  case R_AARCH64_TLSLE_MOVW_TPREL_G2: *shift = 32; return TF_MOVW;
  case R_AARCH64_TLSLD_MOVW_DTPREL_G1: *le = false; // fallthrough
  case R_AARCH64_TLSLE_MOVW_TPREL_G1: *shift = 16; return TF_MOVW;
  case R_AARCH64_TLSLD_MOVW_DTPREL_G0: *le = false; // fallthrough
  case R_AARCH64_TLSLE_MOVW_TPREL_G0: return TF_MOVW;
  case R_AARCH64_TLSLD_MOVW_DTPREL_G1_NC: *le = false; // fallthrough
  case R_AARCH64_TLSLE_MOVW_TPREL_G1_NC: *shift = 16; return TF_MOVW_NC;
  case R_AARCH64_TLSLD_MOVW_DTPREL_G0_NC: *le = false; // fallthrough
  case R_AARCH64_TLSLE_MOVW_TPREL_G0_NC: return TF_MOVW_NC;
  }
  return TF_NONE;
}

// Local-exec TLS, TPREL(S + A), where GNU ld makes an undefined weak
// symbol's whole value 0, addend included (the thread pointer); and the
// local-dynamic offsets used after the module base (which relaxes to the
// TP offset of the block's start), DTPREL(S + A).  A weak TLS symbol
// GNU ld puts at the place (weak_tls).
static bool apply_tls_offset(struct apply *a) {
  u32 shift;
  bool le;
  enum tls_field field = tls_field(a->type, &shift, &le);
  if (field == TF_NONE)
    return false;
  u8 *loc = a->loc;
  i64 v = a->weak_tls ? (i64)a->P
          : le        ? le_value(a->ctx, &a->rs, a->S + a->A)
                      : (i64)(a->S + a->A - a->DTP);
  switch (field) {
  case TF_HI12:
    check(a, v, 0, (1 << 24) - 1);
    aarch64_write_lo12(loc, (u64)v >> 12, 0);
    break;
  case TF_LO12:
    check(a, v, 0, (1 << 12) - 1);
    aarch64_write_lo12(loc, v, 0);
    break;
  case TF_LO12_NC:
    aarch64_write_lo12(loc, v, 0);
    break;
  case TF_LDST:
    check(a, v, 0, (1 << 12) - 1);
    // fallthrough
  case TF_LDST_NC:
    check_aligned(a, v & 0xfff, 1 << shift);
    aarch64_write_lo12(loc, v, shift);
    break;
  case TF_MOVW:
    check_movnz(a, v, shift);
    aarch64_write_movnz(loc, v, shift);
    break;
  case TF_MOVW_NC:
    aarch64_write_movw(loc, (u64)v >> shift);
    break;
  case TF_NONE:
    break;
  }
  return true;
}

// The large model's TLS: initial-exec kept as GNU ld keeps it, the GOT
// entry's offset from the GOT, G(GTPREL(S)) - GOT, in movz/movk; general-
// dynamic and descriptors relaxed to local-exec as GNU ld relaxes them,
// the TP offset in three moves:
//   movz x0, #:tlsgd_g1:v; movk x0, #:tlsgd_g0_nc:v; add x0, xgot, x0;
//   bl __tls_get_addr; nop
//   -> movz x0, #hi, lsl #32; movk x0, #mid, lsl #16; movk x0, #lo;
//      mrs x1, tpidr_el0; add x0, x1, x0
//   movz x0, #:tlsdesc_off_g1:v; movk x0, #:tlsdesc_off_g0_nc:v;
//   ldr x1, [xgot, x0]; add x0, xgot, x0; blr x1
//   -> movz x0, #hi, lsl #32; movk x0, #mid, lsl #16; movk x0, #lo;
//      nop; nop
static bool relax_tls_large(struct apply *a) {
  u8 *loc = a->loc;
  i64 v;
  switch (a->type) {
  case R_AARCH64_TLSIE_MOVW_GOTTPREL_G1:
    v = gottp_entry(a) - a->GOT;
    if (!fits_signed(v, 33))
      reloc_overflow(a->ctx, a->is, a->off, a->type, &a->rs, v, INT32_MIN,
                     INT32_MAX);
    aarch64_write_movnz(loc, v, 16);
    return true;
  case R_AARCH64_TLSIE_MOVW_GOTTPREL_G0_NC:
    aarch64_write_movw(loc, gottp_entry(a) - a->GOT);
    return true;
  case R_AARCH64_TLSGD_MOVW_G1:
  case R_AARCH64_TLSDESC_OFF_G1:
    v = tp_offset(a->ctx, a->S + a->A);
    wr32(loc, INSN_MOVZ_X0_32);
    aarch64_write_movw(loc, (u64)v >> 32);
    return true;
  case R_AARCH64_TLSGD_MOVW_G0_NC:
  case R_AARCH64_TLSDESC_OFF_G0_NC:
    v = tp_offset(a->ctx, a->S + a->A);
    wr32(loc, INSN_MOVK_X0_16);
    aarch64_write_movw(loc, (u64)v >> 16);
    if (a->type == R_AARCH64_TLSGD_MOVW_G0_NC &&
        tlsgd_large_call_follows(a->is, a->i, a->off)) {
      write_movk_lo(loc + 4, 0, v);       // add x0, xgot, x0
      wr32(loc + 8, INSN_MRS_X1_TP);      // bl __tls_get_addr
      wr32(loc + 12, INSN_ADD_X0_X1_X0);  // nop
      a->i++;
    }
    return true;
  case R_AARCH64_TLSDESC_LDR:        // ldr x1, [xgot, x0] -> movk x0, #lo
    write_movk_lo(loc, 0, tp_offset(a->ctx, a->S + a->A));
    return true;
  }
  return false;
}

// The module base of local-dynamic code, relaxed as GNU ld does:
//   adrp x0, :tlsldm:v; add x0, x0, :tlsldm_lo12_nc:v; bl; nop
//   -> mrs x0, tpidr_el0; add x0, x0, #block; nop; nop
//   adr x0, :tlsldm:v; bl; nop  (-mcmodel=tiny)
//   -> mrs x0, tpidr_el0; add x0, x0, #block; nop
static bool relax_tls_ld(struct apply *a) {
  u8 *loc = a->loc, *add = loc;
  switch (a->type) {
  case R_AARCH64_TLSLD_ADR_PAGE21:
    wr32(loc, INSN_MRS_X0_TP);
    return true;
  case R_AARCH64_TLSLD_ADD_LO12_NC:
  case R_AARCH64_TLSLD_ADR_PREL21:
    if (!tlsgd_call_follows(a->is, a->i, a->off))
      return true;
    if (a->type == R_AARCH64_TLSLD_ADR_PREL21) {
      wr32(loc, INSN_MRS_X0_TP);
      add = loc + 4;
    } else {
      wr32(loc + 4, INSN_NOP);
    }
    i64 v = tls_block_tp_offset(a->ctx);
    check(a, v, 0, (1 << 12) - 1);
    wr32(add, INSN_ADD_X0_X0);
    aarch64_write_lo12(add, v, 0);
    a->i++;
    return true;
  }
  return false;
}

// Initial-exec, descriptors and general-dynamic against a defined symbol,
// relaxed to local-exec: the TP offset is built with movz/movk.  An
// undefined weak symbol gets here only not default-visible, with the
// value 0 (GNU ld).
static void relax_tls_to_le(struct apply *a) {
  u8 *loc = a->loc;
  i64 v = a->rs.defined ? tp_offset(a->ctx, a->S + a->A) : 0;
  check(a, v, 0, (i64)UINT32_MAX);
  u32 rd = rd32(loc) & 31;
  switch (a->type) {
  case R_AARCH64_TLSIE_ADR_GOTTPREL_PAGE21:
    write_movz_hi(loc, rd, v);   // adrp xd -> movz xd, #hi, lsl #16
    break;
  case R_AARCH64_TLSIE_LD64_GOTTPREL_LO12_NC:
    write_movk_lo(loc, rd, v);   // ldr xd, [xn, ...] -> movk xd, #lo
    break;
  case R_AARCH64_TLSDESC_ADR_PAGE21:
  case R_AARCH64_TLSGD_ADR_PAGE21:
    write_movz_hi(loc, 0, v);    // adrp x0 -> movz x0, #hi, lsl #16
    break;
  case R_AARCH64_TLSDESC_LD_PREL19:
    write_movz_hi(loc, 0, v);    // ldr x1, ... -> movz x0, #hi, lsl #16
    break;
  case R_AARCH64_TLSDESC_LD64_LO12:
    write_movk_lo(loc, 0, v);    // ldr x1, [x0, ...] -> movk x0, #lo
    break;
  case R_AARCH64_TLSDESC_ADR_PREL21:
    write_movk_lo(loc, 0, v);    // adr x0, ... -> movk x0, #lo
    break;
  case R_AARCH64_TLSGD_ADD_LO12_NC:
    if (!tlsgd_call_follows(a->is, a->i, a->off))
      break;
    write_movk_lo(loc, 0, v);    // add x0, x0, ... -> movk x0, #lo
    wr32(loc + 4, INSN_MRS_X1_TP);      // bl __tls_get_addr
    wr32(loc + 8, INSN_ADD_X0_X1_X0);   // nop
    a->i++;
    break;
  }
}

// General-dynamic code against an undefined weak symbol: GNU ld keeps the
// call to __tls_get_addr, with a GOT pair (module 1, offset of address 0
// in the block), unless the symbol also has initial-exec references; then
// it becomes local-exec 0 if the symbol is not default-visible, else
// initial-exec, whose GOT entry holds the symbol's TP offset:
//   adrp x0, :tlsgd:v; add x0, x0, :tlsgd_lo12:v; bl; nop
//   -> adrp x0, :gottprel:v; ldr x0, [x0, :gottprel_lo12:v];
//      mrs x1, tpidr_el0; add x0, x1, x0
static void apply_tls_gd_weak(struct apply *a) {
  struct symbol *sym = reloc_symbol(a->ctx, a->is->file, a->symidx);
  u8 *loc = a->loc;
  if (has_gotgd(a->ctx, sym)) {
    u64 G = gotgd_entry_addr(a->ctx, sym);
    if (a->type == R_AARCH64_TLSGD_ADR_PAGE21)
      aarch64_write_adrp(loc, aarch64_page(G) - aarch64_page(a->P));
    else
      aarch64_write_lo12(loc, G, 0);
    return;                    // the call is applied as a call
  }
  // Not default-visible: local-exec with the value 0 (GNU ld).
  if (a->rs.sym && a->rs.sym->visibility != STV_DEFAULT) {
    relax_tls_to_le(a);
    return;
  }
  if (a->type == R_AARCH64_TLSGD_ADR_PAGE21) {
    i64 v = aarch64_page(gottp_entry(a)) - aarch64_page(a->P);
    check(a, v, -((i64)1 << 32), ((i64)1 << 32) - 1);
    aarch64_write_adrp(loc, v);
    return;
  }
  if (!tlsgd_call_follows(a->is, a->i, a->off))
    return;
  wr32(loc, INSN_LDR_X0_X0);
  aarch64_write_lo12(loc, gottp_entry(a), 3);
  wr32(loc + 4, INSN_MRS_X1_TP);
  wr32(loc + 8, INSN_ADD_X0_X1_X0);
  a->i++;
}

// Initial-exec or a descriptor against an undefined weak symbol, as GNU
// ld makes them.  Initial-exec keeps its GOT load.  A descriptor with an
// initial-exec entry (after_scan refuses the others) becomes local-exec
// with the value 0 if the symbol is not default-visible, else
// initial-exec: adrp x0, :gottprel:v; ldr x0, [x0, :gottprel_lo12:v]
// (the ADD and the call become nops).
static void apply_tls_ie_weak(struct apply *a) {
  u8 *loc = a->loc;
  bool desc = a->type == R_AARCH64_TLSDESC_ADR_PAGE21 ||
              a->type == R_AARCH64_TLSDESC_LD64_LO12;
  if (desc && a->rs.sym && a->rs.sym->visibility != STV_DEFAULT) {
    if (a->type == R_AARCH64_TLSDESC_ADR_PAGE21)
      write_movz_hi(loc, 0, 0);
    else
      write_movk_lo(loc, 0, 0);
    return;
  }
  u64 G = gottp_entry(a);
  if (a->type == R_AARCH64_TLSIE_ADR_GOTTPREL_PAGE21 ||
      a->type == R_AARCH64_TLSDESC_ADR_PAGE21) {
    aarch64_write_adrp(loc, aarch64_page(G) - aarch64_page(a->P));
    return;
  }
  if (a->type == R_AARCH64_TLSDESC_LD64_LO12)
    wr32(loc, INSN_LDR_X0_X0);
  aarch64_write_lo12(loc, G, 3);
}

// The general-dynamic, initial-exec and descriptor sequences of the small
// and tiny models.
static bool relax_tls(struct apply *a) {
  u8 *loc = a->loc;
  i64 v;
  switch (a->type) {
  case R_AARCH64_TLSGD_ADR_PAGE21:
  case R_AARCH64_TLSGD_ADD_LO12_NC:
    if (a->rs.defined)
      relax_tls_to_le(a);
    else
      apply_tls_gd_weak(a);
    return true;

  // -mcmodel=tiny general-dynamic, as GNU ld relaxes it:
  //   adr x0, :tlsgd:v; bl __tls_get_addr; nop
  //   -> mrs x1, tpidr_el0; add x0, x1, :tprel_hi12:v, lsl #12;
  //      add x0, x0, :tprel_lo12_nc:v
  // (scan_reloc refuses it against an undefined weak symbol).
  case R_AARCH64_TLSGD_ADR_PREL21:
    if (!tlsgd_call_follows(a->is, a->i, a->off))
      return true;
    v = tp_offset(a->ctx, a->S + a->A);
    check(a, v, 0, (1 << 24) - 1);
    wr32(loc, INSN_MRS_X1_TP);
    wr32(loc + 4, INSN_ADD_X0_X1_HI);
    aarch64_write_lo12(loc + 4, (u64)v >> 12, 0);
    wr32(loc + 8, INSN_ADD_X0_X0);
    aarch64_write_lo12(loc + 8, v, 0);
    a->i++;
    return true;

  // -mcmodel=tiny initial-exec: ldr xd, <GOT entry>, which GNU ld keeps:
  // G(GTPREL(S)) - P.  For an undefined weak symbol GNU ld writes offset
  // 0, so the load reads the instruction itself.
  case R_AARCH64_TLSIE_LD_GOTTPREL_PREL19:
    if (!a->rs.defined) {
      aarch64_write_imm19(loc, 0);
      return true;
    }
    v = gottp_entry(a) - a->P;
    check(a, v, -(1 << 20), (1 << 20) - 1);
    check_aligned(a, v, 4);
    aarch64_write_imm19(loc, v);
    return true;

  case R_AARCH64_TLSIE_ADR_GOTTPREL_PAGE21:
  case R_AARCH64_TLSIE_LD64_GOTTPREL_LO12_NC:
  case R_AARCH64_TLSDESC_ADR_PAGE21:
  case R_AARCH64_TLSDESC_LD64_LO12:
    if (a->rs.defined)
      relax_tls_to_le(a);
    else
      apply_tls_ie_weak(a);
    return true;
  case R_AARCH64_TLSDESC_LD_PREL19:
  case R_AARCH64_TLSDESC_ADR_PREL21:
    relax_tls_to_le(a);
    return true;
  case R_AARCH64_TLSDESC_ADD_LO12:   // add x0, x0, ... -> nop
  case R_AARCH64_TLSDESC_ADD:        // add x0, xgot, x0 -> nop
  case R_AARCH64_TLSDESC_CALL:       // blr x1 -> nop
    wr32(loc, INSN_NOP);
    return true;
  }
  return false;
}

static void apply_relocs(struct ctx *ctx, struct isec *is, u8 *out, u32 from,
                        u32 to) {
  struct objfile *f = is->file;
  u64 base = isec_addr(is);
  bool alloc = is->osec && (is->osec->flags & SHF_ALLOC);
  struct apply a = {.ctx = ctx, .is = is};
  a.GOT = ctx->synth[CK_GOT]->addr + ctx->got_base;
  for (a.i = from; a.i < to; a.i++) {
    const u8 *r = rela_at(is, a.i);
    u64 off = rd64(r);
    u64 info = rd64(r + 8);
    i64 A = (i64)rd64(r + 16);
    u32 type = ELF64_R_TYPE(info), symidx = ELF64_R_SYM(info);
    if (type == R_AARCH64_NONE)
      continue;
    u32 width = reloc_width(type);
    // Debugging information: a word holding a section's address.
    if (!alloc && (type == R_AARCH64_ABS64 || type == R_AARCH64_ABS32) &&
        put_section_word(is, out, off, width, symidx, A, INT32_MIN))
      continue;
    if (!width || (alloc && type == R_AARCH64_TLS_DTPREL)) {
      if (!alloc)
        error(ctx, "%s:(%s+0x%llx): unsupported relocation type %s",
              f->name, isec_name(is), (unsigned long long)off,
              reloc_name(type));
      continue;
    }
    if (!check_reloc(ctx, is, a.i, off, width, symidx))
      continue;
    reloc_target_addend(ctx, f, symidx, &A, &a.rs);
    a.loc = out + isec_out_offset(is, off);
    if (!a.rs.defined && !a.rs.sym)
      check_discarded_local(ctx, is, &a.rs);
    if (!alloc && debug_dead_ref(is, &a.rs, a.loc, width))
      continue;
    a.off = off;
    a.type = type;
    a.symidx = symidx;
    a.A = A;
    a.P = base + off;          // GNU ld: also where an entry is moved
    a.S = a.rs.S;
    // An IFUNC's address, wherever it is taken, is its IPLT entry.
    if (a.rs.is_ifunc && alloc)
      a.S = iplt_entry_addr(ctx, a.rs.sym);
    a.DTP = ctx->tls_start;
    a.weak_tls = false;
    if (a.rs.undef_weak && !a.rs.is_ifunc && alloc)
      place_undefined_weak(&a);
    if (!apply_code(&a) && !apply_data(&a) && !apply_got(&a) &&
        !apply_tls_offset(&a) && !relax_tls(&a) &&
        !relax_tls_ld(&a) && !relax_tls_large(&a))
      error(ctx, "%s:(%s+0x%llx): unsupported relocation type %s", f->name,
            isec_name(is), (unsigned long long)off, reloc_name(type));
  }
}

// The data relocations .eh_frame uses, for ehframe.c to write.
static enum data_reloc data_reloc_kind(u32 type) {
  switch (type) {
  case R_AARCH64_NONE: return DR_NONE;
  case R_AARCH64_ABS64: return DR_ABS64;
  case R_AARCH64_PREL64: return DR_PC64;
  case R_AARCH64_PREL32: return DR_PC32_ANY;
  case R_AARCH64_ABS32: return DR_ANY32;
  default: return DR_UNSUPPORTED;
  }
}

// A range-extension stub (stubs.c), GNU ld's: IP0 (x16) gets S, which
// may be anywhere within 4 GiB, then a jump through it; the fourth word
// pads the slot to 16 bytes, as GNU ld pads it.
//   adrp x16, S; add x16, x16, :lo12:S; br x16; .word 0
bool aarch64_stub_reaches(u64 P, u64 S) {
  i64 v = aarch64_page(S) - aarch64_page(P);
  return v >= -((i64)1 << 32) && v < ((i64)1 << 32);
}

bool aarch64_write_stub(u8 *buf, u64 P, u64 S) {
  wr32(buf, 0x90000010);           // adrp x16, 0
  wr32(buf + 4, 0x91000210);       // add x16, x16, #0
  wr32(buf + 8, 0xd61f0200);       // br x16
  wr32(buf + 12, 0);
  aarch64_write_adrp(buf, aarch64_page(S) - aarch64_page(P));
  aarch64_write_lo12(buf + 4, S, 0);
  return aarch64_stub_reaches(P, S);
}

// GNU ld's long-branch stub, for a target beyond 4 GiB: IP0 gets S from
// the doubleword after the code, an offset from the ADR:
//   ldr x16, 1f; adr x17, #0; add x16, x16, x17; br x16; 1: .xword S - (P + 4)
void aarch64_write_long_stub(u8 *buf, u64 P, u64 S) {
  wr32(buf, 0x58000090);           // ldr x16, 1f
  wr32(buf + 4, 0x10000011);       // adr x17, #0
  wr32(buf + 8, 0x8b110210);       // add x16, x16, x17
  wr32(buf + 12, 0xd61f0200);      // br x16
  wr64(buf + 16, S - (P + 4));       // long_stub_data
}

// The start of a stub section, as GNU ld's: code that falls into it
// jumps over it.  b end; nop
void aarch64_write_stub_header(u8 *buf, u64 P, u64 end) {
  wr32(buf, 0x14000000);           // b .
  aarch64_write_branch26(buf, end - P);
  wr32(buf + 4, INSN_NOP);         // nop
}

// An IPLT entry, the PLT entry of AAELF64's examples with x16 as the
// slot address (IP0) and x17 (IP1) loaded from it:
//   adrp x16, slot; ldr x17, [x16, :lo12:slot];
//   add x16, x16, :lo12:slot; br x17
// GNU ld's forms for BTI and -z pac-plt (24 bytes, finish_properties):
// BTI C first in an executable that is not a PIE, autia1716 before the
// jump, nops to the end.
static void write_iplt(struct ctx *ctx, u8 *buf, u64 addr, u64 slot) {
  u32 at = 0;
  if (ctx->plt_bti && !ctx->cfg.pie) {
    wr32(buf, INSN_BTI_C);
    at = 4;
  }
  wr32(buf + at, 0x90000010);      // adrp x16, 0
  wr32(buf + at + 4, 0xf9400211);  // ldr x17, [x16]
  wr32(buf + at + 8, 0x91000210);  // add x16, x16, #0
  aarch64_write_adrp(buf + at, aarch64_page(slot) - aarch64_page(addr + at));
  aarch64_write_lo12(buf + at + 4, slot, 3);
  aarch64_write_lo12(buf + at + 8, slot, 0);
  at += 12;
  if (ctx->plt_pac) {
    wr32(buf + at, INSN_AUTIA1716);
    at += 4;
  }
  wr32(buf + at, 0xd61f0220);      // br x17
  for (at += 4; at < ctx->iplt_size; at += 4)
    wr32(buf + at, INSN_NOP);
}

// A static PIE's lazy PLT (GNU ld's): stp x16, x30, [sp, #-16]!; x16 and
// x17 to GOT+16 and its word; br x17; three nops (with BTI: BTI C first,
// two nops), then per entry write_iplt's instructions.
static void write_plt_header(struct ctx *ctx, u8 *buf, u64 plt, u64 gotplt) {
  u32 at = 0;
  if (ctx->plt_bti) {
    wr32(buf, INSN_BTI_C);
    at = 4;
  }
  wr32(buf + at, 0xa9bf7bf0);      // stp x16, x30, [sp, #-16]!
  wr32(buf + at + 4, 0x90000010);  // adrp x16, GOT+16
  wr32(buf + at + 8, 0xf9400211);  // ldr x17, [x16, #lo12(GOT+16)]
  wr32(buf + at + 12, 0x91000210); // add x16, x16, #lo12(GOT+16)
  wr32(buf + at + 16, 0xd61f0220); // br x17
  for (u32 i = at + 20; i < 32; i += 4)
    wr32(buf + i, INSN_NOP);
  aarch64_write_adrp(buf + at + 4, aarch64_page(gotplt + 16) -
                                       aarch64_page(plt + at + 4));
  aarch64_write_lo12(buf + at + 8, gotplt + 16, 3);
  aarch64_write_lo12(buf + at + 12, gotplt + 16, 0);
}

static void write_plt(struct ctx *ctx, u8 *buf, u64 addr, u64 slot, u32 idx,
                      u64 plt) {
  (void)idx;
  (void)plt;
  write_iplt(ctx, buf, addr, slot);
}

// Absolute addresses narrower than 64 bits cannot move with the load
// address (GNU ld's words: "a shared object", for a PIE too).
static enum pie_reloc pie_reloc(u32 type) {
  switch (type) {
  case R_AARCH64_ABS64: return PIE_ABS64;
  case R_AARCH64_ABS32: case R_AARCH64_ABS16: return PIE_ERROR_SHARED;
  case R_AARCH64_MOVW_UABS_G0: case R_AARCH64_MOVW_UABS_G0_NC:
  case R_AARCH64_MOVW_UABS_G1: case R_AARCH64_MOVW_UABS_G1_NC:
  case R_AARCH64_MOVW_UABS_G2: case R_AARCH64_MOVW_UABS_G2_NC:
  case R_AARCH64_MOVW_UABS_G3:
    return PIE_ERROR_SHARED_PIC;
  }
  return PIE_PLAIN;
}

// GNU ld's AArch64 script sets these unconditionally.
// -z force-bti: each input without BTI is named, as GNU ld's
// elfNN_aarch64_merge_gnu_properties names it.
static void file_properties(struct ctx *ctx, struct objfile *f, u32 value) {
  if (ctx->cfg.z_force_bti && !(value & GNU_PROPERTY_AARCH64_FEATURE_1_BTI))
    gnu_warning(ctx, "%s: warning: BTI turned on by -z force-bti when all "
                "inputs do not have BTI in NOTE section.", f->name);
}

// -z force-bti: BTI in the output whatever the inputs say.  The PLT of
// an output with BTI, and with -z pac-plt, takes GNU ld's forms
// (write_iplt, write_plt_header): 24-byte entries where an entry has an
// instruction more (an executable's BTI C, autia1716).
static void finish_properties(struct ctx *ctx) {
  if (ctx->cfg.z_force_bti)
    force_feature(ctx, GNU_PROPERTY_AARCH64_FEATURE_1_AND,
                  GNU_PROPERTY_AARCH64_FEATURE_1_BTI);
  ctx->plt_bti = every_input_has(ctx, GNU_PROPERTY_AARCH64_FEATURE_1_AND,
                                 GNU_PROPERTY_AARCH64_FEATURE_1_BTI);
  ctx->plt_pac = ctx->cfg.z_pac_plt;
  if ((ctx->plt_bti && !ctx->cfg.pie) || ctx->plt_pac)
    ctx->iplt_size = 24;
}

static const struct linker_sym script_syms[] = {
    {"__bss_start__", W_BSS_START, NULL, STV_DEFAULT, true},
    {"_bss_end__", W_END, ".bss", STV_DEFAULT, true},
    {"__bss_end__", W_END, ".bss", STV_DEFAULT, true},
    {"__end__", W_END_IMAGE, NULL, STV_DEFAULT, true},
};

// The machine names GNU ld (aarch64-linux-gnu-ld) accepts in OUTPUT_ARCH (bfd_scan_arch),
// found by trying them.
static const char *const output_arch_names[] = {
    "aarch64", "aarch64:aarch64", "aarch64:ilp32", "aarch64:llp64",
    "aarch64:armv8-r", "armv8-r", "arm", "arm:arm", "armv2", "armv2a", "armv3",
    "armv3m", "armv4", "armv4t", "armv5", "armv5t", "armv5te", "xscale",
    "arm:xscale", "ep9312", "arm:ep9312", "iwmmxt", "arm:iwmmxt", "iwmmxt2",
    "arm:iwmmxt2", "armv5tej", "armv6", "armv6kz", "armv6t2", "armv6k",
    "armv7", "armv6-m", "armv6s-m", "armv7e-m", "armv8-a", "armv8-m.base",
    "armv8-m.main", "armv8.1-m.main", NULL,
};

// GNU ld's code fill on AArch64, its script's =0x1f2003d5 for .init,
// .text and .fini: nop words, and what is left of a word the pattern's
// first bytes (a section placed at an odd address by -Ttext starts so).
static void fill_code(u8 *p, u64 n) {
  u8 nop[4];
  wr32(nop, 0xd503201f);               // nop
  fill_pattern(p, n, nop, 4);
}

// bfd's elfNN_aarch64_maybe_function_sym: no IFUNC, and no local mapping
// symbol ($x, $d, $x.N and the like).
static bool maybe_function_sym(u8 type, u8 bind, const char *name) {
  if (type == STT_GNU_IFUNC)
    return false;
  return !(bind == STB_LOCAL && name[0] == '$' &&
           (name[1] == 'x' || name[1] == 'd') &&
           (name[2] == 0 || name[2] == '.'));
}

// --icf=safe: branches, which take no address.
static bool is_branch(u32 type, const u8 *loc, u64 off) {
  (void)loc;
  (void)off;
  return type == R_AARCH64_CALL26 || type == R_AARCH64_JUMP26 ||
         type == R_AARCH64_CONDBR19 || type == R_AARCH64_TSTBR14;
}

// elfNN_aarch64_check_relocs: the relocations that create the IFUNC
// sections (against a global symbol) or the GOT in the file they are in,
// if no file holds bfd's linker-made sections yet.
static bool makes_dynobj(u32 type, bool global) {
  switch (type) {
  case R_AARCH64_ADR_GOT_PAGE:
  case R_AARCH64_LD64_GOT_LO12_NC:
  case R_AARCH64_GOT_LD_PREL19:
  case R_AARCH64_LD64_GOTPAGE_LO15:
  case R_AARCH64_LD64_GOTOFF_LO15:
  case R_AARCH64_MOVW_GOTOFF_G0_NC:
  case R_AARCH64_MOVW_GOTOFF_G1:
    return true;
  case R_AARCH64_ADD_ABS_LO12_NC:
  case R_AARCH64_ADR_PREL_PG_HI21:
  case R_AARCH64_CALL26:
  case R_AARCH64_JUMP26:
  case R_AARCH64_ABS64:
    return global;
  }
  return false;
}

const struct arch arch_aarch64 = {
    .report_prop = GNU_PROPERTY_AARCH64_FEATURE_1_AND,
    .file_properties = file_properties,
    .finish_properties = finish_properties,
    .dt_plt_bti = DT_AARCH64_BTI_PLT,
    .dt_plt_pac = DT_AARCH64_PAC_PLT,
    .name = "AArch64",
    .output_format = "elf64-littleaarch64",
    .default_interp = "/lib/ld-linux-aarch64.so.1",
    .output_arch_names = output_arch_names,
    .emulation = "aarch64linux",
    .emulation_alias = "aarch64elf",
    .e_machine = EM_AARCH64,
    .image_base = 0x400000,
    .max_page_size = 0x10000,
    .common_page_size = 0x1000,
    .iplt_size = 16,
    .iplt_align = 16,
    .plt_input_align = 4,
    .got_reserved = 1,
    .got_plt_reserved = 3,
    .r_irelative = R_AARCH64_IRELATIVE,
    .r_relative = R_AARCH64_RELATIVE,
    .r_plt_call = R_AARCH64_CALL26,
    .r_plt_jump = R_AARCH64_JUMP26,
    .pie_reloc = pie_reloc,
    .plt_header_size = 32,
    .plt_size = 16,
    .plt_slot_bias = -1,         // the first entry
    .write_plt_header = write_plt_header,
    .write_plt = write_plt,
    .dynsym_index_sections = true,
    .code_symbol = "$x",
    .data_symbol = "$d",
    .maybe_function_sym = maybe_function_sym,
    .pie_dynobj_syms_abs = true,
    .pie_abs_none = true,
    .gotplt_is_got_symbol = false,
    .ifunc_got_is_gotplt = true,
    .ifunc_got_after_globals = true,
    .iplt_slot_bias = -1,
    .noseparate_code = true,
    .no_raw_image = true,
    .section_symbols = true,
    .fill_code = fill_code,
    .fill_script_sections_only = true,
    .tls_module_base_always = true,
    .relro_offset_always = true,
    .scan_reloc = scan_reloc,
    .quiet_reloc = quiet_reloc,
    .after_scan = after_scan,
    .apply_relocs = apply_relocs,
    .write_iplt = write_iplt,
    .data_reloc_kind = data_reloc_kind,
    .reloc_name = reloc_name,
    .is_branch = is_branch,
    .makes_dynobj = makes_dynobj,
    .tp_offset = tp_offset,
    .linker_syms = script_syms,
    .nlinker_syms = sizeof(script_syms) / sizeof(*script_syms),
    .erratum_843419 = true,
    .branch_range = (i64)1 << 27,
    .got_entsize = 8,
    .stub_size = 16,
    // GNU ld sizes a stub section for long-branch stubs (24 bytes each)
    // and writes the shorter ADRP stubs into it, leaving the rest zero.
    .stub_reserve = 24,
    .stub_header_size = 8,
    .stub_insn_size = 12,
    .r_call = R_AARCH64_CALL26,
    .r_jump = R_AARCH64_JUMP26,
    .write_stub = aarch64_write_stub,
    .long_stub_size = 24,
    .long_stub_data = 16,
    .veneer_size = 8,
    .write_long_stub = aarch64_write_long_stub,
    .stub_reaches = aarch64_stub_reaches,
    .write_stub_header = aarch64_write_stub_header,
};
