// check_x86_64.c: x86-64 relocations through arch_x86_64.apply_relocs.
//
// Each test places a few instructions at 0x401000 in .text, gives the
// symbols the values resolution and layout would, applies the relocations
// and compares the bytes with a hand-checked encoding, annotated with its
// assembly.  S, A and P are as in the psABI (section 4.4); the relaxations
// are those of psABI appendix B and GNU ld: GOTPCRELX to direct forms,
// initial-exec and general/local-dynamic TLS to local-exec.  TLS is
// variant 2: TP offsets are negative, counted from the end of the block,
// here 0x405000..0x405010, so x at 0x405008 is at TP-8.

#include "reltest.h"

#define AX (SHF_ALLOC | SHF_EXECINSTR)

enum { TEXT_ADDR = 0x401000, GOTPLT_ADDR = 0x404000 };
enum { TLS_START = 0x405000, TLS_END = 0x405010, X_ADDR = 0x405008 };


static void setup(void) {
  ctx_setup();
  load_reloc_object(EM_X86_64);
  ctx->synth[CK_GOTPLT] = new_chunk(ctx, ".got.plt", CK_GOTPLT, SHT_PROGBITS,
                          SHF_ALLOC | SHF_WRITE, 8);
  ctx->synth[CK_GOTPLT]->addr = GOTPLT_ADDR;
  ctx->tls_start = TLS_START;
  ctx->tls_end = TLS_END;
}

// Places code at TEXT_ADDR as .text of the test object and applies the
// relocations to a copy, which it returns.
static u8 *apply(const u8 *code, u32 size, const struct reloc *r, u32 n) {
  struct isec *is = test_text(code, size, r, n, TEXT_ADDR);
  u8 *out = arena_alloc(ctx, size);
  memcpy(out, code, size);
  arch_x86_64.apply_relocs(ctx, is, out, 0, is->nrels);
  return out;
}

// apply(), expecting exactly one error; returns the message.
static const char *apply_fails(const u8 *code, u32 size,
                               const struct reloc *r, u32 n) {
  struct capture c;
  capture_begin(&c);
  apply(code, size, r, n);
  const char *text = capture_end(&c);
  ck_assert_uint_eq(ctx->errors, 1);
  return text;
}

//
// Direct relocations
//

START_TEST(pc32) {
  static const u8 code[] = {0xe8, 0, 0, 0, 0};        // call foo
  struct reloc r = {1, FOO, R_X86_64_PC32, -4};
  define("foo", 0x402000);
  // S + A - P = 0x402000 - 4 - 0x401001 = 0xffb
  static const u8 want[] = {0xe8, 0xfb, 0x0f, 0x00, 0x00};
  ck_assert_bytes(apply(code, 5, &r, 1), want, 5);
  ck_assert_uint_eq(ctx->errors, 0);
} END_TEST

START_TEST(plt32_backward) {
  static const u8 code[] = {0xe8, 0, 0, 0, 0};        // call foo@PLT
  struct reloc r = {1, FOO, R_X86_64_PLT32, -4};
  define("foo", 0x400f00);
  // 0x400f00 - 4 - 0x401001 = -0x105
  static const u8 want[] = {0xe8, 0xfb, 0xfe, 0xff, 0xff};
  ck_assert_bytes(apply(code, 5, &r, 1), want, 5);
  ck_assert_uint_eq(ctx->errors, 0);
} END_TEST

// A local section symbol: S is the section's address.
START_TEST(pc32_section_symbol) {
  // lea .text+0x20(%rip), %rax
  static const u8 code[] = {0x48, 0x8d, 0x05, 0, 0, 0, 0};
  struct reloc r = {3, SEC, R_X86_64_PC32, 0x20 - 4};
  // 0x401000 + 0x1c - 0x401003 = 0x19; 0x401007 + 0x19 = 0x401020
  static const u8 want[] = {0x48, 0x8d, 0x05, 0x19, 0x00, 0x00, 0x00};
  ck_assert_bytes(apply(code, 7, &r, 1), want, 7);
} END_TEST

