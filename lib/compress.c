// compress.c: --compress-debug-sections=zlib|zlib-gabi|zlib-gnu|zstd.
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

static void *symbol_of(struct ctx *ctx, const char *lib, const char *pkg,
                       const char *name) {
  void *h = dlopen(lib, RTLD_NOW | RTLD_LOCAL);
  void *fn = h ? dlsym(h, name) : NULL;
  if (!fn)
    fatal(ctx, "--compress-debug-sections needs %s, which cannot be loaded "
          "(%s); install %s or use --compress-debug-sections=none", lib,
          h ? name : dlerror(), pkg);
  return fn;
}

static void load(struct ctx *ctx, struct compressor *z) {
  if (ctx->cfg.compress_debug == COMPRESS_ZSTD) {
    z->zstd = symbol_of(ctx, "libzstd.so.1", "libzstd1", "ZSTD_compress");
    z->zstd_bound =
        symbol_of(ctx, "libzstd.so.1", "libzstd1", "ZSTD_compressBound");
    z->zstd_is_error =
        symbol_of(ctx, "libzstd.so.1", "libzstd1", "ZSTD_isError");
  } else {
    z->zlib = symbol_of(ctx, "libz.so.1", "zlib1g", "compress");
    z->zlib_bound = symbol_of(ctx, "libz.so.1", "zlib1g", "compressBound");
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

// The section's bytes, as write_output would write them.
static u8 *contents(struct ctx *ctx, struct chunk *c) {
  u8 *buf = calloc(1, c->size ? c->size : 1);
  if (!buf)
    fatal(ctx, "out of memory compressing %s (%llu bytes)", c->name,
          (unsigned long long)c->size);
  for (u32 k = 0; k < c->isecs.len; k++) {
    struct isec *is = c->isecs.v[k];
    if (is->mout || (is->data && is->size))
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
