// hash.c: tables of symbols keyed by name.
//
// Open addressing keyed by (name, length); names point into mapped string
// tables, so interning a symbol copies no characters.  Slots hold a tag
// of the hash beside the symbol's address, so a probe reads only the
// table until it finds the name.  The global symbol
// table is one such table: one struct symbol exists per global name and
// is resolved in place (lld), so every file holding the pointer sees the
// result.  The set of COMDAT signatures seen is another.

#include "mld.h"

#include <stdlib.h>
#include <string.h>

// A 64-bit hash, eight bytes a step: a multiply and a shift per word,
// then a final mix so that both the low bits (the slot) and the top
// sixteen (the tag) depend on every byte.
u64 hash_name(const char *name, u32 len) {
  const u64 k = 0x9e3779b97f4a7c15ULL;
  const u8 *p = (const u8 *)name;
  u64 h = (u64)len * k;
  for (; len >= 8; p += 8, len -= 8) {
    h = (h ^ rd64(p)) * k;
    h ^= h >> 32;
  }
  if (len) {
    u64 w = len >= 4 ? rd32(p) | (u64)rd32(p + len - 4) << 32
                     : p[0] | (u64)p[len / 2] << 8 | (u64)p[len - 1] << 16;
    h = (h ^ w) * k;
  }
  h ^= h >> 29;
  h *= 0xbf58476d1ce4e5b9ULL;
  return h ^ h >> 32;
}

// A slot holds the symbol's address and, in the top sixteen bits, the
// top sixteen of its name's hash: a probe compares names only when the
// tags agree, and so touches no symbol it does not want.  User-space
// addresses on x86-64 and AArch64 Linux have 48 bits.
enum { TAG_SHIFT = 48 };
#define ADDR_MASK ((1ULL << TAG_SHIFT) - 1)

static struct symbol *slot_sym(u64 v) {
  return (struct symbol *)(uintptr_t)(v & ADDR_MASK);
}

static u64 slot_of(struct ctx *ctx, struct symbol *s, u64 h) {
  u64 a = (uintptr_t)s;
  if (a >> TAG_SHIFT)
    fatal(ctx, "symbol memory at %#llx is above the 48-bit address space",
          (unsigned long long)a);
  return a | (h & ~ADDR_MASK);
}

static bool slot_is(u64 v, u64 h, const char *name, u32 len) {
  struct symbol *s = slot_sym(v);
  return ((v ^ h) & ~ADDR_MASK) == 0 && s->namelen == len &&
         !memcmp(s->name, name, len);
}

// Room for count names at most three quarters full.  SHARED of them
// will be interned on all threads (table_intern_shared), which probe
// slots before they write them: if they fill an eighth of the table or
// more, its pages are written first (arena_alloc_touched).  Not when
// most of the room is for names that may never come (an archive
// index's): a probe for an absent name then reads the zero page, in
// cache, not a page of its own.
static void resize(struct ctx *ctx, struct name_table *t, u64 count,
                   u64 shared) {
  u64 cap = 1 << 12;
  while (cap * 3 / 4 <= count)
    cap *= 2;
  if (t->mask && cap <= t->mask + 1)
    return;
  u64 *slots = shared * 8 >= cap
                   ? arena_alloc_touched(ctx, cap * sizeof(*slots))
                   : arena_alloc(ctx, cap * sizeof(*slots));
  for (u64 i = 0; t->mask && i <= t->mask; i++) {
    u64 v = t->slots[i];
    if (!v)
      continue;
    struct symbol *s = slot_sym(v);
    u64 j = hash_name(s->name, s->namelen) & (cap - 1);
    while (slots[j])
      j = (j + 1) & (cap - 1);
    slots[j] = v;
  }
  t->slots = slots;
  t->mask = cap - 1;
}

static u64 *lookup(struct name_table *t, const char *name, u32 len, u64 h) {
  u64 j = h & t->mask;
  for (;;) {
    u64 v = t->slots[j];
    if (!v || slot_is(v, h, name, len))
      return &t->slots[j];
    j = (j + 1) & t->mask;
  }
}