// The displacement is signed 32-bit: 0x7fffffff fits, 0x80000000 not.
START_TEST(pc32_limits) {
  static const u8 code[] = {0xe8, 0, 0, 0, 0};        // call foo
  struct reloc r = {1, FOO, R_X86_64_PC32, -4};
  define("foo", 0x401005 + 0x7fffffffULL);
  static const u8 want[] = {0xe8, 0xff, 0xff, 0xff, 0x7f};
  ck_assert_bytes(apply(code, 5, &r, 1), want, 5);
  ck_assert_uint_eq(ctx->errors, 0);

  define("foo", 0x401005 + 0x80000000ULL);
  ck_assert_contains(apply_fails(code, 5, &r, 1),
                     "t.o:(.text+0x1): relocation truncated to fit: "
                     "R_X86_64_PC32 against symbol `foo'");
} END_TEST

START_TEST(abs32_in_range) {
  static const u8 code[] = {0xb8, 0, 0, 0, 0};        // mov $foo, %eax
  struct reloc r = {1, FOO, R_X86_64_32, 0};
  define("foo", 0xffffffff);
  static const u8 want[] = {0xb8, 0xff, 0xff, 0xff, 0xff};
  ck_assert_bytes(apply(code, 5, &r, 1), want, 5);
  ck_assert_uint_eq(ctx->errors, 0);
} END_TEST

START_TEST(abs32_too_big) {
  static const u8 code[] = {0xb8, 0, 0, 0, 0};        // mov $foo, %eax
  struct reloc r = {1, FOO, R_X86_64_32, 0};
  define("foo", 0x100000000ULL);
  ck_assert_contains(apply_fails(code, 5, &r, 1),
                     "t.o:(.text+0x1): relocation truncated to fit: "
                     "R_X86_64_32 against symbol `foo' (value 0x100000000 "
                     "is not in [0, 4294967295])");
} END_TEST

// R_X86_64_32 is zero-extended: a negative value does not fit.
START_TEST(abs32_negative) {
  static const u8 code[] = {0xb8, 0, 0, 0, 0};        // mov $foo-1, %eax
  struct reloc r = {1, FOO, R_X86_64_32, -1};
  define("foo", 0);
  ck_assert_contains(apply_fails(code, 5, &r, 1),
                     "relocation truncated to fit: R_X86_64_32");
} END_TEST

START_TEST(abs32s_in_range) {
  static const u8 code[] = {0x48, 0xc7, 0xc0, 0, 0, 0, 0};  // mov $foo, %rax
  struct reloc r = {3, FOO, R_X86_64_32S, 0};
  define("foo", 0xffffffff80000000ULL);
  static const u8 low[] = {0x48, 0xc7, 0xc0, 0x00, 0x00, 0x00, 0x80};
  ck_assert_bytes(apply(code, 7, &r, 1), low, 7);
  define("foo", 0x7fffffff);
  static const u8 high[] = {0x48, 0xc7, 0xc0, 0xff, 0xff, 0xff, 0x7f};
  ck_assert_bytes(apply(code, 7, &r, 1), high, 7);
  ck_assert_uint_eq(ctx->errors, 0);
} END_TEST

// R_X86_64_32S is sign-extended: 0x80000000 would read as -2^31.
START_TEST(abs32s_too_big) {
  static const u8 code[] = {0x48, 0xc7, 0xc0, 0, 0, 0, 0};  // mov $foo, %rax
  struct reloc r = {3, FOO, R_X86_64_32S, 0};
  define("foo", 0x80000000);
  ck_assert_contains(apply_fails(code, 7, &r, 1),
                     "t.o:(.text+0x3): relocation truncated to fit: "
                     "R_X86_64_32S against symbol `foo' (value 0x80000000 "
                     "is not in [-2147483648, 2147483647])");
} END_TEST

