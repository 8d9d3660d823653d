// hash.c: the global symbol table.
//
// Open addressing keyed by (name, length); names point into mapped string
// tables, so interning a symbol copies no characters.  One struct symbol
// exists per global name and is resolved in place (lld), so every file
// holding the pointer sees the result.

#include "mld.h"

u64 hash_name(const char *name, u32 len) {
  // FNV-1a, 64 bit.
  u64 h = 0xcbf29ce484222325ULL;
  for (u32 i = 0; i < len; i++) {
    h ^= (u8)name[i];
    h *= 0x100000001b3ULL;
  }
  return h;
}

static void grow(struct ctx *ctx) {
  u64 cap = ctx->symmask ? (ctx->symmask + 1) * 2 : 1 << 14;
  struct symbol **slots = arena_alloc(ctx, cap * sizeof(*slots));
  for (u64 i = 0; ctx->symmask && i <= ctx->symmask; i++) {
    struct symbol *s = ctx->symslots[i];
    if (!s)
      continue;
    u64 j = hash_name(s->name, s->namelen) & (cap - 1);
    while (slots[j])
      j = (j + 1) & (cap - 1);
    slots[j] = s;
  }
  ctx->symslots = slots;
  ctx->symmask = cap - 1;
}

static struct symbol **lookup(struct ctx *ctx, const char *name, u32 len) {
  u64 j = hash_name(name, len) & ctx->symmask;
  for (;;) {
    struct symbol *s = ctx->symslots[j];
    if (!s || (s->namelen == len && !memcmp(s->name, name, len)))
      return &ctx->symslots[j];
    j = (j + 1) & ctx->symmask;
  }
}

struct symbol *sym_find(struct ctx *ctx, const char *name, u32 len) {
  if (!ctx->symmask)
    return NULL;
  return *lookup(ctx, name, len);
}

struct symbol *sym_find_str(struct ctx *ctx, const char *name) {
  return sym_find(ctx, name, strlen(name));
}

struct symbol *sym_intern(struct ctx *ctx, const char *name, u32 len) {
  if ((ctx->symcount + 1) * 2 > ctx->symmask)
    grow(ctx);
  struct symbol **slot = lookup(ctx, name, len);
  if (*slot)
    return *slot;
  struct symbol *s = arena_alloc(ctx, sizeof(*s));
  s->name = name;
  s->namelen = len;
  s->binding = STB_GLOBAL;
  *slot = s;
  ctx->symcount++;
  return s;
}