struct symbol *table_find(struct name_table *t, const char *name, u32 len) {
  if (!t->mask)
    return NULL;
  struct symbol *s = slot_sym(*lookup(t, name, len, hash_name(name, len)));
  return s && s->seq != SEQ_UNSEEN ? s : NULL;
}

// A name joins GNU ld's order when the link first meets it.
static void see(struct name_table *t, struct symbol *s) {
  if (s->seq == SEQ_UNSEEN)
    s->seq = (u32)t->seen++;
}

// The symbol named name, made (and *created set) if there is none.
struct symbol *table_intern(struct ctx *ctx, struct name_table *t,
                            const char *name, u32 len, bool *created) {
  if ((t->count + 1) * 4 > (t->mask + 1) * 3)
    resize(ctx, t, t->count + 1, 0);
  u64 h = hash_name(name, len);
  u64 *slot = lookup(t, name, len, h);
  struct symbol *s = slot_sym(*slot);
  if (created)
    *created = !s || s->seq == SEQ_UNSEEN;
  if (s) {
    see(t, s);
    return s;
  }
  s = arena_alloc(ctx, sizeof(*s));
  s->name = name;
  s->namelen = len;
  s->binding = STB_GLOBAL;
  s->seq = SEQ_UNSEEN;
  see(t, s);
  *slot = slot_of(ctx, s, h);
  t->count++;
  return s;
}

// Interning from several threads at once, before the link reads the
// names in order (intern_symbols): the table must already have room for
// every name (table_reserve), and symbols come from the caller, one
// spare at a time.  The spare taken (*spare NULL) is a new symbol, which
// the caller adds to t->count once the threads are done.  A new symbol
// is unseen: lookups do not find it until table_intern or table_see
// meets it in link order.
void table_reserve(struct ctx *ctx, struct name_table *t, u64 count,
                   u64 shared) {
  resize(ctx, t, t->count + count, shared);
}

struct symbol *table_intern_shared(struct ctx *ctx, struct name_table *t,
                                   const char *name, u32 len,
                                   struct symbol **spare) {
  u64 h = hash_name(name, len);
  for (u64 j = h & t->mask;; j = (j + 1) & t->mask) {
    u64 v = __atomic_load_n(&t->slots[j], __ATOMIC_ACQUIRE);
    if (!v) {
      struct symbol *s = *spare;
      memset(s, 0, sizeof(*s));
      s->name = name;
      s->namelen = len;
      s->binding = STB_GLOBAL;
      s->seq = SEQ_UNSEEN;
      u64 mine = slot_of(ctx, s, h);
      if (__atomic_compare_exchange_n(&t->slots[j], &v, mine, false,
                                      __ATOMIC_ACQ_REL, __ATOMIC_ACQUIRE)) {
        *spare = NULL;
        return s;
      }
      // Another thread took the slot first: v is its symbol.
    }
    if (slot_is(v, h, name, len))
      return slot_sym(v);
  }
}

void table_see(struct name_table *t, struct symbol *s) {
  see(t, s);
}

// GNU ld's order of symbols where it walks its hash table (COMMON
// placement, GOT and IPLT entries, the map's globals, the linker's
// hidden symbols in .symtab): bfd's string
// hash, its table of 4051 buckets that grows through these primes when
// it is more than three quarters full, new names at the front of their
// bucket's chain.
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

// bfd's sizes: primes just under powers of two (higher_prime_number).
static const u32 bfd_primes[] = {
    31, 61, 127, 251, 509, 1021, 2039, 4093, 8191, 16381, 32749, 65521,
    131071, 262139, 524287, 1048573, 2097143, 4194301, 8388593, 16777213,
    33554393, 67108859, 134217689, 268435399, 536870909, 1073741789,
    2147483647};

// The first of them above SIZE (SIZE when there is none).
static u32 bfd_grown_size(u32 size) {
  for (u32 i = 0; i < sizeof(bfd_primes) / sizeof(*bfd_primes); i++)
    if (bfd_primes[i] > size)
      return bfd_primes[i];
  return size;
}

