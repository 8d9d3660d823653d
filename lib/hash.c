// hash.c: tables of symbols keyed by name.
//
// Open addressing keyed by (name, length); names point into mapped string
// tables, so interning a symbol copies no characters.  The global symbol
// table is one such table: one struct symbol exists per global name and
// is resolved in place (lld), so every file holding the pointer sees the
// result.  The set of COMDAT signatures seen is another.

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

static void grow(struct ctx *ctx, struct name_table *t) {
  u64 cap = t->mask ? (t->mask + 1) * 2 : 1 << 12;
  struct symbol **slots = arena_alloc(ctx, cap * sizeof(*slots));
  for (u64 i = 0; t->mask && i <= t->mask; i++) {
    struct symbol *s = t->slots[i];
    if (!s)
      continue;
    u64 j = hash_name(s->name, s->namelen) & (cap - 1);
    while (slots[j])
      j = (j + 1) & (cap - 1);
    slots[j] = s;
  }
  t->slots = slots;
  t->mask = cap - 1;
}

static struct symbol **lookup(struct name_table *t, const char *name,
                              u32 len) {
  u64 j = hash_name(name, len) & t->mask;
  for (;;) {
    struct symbol *s = t->slots[j];
    if (!s || (s->namelen == len && !memcmp(s->name, name, len)))
      return &t->slots[j];
    j = (j + 1) & t->mask;
  }
}

struct symbol *table_find(struct name_table *t, const char *name, u32 len) {
  return t->mask ? *lookup(t, name, len) : NULL;
}

// The symbol named name, made (and *created set) if there is none.
struct symbol *table_intern(struct ctx *ctx, struct name_table *t,
                            const char *name, u32 len, bool *created) {
  if ((t->count + 1) * 2 > t->mask)
    grow(ctx, t);
  struct symbol **slot = lookup(t, name, len);
  if (created)
    *created = !*slot;
  if (*slot)
    return *slot;
  struct symbol *s = arena_alloc(ctx, sizeof(*s));
  s->name = name;
  s->namelen = len;
  s->binding = STB_GLOBAL;
  *slot = s;
  t->count++;
  return s;
}

struct symbol *sym_find(struct ctx *ctx, const char *name, u32 len) {
  return table_find(&ctx->symbols, name, len);
}

struct symbol *sym_find_str(struct ctx *ctx, const char *name) {
  return sym_find(ctx, name, strlen(name));
}

struct symbol *sym_intern(struct ctx *ctx, const char *name, u32 len) {
  return table_intern(ctx, &ctx->symbols, name, len, NULL);
}
