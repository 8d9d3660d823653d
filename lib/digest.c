// digest.c: SHA-1 and MD5 for --build-id (RFC 3174, RFC 1321).
//
// mld depends on nothing but libc, so the two digests are here, written
// for clarity; build ids hash the output once.

#include "mld.h"

#include <stdlib.h>

static u32 rol(u32 x, int n) { return (x << n) | (x >> (32 - n)); }

static u32 rd32be(const u8 *p) {
  return (u32)p[0] << 24 | (u32)p[1] << 16 | (u32)p[2] << 8 | p[3];
}

// One 64-byte block.  The four round groups are separate loops over a
// 16-word circular schedule, which compilers keep in registers.
static void sha1_block(u32 h[5], const u8 *p) {
  u32 w[16];
  for (int i = 0; i < 16; i++)
    w[i] = rd32be(p + 4 * i);
  u32 a = h[0], b = h[1], c = h[2], d = h[3], e = h[4];
#define W(i) (i < 16 ? w[i] : (w[i & 15] = rol(w[(i + 13) & 15] ^           \
                                           w[(i + 8) & 15] ^              \
                                           w[(i + 2) & 15] ^ w[i & 15], 1)))
#define ROUND(f, k)                                                        \
  do {                                                                     \
    u32 t = rol(a, 5) + (f) + e + (k) + W(i);                              \
    e = d; d = c; c = rol(b, 30); b = a; a = t;                            \
  } while (0)
  int i = 0;
  for (; i < 20; i++) ROUND((b & c) | (~b & d), 0x5a827999);
  for (; i < 40; i++) ROUND(b ^ c ^ d, 0x6ed9eba1);
  for (; i < 60; i++) ROUND((b & c) | (b & d) | (c & d), 0x8f1bbcdc);
  for (; i < 80; i++) ROUND(b ^ c ^ d, 0xca62c1d6);
#undef ROUND
#undef W
  h[0] += a; h[1] += b; h[2] += c; h[3] += d; h[4] += e;
}

// The final one or two blocks: the tail, 0x80, zeros, the bit length.
static u32 pad_tail(u8 tail[128], const u8 *data, u64 len, bool big_endian) {
  u64 rem = len % 64;
  memset(tail, 0, 128);
  memcpy(tail, data + len - rem, rem);
  tail[rem] = 0x80;
  u32 n = rem < 56 ? 64 : 128;
  u64 bits = len * 8;
  for (int i = 0; i < 8; i++)
    tail[n - 8 + i] = big_endian ? bits >> (56 - 8 * i) : bits >> (8 * i);
  return n;
}

#if defined(__x86_64__)
#include <cpuid.h>
#include <immintrin.h>

// SHA-1 with the x86 SHA extensions, 4 rounds per instruction.  Group g
// (rounds 4g..4g+3) adds its message words to E, which SHA1NEXTE derives
// from the ABCD of the group before; message words after the first 16
// come from SHA1MSG1/SHA1MSG2 on the four previous groups' words.
__attribute__((target("sha,sse4.1,ssse3")))
static void sha1_blocks_ni(u32 h[5], const u8 *p, u64 nblocks) {
  const __m128i swap = _mm_set_epi8(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11,
                                    12, 13, 14, 15);
  __m128i abcd = _mm_shuffle_epi32(_mm_loadu_si128((const __m128i *)h),
                                   0x1b);
  __m128i e0 = _mm_set_epi32(h[4], 0, 0, 0);
  for (; nblocks; nblocks--, p += 64) {
    __m128i abcd_save = abcd, e_save = e0, prev = abcd, w[4];
    // Unrolled, so that w[] stays in registers and each group's round
    // function is a constant.
#pragma GCC unroll 20
    for (int g = 0; g < 20; g++) {
      if (g < 4)
        w[g] = _mm_shuffle_epi8(
            _mm_loadu_si128((const __m128i *)(p + 16 * g)), swap);
      else
        w[g & 3] = _mm_sha1msg2_epu32(
            _mm_xor_si128(_mm_sha1msg1_epu32(w[g & 3], w[(g + 1) & 3]),
                          w[(g + 2) & 3]),
            w[(g + 3) & 3]);
      __m128i e = g == 0 ? _mm_add_epi32(e0, w[0])
                         : _mm_sha1nexte_epu32(prev, w[g & 3]);
      prev = abcd;
      switch (g / 5) {  // the round function is an immediate
      case 0: abcd = _mm_sha1rnds4_epu32(abcd, e, 0); break;
      case 1: abcd = _mm_sha1rnds4_epu32(abcd, e, 1); break;
      case 2: abcd = _mm_sha1rnds4_epu32(abcd, e, 2); break;
      default: abcd = _mm_sha1rnds4_epu32(abcd, e, 3); break;
      }
    }
    e0 = _mm_sha1nexte_epu32(prev, e_save);
    abcd = _mm_add_epi32(abcd, abcd_save);
  }
  _mm_storeu_si128((__m128i *)h, _mm_shuffle_epi32(abcd, 0x1b));
  h[4] = _mm_extract_epi32(e0, 3);
}

