// check_aarch64.c: the AArch64 instruction field encoders, and relocations
// through arch_aarch64.apply_relocs.
//
// Every expected word was assembled by aarch64-linux-gnu-as (or written
// as .inst) and read back with aarch64-linux-gnu-objdump -d; the comment
// beside it is what objdump shows, with branch and ADR(P) targets written
// as the distance from the instruction (".+0x1000").  S, A, P, Page() and
// TPREL() are as in AAELF64 section 5.7.  For apply_relocs, the code
// sits at 0x401000 in .text of a test object and the symbols get the
// values resolution and layout would.  TLS is variant 1: the TP offset of
// an address is its offset in the block plus the 16-byte TCB rounded up
// to the block's alignment.

#include "reltest.h"

#define AX (SHF_ALLOC | SHF_EXECINSTR)

//
// The encoders, one instruction at a time
//

static u32 enc_adrp(u32 insn, i64 page_delta) {
  u8 b[4];
  wr32(b, insn);
  aarch64_write_adrp(b, page_delta);
  return rd32(b);
}

static u32 enc_adr(u32 insn, i64 delta) {
  u8 b[4];
  wr32(b, insn);
  aarch64_write_adr(b, delta);
  return rd32(b);
}

static u32 enc_lo12(u32 insn, u64 val, u32 shift) {
  u8 b[4];
  wr32(b, insn);
  aarch64_write_lo12(b, val, shift);
  return rd32(b);
}

static u32 enc_movw(u32 insn, u64 imm16) {
  u8 b[4];
  wr32(b, insn);
  aarch64_write_movw(b, imm16);
  return rd32(b);
}

static u32 enc_movnz(u32 insn, i64 val, u32 shift) {
  u8 b[4];
  wr32(b, insn);
  aarch64_write_movnz(b, val, shift);
  return rd32(b);
}

static u32 enc_branch26(u32 insn, i64 delta) {
  u8 b[4];
  wr32(b, insn);
  aarch64_write_branch26(b, delta);
  return rd32(b);
}

static u32 enc_imm19(u32 insn, i64 delta) {
  u8 b[4];
  wr32(b, insn);
  aarch64_write_imm19(b, delta);
  return rd32(b);
}

static u32 enc_imm14(u32 insn, i64 delta) {
  u8 b[4];
  wr32(b, insn);
  aarch64_write_imm14(b, delta);
  return rd32(b);
}

enum {
  ADRP_X16 = 0x90000010,        // adrp x16, .
  ADRP_X0 = 0x90000000,         // adrp x0, .
  ADR_X0 = 0x10000000,          // adr x0, .
  ADD_X0 = 0x91000000,          // add x0, x0, #0
  LDRB_W1 = 0x39400001,         // ldrb w1, [x0]
  LDRH_W1 = 0x79400001,         // ldrh w1, [x0]
  LDR_W1 = 0xb9400001,          // ldr w1, [x0]
  LDR_X1 = 0xf9400001,          // ldr x1, [x0]
  LDR_D1 = 0xfd400001,          // ldr d1, [x0]
  LDR_Q1 = 0x3dc00001,          // ldr q1, [x0]
  STRB_W1 = 0x39000001,         // strb w1, [x0]
  STRH_W1 = 0x79000001,         // strh w1, [x0]
  STR_W1 = 0xb9000001,          // str w1, [x0]
  STR_X1 = 0xf9000001,          // str x1, [x0]
  STR_Q1 = 0x3d800001,          // str q1, [x0]
  MOVZ_X0 = 0xd2800000,         // movz x0, #0
  MOVZ_X0_16 = 0xd2a00000,      // movz x0, #0, lsl #16
  MOVZ_X0_32 = 0xd2c00000,      // movz x0, #0, lsl #32
  MOVK_X0_16 = 0xf2a00000,      // movk x0, #0, lsl #16
  MOVK_X0_32 = 0xf2c00000,      // movk x0, #0, lsl #32
  MOVK_X0_48 = 0xf2e00000,      // movk x0, #0, lsl #48
  MOVK_X0 = 0xf2800000,         // movk x0, #0
  MOVN_X0 = 0x92800000,         // movn x0, #0
  MOVZ_W3 = 0x52800003,         // movz w3, #0
  B = 0x14000000,               // b .
  BL = 0x94000000,              // bl .
  B_NE = 0x54000001,            // b.ne .
  CBZ_X3 = 0xb4000003,          // cbz x3, .
  CBNZ_W7 = 0x35000007,         // cbnz w7, .
  LDR_LIT_X1 = 0x58000001,      // ldr x1, .
  TBZ_W2_5 = 0x36280002,        // tbz w2, #5, .
  TBNZ_X3_40 = 0xb7400003,      // tbnz x3, #40, .
};

START_TEST(page_of) {
  ck_assert_uint_eq(aarch64_page(0x412345), 0x412000);
  ck_assert_uint_eq(aarch64_page(0x412000), 0x412000);
  ck_assert_uint_eq(aarch64_page(0xfff), 0);
  ck_assert_uint_eq(aarch64_page(0xffffffffffffffffULL), 0xfffffffffffff000ULL);
} END_TEST

START_TEST(adrp_one_page_up) {
  // adrp x16, .+0x1000
  ck_assert_uint_eq(enc_adrp(ADRP_X16, 0x1000), 0xb0000010);
} END_TEST

// -1 page: immlo 3 and all 19 bits of immhi.
START_TEST(adrp_one_page_down) {
  // adrp x16, .-0x1000
  ck_assert_uint_eq(enc_adrp(ADRP_X16, -0x1000), 0xf0fffff0);
} END_TEST

// The field holds pages: 0x1a2 pages is immlo 2, immhi 0x68.
START_TEST(adrp_many_pages) {
  // adrp x0, .+0x1a2000
  ck_assert_uint_eq(enc_adrp(ADRP_X0, 0x1a2000), 0xd0000d00);
} END_TEST

// Four bytes apart but on two pages: one page up.  Between the same two
// addresses the other way: one page down.
START_TEST(adrp_page_crossing) {
  u64 P = 0x400ffc, S = 0x401000;
  i64 d = aarch64_page(S) - aarch64_page(P);
  ck_assert_int_eq(d, 0x1000);
  // adrp x16, .+0x1000
  ck_assert_uint_eq(enc_adrp(ADRP_X16, d), 0xb0000010);
  d = aarch64_page(P) - aarch64_page(S);
  // adrp x16, .-0x1000
  ck_assert_uint_eq(enc_adrp(ADRP_X16, d), 0xf0fffff0);
  // Within one page: zero, whatever the bytes between.
  ck_assert_int_eq(aarch64_page(0x401ffc) - aarch64_page(0x401000), 0);
} END_TEST

// The 21-bit page field reaches [-4 GiB, 4 GiB - 4 KiB].
START_TEST(adrp_limits) {
  // adrp x16, .+0xfffff000
  ck_assert_uint_eq(enc_adrp(ADRP_X16, 0xfffff000), 0xf07ffff0);
  // adrp x16, .-0x100000000
  ck_assert_uint_eq(enc_adrp(ADRP_X16, -0x100000000LL), 0x90800010);
} END_TEST

// Only the immediate changes: the register and the other bits stay.
START_TEST(adrp_keeps_register) {
  // adrp x16, .+0x1000
  ck_assert_uint_eq(enc_adrp(0xf0fffff0, 0x1000), 0xb0000010);
} END_TEST

START_TEST(adr_bytes) {
  ck_assert_uint_eq(enc_adr(ADR_X0, 5), 0x30000020);          // adr x0, .+5
  ck_assert_uint_eq(enc_adr(ADR_X0, -1), 0x70ffffe0);         // adr x0, .-1
  // adr x0, .+0xfffff
  ck_assert_uint_eq(enc_adr(ADR_X0, 0xfffff), 0x707fffe0);
  // adr x0, .-0x100000
  ck_assert_uint_eq(enc_adr(ADR_X0, -0x100000), 0x10800000);
} END_TEST

// ADD takes the low 12 bits unscaled; higher bits are not its business.
START_TEST(lo12_add) {
  // add x0, x0, #0x345
  ck_assert_uint_eq(enc_lo12(ADD_X0, 0x412345, 0), 0x910d1400);
  // add x0, x0, #0xfff
  ck_assert_uint_eq(enc_lo12(ADD_X0, 0x12345fff, 0), 0x913ffc00);
  // add x0, x0, #0
  ck_assert_uint_eq(enc_lo12(0x913ffc00, 0x1000, 0), ADD_X0);
} END_TEST

