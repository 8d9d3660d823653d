// compress.c: compressed sections, in the inputs and the output.
//
// Inputs: a section with SHF_COMPRESSED (an Elf64_Chdr, then a zlib or
// zstd stream) or GNU's older .zdebug_* ("ZLIB", the size big-endian,
// then a zlib stream) is read decompressed, as GNU ld reads it: the
// section's size, alignment and bytes are the decompressed ones (its
// relocations count in those), a .zdebug_* section is named .debug_*, and
// the output has them uncompressed unless it asks as below.  The
// decompressed bytes are the link's own memory; the rest of the input
// stays mapped and read in place.
//
// Output: --compress-debug-sections=zlib|zlib-gabi|zlib-gnu|zstd.
//
// GNU ld compresses each output section named .debug_* whose compressed
// form, header included, is smaller than its contents; the others stay as
// they are.  zlib and zlib-gabi mark the section SHF_COMPRESSED and start
// it with an Elf64_Chdr (ELFCOMPRESS_ZLIB; zstd: ELFCOMPRESS_ZSTD), the
// section aligned as the header is; zlib-gnu renames it .zdebug_* and
// starts it with "ZLIB" and the size in big-endian order.  GNU ld calls
// zlib's compress() (the default level) and ZSTD_compress at the default
// level; mld calls the same functions, so a system's libraries give the
// same bytes.  mld needs only libc to run: libz.so.1 and libzstd.so.1 are
// loaded with dlopen when the option asks for them.
//
// A compressed section's size decides where the sections after it go, so
// its contents are made (copied and relocated as write_output would)
// once addresses are final and before the file is laid out; write_output
// then copies the compressed bytes.

#include "mld.h"

#include <dlfcn.h>
#include <stdlib.h>

typedef int zlib_compress_fn(u8 *dst, unsigned long *dstlen, const u8 *src,
                             unsigned long srclen);
typedef unsigned long zlib_bound_fn(unsigned long srclen);
typedef size_t zstd_compress_fn(void *dst, size_t cap, const void *src,
                                size_t srclen, int level);
typedef size_t zstd_bound_fn(size_t srclen);
typedef int zlib_uncompress_fn(u8 *dst, unsigned long *dstlen, const u8 *src,
                               unsigned long srclen);
typedef size_t zstd_decompress_fn(void *dst, size_t cap, const void *src,
                                  size_t srclen);
typedef unsigned zstd_is_error_fn(size_t code);

#ifndef ELFCOMPRESS_ZSTD
#define ELFCOMPRESS_ZSTD 2
#endif

enum { ZSTD_DEFAULT_LEVEL = 3, GNU_HEADER = 12 };

struct compressor {
  zlib_compress_fn *zlib;
  zlib_bound_fn *zlib_bound;
  zstd_compress_fn *zstd;
  zstd_bound_fn *zstd_bound;
  zstd_is_error_fn *zstd_is_error;
  u32 header;                  // bytes before the compressed stream
};

// NAME from zlib (libz.so.1) or zstd (libzstd.so.1), or a fatal error
// that says what needed it (WHY) and what to install.
static void *symbol_of(struct ctx *ctx, bool zstd, const char *name,
                       const char *why) {
  const char *lib = zstd ? "libzstd.so.1" : "libz.so.1";
  void *h = dlopen(lib, RTLD_NOW | RTLD_LOCAL);
  void *fn = h ? dlsym(h, name) : NULL;
  if (!fn)
    fatal(ctx, "%s needs %s, which cannot be loaded (%s); install %s", why,
          lib, h ? name : dlerror(), zstd ? "libzstd1" : "zlib1g");
  return fn;
}

static void load(struct ctx *ctx, struct compressor *z) {
  const char *why = "--compress-debug-sections (or =none)";
  if (ctx->cfg.compress_debug == COMPRESS_ZSTD) {
    z->zstd = symbol_of(ctx, true, "ZSTD_compress", why);
    z->zstd_bound = symbol_of(ctx, true, "ZSTD_compressBound", why);
    z->zstd_is_error = symbol_of(ctx, true, "ZSTD_isError", why);
  } else {
    z->zlib = symbol_of(ctx, false, "compress", why);
    z->zlib_bound = symbol_of(ctx, false, "compressBound", why);
  }
  z->header = ctx->cfg.compress_debug == COMPRESS_ZLIB_GNU
                  ? GNU_HEADER
                  : sizeof(Elf64_Chdr);
}

