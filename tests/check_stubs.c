// check_stubs.c: range-extension stubs (stubs.c) and the erratum 843419
// sequence (errata.c).
//
// The candidate bookkeeping: a code section's branch records are
// partitioned so those to other sections (key != 0) come first, only that
// part is sorted by (group, key, addend), and equal keys form runs that
// share one stub.  The encodings are checked against hand-assembled
// instructions, annotated with their assembly.

#include "testutil.h"

static struct branch rec(u32 group, u64 key, i64 addend, u32 seq) {
  struct branch b = {0};
  b.group = group;
  b.key = key;
  b.addend = addend;
  b.seq = seq;
  return b;
}

START_TEST(partition_keeps_candidates_in_order) {
  struct branch b[6] = {
      rec(1, 0, 0, 0), rec(1, 7, 0, 1), rec(1, 0, 4, 2),
      rec(1, 9, 0, 3), rec(1, 0, 0, 4), rec(1, 7, 8, 5),
  };
  u32 n = partition_branches(b, 6);
  ck_assert_uint_eq(n, 3);
  ck_assert_uint_eq(b[0].seq, 1);
  ck_assert_uint_eq(b[1].seq, 3);
  ck_assert_uint_eq(b[2].seq, 5);
  for (u32 i = n; i < 6; i++)
    ck_assert_uint_eq(b[i].key, 0);
} END_TEST

START_TEST(partition_none_and_all) {
  struct branch b[2] = {rec(1, 0, 0, 0), rec(1, 0, 0, 1)};
  ck_assert_uint_eq(partition_branches(b, 2), 0);
  struct branch c[2] = {rec(1, 3, 0, 0), rec(1, 4, 0, 1)};
  ck_assert_uint_eq(partition_branches(c, 2), 2);
  ck_assert_uint_eq(c[0].seq, 0);
  ck_assert_uint_eq(partition_branches(c, 0), 0);
} END_TEST

// 50 calls to one symbol share a stub; sym+8 is another; so is the same
// symbol from another group.
START_TEST(dedupe_by_group_key_addend) {
  struct branch b[56];
  u32 n = 0;
  for (u32 i = 0; i < 50; i++)
    b[n] = rec(1, 0x100000005, 0, n), n++;
  b[n] = rec(1, 0x100000005, 8, n), n++;
  b[n] = rec(2, 0x100000005, 0, n), n++;
  b[n] = rec(1, 0x200000003, 0, n), n++;
  b[n] = rec(1, 0x200000003, 0, n), n++;
  b[n] = rec(2, 0x100000005, 0, n), n++;
  b[n] = rec(1, 0x100000005, -4, n), n++;
  sort_branches(b, n);
  ck_assert_uint_eq(count_runs(b, n), 5);
  // Sorted by (group, key, addend), ties in discovery order.
  ck_assert_int_eq(b[0].addend, -4);
  ck_assert_uint_eq(b[1].seq, 0);
  ck_assert_uint_eq(b[50].seq, 49);
  ck_assert_int_eq(b[51].addend, 8);
  ck_assert_uint_eq(b[52].key, 0x200000003);
  ck_assert_uint_eq(b[52].run, 52);
  ck_assert_uint_eq(b[53].run, 52);
  ck_assert_uint_eq(b[54].group, 2);
  ck_assert_uint_eq(b[55].run, 54);
  for (u32 i = 1; i < 51; i++)
    ck_assert_uint_eq(b[i].run, 1);
} END_TEST

START_TEST(stub_encoding) {
  u8 buf[16];
  // At 0x400100, to 0x8600124 (130 MiB away).
  ck_assert(aarch64_write_stub(buf, 0x400100, 0x8600124));
  const u8 want[16] = {
      0x10, 0x10, 0x04, 0x90,   // adrp x16, 0x8600000
      0x10, 0x92, 0x04, 0x91,   // add x16, x16, #0x124
      0x00, 0x02, 0x1f, 0xd6,   // br x16
      0, 0, 0, 0,               // padding
  };
  ck_assert_bytes(buf, want, 16);
  // Backwards: at 0x8600000 to 0x400010.
  ck_assert(aarch64_write_stub(buf, 0x8600000, 0x400010));
  ck_assert_uint_eq(rd32(buf), 0x90fbf010);         // adrp x16, 0x400000
  ck_assert_uint_eq(rd32(buf + 4), 0x91004210);     // add x16, x16, #0x10
  // Beyond ADRP's 4 GiB.
  ck_assert(!aarch64_write_stub(buf, 0x400000, 0x200400000));
} END_TEST

START_TEST(stub_header_encoding) {
  u8 buf[8];
  aarch64_write_stub_header(buf, 0x4000a0, 0x4000d0);
  ck_assert_uint_eq(rd32(buf), 0x1400000c);         // b 0x4000d0
  ck_assert_uint_eq(rd32(buf + 4), 0xd503201f);     // nop
} END_TEST

static bool at(u64 addr, const u32 *insns, u32 n, u32 *ldst) {
  u8 buf[16];
  for (u32 i = 0; i < n; i++)
    wr32(buf + 4 * i, insns[i]);
  return erratum_843419_at(buf, addr, 4 * n, ldst);
}

START_TEST(erratum_sequences) {
  u32 ldst = 0;
  // adrp x0, ...; ldr x1, [x0, #64]; ldr x2, [x0, #64]
  const u32 three[] = {0x90000080, 0xf9402001, 0xf9402002};
  ck_assert(at(0x402ff8, three, 3, &ldst));
  ck_assert_uint_eq(ldst, 8);
  ck_assert(at(0x402ffc, three, 3, &ldst));
  ck_assert(!at(0x402ff4, three, 3, &ldst));        // not at 0xff8/0xffc
  ck_assert(!at(0x402ff8, three, 2, &ldst));        // the span ends
  // adrp x2; str xzr, [sp, #-16]; add x3, x3, #1; ldr x0, [x2, #16]
  const u32 four[] = {0x900010a2, 0xf81f03ff, 0x91000463, 0xf9400840};
  ck_assert(at(0x405ffc, four, 4, &ldst));
  ck_assert_uint_eq(ldst, 12);
  // ldr based on another register: no erratum.
  const u32 other[] = {0x90000080, 0xf9402001, 0xf9402022};
  ck_assert(!at(0x402ff8, other, 3, &ldst));
  // A load pair in second place: no erratum; a store pair: erratum.
  const u32 ldp[] = {0x90000080, 0xa9400be1, 0xf9402002};
  ck_assert(!at(0x402ff8, ldp, 3, &ldst));
  const u32 stp[] = {0x90000080, 0xa9000be1, 0xf9402002};
  ck_assert(at(0x402ff8, stp, 3, &ldst));
  // adrp; add: no load or store second.
  const u32 add[] = {0x90000080, 0x91010000, 0xf9400000};
  ck_assert(!at(0x402ff8, add, 3, &ldst));
} END_TEST

int main(void) {
  Suite *s = suite_create("stubs");
  TCase *tc = ctx_tcase(s, "candidates");
  tcase_add_test(tc, partition_keeps_candidates_in_order);
  tcase_add_test(tc, partition_none_and_all);
  tcase_add_test(tc, dedupe_by_group_key_addend);
  tc = ctx_tcase(s, "encoding");
  tcase_add_test(tc, stub_encoding);
  tcase_add_test(tc, stub_header_encoding);
  tcase_add_test(tc, erratum_sequences);
  return run_suite(s);
}
