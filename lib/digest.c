// digest.c: SHA-1 and MD5 for --build-id (RFC 3174, RFC 1321).
//
// mld depends on nothing but libc, so the two digests are here, written
// for clarity; build ids hash the output once.

#include "mld.h"

static u32 rol(u32 x, int n) { return (x << n) | (x >> (32 - n)); }

static u32 rd32be(const u8 *p) {
  return (u32)p[0] << 24 | (u32)p[1] << 16 | (u32)p[2] << 8 | p[3];
}

static void sha1_block(u32 h[5], const u8 *p) {
  u32 w[80];
  for (int i = 0; i < 16; i++)
    w[i] = rd32be(p + 4 * i);
  for (int i = 16; i < 80; i++)
    w[i] = rol(w[i - 3] ^ w[i - 8] ^ w[i - 14] ^ w[i - 16], 1);
  u32 a = h[0], b = h[1], c = h[2], d = h[3], e = h[4];
  for (int i = 0; i < 80; i++) {
    u32 f, k;
    if (i < 20) { f = (b & c) | (~b & d); k = 0x5a827999; }
    else if (i < 40) { f = b ^ c ^ d; k = 0x6ed9eba1; }
    else if (i < 60) { f = (b & c) | (b & d) | (c & d); k = 0x8f1bbcdc; }
    else { f = b ^ c ^ d; k = 0xca62c1d6; }
    u32 t = rol(a, 5) + f + e + k + w[i];
    e = d; d = c; c = rol(b, 30); b = a; a = t;
  }
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

void sha1_digest(const u8 *data, u64 len, u8 out[20]) {
  u32 h[5] = {0x67452301, 0xefcdab89, 0x98badcfe, 0x10325476, 0xc3d2e1f0};
  for (u64 i = 0; i + 64 <= len; i += 64)
    sha1_block(h, data + i);
  u8 tail[128];
  u32 n = pad_tail(tail, data, len, true);
  for (u32 i = 0; i < n; i += 64)
    sha1_block(h, tail + i);
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