struct job {
  struct compressor z;
  struct chunk **chunks;
  u64 *cap;                    // room for the compressed stream
};

// The section's bytes, as write_output would write them (with -r, as
// write_relocatable would).
static u8 *contents(struct ctx *ctx, struct chunk *c) {
  u8 *buf = calloc(1, c->size ? c->size : 1);
  if (!buf)
    fatal(ctx, "out of memory compressing %s (%llu bytes)", c->name,
          (unsigned long long)c->size);
  for (u32 k = 0; k < c->isecs.len; k++) {
    struct isec *is = c->isecs.v[k];
    if (ctx->cfg.relocatable && is->data)
      memcpy(buf + is->offset, is->data, is->size);  // -r: not relocated
    else if (is->mout || (is->data && is->size))
      copy_isec(ctx, is, buf + is->offset);
  }
  return buf;
}

// Compresses chunk I into its zdata, or leaves it as it is when that
// would not make it smaller.
static void compress_one(struct ctx *ctx, void *arg, u32 i) {
  struct job *j = arg;
  struct chunk *c = j->chunks[i];
  u8 *src = contents(ctx, c);
  u8 *dst = c->zdata + j->z.header;
  u64 n;
  bool ok;
  if (j->z.zstd) {
    size_t r = j->z.zstd(dst, j->cap[i], src, c->size, ZSTD_DEFAULT_LEVEL);
    ok = !j->z.zstd_is_error(r);
    n = r;
  } else {
    unsigned long len = j->cap[i];
    ok = j->z.zlib(dst, &len, src, c->size) == 0;
    n = len;
  }
  free(src);
  if (!ok)
    fatal(ctx, "cannot compress %s", c->name);
  if (j->z.header + n >= c->size) {
    c->zdata = NULL;
    return;
  }
  u8 *h = c->zdata;
  if (ctx->cfg.compress_debug == COMPRESS_ZLIB_GNU) {
    memcpy(h, "ZLIB", 4);
    for (u32 b = 0; b < 8; b++)
      h[4 + b] = (u8)(c->size >> (56 - 8 * b));
  } else {
    wr32(h + offsetof(Elf64_Chdr, ch_type),
         j->z.zstd ? ELFCOMPRESS_ZSTD : ELFCOMPRESS_ZLIB);
    wr32(h + offsetof(Elf64_Chdr, ch_reserved), 0);
    wr64(h + offsetof(Elf64_Chdr, ch_size), c->size);
    wr64(h + offsetof(Elf64_Chdr, ch_addralign), c->align);
  }
  c->raw_size = c->size;
  c->size = j->z.header + n;
}

static bool compressible(struct chunk *c) {
  return c->kind == CK_REGULAR && is_emitted(c) && !(c->flags & SHF_ALLOC) &&
         c->type != SHT_NOBITS && c->size && starts(c->name, ".debug_");
}

void compress_debug_sections(struct ctx *ctx) {
  if (ctx->cfg.compress_debug == COMPRESS_NONE)
    return;
  u32 n = 0;
  for (u32 i = 0; i < ctx->chunks.len; i++)
    n += compressible(ctx->chunks.v[i]);
  if (!n)
    return;
  struct job j = {0};
  load(ctx, &j.z);
  j.chunks = arena_alloc(ctx, (u64)n * sizeof(*j.chunks));
  j.cap = arena_alloc(ctx, (u64)n * sizeof(*j.cap));
  n = 0;
  for (u32 i = 0; i < ctx->chunks.len; i++) {
    struct chunk *c = ctx->chunks.v[i];
    if (!compressible(c))
      continue;
    // The arena's large blocks are calloc'd: pages of the bound that the
    // stream does not reach are never touched.
    j.cap[n] = j.z.zstd ? j.z.zstd_bound(c->size) : j.z.zlib_bound(c->size);
    c->zdata = arena_alloc(ctx, j.z.header + j.cap[n]);
    j.chunks[n++] = c;
  }
  parallel_for(ctx, n, compress_one, &j);
  for (u32 i = 0; i < n; i++) {
    struct chunk *c = j.chunks[i];
    if (!c->zdata)
      continue;
    c->raw_name = c->name;
    if (ctx->cfg.compress_debug == COMPRESS_ZLIB_GNU) {
      c->name = arena_printf(ctx, ".z%s", c->name + 1);
    } else {
      c->flags |= SHF_COMPRESSED;
      c->align = 8;
    }
  }
}