// Loads and stores scale the offset by the access size, 2^shift.
START_TEST(lo12_loads_scaled) {
  // ldrb w1, [x0, #0x345]
  ck_assert_uint_eq(enc_lo12(LDRB_W1, 0x412345, 0), 0x394d1401);
  // ldrh w1, [x0, #0x344]
  ck_assert_uint_eq(enc_lo12(LDRH_W1, 0x412344, 1), 0x79468801);
  // ldr w1, [x0, #0x344]
  ck_assert_uint_eq(enc_lo12(LDR_W1, 0x412344, 2), 0xb9434401);
  // ldr x1, [x0, #0x348]
  ck_assert_uint_eq(enc_lo12(LDR_X1, 0x412348, 3), 0xf941a401);
  // ldr d1, [x0, #0x348]
  ck_assert_uint_eq(enc_lo12(LDR_D1, 0x412348, 3), 0xfd41a401);
  // ldr q1, [x0, #0x340]
  ck_assert_uint_eq(enc_lo12(LDR_Q1, 0x412340, 4), 0x3dc0d001);
} END_TEST

START_TEST(lo12_stores_scaled) {
  // strb w1, [x0, #0x345]
  ck_assert_uint_eq(enc_lo12(STRB_W1, 0x412345, 0), 0x390d1401);
  // strh w1, [x0, #0x344]
  ck_assert_uint_eq(enc_lo12(STRH_W1, 0x412344, 1), 0x79068801);
  // str w1, [x0, #0x344]
  ck_assert_uint_eq(enc_lo12(STR_W1, 0x412344, 2), 0xb9034401);
  // The largest offsets: 0xff8 is 0x1ff doublewords, 0xff0 0xff quads.
  // str x1, [x0, #0xff8]
  ck_assert_uint_eq(enc_lo12(STR_X1, 0x412ff8, 3), 0xf907fc01);
  // str q1, [x0, #0xff0]
  ck_assert_uint_eq(enc_lo12(STR_Q1, 0x412ff0, 4), 0x3d83fc01);
} END_TEST

// The four groups of a 64-bit value, as MOVW_UABS_G0..G3 write them.
START_TEST(movw_groups) {
  u64 v = 0x123456789abcdef0ULL;
  // movz x0, #0xdef0
  ck_assert_uint_eq(enc_movw(MOVZ_X0, v), 0xd29bde00);
  // movk x0, #0x9abc, lsl #16
  ck_assert_uint_eq(enc_movw(MOVK_X0_16, v >> 16), 0xf2b35780);
  // movk x0, #0x5678, lsl #32
  ck_assert_uint_eq(enc_movw(MOVK_X0_32, v >> 32), 0xf2cacf00);
  // movk x0, #0x1234, lsl #48
  ck_assert_uint_eq(enc_movw(MOVK_X0_48, v >> 48), 0xf2e24680);
  // The 32-bit form keeps sf = 0.
  // movz w3, #0x1234
  ck_assert_uint_eq(enc_movw(MOVZ_W3, 0x1234), 0x52824683);
} END_TEST

// Signed groups: MOVN of the inverted value for a negative one, MOVZ for
// a positive one, whichever the instruction was before.
START_TEST(movnz_negative_is_movn) {
  // -2: movn x0, #1 (objdump: mov x0, #0xfffffffffffffffe)
  ck_assert_uint_eq(enc_movnz(MOVZ_X0, -2, 0), 0x92800020);
  // G1 of -0x10000: movn x0, #0, lsl #16; a MOVK of G0 (0) follows.
  ck_assert_uint_eq(enc_movnz(MOVZ_X0_16, -0x10000, 16), 0x92a00000);
  // G2 of -0x123456789 = 0xfffffffedcba9877: movn x0, #1, lsl #32
  // (mov x0, #0xfffffffeffffffff), then movk #0xdcba, lsl #16; movk #0x9877.
  i64 v = -0x123456789LL;
  ck_assert_uint_eq(enc_movnz(MOVZ_X0_32, v, 32), 0x92c00020);
  // movk x0, #0xdcba, lsl #16
  ck_assert_uint_eq(enc_movw(MOVK_X0_16, (u64)v >> 16), 0xf2bb9740);
  // movk x0, #0x9877
  ck_assert_uint_eq(enc_movw(MOVK_X0, (u64)v), 0xf2930ee0);
} END_TEST

START_TEST(movnz_positive_is_movz) {
  // G1 of 0x12345 from a MOVN: movz x0, #1, lsl #16 (mov x0, #0x10000)
  ck_assert_uint_eq(enc_movnz(0x92a00000, 0x12345, 16), 0xd2a00020);
  // movz x0, #0
  ck_assert_uint_eq(enc_movnz(MOVN_X0, 0, 0), MOVZ_X0);
  // The 32-bit form stays 32-bit: movn w3, #0x1233 (mov w3, #0xffffedcc)
  ck_assert_uint_eq(enc_movnz(MOVZ_W3, -0x1234, 0), 0x12824663);
} END_TEST

// A MOVK given a signed group stays a MOVK for a value >= 0: GNU ld sets
// bit 30 only (ld-aarch64/emit-relocs-523: movk x29, #:dtprel_g2:v2).
START_TEST(movnz_keeps_movk) {
  ck_assert_uint_eq(enc_movnz(MOVK_X0_32, 0x100000000LL, 32), 0xf2c00020);
} END_TEST

START_TEST(branch26) {
  ck_assert_uint_eq(enc_branch26(B, 0x1000), 0x14000400);         // b .+0x1000
  ck_assert_uint_eq(enc_branch26(BL, -4), 0x97ffffff);            // bl .-4
  // ±128 MiB: the last words either way.
  // bl .+0x7fffffc
  ck_assert_uint_eq(enc_branch26(BL, 0x7fffffc), 0x95ffffff);
  // bl .-0x8000000
  ck_assert_uint_eq(enc_branch26(BL, -0x8000000), 0x96000000);
  ck_assert_uint_eq(enc_branch26(0x97ffffff, 0), BL);             // bl .
} END_TEST

START_TEST(imm19_condbr_cbz_ldr) {
  ck_assert_uint_eq(enc_imm19(B_NE, 0x40), 0x54000201);           // b.ne .+0x40
  ck_assert_uint_eq(enc_imm19(CBZ_X3, -8), 0xb4ffffc3);           // cbz x3, .-8
  // cbnz w7, .+0x100
  ck_assert_uint_eq(enc_imm19(CBNZ_W7, 0x100), 0x35000807);
  // ±1 MiB.
  // ldr x1, .+0xffffc
  ck_assert_uint_eq(enc_imm19(LDR_LIT_X1, 0xffffc), 0x587fffe1);
  // ldr x1, .-0x100000
  ck_assert_uint_eq(enc_imm19(LDR_LIT_X1, -0x100000), 0x58800001);
  // b.ne .+0xffffc
  ck_assert_uint_eq(enc_imm19(B_NE, 0xffffc), 0x547fffe1);
} END_TEST

// TBZ/TBNZ: the bit number (b5:b40) is not touched.
START_TEST(imm14_tbz) {
  // tbz w2, #5, .+0x7ffc
  ck_assert_uint_eq(enc_imm14(TBZ_W2_5, 0x7ffc), 0x362bffe2);
  // tbnz x3, #40, .-0x8000
  ck_assert_uint_eq(enc_imm14(TBNZ_X3_40, -0x8000), 0xb7440003);
  // tbz w2, #5, .
  ck_assert_uint_eq(enc_imm14(0x362bffe2, 0), TBZ_W2_5);
} END_TEST

//
// Relocations through apply_relocs
//

enum { TEXT_ADDR = 0x401000, GOT_ADDR = 0x420000 };
enum { TLS_START = 0x430000, TLS_END = 0x450000 };