// The table's first size for --hash-size=N (and 1021 for
// --reduce-memory-overheads): bfd_hash_set_default_size's, the first of
// bfd's primes not under N, N at most 0x4000000.
u32 bfd_table_size(u64 n) {
  if (n > 0x4000000)
    n = 0x4000000;
  return bfd_grown_size((u32)n - 1);
}

enum { NO_SEQ = UINT32_MAX };

// Moves the chains of a full table into one of the next size, as bfd
// does: bucket by bucket, each chain from its front, a run of entries
// with the same hash moved together to the front of its new bucket.  The
// order within a bucket is no longer newest first after this.
static u32 *bfd_grow(u32 *table, u32 size, u32 newsize, u32 *next,
                     const u32 *hash) {
  u32 *grown = malloc((u64)newsize * sizeof(u32));
  if (!grown)
    return NULL;
  memset(grown, 0xff, (u64)newsize * sizeof(u32));
  for (u32 b = 0; b < size; b++)
    while (table[b] != NO_SEQ) {
      u32 chain = table[b], end = chain;
      while (next[end] != NO_SEQ && hash[next[end]] == hash[chain])
        end = next[end];
      table[b] = next[end];
      u32 to = hash[chain] % newsize;
      next[end] = grown[to];
      grown[to] = chain;
    }
  free(table);
  return grown;
}

// The table's sizes as the link grows it to n names, and the last seq
// each size holds before it grows; returns the number of stages.
static u32 walk_stages(struct ctx *ctx, u32 n, u32 *size, u32 *last_seq,
                       u32 cap) {
  u32 t = 0;
  size[0] = ctx->cfg.hash_size ? ctx->cfg.hash_size : 4051;
  for (;;) {
    u32 grow_at = (u32)((u64)size[t] * 3 / 4); // bfd grows after this seq
    u32 next = bfd_grown_size(size[t]);
    if (grow_at >= n || next == size[t] || t + 1 == cap) {
      last_seq[t] = UINT32_MAX;
      return t + 1;
    }
    last_seq[t] = grow_at;
    size[++t] = next;
  }
}

// Each seen name's place in GNU ld's walk, by seq: the names are put in
// a model of bfd's table in the order the link met them, growing it as
// bfd grows it, and the walk goes bucket by bucket along each chain.
static void bfd_walk_ranks(struct ctx *ctx) {
  struct name_table *t = &ctx->symbols;
  u32 n = (u32)t->seen;
  u32 *rank = arena_alloc(ctx, (u64)n * sizeof(u32) + 1);
  u32 *hash = malloc((u64)n * sizeof(u32) + 1);
  u32 *next = malloc((u64)n * sizeof(u32) + 1);
  u32 size[32], last_seq[32], stage = 0;
  walk_stages(ctx, n, size, last_seq, 32);
  u32 *table = malloc((u64)size[0] * sizeof(u32));
  if (!hash || !next || !table)
    fatal(ctx, "out of memory ordering %u symbols", n);
  for (u64 j = 0; t->mask && j <= t->mask; j++) {
    struct symbol *sym = slot_sym(t->slots[j]);
    if (sym && sym->seq != SEQ_UNSEEN)
      hash[sym->seq] = bfd_hash(sym->name, sym->namelen);
  }
  memset(table, 0xff, (u64)size[0] * sizeof(u32));
  for (u32 i = 0; i < n; i++) {
    u32 b = hash[i] % size[stage];
    next[i] = table[b];
    table[b] = i;
    if (i == last_seq[stage]) {
      if (!(table = bfd_grow(table, size[stage], size[stage + 1], next,
                             hash)))
        fatal(ctx, "out of memory ordering %u symbols", n);
      stage++;
    }
  }
  u32 r = 0;
  for (u32 b = 0; b < size[stage]; b++)
    for (u32 i = table[b]; i != NO_SEQ; i = next[i])
      rank[i] = r++;
  free(hash);
  free(next);
  free(table);
  ctx->bfd_rank = rank;
  ctx->bfd_rank_seen = n;
}