void write_compressed(struct ctx *ctx, u8 *buf) {
  for (u32 i = 0; i < ctx->chunks.len; i++) {
    struct chunk *c = ctx->chunks.v[i];
    if (c->zdata && c->shndx)
      memcpy(buf + c->offset, c->zdata, c->size);
  }
}

//
// Compressed inputs
//

enum { ZDEBUG_HEADER = 12 };   // "ZLIB" and the size, big-endian

// No zlib or zstd stream expands more than this many times: deflate's
// limit is about 1032 to 1, zstd's about 32768 to 1 (a 128 KiB RLE block
// in 4 bytes).  A header that declares more is corrupt, and refusing it
// keeps a few bytes of input from asking for terabytes of memory.
enum { MAX_EXPANSION = 1u << 16 };

// Whether IS's declared size could come from a stream of SRCLEN bytes;
// an error if not.
static bool plausible_size(struct ctx *ctx, struct isec *is, u64 srclen) {
  if (is->size / MAX_EXPANSION <= srclen)
    return true;
  error(ctx, "%s: section %s: corrupt compressed data (%llu bytes cannot "
        "expand to %llu)", is->file->name, section_name(is->file, is->shndx),
        (unsigned long long)srclen, (unsigned long long)is->size);
  return false;
}

// Whether input section I of F (named NAME, with FLAGS) is compressed.
bool compressed_input(struct objfile *f, u32 i, const char *name,
                      u64 flags) {
  if (flags & SHF_COMPRESSED)
    return true;
  const u8 *sh = shdr_at(f, i);
  return starts(name, ".zdebug") && SH_TYPE(sh) == SHT_PROGBITS &&
         SH_SIZE(sh) >= ZDEBUG_HEADER && !memcmp(f->data + SH_OFFSET(sh),
                                                 "ZLIB", 4);
}

// The size of compressed section I of F once decompressed, from its
// header (what read_chdr found valid); merge.c may shrink the isec's.
u64 decompressed_size(struct objfile *f, u32 i) {
  const u8 *sh = shdr_at(f, i);
  const u8 *p = f->data + SH_OFFSET(sh);
  if (SH_FLAGS(sh) & SHF_COMPRESSED)
    return rd64(p + offsetof(Elf64_Chdr, ch_size));
  u64 n = 0;
  for (u32 b = 0; b < 8; b++)
    n = n << 8 | p[4 + b];
  return n;
}

struct unzip {
  struct isec **v;
  const u8 **src;              // each one's stream and its length
  u64 *srclen;
  zlib_uncompress_fn *zlib;
  zstd_decompress_fn *zstd;
  zstd_is_error_fn *zstd_is_error;
  u8 *zstd_used;               // [n] 1: a zstd stream
  u8 *failed;                  // [n] 1: the stream was corrupt
};

static void unzip_one(struct ctx *ctx, void *arg, u32 i) {
  struct unzip *u = arg;
  struct isec *is = u->v[i];
  u8 *dst = (u8 *)is->data;
  bool ok;
  u64 n;
  if (u->zstd_used[i]) {
    size_t r = u->zstd(dst, is->size, u->src[i], u->srclen[i]);
    ok = !u->zstd_is_error(r);
    n = r;
  } else {
    unsigned long len = is->size;
    ok = u->zlib(dst, &len, u->src[i], u->srclen[i]) == 0;
    n = len;
  }
  if (!ok || n != is->size) {
    error(ctx, "%s: section %s: corrupt compressed data", is->file->name,
          section_name(is->file, is->shndx));
    u->failed[i] = 1;
  }
}