static void setup(void) {
  ctx_setup();
  load_reloc_object(EM_AARCH64);
  ck_assert_ptr_eq(ctx->arch, &arch_aarch64);
  ctx->synth[CK_GOT] = new_chunk(ctx, ".got", CK_GOT, SHT_PROGBITS,
                       SHF_ALLOC | SHF_WRITE, 8);
  ctx->synth[CK_GOT]->addr = GOT_ADDR;
  ctx->synth[CK_GOTPLT] = new_chunk(ctx, ".got.plt", CK_GOTPLT, SHT_PROGBITS,
                          SHF_ALLOC | SHF_WRITE, 8);
  ctx->synth[CK_IPLT] = new_chunk(ctx, ".iplt", CK_IPLT, SHT_PROGBITS, AX, 16);
  ctx->synth[CK_RELA_IPLT] = new_chunk(ctx, ".rela.iplt", CK_RELA_IPLT, SHT_RELA,
                             SHF_ALLOC, 8);
  ctx->tls_start = TLS_START;
  ctx->tls_end = TLS_END;
  ctx->tls_align = 8;
}

// .text of the test object holding code (n instruction words) at
// TEXT_ADDR, with these relocations.
static struct isec *text_isec(const u32 *code, u32 n, const struct reloc *r,
                              u32 nr) {
  u8 *data = arena_alloc(ctx, (u64)n * 4);
  for (u32 i = 0; i < n; i++)
    wr32(data + 4 * i, code[i]);
  return test_text(data, (u64)n * 4, r, nr, TEXT_ADDR);
}

// The instruction words after the relocations were applied.
static u32 *apply_isec(struct isec *is) {
  u8 *out = arena_alloc(ctx, is->size);
  memcpy(out, is->data, is->size);
  arch_aarch64.apply_relocs(ctx, is, out, 0, is->nrels);
  u32 *words = arena_alloc(ctx, is->size);
  for (u64 i = 0; i < is->size / 4; i++)
    words[i] = rd32(out + 4 * i);
  return words;
}

static u32 *apply(const u32 *code, u32 n, const struct reloc *r, u32 nr) {
  return apply_isec(text_isec(code, n, r, nr));
}

// Scans first, so that GOT entries the code keeps are allocated (at
// GOT_ADDR + 8: .got starts with one reserved word), then applies.
static u32 *scan_apply(const u32 *code, u32 n, const struct reloc *r,
                       u32 nr) {
  struct isec *is = text_isec(code, n, r, nr);
  scan_isec(&arch_aarch64, is);
  allocate_slots(ctx);
  size_synthetic(ctx, SIZE_BEFORE_LAYOUT);
  return apply_isec(is);
}

// apply(), expecting exactly one error; returns the message.
static const char *apply_fails(const u32 *code, u32 n, const struct reloc *r,
                               u32 nr) {
  struct capture c;
  capture_begin(&c);
  apply(code, n, r, nr);
  const char *text = capture_end(&c);
  ck_assert_uint_eq(ctx->errors, 1);
  return text;
}

#define N(a) (u32)(sizeof(a) / sizeof(*(a)))

//
// Addresses: ADRP + ADD/LDR, ADR
//

// foo = 0x5a3450.  Page(S + A) - Page(P) = 0x5a3000 - 0x401000 =
// 0x1a2000; the ADD and the LDR take the low 12 bits of S + A, the LDR's
// scaled by 8.
START_TEST(adrp_add_ldr_pair) {
  static const u32 code[] = {
      ADRP_X0,                    // adrp x0, foo+0xe
      ADD_X0,                     // add x0, x0, :lo12:foo+0xe
      LDR_X1,                     // ldr x1, [x0, :lo12:foo+0x10]
  };
  struct reloc r[] = {
      {0, FOO, R_AARCH64_ADR_PREL_PG_HI21, 0xe},
      {4, FOO, R_AARCH64_ADD_ABS_LO12_NC, 0xe},
      {8, FOO, R_AARCH64_LDST64_ABS_LO12_NC, 0x10},
  };
  define("foo", 0x5a3450);
  u32 *w = apply(code, N(code), r, N(r));
  ck_assert_uint_eq(w[0], 0xd0000d00);        // adrp x0, .+0x1a2000
  ck_assert_uint_eq(w[1], 0x91117800);        // add x0, x0, #0x45e
  ck_assert_uint_eq(w[2], 0xf9423001);        // ldr x1, [x0, #0x460]
  ck_assert_uint_eq(ctx->errors, 0);
} END_TEST

// A page below: the negative page delta.
START_TEST(adrp_backward) {
  static const u32 code[] = {ADRP_X16};       // adrp x16, foo
  struct reloc r = {0, FOO, R_AARCH64_ADR_PREL_PG_HI21, 0};
  define("foo", 0x400ff8);
  // adrp x16, .-0x1000
  ck_assert_uint_eq(apply(code, 1, &r, 1)[0], 0xf0fffff0);
} END_TEST

// The last page up that ADRP reaches, then one more: an overflow.
START_TEST(adrp_out_of_range) {
  static const u32 code[] = {ADRP_X16};       // adrp x16, foo
  struct reloc r = {0, FOO, R_AARCH64_ADR_PREL_PG_HI21, 0};
  define("foo", TEXT_ADDR + 0xfffff000ULL + 0xfff);
  // adrp x16, .+0xfffff000
  ck_assert_uint_eq(apply(code, 1, &r, 1)[0], 0xf07ffff0);
  ck_assert_uint_eq(ctx->errors, 0);
  define("foo", TEXT_ADDR + 0x100000000ULL);
  ck_assert_contains(apply_fails(code, 1, &r, 1),
                     "t.o:(.text+0x0): relocation truncated to fit: "
                     "R_AARCH64_ADR_PREL_PG_HI21 against symbol `foo'");
} END_TEST

// Tiny model: ADR is byte-granular, S + A - P = 0x3.
START_TEST(adr_prel_lo21) {
  static const u32 code[] = {ADR_X0};         // adr x0, foo+3
  struct reloc r = {0, FOO, R_AARCH64_ADR_PREL_LO21, 3};
  define("foo", TEXT_ADDR + 2);
  ck_assert_uint_eq(apply(code, 1, &r, 1)[0], 0x30000020);  // adr x0, .+5
  ck_assert_uint_eq(ctx->errors, 0);
} END_TEST

// S + A is 0x402004: its low 12 bits are no multiple of the 8 bytes the
// LDR's offset counts in.
START_TEST(ldst64_misaligned) {
  static const u32 code[] = {LDR_X1};         // ldr x1, [x0, :lo12:foo]
  struct reloc r = {0, FOO, R_AARCH64_LDST64_ABS_LO12_NC, 0};
  define("foo", 0x402004);
  ck_assert_contains(apply_fails(code, 1, &r, 1),
                     "t.o:(.text+0x0): relocation truncated to fit: "
                     "R_AARCH64_LDST64_ABS_LO12_NC against symbol `foo' "
                     "(value 0x4 is not a multiple of 8)");
} END_TEST

START_TEST(ldst128_misaligned) {
  static const u32 code[] = {LDR_Q1};         // ldr q1, [x0, :lo12:foo+8]
  struct reloc r = {0, FOO, R_AARCH64_LDST128_ABS_LO12_NC, 8};
  define("foo", 0x402000);
  ck_assert_contains(apply_fails(code, 1, &r, 1),
                     "value 0x8 is not a multiple of 16");
} END_TEST

//
// Branches
//

START_TEST(call26) {
  static const u32 code[] = {BL, B};          // bl foo; b foo
  struct reloc r[] = {
      {0, FOO, R_AARCH64_CALL26, 0},
      {4, FOO, R_AARCH64_JUMP26, 0},
  };
  define("foo", TEXT_ADDR + 0x1004);
  u32 *w = apply(code, N(code), r, N(r));
  ck_assert_uint_eq(w[0], 0x94000401);        // bl .+0x1004
  ck_assert_uint_eq(w[1], 0x14000400);        // b .+0x1000
  ck_assert_uint_eq(ctx->errors, 0);
} END_TEST

START_TEST(call26_limit) {
  static const u32 code[] = {BL};             // bl foo
  struct reloc r = {0, FOO, R_AARCH64_CALL26, 0};
  define("foo", TEXT_ADDR + 0x7fffffc);
  ck_assert_uint_eq(apply(code, 1, &r, 1)[0], 0x95ffffff);  // bl .+0x7fffffc
  ck_assert_uint_eq(ctx->errors, 0);
} END_TEST

