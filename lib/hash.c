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
  s->seq = (u32)t->count;
  *slot = s;
  t->count++;
  return s;
}

// GNU ld's order of symbols where it walks its hash table (COMMON
// placement, for one): by bucket, bfd's string hash modulo the table's
// size, which starts at 4051 entries and grows through these primes when
// it is more than three quarters full.
u32 bfd_hash(const char *name, u32 len) {
  u32 h = 0;
  for (u32 i = 0; i < len; i++) {
    u32 c = (u8)name[i];
    h += c + (c << 17);
    h ^= h >> 2;
  }
  h += len + (len << 17);
  h ^= h >> 2;
  return h;
}

u32 bfd_table_size(u64 count) {
  static const u32 primes[] = {
      8191, 16381, 32749, 65521, 131071, 262139, 524287, 1048573,
      2097143, 4194301, 8388593, 16777213, 33554393, 67108859, 134217689,
      268435399, 536870909, 1073741789, 2147483647};
  u64 size = 4051;
  for (u32 i = 0; i < sizeof(primes) / sizeof(*primes) && count > size * 3 / 4;
       i++)
    size = primes[i];
  return (u32)size;
}

// A symbol's place in GNU ld's walk of its hash table: by bucket, and in
// one bucket the name first seen last first.
u64 bfd_walk_order(const struct symbol *sym, u32 size) {
  return (u64)(bfd_hash(sym->name, sym->namelen) % size) << 32 |
         (UINT32_MAX - sym->seq);
}

int cmp_order_key(const void *x, const void *y) {
  const struct order_key *p = x, *q = y;
  if (p->group != q->group)
    return p->group < q->group ? -1 : 1;
  if (p->order != q->order)
    return p->order < q->order ? -1 : 1;
  return p->kind < q->kind ? -1 : p->kind > q->kind;
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