START_TEST(abs64) {
  // movabs $foo+8, %rax
  static const u8 code[] = {0x48, 0xb8, 0, 0, 0, 0, 0, 0, 0, 0};
  struct reloc r = {2, FOO, R_X86_64_64, 8};
  define("foo", 0x123456789abcdef0ULL);
  static const u8 want[] = {0x48, 0xb8, 0xf8, 0xde, 0xbc, 0x9a,
                            0x78, 0x56, 0x34, 0x12};
  ck_assert_bytes(apply(code, 10, &r, 1), want, 10);
} END_TEST

//
// GOTPCRELX relaxation: no GOT entry for a symbol known at link time
//

// GNU ld's rule for an executable that is not position-independent: the
// mov becomes mov $foo (decided before addresses are known).
START_TEST(rex_gotpcrelx_mov_to_imm) {
  // mov foo@GOTPCREL(%rip), %rax
  static const u8 code[] = {0x48, 0x8b, 0x05, 0, 0, 0, 0};
  struct reloc r = {3, FOO, R_X86_64_REX_GOTPCRELX, -4};
  define("foo", 0x402000);
  // mov $0x402000, %rax
  static const u8 want[] = {0x48, 0xc7, 0xc0, 0x00, 0x20, 0x40, 0x00};
  ck_assert_bytes(apply(code, 7, &r, 1), want, 7);
  ck_assert_uint_eq(ctx->errors, 0);
} END_TEST

// An address the immediate cannot hold: GNU ld's "failed to convert
// GOTPCREL relocation", not a lea.
START_TEST(rex_gotpcrelx_mov_overflow) {
  // mov foo@GOTPCREL(%rip), %rax, foo above 2 GiB
  static const u8 code[] = {0x48, 0x8b, 0x05, 0, 0, 0, 0};
  struct reloc r = {3, FOO, R_X86_64_REX_GOTPCRELX, -4};
  define("foo", 0x80402000);
  static const u8 want[] = {0x48, 0xc7, 0xc0, 0x00, 0x20, 0x40, 0x80};
  ck_assert_bytes(apply(code, 7, &r, 1), want, 7);
  ck_assert_uint_eq(ctx->errors, 1);
} END_TEST

// Without REX: mov foo@GOTPCREL(%rip), %ecx -> mov $foo, %ecx
START_TEST(gotpcrelx_mov_to_imm) {
  static const u8 code[] = {0x8b, 0x0d, 0, 0, 0, 0};
  struct reloc r = {2, FOO, R_X86_64_GOTPCRELX, -4};
  define("foo", 0x402000);
  static const u8 want[] = {0xc7, 0xc1, 0x00, 0x20, 0x40, 0x00};
  ck_assert_bytes(apply(code, 6, &r, 1), want, 6);
} END_TEST

START_TEST(gotpcrelx_call) {
  // call *foo@GOTPCREL(%rip)
  static const u8 code[] = {0xff, 0x15, 0, 0, 0, 0};
  struct reloc r = {2, FOO, R_X86_64_GOTPCRELX, -4};
  define("foo", 0x402000);
  // addr32 call foo: 0x402000 - 4 - 0x401002 = 0xffa
  static const u8 want[] = {0x67, 0xe8, 0xfa, 0x0f, 0x00, 0x00};
  ck_assert_bytes(apply(code, 6, &r, 1), want, 6);
} END_TEST

START_TEST(gotpcrelx_jmp) {
  // jmp *foo@GOTPCREL(%rip)
  static const u8 code[] = {0xff, 0x25, 0, 0, 0, 0};
  struct reloc r = {2, FOO, R_X86_64_GOTPCRELX, -4};
  define("foo", 0x402000);
  // jmp foo; nop: the jump ends at 0x401005, 0x402000 - 0x401005 = 0xffb
  static const u8 want[] = {0xe9, 0xfb, 0x0f, 0x00, 0x00, 0x90};
  ck_assert_bytes(apply(code, 6, &r, 1), want, 6);
} END_TEST