// 128 MiB away, and no stub to go through (none was made): an error
// naming foo.
START_TEST(call26_out_of_range) {
  static const u32 code[] = {BL};             // bl foo
  struct reloc r = {0, FOO, R_AARCH64_CALL26, 0};
  define("foo", TEXT_ADDR + 0x8000000);
  const char *msg = apply_fails(code, 1, &r, 1);
  ck_assert_contains(msg, "t.o:(.text+0x0): ");
  ck_assert_contains(msg, "R_AARCH64_CALL26 against ");
  ck_assert_contains(msg, "`foo'");
} END_TEST

// A call to an undefined weak function falls through (GNU ld).
START_TEST(call26_undef_weak_is_nop) {
  static const u32 code[] = {BL};             // bl w
  struct reloc r = {0, WEAK, R_AARCH64_CALL26, 0};
  ck_assert_uint_eq(apply(code, 1, &r, 1)[0], 0xd503201f);  // nop
  ck_assert_uint_eq(ctx->errors, 0);
} END_TEST

START_TEST(condbr19) {
  static const u32 code[] = {B_NE, CBZ_X3};   // b.ne foo; cbz x3, foo
  struct reloc r[] = {
      {0, FOO, R_AARCH64_CONDBR19, 0},
      {4, FOO, R_AARCH64_CONDBR19, 0},
  };
  define("foo", TEXT_ADDR + 0x40);
  u32 *w = apply(code, N(code), r, N(r));
  ck_assert_uint_eq(w[0], 0x54000201);        // b.ne .+0x40
  ck_assert_uint_eq(w[1], 0xb40001e3);        // cbz x3, .+0x3c
  define("foo", TEXT_ADDR + 0xffffc);
  ck_assert_uint_eq(apply(code, 1, r, 1)[0], 0x547fffe1);  // b.ne .+0xffffc
  ck_assert_uint_eq(ctx->errors, 0);
} END_TEST

// PREL16 is checked signed, as GNU ld does: S + A - P = 0x7fff fits,
// 0x8000 does not (the ABI would let it).
START_TEST(prel16_signed) {
  static const u32 data[] = {0};
  struct reloc r = {0, FOO, R_AARCH64_PREL16, 0};
  define("foo", TEXT_ADDR + 0x7fff);
  ck_assert_uint_eq(apply(data, 1, &r, 1)[0], 0x7fff);
  ck_assert_uint_eq(ctx->errors, 0);
  define("foo", TEXT_ADDR + 0x8000);
  ck_assert_contains(apply_fails(data, 1, &r, 1),
                     "relocation truncated to fit: R_AARCH64_PREL16 against "
                     "symbol `foo'");
} END_TEST

START_TEST(condbr19_out_of_range) {
  static const u32 code[] = {B_NE};           // b.ne foo
  struct reloc r = {0, FOO, R_AARCH64_CONDBR19, 0};
  define("foo", TEXT_ADDR + 0x100000);
  ck_assert_contains(apply_fails(code, 1, &r, 1),
                     "t.o:(.text+0x0): relocation truncated to fit: "
                     "R_AARCH64_CONDBR19 against symbol `foo' (value "
                     "0x100000 is not in [-1048576, 1048575])");
} END_TEST

START_TEST(ld_prel_lo19) {
  static const u32 code[] = {LDR_LIT_X1};     // ldr x1, foo
  struct reloc r = {0, FOO, R_AARCH64_LD_PREL_LO19, 0};
  define("foo", TEXT_ADDR - 0x100000);
  // ldr x1, .-0x100000
  ck_assert_uint_eq(apply(code, 1, &r, 1)[0], 0x58800001);
  ck_assert_uint_eq(ctx->errors, 0);
} END_TEST

START_TEST(tstbr14) {
  static const u32 code[] = {TBZ_W2_5};       // tbz w2, #5, foo
  struct reloc r = {0, FOO, R_AARCH64_TSTBR14, 0};
  define("foo", TEXT_ADDR + 0x7ffc);
  // tbz w2, #5, .+0x7ffc
  ck_assert_uint_eq(apply(code, 1, &r, 1)[0], 0x362bffe2);
  ck_assert_uint_eq(ctx->errors, 0);
  define("foo", TEXT_ADDR + 0x8000);
  ck_assert_contains(apply_fails(code, 1, &r, 1),
                     "relocation truncated to fit: R_AARCH64_TSTBR14 against "
                     "symbol `foo'");
} END_TEST

//
// MOVZ/MOVK/MOVN
//

START_TEST(movw_uabs_g0_to_g3) {
  static const u32 code[] = {
      0xd2e00000,                 // movz x0, #:abs_g3:foo
      MOVK_X0_32,                 // movk x0, #:abs_g2_nc:foo
      MOVK_X0_16,                 // movk x0, #:abs_g1_nc:foo
      MOVK_X0,                    // movk x0, #:abs_g0_nc:foo
  };
  struct reloc r[] = {
      {0, FOO, R_AARCH64_MOVW_UABS_G3, 0},
      {4, FOO, R_AARCH64_MOVW_UABS_G2_NC, 0},
      {8, FOO, R_AARCH64_MOVW_UABS_G1_NC, 0},
      {12, FOO, R_AARCH64_MOVW_UABS_G0_NC, 0},
  };
  define("foo", 0x123456789abcdef0ULL);
  u32 *w = apply(code, N(code), r, N(r));
  ck_assert_uint_eq(w[0], 0xd2e24680);        // movz x0, #0x1234, lsl #48
  ck_assert_uint_eq(w[1], 0xf2cacf00);        // movk x0, #0x5678, lsl #32
  ck_assert_uint_eq(w[2], 0xf2b35780);        // movk x0, #0x9abc, lsl #16
  ck_assert_uint_eq(w[3], 0xf29bde00);        // movk x0, #0xdef0
  ck_assert_uint_eq(ctx->errors, 0);
} END_TEST

// The checked G1 holds values below 4 GiB.
START_TEST(movw_uabs_g1_overflow) {
  static const u32 code[] = {MOVZ_X0_16};     // movz x0, #:abs_g1:foo
  struct reloc r = {0, FOO, R_AARCH64_MOVW_UABS_G1, 0};
  define("foo", 0xffffffff);
  // movz x0, #0xffff, lsl #16
  ck_assert_uint_eq(apply(code, 1, &r, 1)[0], 0xd2bfffe0);
  ck_assert_uint_eq(ctx->errors, 0);
  define("foo", 0x100000000ULL);
  ck_assert_contains(apply_fails(code, 1, &r, 1),
                     "relocation truncated to fit: R_AARCH64_MOVW_UABS_G1 "
                     "against symbol `foo'");
} END_TEST

// A signed group of a negative value becomes MOVN.
START_TEST(movw_sabs_g1_negative) {
  static const u32 code[] = {
      MOVZ_X0_16,                 // movz x0, #:abs_g1_s:foo
      MOVK_X0,                    // movk x0, #:abs_g0_nc:foo
  };
  struct reloc r[] = {
      {0, FOO, R_AARCH64_MOVW_SABS_G1, 0},
      {4, FOO, R_AARCH64_MOVW_UABS_G0_NC, 0},
  };
  define("foo", (u64)-0x12345);
  u32 *w = apply(code, N(code), r, N(r));
  ck_assert_uint_eq(w[0], 0x92a00020);        // movn x0, #1, lsl #16
  ck_assert_uint_eq(w[1], 0xf29b9760);        // movk x0, #0xdcbb
  ck_assert_uint_eq(ctx->errors, 0);
} END_TEST

//
// The GOT: ADRP + LDR pairs stay GOT loads, as GNU ld leaves them
//

// The GOT entry is at 0x420008: Page() - 0x401000 = 0x1f000, offset 8.
static const u32 got_load_x2[] = {
    0xf00000e2,                   // adrp x2, .+0x1f000
    0xf9400442,                   // ldr x2, [x2, #8]
};