// A symbol's place in GNU ld's walk of its hash table.  Not from several
// threads at once: the model is made again when the link has met more
// names.
u64 bfd_walk_order(struct ctx *ctx, const struct symbol *sym) {
  if (ctx->bfd_rank_seen != ctx->symbols.seen || !ctx->bfd_rank)
    bfd_walk_ranks(ctx);
  return sym->seq < ctx->bfd_rank_seen ? ctx->bfd_rank[sym->seq]
                                       : (u64)UINT32_MAX + 1;
}

// A walk order for a name the model does not hold as such (a default
// version's NAME@@VERSION, which bfd keeps beside NAME), comparable with
// others made so: the bucket of GNU ld's final table that holds it (the
// walk goes bucket by bucket), then ORDER (bfd_walk_order's), which
// only two names in one bucket need.
u64 bfd_walk_key(struct ctx *ctx, const char *name, u32 len, u64 order) {
  u32 size[32], last_seq[32];
  u32 stages = walk_stages(ctx, (u32)ctx->symbols.seen, size, last_seq, 32);
  return (u64)(bfd_hash(name, len) % size[stages - 1]) << 33 | order;
}

// One name in the pairwise model: its hash and seq, and its bucket at
// every size the table has from the name's insertion to the end.
struct walk_ent {
  u32 hash, seq, key, first; // first: the stage it was put in the table
  const u32 *bucket;         // by stage; valid from first to the last
  u32 last;
};

// Which of two names GNU ld's walk meets first, for names in the same
// bucket of the final table with different hashes: the newer goes in at
// the front of its chain; each growth moves the chains bucket by bucket
// to the front of their new buckets, so two names that meet from
// different buckets come out the later old bucket's first, and two that
// shared one come out reversed.
static int cmp_walk_ent(const void *x, const void *y) {
  const struct walk_ent *p = x, *q = y;
  u32 bp = p->bucket[p->last], bq = q->bucket[q->last];
  if (bp != bq)
    return bp < bq ? -1 : 1;
  if (p->seq == q->seq)
    return 0;
  if (p->hash == q->hash) // told apart by the full model (bfd_walk_orders)
    return p->seq < q->seq ? -1 : 1;
  const struct walk_ent *old = p->seq < q->seq ? p : q;
  const struct walk_ent *neu = old == p ? q : p;
  u32 t = neu->first;
  bool same = old->bucket[t] == neu->bucket[t], neu_front = same;
  for (; t < neu->last; t++) {
    bool now = old->bucket[t + 1] == neu->bucket[t + 1];
    if (now)
      neu_front = same ? !neu_front : neu->bucket[t] > old->bucket[t];
    same = now;
  }
  return (neu_front == (neu == p)) ? -1 : 1;
}

// Fills in GNU ld's walk order of the keys whose order is BFD_WALK,
// comparable among these keys.  A few names among many are ordered
// pair by pair (cmp_walk_ent); many, or two with the same hash, by the
// model of the whole table (bfd_walk_order).
void bfd_walk_orders(struct ctx *ctx, struct order_key *k, u32 n) {
  u32 seen = (u32)ctx->symbols.seen, m = 0;
  for (u32 i = 0; i < n; i++)
    m += k[i].order == BFD_WALK && k[i].sym->seq < seen;
  bool whole = (u64)m * 16 >= seen ||
               (ctx->bfd_rank && ctx->bfd_rank_seen == seen);
  if (!whole) {
    u32 size[32], last_seq[32];
    u32 nst = walk_stages(ctx, seen, size, last_seq, 32);
    struct walk_ent *e = malloc((u64)m * sizeof(*e) + 1);
    u32 *buckets = malloc((u64)m * nst * sizeof(u32) + 1);
    if (!e || !buckets)
      fatal(ctx, "out of memory ordering %u symbols", m);
    u32 j = 0;
    for (u32 i = 0; i < n; i++) {
      const struct symbol *sym = k[i].sym;
      if (k[i].order != BFD_WALK || sym->seq >= seen)
        continue;
      u32 h = bfd_hash(sym->name, sym->namelen), first = 0;
      while (sym->seq > last_seq[first])
        first++;
      u32 *b = buckets + (u64)j * nst;
      for (u32 t = first; t < nst; t++)
        b[t] = h % size[t];
      e[j++] = (struct walk_ent){h, sym->seq, i, first, b, nst - 1};
    }
    qsort(e, m, sizeof(*e), cmp_walk_ent);
    for (u32 i = 0; i + 1 < m && !whole; i++)
      for (u32 l = i + 1; l < m && e[l].bucket[nst - 1] ==
                                    e[i].bucket[nst - 1]; l++)
        whole |= e[l].hash == e[i].hash && e[l].seq != e[i].seq;
    for (u32 i = 0, r = 0; i < m && !whole; i++) {
      r += i && e[i].seq != e[i - 1].seq;
      k[e[i].key].order = r;
    }
    free(e);
    free(buckets);
  }
  for (u32 i = 0; i < n; i++)
    if (k[i].order == BFD_WALK)
      k[i].order = whole ? bfd_walk_order(ctx, k[i].sym) : (u64)UINT32_MAX + 1;
}