// An absolute symbol's value is not PC-relative: mov $imm instead.
START_TEST(rex_gotpcrelx_abs_to_mov_imm) {
  // mov absym@GOTPCREL(%rip), %rax
  static const u8 code[] = {0x48, 0x8b, 0x05, 0, 0, 0, 0};
  struct reloc r = {3, ABS, R_X86_64_REX_GOTPCRELX, -4};
  // mov $0x1234, %rax
  static const u8 want[] = {0x48, 0xc7, 0xc0, 0x34, 0x12, 0x00, 0x00};
  ck_assert_bytes(apply(code, 7, &r, 1), want, 7);
} END_TEST

// An undefined weak symbol is 0; the register moves to ModRM.rm, so
// REX.R becomes REX.B.
START_TEST(rex_gotpcrelx_undef_weak) {
  // mov w@GOTPCREL(%rip), %r11
  static const u8 code[] = {0x4c, 0x8b, 0x1d, 0, 0, 0, 0};
  struct reloc r = {3, WEAK, R_X86_64_REX_GOTPCRELX, -4};
  // mov $0x0, %r11
  static const u8 want[] = {0x49, 0xc7, 0xc3, 0x00, 0x00, 0x00, 0x00};
  ck_assert_bytes(apply(code, 7, &r, 1), want, 7);
  ck_assert_uint_eq(ctx->errors, 0);
} END_TEST

START_TEST(rex_gotpcrelx_binop) {
  static const u8 code[] = {
      0x48, 0x03, 0x05, 0, 0, 0, 0,   // add foo@GOTPCREL(%rip), %rax
      0x4c, 0x2b, 0x05, 0, 0, 0, 0,   // sub foo@GOTPCREL(%rip), %r8
  };
  struct reloc r[] = {
      {3, FOO, R_X86_64_REX_GOTPCRELX, -4},
      {10, FOO, R_X86_64_REX_GOTPCRELX, -4},
  };
  define("foo", 0x402000);
  static const u8 want[] = {
      0x48, 0x81, 0xc0, 0x00, 0x20, 0x40, 0x00,   // add $0x402000, %rax
      0x49, 0x81, 0xe8, 0x00, 0x20, 0x40, 0x00,   // sub $0x402000, %r8
  };
  ck_assert_bytes(apply(code, 14, r, 2), want, 14);
} END_TEST

START_TEST(rex_gotpcrelx_test) {
  // test %rax, foo@GOTPCREL(%rip)
  static const u8 code[] = {0x48, 0x85, 0x05, 0, 0, 0, 0};
  struct reloc r = {3, FOO, R_X86_64_REX_GOTPCRELX, -4};
  define("foo", 0x402000);
  // test $0x402000, %rax
  static const u8 want[] = {0x48, 0xf7, 0xc0, 0x00, 0x20, 0x40, 0x00};
  ck_assert_bytes(apply(code, 7, &r, 1), want, 7);
} END_TEST

//
// TLS, relaxed to local-exec
//

START_TEST(gottpoff_mov_to_le) {
  // mov x@gottpoff(%rip), %rax
  static const u8 code[] = {0x48, 0x8b, 0x05, 0, 0, 0, 0};
  struct reloc r = {3, X, R_X86_64_GOTTPOFF, -4};
  define("x", X_ADDR);
  // mov $-8, %rax (x@tpoff = 0x405008 - 0x405010)
  static const u8 want[] = {0x48, 0xc7, 0xc0, 0xf8, 0xff, 0xff, 0xff};
  ck_assert_bytes(apply(code, 7, &r, 1), want, 7);
  ck_assert_uint_eq(ctx->errors, 0);
} END_TEST

// A high register: REX.R (0x4c) becomes REX.B (0x49).
START_TEST(gottpoff_mov_r12) {
  // mov x@gottpoff(%rip), %r12
  static const u8 code[] = {0x4c, 0x8b, 0x25, 0, 0, 0, 0};
  struct reloc r = {3, X, R_X86_64_GOTTPOFF, -4};
  define("x", X_ADDR);
  // mov $-8, %r12
  static const u8 want[] = {0x49, 0xc7, 0xc4, 0xf8, 0xff, 0xff, 0xff};
  ck_assert_bytes(apply(code, 7, &r, 1), want, 7);
} END_TEST