// A GOT load, adrp x2, :got:SYM+A; LDR_IN (loading through x2): one GOT
// entry, at GOT_ADDR + 8, which the pair reads as LDR_OUT.
static void check_got_load(u32 sym, i64 a, u32 ldr_in, u32 ldr_out) {
  const u32 code[] = {0x90000002, ldr_in};
  struct reloc r[] = {
      {0, sym, R_AARCH64_ADR_GOT_PAGE, a},
      {4, sym, R_AARCH64_LD64_GOT_LO12_NC, a},
  };
  u32 *w = scan_apply(code, N(code), r, N(r));
  ck_assert_uint_eq(ctx->got_syms.len, 1);
  ck_assert_uint_eq(w[0], got_load_x2[0]);    // adrp x2, .+0x1f000
  ck_assert_uint_eq(w[1], ldr_out);
  ck_assert_uint_eq(ctx->errors, 0);
}

// GNU ld 2.40 does not rewrite a GOT load of a local address into an
// ADD (lld and mold do): the entry and the load stay.
START_TEST(got_pair_kept) {
  define("foo", 0x5a3456);
  check_got_load(FOO, 0, 0xf9400042, got_load_x2[1]);
} END_TEST

// The LDR loads into another register: the load stays.
START_TEST(got_pair_other_register_kept) {
  define("foo", 0x5a3456);
  check_got_load(FOO, 0, 0xf9400043, 0xf9400443);   // ldr x3, [x2, #8]
} END_TEST

// An absolute symbol: its GOT entry stays.
START_TEST(got_pair_abs_kept) {
  check_got_load(ABS, 0, 0xf9400042, got_load_x2[1]);
} END_TEST

// An undefined weak symbol keeps its GOT entry, which holds 0.
START_TEST(got_pair_undef_weak_kept) {
  check_got_load(WEAK, 0, 0xf9400042, got_load_x2[1]);
} END_TEST

// GNU ld 2.40 leaves the addend out of GOT relocations: the entry holds
// the symbol, the load reads it.
START_TEST(got_addend_left_out) {
  define("foo", 0x5a3456);
  check_got_load(FOO, 8, 0xf9400042, got_load_x2[1]);
} END_TEST

// The entry's offset from the GOT (at GOT_ADDR, the entry at +8) in a
// MOVZ/MOVK pair and in an LDR's scaled 15-bit offset.
START_TEST(gotoff_movw_and_lo15) {
  static const u32 code[] = {
      0xd2a00003,                 // movz x3, #:gotoff_g1:foo
      0xf2800003,                 // movk x3, #:gotoff_g0_nc:foo
      0xf94000a4,                 // ldr x4, [x5, #:gotoff_lo15:foo]
  };
  struct reloc r[] = {
      {0, FOO, R_AARCH64_MOVW_GOTOFF_G1, 0},
      {4, FOO, R_AARCH64_MOVW_GOTOFF_G0_NC, 0},
      {8, FOO, R_AARCH64_LD64_GOTOFF_LO15, 0},
  };
  define("foo", 0x5a3456);
  u32 *w = scan_apply(code, N(code), r, N(r));
  ck_assert_uint_eq(ctx->got_syms.len, 1);
  ck_assert_uint_eq(w[0], 0xd2a00003);        // movz x3, #0, lsl #16
  ck_assert_uint_eq(w[1], 0xf2800103);        // movk x3, #8
  ck_assert_uint_eq(w[2], 0xf94004a4);        // ldr x4, [x5, #8]
  ck_assert_uint_eq(ctx->errors, 0);
} END_TEST

// GNU ld 2.40 does not know GOTREL64 or the other MOVW_GOTOFF types.
START_TEST(gotrel_refused) {
  static const u32 code[] = {0, 0};
  struct reloc r[] = {{0, FOO, R_AARCH64_GOTREL64, 0}};
  define("foo", 0x5a3456);
  scan_apply(code, N(code), r, N(r));
  ck_assert_uint_eq(ctx->errors, 1);
} END_TEST

//
// TLS, relaxed to local-exec
//

// x at offset 0x12348 of the block: with the block aligned to 64, the
// TCB takes 64 bytes, TPREL = 0x12388.
START_TEST(tlsle_add_hi12_lo12_align64) {
  static const u32 code[] = {
      0x91400000,                 // add x0, x0, #:tprel_hi12:x, lsl #12
      ADD_X0,                     // add x0, x0, #:tprel_lo12_nc:x
  };
  struct reloc r[] = {
      {0, X, R_AARCH64_TLSLE_ADD_TPREL_HI12, 0},
      {4, X, R_AARCH64_TLSLE_ADD_TPREL_LO12_NC, 0},
  };
  define("x", TLS_START + 0x12348);
  ctx->tls_align = 64;
  u32 *w = apply(code, N(code), r, N(r));
  ck_assert_uint_eq(w[0], 0x91404800);        // add x0, x0, #0x12, lsl #12
  ck_assert_uint_eq(w[1], 0x910e2000);        // add x0, x0, #0x388
  ck_assert_uint_eq(ctx->errors, 0);
} END_TEST

// Aligned to 8, the TCB's 16 bytes: TPREL = 0x12358.
START_TEST(tlsle_add_hi12_lo12_align8) {
  static const u32 code[] = {0x91400000, ADD_X0};
  struct reloc r[] = {
      {0, X, R_AARCH64_TLSLE_ADD_TPREL_HI12, 0},
      {4, X, R_AARCH64_TLSLE_ADD_TPREL_LO12_NC, 0},
  };
  define("x", TLS_START + 0x12348);
  u32 *w = apply(code, N(code), r, N(r));
  ck_assert_uint_eq(w[0], 0x91404800);        // add x0, x0, #0x12, lsl #12
  ck_assert_uint_eq(w[1], 0x910d6000);        // add x0, x0, #0x358
  ck_assert_uint_eq(ctx->errors, 0);
} END_TEST

// HI12 holds TP offsets below 16 MiB.
START_TEST(tlsle_hi12_overflow) {
  // add x0, x0, #:tprel_hi12:x, lsl #12
  static const u32 code[] = {0x91400000};
  struct reloc r = {0, X, R_AARCH64_TLSLE_ADD_TPREL_HI12, 0x1000000};
  define("x", TLS_START);
  ck_assert_contains(apply_fails(code, 1, &r, 1),
                     "relocation truncated to fit: "
                     "R_AARCH64_TLSLE_ADD_TPREL_HI12 against symbol `x'");
} END_TEST

// adrp + ldr of the TP offset from the GOT: movz + movk of it.
START_TEST(tlsie_to_le) {
  static const u32 code[] = {
      0x90000003,                 // adrp x3, :gottprel:x
      0xf9400063,                 // ldr x3, [x3, :gottprel_lo12:x]
  };
  struct reloc r[] = {
      {0, X, R_AARCH64_TLSIE_ADR_GOTTPREL_PAGE21, 0},
      {4, X, R_AARCH64_TLSIE_LD64_GOTTPREL_LO12_NC, 0},
  };
  define("x", TLS_START + 0x12348);
  u32 *w = scan_apply(code, N(code), r, N(r));
  ck_assert_uint_eq(ctx->gottp_syms.len, 0);
  ck_assert_uint_eq(w[0], 0xd2a00023);        // movz x3, #0x1, lsl #16
  ck_assert_uint_eq(w[1], 0xf2846b03);        // movk x3, #0x2358
  ck_assert_uint_eq(ctx->errors, 0);
} END_TEST

START_TEST(tlsdesc_to_le) {
  static const u32 code[] = {
      ADRP_X0,                    // adrp x0, :tlsdesc:x
      0xf9400001,                 // ldr x1, [x0, :tlsdesc_lo12:x]
      ADD_X0,                     // add x0, x0, :tlsdesc_lo12:x
      0xd63f0020,                 // blr x1
  };
  struct reloc r[] = {
      {0, X, R_AARCH64_TLSDESC_ADR_PAGE21, 0},
      {4, X, R_AARCH64_TLSDESC_LD64_LO12, 0},
      {8, X, R_AARCH64_TLSDESC_ADD_LO12, 0},
      {12, X, R_AARCH64_TLSDESC_CALL, 0},
  };
  define("x", TLS_START + 0x12348);
  u32 *w = scan_apply(code, N(code), r, N(r));
  ck_assert_uint_eq(w[0], 0xd2a00020);        // movz x0, #0x1, lsl #16
  ck_assert_uint_eq(w[1], 0xf2846b00);        // movk x0, #0x2358
  ck_assert_uint_eq(w[2], 0xd503201f);        // nop
  ck_assert_uint_eq(w[3], 0xd503201f);        // nop
  ck_assert_uint_eq(ctx->errors, 0);
} END_TEST