// The header of compressed section IS: the stream, its kind, and the
// section's decompressed size and alignment.  False after an error.
static bool read_chdr(struct ctx *ctx, struct isec *is, const u8 **src,
                      u64 *srclen, bool *zstd) {
  struct objfile *f = is->file;
  const u8 *sh = shdr_at(f, is->shndx);
  u64 size = SH_SIZE(sh);
  const char *name = section_name(f, is->shndx);
  // A SHT_NOBITS section's offset is not checked: no pointer from it
  // until it is known to have bytes.
  if (SH_TYPE(sh) == SHT_NOBITS) {
    error(ctx, "%s: section %s: compressed, but SHT_NOBITS (no bytes)",
          f->name, name);
    return false;
  }
  const u8 *p = f->data + SH_OFFSET(sh);
  if (!(SH_FLAGS(sh) & SHF_COMPRESSED)) {
    *src = p + ZDEBUG_HEADER;
    *srclen = size - ZDEBUG_HEADER;
    *zstd = false;
    is->size = decompressed_size(f, is->shndx);
    return plausible_size(ctx, is, *srclen);
  }
  if (SH_FLAGS(sh) & SHF_ALLOC) {
    error(ctx, "%s: section %s: SHF_COMPRESSED on an allocated section",
          f->name, name);
    return false;
  }
  if (size < sizeof(Elf64_Chdr)) {
    error(ctx, "%s: section %s: compressed, but too short for its header",
          f->name, name);
    return false;
  }
  u32 type = rd32(p + offsetof(Elf64_Chdr, ch_type));
  u64 align = rd64(p + offsetof(Elf64_Chdr, ch_addralign));
  if (type != ELFCOMPRESS_ZLIB && type != ELFCOMPRESS_ZSTD) {
    error(ctx, "%s: section %s: unsupported compression type %u", f->name,
          name, type);
    return false;
  }
  if (align > 1 && !is_pow2(align)) {
    error(ctx, "%s: section %s: compressed with alignment %llu, not a "
          "power of 2", f->name, name, (unsigned long long)align);
    return false;
  }
  *src = p + sizeof(Elf64_Chdr);
  *srclen = size - sizeof(Elf64_Chdr);
  *zstd = type == ELFCOMPRESS_ZSTD;
  is->size = decompressed_size(f, is->shndx);
  is->align = align ? align : 1;
  return plausible_size(ctx, is, *srclen);
}

void decompress_inputs(struct ctx *ctx) {
  u32 n = ctx->compressed.len;
  if (!n)
    return;
  struct unzip u = {
      .v = arena_alloc(ctx, (u64)n * sizeof(*u.v)),
      .src = arena_alloc(ctx, (u64)n * sizeof(*u.src)),
      .srclen = arena_alloc(ctx, (u64)n * sizeof(*u.srclen)),
      .zstd_used = arena_alloc(ctx, n),
      .failed = arena_alloc(ctx, n),
  };
  u32 k = 0;
  for (u32 i = 0; i < n; i++) {
    struct isec *is = ctx->compressed.v[i];
    bool zstd;
    if (!read_chdr(ctx, is, &u.src[k], &u.srclen[k], &zstd)) {
      is->file->isecs[is->shndx] = NULL;
      continue;
    }
    const char *why = "reading compressed debugging sections";
    if (zstd && !u.zstd) {
      u.zstd = symbol_of(ctx, true, "ZSTD_decompress", why);
      u.zstd_is_error = symbol_of(ctx, true, "ZSTD_isError", why);
    } else if (!zstd && !u.zlib) {
      u.zlib = symbol_of(ctx, false, "uncompress", why);
    }
    // Arena blocks this big are calloc'd: no page is touched before the
    // stream fills it.
    is->data = arena_alloc(ctx, is->size ? is->size : 1);
    is->decompressed = true;
    u.zstd_used[k] = zstd;
    u.v[k++] = is;
  }
  memset(u.failed, 0, n);
  parallel_for(ctx, k, unzip_one, &u);
  // A corrupt one goes, as one whose header is bad: the link fails, and
  // its zeros are not worked on (a claimed size of 64 KiB per byte of
  // stream would otherwise be merged string by string).
  for (u32 i = 0; i < k; i++)
    if (u.failed[i])
      u.v[i]->file->isecs[u.v[i]->shndx] = NULL;
}