START_TEST(gottpoff_add) {
  // add x@gottpoff(%rip), %rax
  static const u8 code[] = {0x48, 0x03, 0x05, 0, 0, 0, 0};
  struct reloc r = {3, X, R_X86_64_GOTTPOFF, -4};
  define("x", X_ADDR);
  // lea -8(%rax), %rax (GNU ld's form)
  static const u8 want[] = {0x48, 0x8d, 0x80, 0xf8, 0xff, 0xff, 0xff};
  ck_assert_bytes(apply(code, 7, &r, 1), want, 7);
} END_TEST

START_TEST(gottpoff_add_rsp) {
  // add x@gottpoff(%rip), %rsp: lea cannot take %rsp so
  static const u8 code[] = {0x48, 0x03, 0x25, 0, 0, 0, 0};
  struct reloc r = {3, X, R_X86_64_GOTTPOFF, -4};
  define("x", X_ADDR);
  // add $-8, %rsp
  static const u8 want[] = {0x48, 0x81, 0xc4, 0xf8, 0xff, 0xff, 0xff};
  ck_assert_bytes(apply(code, 7, &r, 1), want, 7);
} END_TEST

START_TEST(tpoff32) {
  // mov $x@tpoff, %rax
  static const u8 code[] = {0x48, 0xc7, 0xc0, 0, 0, 0, 0};
  struct reloc r = {3, X, R_X86_64_TPOFF32, 0};
  define("x", X_ADDR);
  static const u8 want[] = {0x48, 0xc7, 0xc0, 0xf8, 0xff, 0xff, 0xff};
  ck_assert_bytes(apply(code, 7, &r, 1), want, 7);
} END_TEST

// General dynamic: the 16-byte call sequence becomes two instructions,
// and the call's own relocation is skipped (else it would overwrite the
// TP offset).
START_TEST(tlsgd_to_le) {
  static const u8 code[] = {
      0x66, 0x48, 0x8d, 0x3d, 0, 0, 0, 0,   // data16 lea x@tlsgd(%rip), %rdi
      // data16 data16 rex.W call __tls_get_addr@PLT
      0x66, 0x66, 0x48, 0xe8, 0, 0, 0, 0,
  };
  struct reloc r[] = {
      {4, X, R_X86_64_TLSGD, -4},
      {12, TLS_GET_ADDR, R_X86_64_PLT32, -4},
  };
  define("x", X_ADDR);
  static const u8 want[] = {
      0x64, 0x48, 0x8b, 0x04, 0x25, 0, 0, 0, 0,   // mov %fs:0, %rax
      0x48, 0x8d, 0x80, 0xf8, 0xff, 0xff, 0xff,   // lea -8(%rax), %rax
  };
  ck_assert_bytes(apply(code, 16, r, 2), want, 16);
  ck_assert_uint_eq(ctx->errors, 0);
} END_TEST

// The same with the call through the GOT (-fno-plt).
START_TEST(tlsgd_got_call_to_le) {
  static const u8 code[] = {
      0x66, 0x48, 0x8d, 0x3d, 0, 0, 0, 0,   // data16 lea x@tlsgd(%rip), %rdi
      // data16 rex.W call *__tls_get_addr@GOTPCREL(%rip)
      0x66, 0x48, 0xff, 0x15, 0, 0, 0, 0,
  };
  struct reloc r[] = {
      {4, X, R_X86_64_TLSGD, -4},
      {12, TLS_GET_ADDR, R_X86_64_GOTPCRELX, -4},
  };
  define("x", X_ADDR);
  static const u8 want[] = {
      0x64, 0x48, 0x8b, 0x04, 0x25, 0, 0, 0, 0,   // mov %fs:0, %rax
      0x48, 0x8d, 0x80, 0xf8, 0xff, 0xff, 0xff,   // lea -8(%rax), %rax
  };
  ck_assert_bytes(apply(code, 16, r, 2), want, 16);
  ck_assert_uint_eq(ctx->errors, 0);
} END_TEST