// The traditional dialect: the call to __tls_get_addr becomes the read
// of the TP, and the call's own relocation is skipped.
START_TEST(tlsgd_to_le) {
  static const u32 code[] = {
      ADRP_X0,                    // adrp x0, :tlsgd:x
      ADD_X0,                     // add x0, x0, :tlsgd_lo12:x
      BL,                         // bl __tls_get_addr
      0xd503201f,                 // nop
  };
  struct reloc r[] = {
      {0, X, R_AARCH64_TLSGD_ADR_PAGE21, 0},
      {4, X, R_AARCH64_TLSGD_ADD_LO12_NC, 0},
      {8, TLS_GET_ADDR, R_AARCH64_CALL26, 0},
  };
  define("x", TLS_START + 0x12348);
  u32 *w = scan_apply(code, N(code), r, N(r));
  ck_assert_uint_eq(w[0], 0xd2a00020);        // movz x0, #0x1, lsl #16
  ck_assert_uint_eq(w[1], 0xf2846b00);        // movk x0, #0x2358
  ck_assert_uint_eq(w[2], 0xd53bd041);        // mrs x1, tpidr_el0
  ck_assert_uint_eq(w[3], 0x8b000020);        // add x0, x1, x0
  ck_assert_uint_eq(ctx->errors, 0);
} END_TEST

// -mcmodel=tiny: adr x0, :tlsgd:x; bl; nop becomes GNU ld's three
// instructions, the TP offset in two 12-bit halves.
START_TEST(tlsgd_tiny_to_le) {
  static const u32 code[] = {
      ADR_X0,                     // adr x0, :tlsgd:x
      BL,                         // bl __tls_get_addr
      0xd503201f,                 // nop
  };
  struct reloc r[] = {
      {0, X, R_AARCH64_TLSGD_ADR_PREL21, 0},
      {4, TLS_GET_ADDR, R_AARCH64_CALL26, 0},
  };
  define("x", TLS_START + 0x12348);
  u32 *w = scan_apply(code, N(code), r, N(r));
  ck_assert_uint_eq(w[0], 0xd53bd041);        // mrs x1, tpidr_el0
  ck_assert_uint_eq(w[1], 0x91404820);        // add x0, x1, #0x12, lsl #12
  ck_assert_uint_eq(w[2], 0x910d6000);        // add x0, x0, #0x358
  ck_assert_uint_eq(ctx->errors, 0);
} END_TEST

// Tiny descriptors: ldr x1, :tlsdesc:x; adr x0, :tlsdesc:x; blr x1.
START_TEST(tlsdesc_tiny_to_le) {
  static const u32 code[] = {
      LDR_LIT_X1,                 // ldr x1, :tlsdesc:x
      ADR_X0,                     // adr x0, :tlsdesc:x
      0xd63f0020,                 // blr x1
  };
  struct reloc r[] = {
      {0, X, R_AARCH64_TLSDESC_LD_PREL19, 0},
      {4, X, R_AARCH64_TLSDESC_ADR_PREL21, 0},
      {8, X, R_AARCH64_TLSDESC_CALL, 0},
  };
  define("x", TLS_START + 0x12348);
  u32 *w = scan_apply(code, N(code), r, N(r));
  ck_assert_uint_eq(w[0], 0xd2a00020);        // movz x0, #0x1, lsl #16
  ck_assert_uint_eq(w[1], 0xf2846b00);        // movk x0, #0x2358
  ck_assert_uint_eq(w[2], 0xd503201f);        // nop
  ck_assert_uint_eq(ctx->errors, 0);
} END_TEST

// Tiny initial-exec stays a literal load from the GOT (GNU ld), here
// the entry at GOT_ADDR + 8: G - P = 0x1f008.
START_TEST(tlsie_tiny_keeps_got) {
  static const u32 code[] = {0x58000000};       // ldr x0, :gottprel:x
  struct reloc r = {0, X, R_AARCH64_TLSIE_LD_GOTTPREL_PREL19, 0};
  define("x", TLS_START + 0x12348);
  u32 *w = scan_apply(code, 1, &r, 1);
  ck_assert_uint_eq(ctx->gottp_syms.len, 1);
  ck_assert_uint_eq(w[0], 0x580f8040);        // ldr x0, . + 0x1f008
  ck_assert_uint_eq(ctx->errors, 0);
} END_TEST

// Local-dynamic: the module base is the TP plus the TCB.  Small model:
// adrp; add; bl; nop -> mrs x0, tpidr_el0; add x0, x0, #16; nop; nop.
START_TEST(tlsld_to_le) {
  static const u32 code[] = {
      ADRP_X0,                    // adrp x0, :tlsldm:x
      ADD_X0,                     // add x0, x0, :tlsldm_lo12_nc:x
      BL,                         // bl __tls_get_addr
      0xd503201f,                 // nop
  };
  struct reloc r[] = {
      {0, X, R_AARCH64_TLSLD_ADR_PAGE21, 0},
      {4, X, R_AARCH64_TLSLD_ADD_LO12_NC, 0},
      {8, TLS_GET_ADDR, R_AARCH64_CALL26, 0},
  };
  define("x", TLS_START + 0x12348);
  u32 *w = scan_apply(code, N(code), r, N(r));
  ck_assert_uint_eq(w[0], 0xd53bd040);        // mrs x0, tpidr_el0
  ck_assert_uint_eq(w[1], 0x91004000);        // add x0, x0, #0x10
  ck_assert_uint_eq(w[2], 0xd503201f);        // nop
  ck_assert_uint_eq(w[3], 0xd503201f);        // nop
  ck_assert_uint_eq(ctx->errors, 0);
} END_TEST

// Tiny: adr; bl; nop -> mrs x0, tpidr_el0; add x0, x0, #TCB; nop, with
// the TCB rounded up to the block's alignment (64 here; GNU ld 2.40
// adds 16 whatever the alignment).
START_TEST(tlsld_tiny_to_le_align64) {
  static const u32 code[] = {
      ADR_X0,                     // adr x0, :tlsldm:x
      BL,                         // bl __tls_get_addr
      0xd503201f,                 // nop
  };
  struct reloc r[] = {
      {0, X, R_AARCH64_TLSLD_ADR_PREL21, 0},
      {4, TLS_GET_ADDR, R_AARCH64_CALL26, 0},
  };
  define("x", TLS_START + 0x12348);
  ctx->tls_align = 64;
  u32 *w = scan_apply(code, N(code), r, N(r));
  ck_assert_uint_eq(w[0], 0xd53bd040);        // mrs x0, tpidr_el0
  ck_assert_uint_eq(w[1], 0x91010000);        // add x0, x0, #0x40
  ck_assert_uint_eq(w[2], 0xd503201f);        // nop
  ck_assert_uint_eq(ctx->errors, 0);
} END_TEST

// An undefined weak symbol in local-exec code is the thread pointer,
// addend included (GNU ld).
START_TEST(tlsle_undef_weak_is_tp) {
  static const u32 code[] = {0x91400000, ADD_X0};
  struct reloc r[] = {
      {0, WEAK, R_AARCH64_TLSLE_ADD_TPREL_HI12, 12},
      {4, WEAK, R_AARCH64_TLSLE_ADD_TPREL_LO12_NC, 12},
  };
  u32 *w = scan_apply(code, N(code), r, N(r));
  ck_assert_uint_eq(w[0], 0x91400000);        // add x0, x0, #0, lsl #12
  ck_assert_uint_eq(w[1], 0x91000000);        // add x0, x0, #0
  ck_assert_uint_eq(ctx->errors, 0);
} END_TEST

