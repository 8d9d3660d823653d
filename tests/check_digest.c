// check_digest.c: SHA-1 and MD5 (--build-id) against published vectors.
//
// The RFC 3174 and RFC 1321 test vectors, plus messages whose lengths sit
// on either side of the padding boundaries (55/56 bytes: the length still
// fits in the last block or does not; 63/64/65: one block, exactly one,
// just over), where a digest written for clarity is most likely wrong.

#include "testutil.h"

// A digest as lowercase hex.
static const char *hex_of(const u8 *d, u32 n) {
  static char buf[2 * 20 + 4];
  hex_string(buf, d, n);
  return buf;
}

static const char *sha1_hex(const char *s, u64 len) {
  u8 d[20];
  sha1_digest((const u8 *)s, len, d);
  return hex_of(d, 20);
}

static const char *md5_hex(const char *s, u64 len) {
  u8 d[16];
  md5_digest((const u8 *)s, len, d);
  return hex_of(d, 16);
}

static const char abcdbcde[] =
    "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq";

// A buffer of n 'a's; n is at most one million.
static const char *a_times(u64 n) {
  static char buf[1000000];
  ck_assert_uint_le(n, sizeof(buf));
  memset(buf, 'a', n);
  return buf;
}

//
// SHA-1 (RFC 3174, section 7.3)
//

START_TEST(sha1_empty) {
  ck_assert_str_eq(sha1_hex("", 0),
                   "da39a3ee5e6b4b0d3255bfef95601890afd80709");
} END_TEST

START_TEST(sha1_abc) {
  ck_assert_str_eq(sha1_hex("abc", 3),
                   "a9993e364706816aba3e25717850c26c9cd0d89d");
} END_TEST

START_TEST(sha1_two_blocks) {
  ck_assert_uint_eq(strlen(abcdbcde), 56);
  ck_assert_str_eq(sha1_hex(abcdbcde, 56),
                   "84983e441c3bd26ebaae4aa1f95129e5e54670f1");
} END_TEST

START_TEST(sha1_million_a) {
  ck_assert_str_eq(sha1_hex(a_times(1000000), 1000000),
                   "34aa973cd4c4daa4f61eeb2bdbad27316534016f");
} END_TEST

// Padding boundaries; expected values from coreutils' sha1sum.
START_TEST(sha1_boundaries) {
  static const struct { u32 len; const char *hex; } v[] = {
      {55, "c1c8bbdc22796e28c0e15163d20899b65621d65a"},
      {56, "c2db330f6083854c99d4b5bfb6e8f29f201be699"},
      {63, "03f09f5b158a7a8cdad920bddc29b81c18a551f5"},
      {64, "0098ba824b5c16427bd7a1122a5a442a25ec644d"},
      {65, "11655326c708d70319be2610e8a57d9a5b959d3b"},
      {119, "ee971065aaa017e0632a8ca6c77bb3bf8b1dfc56"},
      {120, "f34c1488385346a55709ba056ddd08280dd4c6d6"},
      {128, "ad5b3fdbcb526778c2839d2f151ea753995e26a0"},
  };
  for (u32 i = 0; i < sizeof(v) / sizeof(*v); i++)
    ck_assert_str_eq(sha1_hex(a_times(v[i].len), v[i].len), v[i].hex);
} END_TEST

//
// MD5 (RFC 1321, appendix A.5)
//

START_TEST(md5_empty) {
  ck_assert_str_eq(md5_hex("", 0), "d41d8cd98f00b204e9800998ecf8427e");
} END_TEST

START_TEST(md5_abc) {
  ck_assert_str_eq(md5_hex("abc", 3), "900150983cd24fb0d6963f7d28e17f72");
} END_TEST

START_TEST(md5_rfc_suite) {
  static const struct { const char *msg, *hex; } v[] = {
      {"a", "0cc175b9c0f1b6a831c399e269772661"},
      {"message digest", "f96b697d7cb7938d525a2f31aaf161d0"},
      {"abcdefghijklmnopqrstuvwxyz", "c3fcd3d76192e4007dfb496cca67e13b"},
      {"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789",
       "d174ab98d277d9f5a5611c2c9f419d9f"},
      {"1234567890123456789012345678901234567890"
       "1234567890123456789012345678901234567890",
       "57edf4a22be3c955ac49da2e2107b67a"},
  };
  for (u32 i = 0; i < sizeof(v) / sizeof(*v); i++)
    ck_assert_str_eq(md5_hex(v[i].msg, strlen(v[i].msg)), v[i].hex);
} END_TEST

// Not an RFC 1321 vector; the value is from coreutils' md5sum.
START_TEST(md5_two_blocks) {
  ck_assert_str_eq(md5_hex(abcdbcde, 56), "8215ef0796a20bcaaae116d3876c664a");
} END_TEST

START_TEST(md5_million_a) {
  ck_assert_str_eq(md5_hex(a_times(1000000), 1000000),
                   "7707d6ae4e027c70eea2a935c2296f21");
} END_TEST

// Padding boundaries; expected values from coreutils' md5sum.
START_TEST(md5_boundaries) {
  static const struct { u32 len; const char *hex; } v[] = {
      {55, "ef1772b6dff9a122358552954ad0df65"},
      {56, "3b0c8ac703f828b04c6c197006d17218"},
      {63, "b06521f39153d618550606be297466d5"},
      {64, "014842d480b571495a4a0363793f7367"},
      {65, "c743a45e0d2e6a95cb859adae0248435"},
      {119, "8a7bd0732ed6a28ce75f6dabc90e1613"},
      {120, "5f61c0ccad4cac44c75ff505e1f1e537"},
      {128, "e510683b3f5ffe4093d021808bc6ff70"},
  };
  for (u32 i = 0; i < sizeof(v) / sizeof(*v); i++)
    ck_assert_str_eq(md5_hex(a_times(v[i].len), v[i].len), v[i].hex);
} END_TEST

// The SHA-1 tests run twice: with the SHA extensions when the processor
// has them, and with the portable rounds.
static void portable_on(void) { sha1_portable_only = true; }
static void portable_off(void) { sha1_portable_only = false; }

int main(void) {
  Suite *s = suite_create("digest");
  TCase *tc = tcase_create("sha1");
  tcase_add_test(tc, sha1_empty);
  tcase_add_test(tc, sha1_abc);
  tcase_add_test(tc, sha1_two_blocks);
  tcase_add_test(tc, sha1_million_a);
  tcase_add_test(tc, sha1_boundaries);
  suite_add_tcase(s, tc);
  tc = tcase_create("sha1-portable");
  tcase_add_checked_fixture(tc, portable_on, portable_off);
  tcase_add_test(tc, sha1_empty);
  tcase_add_test(tc, sha1_abc);
  tcase_add_test(tc, sha1_two_blocks);
  tcase_add_test(tc, sha1_million_a);
  tcase_add_test(tc, sha1_boundaries);
  suite_add_tcase(s, tc);
  tc = tcase_create("md5");
  tcase_add_test(tc, md5_empty);
  tcase_add_test(tc, md5_abc);
  tcase_add_test(tc, md5_rfc_suite);
  tcase_add_test(tc, md5_two_blocks);
  tcase_add_test(tc, md5_million_a);
  tcase_add_test(tc, md5_boundaries);
  suite_add_tcase(s, tc);
  return run_suite(s);
}