// Local dynamic: the call becomes a padded load of the TP, and
// x@dtpoff, now added to the TP rather than to the block, is x@tpoff.
START_TEST(tlsld_to_le) {
  static const u8 code[] = {
      0x48, 0x8d, 0x3d, 0, 0, 0, 0,         // lea x@tlsld(%rip), %rdi
      0xe8, 0, 0, 0, 0,                     // call __tls_get_addr@PLT
      0x48, 0x8d, 0x88, 0, 0, 0, 0,         // lea x@dtpoff(%rax), %rcx
  };
  struct reloc r[] = {
      {3, X, R_X86_64_TLSLD, -4},
      {8, TLS_GET_ADDR, R_X86_64_PLT32, -4},
      {15, X, R_X86_64_DTPOFF32, 0},
  };
  define("x", X_ADDR);
  static const u8 want[] = {
      // data16 data16 data16 mov %fs:0, %rax
      0x66, 0x66, 0x66, 0x64, 0x48, 0x8b, 0x04, 0x25, 0, 0, 0, 0,
      0x48, 0x8d, 0x88, 0xf8, 0xff, 0xff, 0xff,   // lea -8(%rax), %rcx
  };
  ck_assert_bytes(apply(code, 19, r, 3), want, 19);
  ck_assert_uint_eq(ctx->errors, 0);
} END_TEST

// -mcmodel=large -fPIC: the call goes through a 64-bit PLT offset added
// to the GOT pointer (%rbx here); the 22 bytes become GNU ld's local-exec
// sequence, padded with a 6-byte nop.
START_TEST(tlsgd_large_to_le) {
  static const u8 code[] = {
      0x48, 0x8d, 0x3d, 0, 0, 0, 0,         // lea x@tlsgd(%rip), %rdi
      // movabs $__tls_get_addr@pltoff, %rax
      0x48, 0xb8, 0, 0, 0, 0, 0, 0, 0, 0,
      0x48, 0x01, 0xd8,                     // add %rbx, %rax
      0xff, 0xd0,                           // call *%rax
  };
  struct reloc r[] = {
      {3, X, R_X86_64_TLSGD, -4},
      {9, TLS_GET_ADDR, R_X86_64_PLTOFF64, 0},
  };
  define("x", X_ADDR);
  static const u8 want[] = {
      0x64, 0x48, 0x8b, 0x04, 0x25, 0, 0, 0, 0,   // mov %fs:0, %rax
      0x48, 0x8d, 0x80, 0xf8, 0xff, 0xff, 0xff,   // lea -8(%rax), %rax
      0x66, 0x0f, 0x1f, 0x44, 0x00, 0x00,         // nopw 0x0(%rax,%rax,1)
  };
  ck_assert_bytes(apply(code, 22, r, 2), want, 22);
  ck_assert_uint_eq(ctx->errors, 0);
} END_TEST

// The same for local-dynamic, with %r15 as the GOT pointer.
START_TEST(tlsld_large_to_le) {
  static const u8 code[] = {
      0x48, 0x8d, 0x3d, 0, 0, 0, 0,         // lea x@tlsld(%rip), %rdi
      // movabs $__tls_get_addr@pltoff, %rax
      0x48, 0xb8, 0, 0, 0, 0, 0, 0, 0, 0,
      0x4c, 0x01, 0xf8,                     // add %r15, %rax
      0xff, 0xd0,                           // call *%rax
      0x48, 0x8d, 0x88, 0, 0, 0, 0,         // lea x@dtpoff(%rax), %rcx
  };
  struct reloc r[] = {
      {3, X, R_X86_64_TLSLD, -4},
      {9, TLS_GET_ADDR, R_X86_64_PLTOFF64, 0},
      {25, X, R_X86_64_DTPOFF32, 0},
  };
  define("x", X_ADDR);
  static const u8 want[] = {
      // data16 data16 data16 cs nopw 0x0(%rax,%rax,1)
      0x66, 0x66, 0x66, 0x66, 0x2e, 0x0f, 0x1f, 0x84, 0, 0, 0, 0, 0,
      0x64, 0x48, 0x8b, 0x04, 0x25, 0, 0, 0, 0,   // mov %fs:0, %rax
      0x48, 0x8d, 0x88, 0xf8, 0xff, 0xff, 0xff,   // lea -8(%rax), %rcx
  };
  ck_assert_bytes(apply(code, 29, r, 3), want, 29);
  ck_assert_uint_eq(ctx->errors, 0);
} END_TEST