// General-dynamic against an undefined weak symbol stays as GNU ld
// leaves it: the GOT pair at GOT_ADDR + 8 and the call.
START_TEST(tlsgd_undef_weak_kept) {
  static const u32 code[] = {ADRP_X0, ADD_X0, BL, 0xd503201f};
  struct reloc r[] = {
      {0, WEAK, R_AARCH64_TLSGD_ADR_PAGE21, 0},
      {4, WEAK, R_AARCH64_TLSGD_ADD_LO12_NC, 0},
      {8, TLS_GET_ADDR, R_AARCH64_CALL26, 0},
  };
  define("__tls_get_addr", TEXT_ADDR + 0x100);
  u32 *w = scan_apply(code, N(code), r, N(r));
  ck_assert_uint_eq(ctx->gotgd_syms.len, 1);
  ck_assert_uint_eq(ctx->gottp_syms.len, 0);
  ck_assert_uint_eq(ctx->synth[CK_GOT]->size, 3 * 8);   // reserved word + pair
  ck_assert_uint_eq(w[0], 0xf00000e0);        // adrp x0, . + 0x1f000
  ck_assert_uint_eq(w[1], 0x91002000);        // add x0, x0, #8
  ck_assert_uint_eq(w[2], 0x9400003e);        // bl . + 0xf8 (__tls_get_addr)
  ck_assert_uint_eq(w[3], 0xd503201f);        // nop
  ck_assert_uint_eq(ctx->errors, 0);
} END_TEST

// With an initial-exec reference too, it becomes initial-exec from that
// GOT entry (at GOT_ADDR + 8), which holds its TP offset (GNU ld).
START_TEST(tlsgd_undef_weak_to_ie) {
  static const u32 code[] = {ADRP_X0, ADD_X0, BL, 0xd503201f,
                             ADRP_X0, 0xf9400000};
  struct reloc r[] = {
      {0, WEAK, R_AARCH64_TLSGD_ADR_PAGE21, 0},
      {4, WEAK, R_AARCH64_TLSGD_ADD_LO12_NC, 0},
      {8, TLS_GET_ADDR, R_AARCH64_CALL26, 0},
      {16, WEAK, R_AARCH64_TLSIE_ADR_GOTTPREL_PAGE21, 0},
      {20, WEAK, R_AARCH64_TLSIE_LD64_GOTTPREL_LO12_NC, 0},
  };
  define("__tls_get_addr", TEXT_ADDR + 0x100);
  u32 *w = scan_apply(code, N(code), r, N(r));
  ck_assert_uint_eq(ctx->gottp_syms.len, 1);
  ck_assert_uint_eq(ctx->synth[CK_GOT]->size, 2 * 8);   // no pair
  ck_assert_uint_eq(w[0], 0xf00000e0);        // adrp x0, . + 0x1f000
  ck_assert_uint_eq(w[1], 0xf9400400);        // ldr x0, [x0, #8]
  ck_assert_uint_eq(w[2], 0xd53bd041);        // mrs x1, tpidr_el0
  ck_assert_uint_eq(w[3], 0x8b000020);        // add x0, x1, x0
  ck_assert_uint_eq(ctx->errors, 0);
} END_TEST

// Descriptors against an undefined weak symbol crash GNU ld 2.40: an
// error, once per sequence.
START_TEST(tlsdesc_undef_weak_refused) {
  static const u32 code[] = {ADRP_X0, 0xf9400001, ADD_X0, 0xd63f0020};
  struct reloc r[] = {
      {0, WEAK, R_AARCH64_TLSDESC_ADR_PAGE21, 0},
      {4, WEAK, R_AARCH64_TLSDESC_LD64_LO12, 0},
      {8, WEAK, R_AARCH64_TLSDESC_ADD_LO12, 0},
      {12, WEAK, R_AARCH64_TLSDESC_CALL, 0},
  };
  struct isec *is = text_isec(code, N(code), r, N(r));
  struct capture c;
  capture_begin(&c);
  scan_isec(&arch_aarch64, is);
  arch_aarch64.after_scan(ctx);
  ck_assert_contains(capture_end(&c),
                     "t.o:(.text+0x0): R_AARCH64_TLSDESC_ADR_PAGE21 against "
                     "undefined weak TLS symbol 'w' is not supported");
  ck_assert_uint_eq(ctx->errors, 1);
} END_TEST

// ... unless the symbol has an initial-exec reference too: then the
// descriptor becomes initial-exec from its GOT entry (GNU ld).
START_TEST(tlsdesc_undef_weak_with_ie) {
  static const u32 code[] = {ADRP_X0, 0xf9400001, ADD_X0, 0xd63f0020,
                             ADRP_X0, 0xf9400000};
  struct reloc r[] = {
      {0, WEAK, R_AARCH64_TLSDESC_ADR_PAGE21, 0},
      {4, WEAK, R_AARCH64_TLSDESC_LD64_LO12, 0},
      {8, WEAK, R_AARCH64_TLSDESC_ADD_LO12, 0},
      {12, WEAK, R_AARCH64_TLSDESC_CALL, 0},
      {16, WEAK, R_AARCH64_TLSIE_ADR_GOTTPREL_PAGE21, 0},
      {20, WEAK, R_AARCH64_TLSIE_LD64_GOTTPREL_LO12_NC, 0},
  };
  u32 *w = scan_apply(code, N(code), r, N(r));
  arch_aarch64.after_scan(ctx);
  ck_assert_uint_eq(ctx->gottp_syms.len, 1);
  ck_assert_uint_eq(w[0], 0xf00000e0);        // adrp x0, . + 0x1f000
  ck_assert_uint_eq(w[1], 0xf9400400);        // ldr x0, [x0, #8]
  ck_assert_uint_eq(w[2], 0xd503201f);        // nop
  ck_assert_uint_eq(w[3], 0xd503201f);        // nop
  ck_assert_uint_eq(ctx->errors, 0);
} END_TEST

// Large model, general-dynamic: movz/movk of the GOT offset, the add
// of the GOT pointer, the call and its nop become local-exec in three
// moves (GNU ld).
START_TEST(tlsgd_large_to_le) {
  static const u32 code[] = {
      MOVZ_X0_16,                 // movz x0, #:tlsgd_g1:x, lsl #16
      MOVK_X0,                    // movk x0, #:tlsgd_g0_nc:x
      0x8b000040,                 // add x0, x2, x0
      BL,                         // bl __tls_get_addr
      0xd503201f,                 // nop
  };
  struct reloc r[] = {
      {0, X, R_AARCH64_TLSGD_MOVW_G1, 0},
      {4, X, R_AARCH64_TLSGD_MOVW_G0_NC, 0},
      {12, TLS_GET_ADDR, R_AARCH64_CALL26, 0},
  };
  define("x", TLS_START + 0x12348);
  u32 *w = scan_apply(code, N(code), r, N(r));
  ck_assert_uint_eq(w[0], 0xd2c00000);        // movz x0, #0x0, lsl #32
  ck_assert_uint_eq(w[1], 0xf2a00020);        // movk x0, #0x1, lsl #16
  ck_assert_uint_eq(w[2], 0xf2846b00);        // movk x0, #0x2358
  ck_assert_uint_eq(w[3], 0xd53bd041);        // mrs x1, tpidr_el0
  ck_assert_uint_eq(w[4], 0x8b000020);        // add x0, x1, x0
  ck_assert_uint_eq(ctx->errors, 0);
} END_TEST

// Large model, descriptors.
START_TEST(tlsdesc_large_to_le) {
  static const u32 code[] = {
      MOVZ_X0_16,                 // movz x0, #:tlsdesc_off_g1:x, lsl #16
      MOVK_X0,                    // movk x0, #:tlsdesc_off_g0_nc:x
      0xf8606841,                 // ldr x1, [x2, x0]
      0x8b000040,                 // add x0, x2, x0
      0xd63f0020,                 // blr x1
  };
  struct reloc r[] = {
      {0, X, R_AARCH64_TLSDESC_OFF_G1, 0},
      {4, X, R_AARCH64_TLSDESC_OFF_G0_NC, 0},
      {8, X, R_AARCH64_TLSDESC_LDR, 0},
      {12, X, R_AARCH64_TLSDESC_ADD, 0},
      {16, X, R_AARCH64_TLSDESC_CALL, 0},
  };
  define("x", TLS_START + 0x12348);
  u32 *w = scan_apply(code, N(code), r, N(r));
  ck_assert_uint_eq(w[0], 0xd2c00000);        // movz x0, #0x0, lsl #32
  ck_assert_uint_eq(w[1], 0xf2a00020);        // movk x0, #0x1, lsl #16
  ck_assert_uint_eq(w[2], 0xf2846b00);        // movk x0, #0x2358
  ck_assert_uint_eq(w[3], 0xd503201f);        // nop
  ck_assert_uint_eq(w[4], 0xd503201f);        // nop
  ck_assert_uint_eq(ctx->errors, 0);
} END_TEST