int cmp_order_key(const void *x, const void *y) {
  const struct order_key *p = x, *q = y;
  if (p->group != q->group)
    return p->group < q->group ? -1 : 1;
  if (p->order != q->order)
    return p->order < q->order ? -1 : 1;
  return p->kind < q->kind ? -1 : p->kind > q->kind;
}

// A default version's definition, NAME@@VERSION, defines NAME too (bfd's
// _bfd_elf_add_default_symbol, not in a relocatable link): the symbol is
// named by what comes before the first "@@", and .symtab lists its
// definer's full name.  The length of that key.
u32 sym_key_len(struct ctx *ctx, const char *name, u32 len) {
  if (ctx->cfg.relocatable)
    return len;
  for (const char *at = memchr(name, '@', len); at && at + 1 < name + len;
       at = memchr(at + 1, '@', (u64)(name + len - at - 1)))
    if (at[1] == '@')
      return (u32)(at - name);
  return len;
}

struct symbol *sym_find(struct ctx *ctx, const char *name, u32 len) {
  return table_find(&ctx->symbols, name, sym_key_len(ctx, name, len));
}

struct symbol *sym_find_str(struct ctx *ctx, const char *name) {
  return sym_find(ctx, name, strlen(name));
}

struct symbol *sym_intern(struct ctx *ctx, const char *name, u32 len) {
  return table_intern(ctx, &ctx->symbols, name, sym_key_len(ctx, name, len),
                      NULL);
}

// -z unique-symbol: how many locals of NAME were written before, counted
// from 0 (the table grows as it fills).
u32 name_count_next(struct ctx *ctx, struct name_counts *t, const char *name,
                    u32 len) {
  if (t->count * 2 >= t->mask) {
    u64 cap = t->mask ? 2 * (t->mask + 1) : 1024;
    struct name_count *old = t->slots;
    u64 oldcap = t->mask ? t->mask + 1 : 0;
    t->slots = arena_alloc(ctx, cap * sizeof(*old));
    t->mask = cap - 1;
    for (u64 i = 0; i < oldcap; i++) {
      if (!old[i].name)
        continue;
      u64 j = hash_name(old[i].name, old[i].len) & t->mask;
      while (t->slots[j].name)
        j = (j + 1) & t->mask;
      t->slots[j] = old[i];
    }
  }
  u64 j = hash_name(name, len) & t->mask;
  for (; t->slots[j].name; j = (j + 1) & t->mask)
    if (t->slots[j].len == len && !memcmp(t->slots[j].name, name, len))
      return t->slots[j].n++;
  t->slots[j] = (struct name_count){name, len, 1};
  t->count++;
  return 0;
}

// NAME as -z unique-symbol writes a local of that name: "NAME.N", N in
// hexadecimal, as GNU ld's elf_link_output_symstrtab appends it to every
// local but file and section symbols.
const char *unique_local_name(struct ctx *ctx, struct name_counts *t,
                              const char *name, u32 *len) {
  u32 n = name_count_next(ctx, t, name, *len);
  char *s = arena_printf(ctx, "%.*s.%x", (int)*len, name, n);
  *len = (u32)strlen(s);
  return s;
}