// Another register than %rbx or %r15 is not a sequence GNU ld relaxes.
START_TEST(tlsld_large_other_register) {
  static const u8 code[] = {
      0x48, 0x8d, 0x3d, 0, 0, 0, 0,         // lea x@tlsld(%rip), %rdi
      // movabs $__tls_get_addr@pltoff, %rax
      0x48, 0xb8, 0, 0, 0, 0, 0, 0, 0, 0,
      0x48, 0x01, 0xc8,                     // add %rcx, %rax
      0xff, 0xd0,                           // call *%rax
  };
  struct reloc r[] = {
      {3, X, R_X86_64_TLSLD, -4},
      {9, TLS_GET_ADDR, R_X86_64_PLTOFF64, 0},
  };
  define("x", X_ADDR);
  struct isec *is = test_text(code, 22, r, 2, TEXT_ADDR);
  struct capture c;
  capture_begin(&c);
  scan_isec(&arch_x86_64, is);
  ck_assert_contains(capture_end(&c),
                     "t.o: TLS transition from R_X86_64_TLSLD to "
                     "R_X86_64_TPOFF32 against `x' at 0x3 in section "
                     "`.text' failed");
  ck_assert(ctx->tls_transition_failed == TLS_FAILED_SCAN);
} END_TEST

//
// Broken relocations
//

START_TEST(reloc_outside_section) {
  static const u8 code[] = {0xe8, 0, 0, 0, 0};
  struct reloc r = {3, FOO, R_X86_64_PC32, -4};   // bytes 3..6 of 5
  define("foo", 0x402000);
  ck_assert_contains(apply_fails(code, 5, &r, 1),
                     "t.o:(.text+0x3): relocation 0 is outside the section");
} END_TEST

START_TEST(reloc_offset_huge) {
  static const u8 code[] = {0xe8, 0, 0, 0, 0};
  struct reloc r = {UINT64_MAX - 1, FOO, R_X86_64_64, 0};
  define("foo", 0x402000);
  ck_assert_contains(apply_fails(code, 5, &r, 1),
                     "relocation 0 is outside the section");
} END_TEST

START_TEST(reloc_bad_symbol_index) {
  static const u8 code[] = {0xe8, 0, 0, 0, 0};
  struct reloc r = {1, 99, R_X86_64_PC32, -4};
  ck_assert_contains(apply_fails(code, 5, &r, 1),
                     "t.o:(.text): relocation 0 has a bad symbol index 99");
} END_TEST