static bool have_sha_ni(void) {
  // Hashing threads may all ask at once: the answer is cached atomically.
  static int known = -1;
  int k = __atomic_load_n(&known, __ATOMIC_RELAXED);
  if (k < 0) {
    unsigned a, b, c, d;
    k = __get_cpuid_count(7, 0, &a, &b, &c, &d) && (b >> 29 & 1) &&
        __get_cpuid(1, &a, &b, &c, &d) && (c >> 19 & 1) && (c >> 9 & 1);
    __atomic_store_n(&known, k, __ATOMIC_RELAXED);
  }
  return k;
}
#endif

bool sha1_portable_only;

static void sha1_blocks(u32 h[5], const u8 *p, u64 nblocks) {
#if defined(__x86_64__)
  if (!sha1_portable_only && have_sha_ni()) {
    sha1_blocks_ni(h, p, nblocks);
    return;
  }
#endif
  for (u64 i = 0; i < nblocks; i++)
    sha1_block(h, p + 64 * i);
}

void sha1_digest(const u8 *data, u64 len, u8 out[20]) {
  u32 h[5] = {0x67452301, 0xefcdab89, 0x98badcfe, 0x10325476, 0xc3d2e1f0};
  sha1_blocks(h, data, len / 64);
  u8 tail[128];
  u32 n = pad_tail(tail, data, len, true);
  sha1_blocks(h, tail, n / 64);
  for (int i = 0; i < 5; i++) {
    out[4 * i] = h[i] >> 24;
    out[4 * i + 1] = h[i] >> 16;
    out[4 * i + 2] = h[i] >> 8;
    out[4 * i + 3] = h[i];
  }
}