// Large model, initial-exec: GNU ld keeps the GOT load; the GOT entry
// (GOT_ADDR + 8) is 8 bytes into the GOT.
START_TEST(tlsie_large_keeps_got) {
  static const u32 code[] = {
      MOVZ_X0_16,                 // movz x0, #:gottprel_g1:x, lsl #16
      MOVK_X0,                    // movk x0, #:gottprel_g0_nc:x
  };
  struct reloc r[] = {
      {0, X, R_AARCH64_TLSIE_MOVW_GOTTPREL_G1, 0},
      {4, X, R_AARCH64_TLSIE_MOVW_GOTTPREL_G0_NC, 0},
  };
  define("x", TLS_START + 0x12348);
  u32 *w = scan_apply(code, N(code), r, N(r));
  ck_assert_uint_eq(ctx->gottp_syms.len, 1);
  ck_assert_uint_eq(w[0], 0xd2a00000);        // movz x0, #0x0, lsl #16
  ck_assert_uint_eq(w[1], 0xf2800100);        // movk x0, #0x8
  ck_assert_uint_eq(ctx->errors, 0);
} END_TEST

// Local-dynamic offsets: DTPREL = 0x12348, in movz/movk groups and in a
// 16-byte load's scaled offset.
START_TEST(tlsld_dtprel_movw_ldst) {
  static const u32 code[] = {
      MOVZ_X0_32,                 // movz x0, #:dtprel_g2:x, lsl #32
      MOVK_X0_16,                 // movk x0, #:dtprel_g1_nc:x, lsl #16
      MOVK_X0,                    // movk x0, #:dtprel_g0_nc:x
      LDR_Q1,                     // ldr q1, [x0, #:dtprel_lo12_nc:x+8]
  };
  struct reloc r[] = {
      {0, X, R_AARCH64_TLSLD_MOVW_DTPREL_G2, 0},
      {4, X, R_AARCH64_TLSLD_MOVW_DTPREL_G1_NC, 0},
      {8, X, R_AARCH64_TLSLD_MOVW_DTPREL_G0_NC, 0},
      {12, X, R_AARCH64_TLSLD_LDST128_DTPREL_LO12_NC, 8},
  };
  define("x", TLS_START + 0x12348);
  u32 *w = apply(code, N(code), r, N(r));
  ck_assert_uint_eq(w[0], 0xd2c00000);        // movz x0, #0x0, lsl #32
  ck_assert_uint_eq(w[1], 0xf2a00020);        // movk x0, #0x1, lsl #16
  ck_assert_uint_eq(w[2], 0xf2846900);        // movk x0, #0x2348
  ck_assert_uint_eq(w[3], 0x3dc0d401);        // ldr q1, [x0, #0x350]
  ck_assert_uint_eq(ctx->errors, 0);
} END_TEST

// The checked LO12 forms hold offsets below 4 KiB only (GNU ld).
START_TEST(tlsld_ldst_dtprel_overflow) {
  static const u32 code[] = {LDR_X1};         // ldr x1, [x0, #:dtprel_lo12:x]
  struct reloc r = {0, X, R_AARCH64_TLSLD_LDST64_DTPREL_LO12, 0};
  define("x", TLS_START + 0x12348);
  ck_assert_contains(apply_fails(code, 1, &r, 1),
                     "relocation truncated to fit: "
                     "R_AARCH64_TLSLD_LDST64_DTPREL_LO12 against symbol `x'");
} END_TEST

int main(void) {
  Suite *s = suite_create("aarch64");
  TCase *tc = tcase_create("encoders");
  tcase_add_test(tc, page_of);
  tcase_add_test(tc, adrp_one_page_up);
  tcase_add_test(tc, adrp_one_page_down);
  tcase_add_test(tc, adrp_many_pages);
  tcase_add_test(tc, adrp_page_crossing);
  tcase_add_test(tc, adrp_limits);
  tcase_add_test(tc, adrp_keeps_register);
  tcase_add_test(tc, adr_bytes);
  tcase_add_test(tc, lo12_add);
  tcase_add_test(tc, lo12_loads_scaled);
  tcase_add_test(tc, lo12_stores_scaled);
  tcase_add_test(tc, movw_groups);
  tcase_add_test(tc, movnz_negative_is_movn);
  tcase_add_test(tc, movnz_keeps_movk);
  tcase_add_test(tc, movnz_positive_is_movz);
  tcase_add_test(tc, branch26);
  tcase_add_test(tc, imm19_condbr_cbz_ldr);
  tcase_add_test(tc, imm14_tbz);
  suite_add_tcase(s, tc);

  tc = tcase_create("addresses");
  tcase_add_checked_fixture(tc, setup, ctx_teardown);
  tcase_add_test(tc, adrp_add_ldr_pair);
  tcase_add_test(tc, adrp_backward);
  tcase_add_test(tc, adrp_out_of_range);
  tcase_add_test(tc, adr_prel_lo21);
  tcase_add_test(tc, ldst64_misaligned);
  tcase_add_test(tc, ldst128_misaligned);
  suite_add_tcase(s, tc);

  tc = tcase_create("branches");
  tcase_add_checked_fixture(tc, setup, ctx_teardown);
  tcase_add_test(tc, call26);
  tcase_add_test(tc, call26_limit);
  tcase_add_test(tc, call26_out_of_range);
  tcase_add_test(tc, call26_undef_weak_is_nop);
  tcase_add_test(tc, condbr19);
  tcase_add_test(tc, condbr19_out_of_range);
  tcase_add_test(tc, prel16_signed);
  tcase_add_test(tc, ld_prel_lo19);
  tcase_add_test(tc, tstbr14);
  suite_add_tcase(s, tc);

  tc = tcase_create("movw");
  tcase_add_checked_fixture(tc, setup, ctx_teardown);
  tcase_add_test(tc, movw_uabs_g0_to_g3);
  tcase_add_test(tc, movw_uabs_g1_overflow);
  tcase_add_test(tc, movw_sabs_g1_negative);
  suite_add_tcase(s, tc);

  tc = tcase_create("got");
  tcase_add_checked_fixture(tc, setup, ctx_teardown);
  tcase_add_test(tc, got_pair_kept);
  tcase_add_test(tc, got_pair_other_register_kept);
  tcase_add_test(tc, got_pair_abs_kept);
  tcase_add_test(tc, got_pair_undef_weak_kept);
  tcase_add_test(tc, got_addend_left_out);
  tcase_add_test(tc, gotoff_movw_and_lo15);
  tcase_add_test(tc, gotrel_refused);
  suite_add_tcase(s, tc);

  tc = tcase_create("tls");
  tcase_add_checked_fixture(tc, setup, ctx_teardown);
  tcase_add_test(tc, tlsle_add_hi12_lo12_align64);
  tcase_add_test(tc, tlsle_add_hi12_lo12_align8);
  tcase_add_test(tc, tlsle_hi12_overflow);
  tcase_add_test(tc, tlsie_to_le);
  tcase_add_test(tc, tlsdesc_to_le);
  tcase_add_test(tc, tlsgd_to_le);
  tcase_add_test(tc, tlsgd_tiny_to_le);
  tcase_add_test(tc, tlsdesc_tiny_to_le);
  tcase_add_test(tc, tlsie_tiny_keeps_got);
  tcase_add_test(tc, tlsld_to_le);
  tcase_add_test(tc, tlsld_tiny_to_le_align64);
  tcase_add_test(tc, tlsle_undef_weak_is_tp);
  tcase_add_test(tc, tlsgd_undef_weak_kept);
  tcase_add_test(tc, tlsgd_undef_weak_to_ie);
  tcase_add_test(tc, tlsdesc_undef_weak_refused);
  tcase_add_test(tc, tlsdesc_undef_weak_with_ie);
  tcase_add_test(tc, tlsgd_large_to_le);
  tcase_add_test(tc, tlsdesc_large_to_le);
  tcase_add_test(tc, tlsie_large_keeps_got);
  tcase_add_test(tc, tlsld_dtprel_movw_ldst);
  tcase_add_test(tc, tlsld_ldst_dtprel_overflow);
  suite_add_tcase(s, tc);
  return run_suite(s);
}