// Regression: R_X86_64_REX_GOTPCRELX at offset 2 leaves no room for a
// REX prefix, but the mov -> mov $imm rewrite for an undefined weak
// symbol rewrote the byte before the section.
START_TEST(rex_gotpcrelx_at_offset_2_keeps_previous_byte) {
  static const u8 code[6] = {0x8b, 0x05, 0, 0, 0, 0};  // mov w@GOTPCREL(%rip), %eax
  u8 rel[24];
  put_rela(rel, 2, WEAK, R_X86_64_REX_GOTPCRELX, -4);
  ctx->synth[CK_GOT] = new_chunk(ctx, ".got", CK_GOT, SHT_PROGBITS,
                       SHF_ALLOC | SHF_WRITE, 8);
  ctx->synth[CK_IPLT] = new_chunk(ctx, ".plt", CK_IPLT, SHT_PROGBITS, AX, 16);
  ctx->synth[CK_RELA_IPLT] = new_chunk(ctx, ".rela.plt", CK_RELA_IPLT, SHT_RELA,
                             SHF_ALLOC, 8);
  struct chunk *c = new_chunk(ctx, ".text", CK_REGULAR, SHT_PROGBITS, AX, 4);
  struct isec is = {.file = file, .osec = c, .data = code, .rels = rel,
                    .size = 6, .nrels = 1, .shndx = 1, .live = true};
  // The scan asks for a GOT entry, since no relaxation fits.
  scan_isec(&arch_x86_64, &is);
  allocate_slots(ctx);
  size_synthetic(ctx, SIZE_BEFORE_LAYOUT);
  u8 buf[7] = {0x4c};                  // the previous section's last byte
  memcpy(buf + 1, code, 6);
  arch_x86_64.apply_relocs(ctx, &is, buf + 1, 0, is.nrels);
  ck_assert_uint_eq(buf[0], 0x4c);
  ck_assert_uint_eq(buf[1], 0x8b);     // still a load from the GOT
} END_TEST

int main(void) {
  Suite *s = suite_create("x86_64");
  TCase *tc = tcase_create("direct");
  tcase_add_checked_fixture(tc, setup, ctx_teardown);
  tcase_add_test(tc, pc32);
  tcase_add_test(tc, plt32_backward);
  tcase_add_test(tc, pc32_section_symbol);
  tcase_add_test(tc, pc32_limits);
  tcase_add_test(tc, abs32_in_range);
  tcase_add_test(tc, abs32_too_big);
  tcase_add_test(tc, abs32_negative);
  tcase_add_test(tc, abs32s_in_range);
  tcase_add_test(tc, abs32s_too_big);
  tcase_add_test(tc, abs64);
  suite_add_tcase(s, tc);

  tc = tcase_create("gotpcrelx");
  tcase_add_checked_fixture(tc, setup, ctx_teardown);
  tcase_add_test(tc, rex_gotpcrelx_mov_to_imm);
  tcase_add_test(tc, rex_gotpcrelx_mov_overflow);
  tcase_add_test(tc, gotpcrelx_mov_to_imm);
  tcase_add_test(tc, gotpcrelx_call);
  tcase_add_test(tc, gotpcrelx_jmp);
  tcase_add_test(tc, rex_gotpcrelx_abs_to_mov_imm);
  tcase_add_test(tc, rex_gotpcrelx_undef_weak);
  tcase_add_test(tc, rex_gotpcrelx_binop);
  tcase_add_test(tc, rex_gotpcrelx_test);
  suite_add_tcase(s, tc);

  tc = tcase_create("tls");
  tcase_add_checked_fixture(tc, setup, ctx_teardown);
  tcase_add_test(tc, gottpoff_mov_to_le);
  tcase_add_test(tc, gottpoff_mov_r12);
  tcase_add_test(tc, gottpoff_add);
  tcase_add_test(tc, gottpoff_add_rsp);
  tcase_add_test(tc, tpoff32);
  tcase_add_test(tc, tlsgd_to_le);
  tcase_add_test(tc, tlsgd_got_call_to_le);
  tcase_add_test(tc, tlsld_to_le);
  tcase_add_test(tc, tlsgd_large_to_le);
  tcase_add_test(tc, tlsld_large_to_le);
  tcase_add_test(tc, tlsld_large_other_register);
  suite_add_tcase(s, tc);

  tc = tcase_create("broken");
  tcase_add_checked_fixture(tc, setup, ctx_teardown);
  tcase_add_test(tc, reloc_outside_section);
  tcase_add_test(tc, reloc_offset_huge);
  tcase_add_test(tc, reloc_bad_symbol_index);
  tcase_add_test(tc, rex_gotpcrelx_at_offset_2_keeps_previous_byte);
  suite_add_tcase(s, tc);
  return run_suite(s);
}