static void md5_block(u32 h[4], const u8 *p) {
  static const u32 K[64] = {
      0xd76aa478, 0xe8c7b756, 0x242070db, 0xc1bdceee, 0xf57c0faf, 0x4787c62a,
      0xa8304613, 0xfd469501, 0x698098d8, 0x8b44f7af, 0xffff5bb1, 0x895cd7be,
      0x6b901122, 0xfd987193, 0xa679438e, 0x49b40821, 0xf61e2562, 0xc040b340,
      0x265e5a51, 0xe9b6c7aa, 0xd62f105d, 0x02441453, 0xd8a1e681, 0xe7d3fbc8,
      0x21e1cde6, 0xc33707d6, 0xf4d50d87, 0x455a14ed, 0xa9e3e905, 0xfcefa3f8,
      0x676f02d9, 0x8d2a4c8a, 0xfffa3942, 0x8771f681, 0x6d9d6122, 0xfde5380c,
      0xa4beea44, 0x4bdecfa9, 0xf6bb4b60, 0xbebfbc70, 0x289b7ec6, 0xeaa127fa,
      0xd4ef3085, 0x04881d05, 0xd9d4d039, 0xe6db99e5, 0x1fa27cf8, 0xc4ac5665,
      0xf4292244, 0x432aff97, 0xab9423a7, 0xfc93a039, 0x655b59c3, 0x8f0ccc92,
      0xffeff47d, 0x85845dd1, 0x6fa87e4f, 0xfe2ce6e0, 0xa3014314, 0x4e0811a1,
      0xf7537e82, 0xbd3af235, 0x2ad7d2bb, 0xeb86d391};
  static const u8 R[64] = {7, 12, 17, 22, 7, 12, 17, 22, 7, 12, 17, 22, 7,
                           12, 17, 22, 5, 9, 14, 20, 5, 9, 14, 20, 5, 9,
                           14, 20, 5, 9, 14, 20, 4, 11, 16, 23, 4, 11, 16,
                           23, 4, 11, 16, 23, 4, 11, 16, 23, 6, 10, 15, 21,
                           6, 10, 15, 21, 6, 10, 15, 21, 6, 10, 15, 21};
  u32 a = h[0], b = h[1], c = h[2], d = h[3];
  for (int i = 0; i < 64; i++) {
    u32 f, g;
    if (i < 16) { f = (b & c) | (~b & d); g = i; }
    else if (i < 32) { f = (d & b) | (~d & c); g = (5 * i + 1) % 16; }
    else if (i < 48) { f = b ^ c ^ d; g = (3 * i + 5) % 16; }
    else { f = c ^ (b | ~d); g = (7 * i) % 16; }
    u32 t = d;
    d = c;
    c = b;
    b = b + rol(a + f + K[i] + rd32(p + 4 * g), R[i]);
    a = t;
  }
  h[0] += a; h[1] += b; h[2] += c; h[3] += d;
}

void md5_digest(const u8 *data, u64 len, u8 out[16]) {
  u32 h[4] = {0x67452301, 0xefcdab89, 0x98badcfe, 0x10325476};
  for (u64 i = 0; i + 64 <= len; i += 64)
    md5_block(h, data + i);
  u8 tail[128];
  u32 n = pad_tail(tail, data, len, false);
  for (u32 i = 0; i < n; i += 64)
    md5_block(h, tail + i);
  for (int i = 0; i < 4; i++)
    wr32(out + 4 * i, h[i]);
}

// Build ids of large outputs hash 1 MiB shards in parallel and then the
// list of shard digests (as lld and mold do): the id still changes with
// any byte of the file, at a fraction of the time.

enum { SHARD = 1 << 20 };

struct tree_job {
  const u8 *data;
  u64 len;
  u8 *digests;
  u32 dlen;
  bool md5, release;
};

static void hash_shard(struct ctx *ctx, void *arg, u32 i) {
  (void)ctx;
  struct tree_job *j = arg;
  u64 off = (u64)i * SHARD;
  u64 n = j->len - off < SHARD ? j->len - off : SHARD;
  if (j->md5)
    md5_digest(j->data + off, n, j->digests + (u64)i * j->dlen);
  else
    sha1_digest(j->data + off, n, j->digests + (u64)i * j->dlen);
  if (j->release)
    release_pages(j->data + off, n);
}

// release: data is a shared file mapping, whose hashed pages may leave
// the link's memory (output.c's release_pages).
void tree_digest(struct ctx *ctx, const u8 *data, u64 len, bool md5,
                 u8 *out, bool release) {
  u32 dlen = md5 ? 16 : 20;
  u64 nshards = (len + SHARD - 1) / SHARD;
  u8 *digests = len > 4 * (u64)SHARD ? malloc(nshards * dlen) : NULL;
  if (!digests) {
    // Small, or out of memory for the shard list: one stream.
    if (md5)
      md5_digest(data, len, out);
    else
      sha1_digest(data, len, out);
    return;
  }
  struct tree_job j = {data, len, digests, dlen, md5, release};
  parallel_for(ctx, (u32)nshards, hash_shard, &j);
  if (md5)
    md5_digest(digests, nshards * dlen, out);
  else
    sha1_digest(digests, nshards * dlen, out);
  free(digests);
}
