// merge.c: mergeable sections (SHF_MERGE).
//
// Input sections with SHF_MERGE hold strings (SHF_STRINGS) or fixed-size
// constants that may be shared: identical pieces from all files of one
// output section are kept once, and a string that ends another is kept
// inside it, as GNU ld does.  As in GNU ld, each piece stays with the
// input section that had it first, which keeps its place in the output
// section and holds only those pieces (pointing at them in the input
// mappings); each input section keeps a sorted map from its piece offsets
// to where they went (a section and an offset there), so symbols and
// relocations into it can be moved.

#include "mld.h"

#include <stdlib.h>

static bool is_zero(const u8 *p, u64 n) {
  for (u64 i = 0; i < n; i++)
    if (p[i])
      return false;
  return true;
}

// The end of the string at pos (one past its terminator, or the end of
// the section): a string ends at an all-zero character of entsize bytes.
static u64 string_end(const struct isec *is, u64 pos, u64 entsize) {
  if (entsize == 1) {
    const u8 *z = memchr(is->data + pos, 0, is->size - pos);
    return z ? (u64)(z - is->data) + 1 : is->size;
  }
  for (u64 end = pos; end + entsize <= is->size; end += entsize)
    if (is_zero(is->data + end, entsize))
      return end + entsize;
  return is->size;
}

// Pieces are split on all threads, a big section in slices of bytes: a
// piece starts at 0 and after every zero character (or every entsize
// bytes), so the pieces starting in a slice are found from the slice
// alone.  The first piece starting at or after from:
static u64 first_start(const struct isec *is, u64 entsize, bool strings,
                       u64 from) {
  return from && strings ? string_end(is, from - entsize, entsize) : from;
}

// Splits [from, to) of is into the pieces starting there; returns their
// count and, given off, fills off[] and hash[] (each piece's content
// hash).
static u32 split(const struct isec *is, u64 entsize, bool strings, u64 from,
                 u64 to, u32 *off, u64 *hash) {
  u32 n = 0;
  for (u64 pos = first_start(is, entsize, strings, from); pos < to; n++) {
    u64 end = strings ? string_end(is, pos, entsize) : pos + entsize;
    if (end > is->size)
      end = is->size;
    if (off) {
      off[n] = pos;
      hash[n] = hash_name((const char *)is->data + pos, end - pos);
    }
    pos = end;
  }
  return n;
}

// The unique pieces of one group, in hash tables by content: shards,
// each holding the pieces whose hashes start with its number, so that
// the shards fill on all threads (add_pieces).  A shard numbers its
// pieces from its own base; a number it does not use has len 0.
struct piece_shard {
  u32 *slots;        // piece number + 1
  u64 mask;
  u32 base, n;       // its pieces: base .. base + n - 1
};

struct piece_table {
  const u8 **src;
  u32 *len;          // 0: no piece has the number
  u32 *align;        // the most any copy needs (GNU ld's entry alignment)
  u32 *owner;        // the member whose copy is kept
  u32 *event;        // where it last joined the order of appearance
  u32 *first;        // the place of its first copy in the group
  u32 *last;         // and of the copy that last raised its alignment
  u64 *out;          // its offset in its owner
  u32 *home;         // a tail-merged piece: the piece holding its bytes
  u32 n;             // numbers below n
  u32 *order;        // events: piece numbers, in order of appearance
  u32 nevents;
  u32 last_member;   // the member of the last event
  struct piece_shard *shards;
  u32 shard_bits;    // a piece's shard: the top bits of its hash
};

static u32 piece_find(struct piece_table *t, struct piece_shard *sh,
                      const u8 *p, u32 len, u64 h, u64 *slot) {
  u64 j = h & sh->mask;
  for (;;) {
    u32 k = sh->slots[j];
    if (!k)
      break;
    k--;
    if (t->len[k] == len && !memcmp(t->src[k], p, len)) {
      *slot = j;
      return k;
    }
    j = (j + 1) & sh->mask;
  }
  *slot = j;
  return UINT32_MAX;
}

// The piece equal to the copy at place pos (p, len), added if new.  As in
// GNU ld (bfd's merge.c), a copy that needs more alignment than the one
// seen so far replaces it: the piece moves to this member and to this
// point of the order of appearance (an event: *event set).
static u32 piece_add(struct piece_table *t, struct piece_shard *sh,
                     const u8 *p, u32 len, u64 h, u32 align, u32 member,
                     u32 pos, bool *event) {
  u64 j;
  u32 k = piece_find(t, sh, p, len, h, &j);
  if (k == UINT32_MAX) {
    k = sh->base + sh->n++;
    t->src[k] = p;
    t->len[k] = len;
    t->first[k] = pos;
    sh->slots[j] = k + 1;
  }
  *event = t->align[k] < align;
  if (*event) {
    t->align[k] = align;
    t->src[k] = p;
    t->owner[k] = member;
    t->last[k] = pos;
  }
  return k;
}

struct rev_piece {
  u64 key;                     // the last 8 bytes, last one highest
  const u8 *src;
  u32 len, align, idx;         // len without the terminator
  u32 first;                   // the place of its first copy (ties)
};

// Strings compared from their last byte backwards (GNU ld's strrevcmp),
// so that a string sorts right before those it is a suffix of.  The key
// decides most comparisons at once; it only works for strings of bytes,
// which hold no zero byte (wider characters compare in full).  Two
// pieces compare equal only when one is a section's unterminated end:
// the one seen first in the group comes first.
// The comparison past the last `skip` bytes (known to be equal).
static int cmp_reversed_from(const struct rev_piece *x,
                             const struct rev_piece *y, u64 skip) {
  u32 n = x->len < y->len ? x->len : y->len;
  for (u64 i = skip + 1; i <= n; i++) {
    u8 c = x->src[x->len - i], d = y->src[y->len - i];
    if (c != d)
      return c < d ? -1 : 1;
  }
  if (x->len != y->len)
    return x->len < y->len ? -1 : 1;
  return x->first < y->first ? -1 : x->first > y->first;
}

static int cmp_reversed(const void *a, const void *b) {
  const struct rev_piece *x = a, *y = b;
  if (x->key != y->key)
    return x->key < y->key ? -1 : 1;
  return cmp_reversed_from(x, y, 0);
}

// The same when all strings have one alignment above the character size
// (GNU ld's strrevcmp_align): first by length modulo the alignment.
static int cmp_reversed_align(const void *a, const void *b) {
  const struct rev_piece *x = a, *y = b;
  i64 tail = (i64)(x->len & (x->align - 1)) - (i64)(y->len & (x->align - 1));
  if (tail)
    return tail < 0 ? -1 : 1;
  return cmp_reversed(a, b);
}

// The 8 bytes of p at depth (bytes 8 * depth up to 8 * depth + 7 from its
// end), the first one highest, zeros past its start: the key at depth 0.
// Read little-endian, the 8 bytes ending there are that key.
static u64 rev_key(const struct rev_piece *p, u32 depth) {
  u64 skip = (u64)depth * 8;
  if (p->len >= skip + 8)
    return rd64(p->src + p->len - skip - 8);
  if (p->len <= skip)
    return 0;
  u64 key = 0;
  for (u64 i = skip; i < p->len; i++)
    key = key << 8 | p->src[p->len - 1 - i];
  return key << 8 * (skip + 8 - p->len);
}

// v by key: a radix sort, eight passes of a byte each (stable), skipping
// a byte every key has.  The passes go back and forth between v and tmp.
static void radix_by_key(struct rev_piece *v, struct rev_piece *tmp, u32 n) {
  struct rev_piece *from = v, *to = tmp;
  for (u32 pass = 0; pass < 8; pass++) {
    u32 count[257] = {0};
    u32 shift = pass * 8;
    for (u32 i = 0; i < n; i++)
      count[(from[i].key >> shift & 0xff) + 1]++;
    if (count[(from[0].key >> shift & 0xff) + 1] == n)
      continue;
    for (u32 b = 0; b < 256; b++)
      count[b + 1] += count[b];
    for (u32 i = 0; i < n; i++)
      to[count[from[i].key >> shift & 0xff]++] = from[i];
    struct rev_piece *t = from;
    from = to;
    to = t;
  }
  if (from != v)
    memcpy(v, from, (u64)n * sizeof(*v));
}

// A short run of v by insertion, past the bytes its keys share.
static void insertion_sort(struct rev_piece *v, u32 n, u64 skip) {
  for (u32 i = 1; i < n; i++) {
    struct rev_piece x = v[i];
    u32 j = i;
    for (; j > 0 && cmp_reversed_from(&v[j - 1], &x, skip) > 0; j--)
      v[j] = v[j - 1];
    v[j] = x;
  }
}

// v (whose keys are at depth) sorted by cmp_reversed: by key, then each
// run of equal keys by the key one depth on, and so on (strings of C++
// names share long suffixes); short runs, deep ones and those whose
// strings all end within the depth by the comparison.  cmp_reversed is
// a total order (the first copy breaks ties), so the result is the one
// qsort gives.
enum { RADIX_RUN = 16, RADIX_DEPTH = 16 };

static void sort_reversed_at(struct rev_piece *v, struct rev_piece *tmp,
                             u32 n, u32 depth) {
  radix_by_key(v, tmp, n);
  for (u32 i = 0, j; i < n; i = j) {
    u32 longest = v[i].len;
    for (j = i + 1; j < n && v[j].key == v[i].key; j++)
      longest = v[j].len > longest ? v[j].len : longest;
    if (j - i < 2)
      continue;
    if (j - i <= RADIX_RUN || longest <= (u64)(depth + 1) * 8) {
      insertion_sort(v + i, j - i, (u64)(depth + 1) * 8);
      continue;
    }
    if (depth + 1 >= RADIX_DEPTH) {
      qsort(v + i, j - i, sizeof(*v), cmp_reversed);
      continue;
    }
    for (u32 k = i; k < j; k++)
      v[k].key = rev_key(&v[k], depth + 1);
    sort_reversed_at(v + i, tmp, j - i, depth + 1);
  }
}

// The pieces are first split by the top byte of their keys (their last
// byte) in one pass; each such bucket is then sorted on its own, on all
// threads.  The order is cmp_reversed's whatever the split.
struct rev_buckets {
  struct rev_piece *v, *tmp;
  u32 start[257];              // bucket b is [start[b], start[b + 1])
};

static void sort_bucket(struct ctx *ctx, void *arg, u32 b) {
  (void)ctx;
  struct rev_buckets *r = arg;
  u32 n = r->start[b + 1] - r->start[b];
  if (n > 1)
    sort_reversed_at(r->v + r->start[b], r->tmp + r->start[b], n, 0);
}

// Strings of bytes (entsize 1): v into r->v by bucket, each bucket
// sorted on its own.
static void sort_buckets(struct ctx *ctx, struct rev_buckets *r,
                         struct rev_piece *v, u32 n) {
  r->v = arena_alloc(ctx, (u64)n * sizeof(*v));
  r->tmp = v;
  memset(r->start, 0, sizeof(r->start));
  for (u32 i = 0; i < n; i++)
    r->start[(v[i].key >> 56) + 1]++;
  for (u32 b = 0; b < 256; b++)
    r->start[b + 1] += r->start[b];
  u32 at[256];
  memcpy(at, r->start, sizeof(at));
  for (u32 i = 0; i < n; i++)
    r->v[at[v[i].key >> 56]++] = v[i];
  parallel_for(ctx, 256, sort_bucket, r);
}

// String tail merging, as GNU ld's merge_strings: a string that ends
// another one, at an offset its alignment allows, is not stored; it
// points into the longer one (t->home).  The pieces sorted by
// cmp_reversed, each is compared with the last one kept after it.
struct tail_job {
  struct piece_table *t;
  struct rev_piece *v;
  u32 *at;                     // per shard: its pieces' place in v
  u32 *common;                 // per shard: the one alignment (0: none
                               // yet, UINT32_MAX: more than one)
  u64 entsize;
  struct rev_buckets r;
  struct rev_piece *kept[256]; // per bucket: the last kept, after its scan
};

static u32 one_align(u32 common, u32 align) {
  return !common || common == align ? align : UINT32_MAX;
}

static void list_shard(struct ctx *ctx, void *arg, u32 s) {
  (void)ctx;
  struct tail_job *j = arg;
  struct piece_table *t = j->t;
  struct piece_shard *sh = &t->shards[s];
  struct rev_piece *v = j->v + j->at[s];
  u32 common = 0;
  for (u32 x = 0; x < sh->n; x++) {
    u32 k = sh->base + x;
    t->home[k] = k;
    v[x] = (struct rev_piece){0,           t->src[k], t->len[k] - j->entsize,
                             t->align[k], k,         t->first[k]};
    if (j->entsize == 1)
      v[x].key = rev_key(&v[x], 0);      // no key: wide characters
    common = one_align(common, t->align[k]);
  }
  j->common[s] = common;
}

// v[from, to) from its end, e the last one kept after it; returns the
// last one kept.
static struct rev_piece *scan_tails(struct piece_table *t, struct rev_piece *v,
                                    u32 from, u32 to, struct rev_piece *e,
                                    u64 entsize) {
  for (u32 a = to; a-- > from;) {
    struct rev_piece *c = &v[a];
    if (e && e->align >= c->align && !((e->len - c->len) & (c->align - 1)) &&
        e->len > c->len &&
        !memcmp(e->src + e->len - c->len, c->src, c->len + entsize))
      t->home[c->idx] = e->idx;
    else
      e = c;
  }
  return e;
}

// A string ends in its bucket's byte, so only one of its bucket can end
// with it: the buckets are scanned on all threads, but bucket 0 (strings
// with no byte before the terminator), which any string may hold.
static void scan_bucket(struct ctx *ctx, void *arg, u32 b) {
  (void)ctx;
  struct tail_job *j = arg;
  j->kept[b] = b ? scan_tails(j->t, j->r.v, j->r.start[b], j->r.start[b + 1],
                              NULL, 1)
                 : NULL;
}

static void tail_merge(struct ctx *ctx, struct piece_table *t, u64 entsize) {
  u32 ns = 1u << t->shard_bits, n = 0;
  struct tail_job j = {.t = t,
                       .at = arena_alloc(ctx, ns * sizeof(u32)),
                       .common = arena_alloc(ctx, ns * sizeof(u32)),
                       .entsize = entsize};
  for (u32 s = 0; s < ns; s++) {
    j.at[s] = n;
    n += t->shards[s].n;
  }
  j.v = arena_alloc(ctx, (u64)n * sizeof(*j.v));
  parallel_for(ctx, ns, list_shard, &j);
  if (n < 2)
    return;
  u32 common = 0;
  for (u32 s = 0; s < ns; s++)
    if (j.common[s])
      common = one_align(common, j.common[s]);
  if (common != UINT32_MAX && common > entsize) {
    qsort(j.v, n, sizeof(*j.v), cmp_reversed_align);
    scan_tails(t, j.v, 0, n, NULL, entsize);
  } else if (entsize != 1) {
    qsort(j.v, n, sizeof(*j.v), cmp_reversed);
    scan_tails(t, j.v, 0, n, NULL, entsize);
  } else {
    sort_buckets(ctx, &j.r, j.v, n);
    parallel_for(ctx, 256, scan_bucket, &j);
    struct rev_piece *e = NULL;
    for (u32 b = 1; b < 256 && !e; b++)
      e = j.kept[b];
    scan_tails(t, j.r.v, 0, j.r.start[1], e, 1);
  }
}

// The pieces' homes, without tail merging.
static void own_homes(struct piece_table *t) {
  for (u32 s = 0; s < 1u << t->shard_bits; s++)
    for (u32 x = 0; x < t->shards[s].n; x++)
      t->home[t->shards[s].base + x] = t->shards[s].base + x;
}

// Whether GNU ld merges this section, and how (bfd's
// _bfd_add_merge_section): not empty, no relocations, an entity size
// that fits the alignment.
static bool mergeable(struct isec *is, u64 *entsize, bool *strings) {
  if (is->is_common || !is->data || is->nrels || is->eh || !is->size)
    return false;
  const u8 *sh = shdr_at(is->file, is->shndx);
  u64 flags = SH_FLAGS(sh);
  u64 e = SH_ENTSIZE(sh), al = is->align;
  *entsize = e;
  *strings = (flags & SHF_STRINGS) != 0;
  if (!(flags & SHF_MERGE) || !e || e > 64 || is->size % e ||
      is->size >= (1ULL << 32))
    return false;
  if (e < al && ((e & (e - 1)) || !*strings))
    return false;
  return !(e > al && (e & (al - 1)));
}

// A section's kind of pieces, 0 if it is not merged: entsize, strings
// and alignment, which must all agree for sections to merge.
static u64 merge_kind(struct isec *is) {
  u64 entsize;
  bool strings;
  if (!mergeable(is, &entsize, &strings))
    return 0;
  return (u64)is->align << 32 | entsize << 1 | strings;
}

// Relocations and symbols find their piece from an offset.  A section of
// many pieces gets an index by blocks of about a piece's average size:
// the piece holding each block's first byte, from which a lookup steps
// forward a piece or two.  Others are searched.
enum { INDEX_PIECES = 64 };

static void index_pieces(struct ctx *ctx, struct isec *is) {
  struct merge_in *mi = is->min;
  if (mi->npieces < INDEX_PIECES)
    return;
  u32 shift = 0;
  while ((is->size >> (shift + 1)) >= mi->npieces)
    shift++;
  u32 nblocks = (u32)((is->size - 1) >> shift) + 1;
  u32 *block = arena_alloc(ctx, (u64)nblocks * sizeof(u32));
  u32 k = 0;
  for (u32 b = 0; b < nblocks; b++) {
    u64 start = (u64)b << shift;
    while (k + 1 < mi->npieces && mi->in_off[k + 1] <= start)
      k++;
    block[b] = k;
  }
  mi->block = block;
  mi->shift = shift;
  mi->nblocks = nblocks;
}

// The piece holding offset off (the last one for an offset past the end).
static u32 piece_at(const struct merge_in *mi, u64 off) {
  if (mi->block) {
    u64 b = off >> mi->shift;
    u32 k = mi->block[b < mi->nblocks ? b : mi->nblocks - 1];
    while (k + 1 < mi->npieces && mi->in_off[k + 1] <= off)
      k++;
    return k;
  }
  u32 lo = 0, hi = mi->npieces;
  while (hi - lo > 1) {
    u32 mid = (lo + hi) / 2;
    if (mi->in_off[mid] <= off)
      lo = mid;
    else
      hi = mid;
  }
  return lo;
}

// Splitting the members into pieces and hashing them runs on all
// threads (a big member in slices); the pieces join the table in order,
// on one.
enum { SPLIT_SLICE = 1 << 20 };

struct split_item {
  struct isec *is;
  u64 from, to;
  u32 first, count;            // its pieces' numbers in the member
  u32 member;
};

struct split_job {
  struct split_item *v;
  u32 n;
  struct isec **members;
  u64 entsize;
  bool strings;
};

static void count_pieces(struct ctx *ctx, void *arg, u32 i) {
  (void)ctx;
  struct split_job *j = arg;
  struct split_item *it = &j->v[i];
  it->count = split(it->is, j->entsize, j->strings, it->from, it->to, NULL,
                    NULL);
}

// Fills in_off, and out_off with each piece's hash for now.
static void hash_pieces(struct ctx *ctx, void *arg, u32 i) {
  (void)ctx;
  struct split_job *j = arg;
  struct split_item *it = &j->v[i];
  struct merge_in *mi = it->is->min;
  split(it->is, j->entsize, j->strings, it->from, it->to,
        mi->in_off + it->first, mi->out_off + it->first);
}

static void index_member(struct ctx *ctx, void *arg, u32 m) {
  struct split_job *j = arg;
  index_pieces(ctx, j->members[m]);
}

static int cmp_link_order(const void *a, const void *b) {
  const struct isec *x = *(struct isec *const *)a;
  const struct isec *y = *(struct isec *const *)b;
  if (x->file->priority != y->file->priority)
    return x->file->priority < y->file->priority ? -1 : 1;
  return x->shndx < y->shndx ? -1 : x->shndx > y->shndx;
}

// One group: the members merged together, and their kind.
struct piece_group {
  struct isec **members;       // in link order
  u32 n;
  u64 entsize;
  u32 align;
  bool strings;
  bool padded;                 // every member's size a multiple of align
};

// The sections of c of this kind, each given its merge_in.
static void gather_group(struct ctx *ctx, struct chunk *c, u64 *kinds,
                         u64 kind, struct piece_group *g) {
  g->entsize = (kind >> 1) & 0x7fffffff;
  g->strings = kind & 1;
  g->align = kind >> 32;
  g->n = 0;
  g->padded = true;
  for (u32 i = 0; i < c->isecs.len; i++)
    g->n += kinds[i] == kind;
  g->members = arena_alloc(ctx, g->n * sizeof(*g->members));
  u32 m = 0;
  for (u32 i = 0; i < c->isecs.len; i++) {
    struct isec *is = c->isecs.v[i];
    if (kinds[i] != kind)
      continue;
    kinds[i] = 0;
    g->padded &= is->size % g->align == 0;
    is->min = arena_alloc(ctx, sizeof(*is->min));
    is->min->members = g->members;
    g->members[m++] = is;
  }
  // Pieces go to the member that has them first in the order the files
  // joined the link, section by section (bfd's _bfd_elf_merge_sections
  // walks the inputs so), whatever order a script sorted them in.
  qsort(g->members, g->n, sizeof(*g->members), cmp_link_order);
}

// Every member split into pieces, in parallel over slices of at most
// SPLIT_SLICE bytes: their offsets (in_off), their hashes (out_off for
// now) and the index of each member.  Returns the number of pieces.
static u64 split_group(struct ctx *ctx, const struct piece_group *g,
                       struct split_job *job) {
  u64 slice = SPLIT_SLICE / g->entsize * g->entsize;
  u32 nitems = 0;
  for (u32 m = 0; m < g->n; m++)
    nitems += (g->members[m]->size + slice - 1) / slice;
  *job = (struct split_job){arena_alloc(ctx, (u64)nitems * sizeof(*job->v)),
                            nitems, g->members, g->entsize, g->strings};
  nitems = 0;
  for (u32 m = 0; m < g->n; m++) {
    struct isec *is = g->members[m];
    for (u64 from = 0; from < is->size; from += slice)
      job->v[nitems++] = (struct split_item){
          is, from, is->size - from > slice ? from + slice : is->size, 0, 0,
          m};
  }
  parallel_for(ctx, nitems, count_pieces, job);
  for (u32 i = 0; i < nitems; i++) {
    struct merge_in *mi = job->v[i].is->min;
    job->v[i].first = mi->npieces;
    mi->npieces += job->v[i].count;
  }
  u64 total = 0;
  for (u32 m = 0; m < g->n; m++) {
    struct merge_in *mi = g->members[m]->min;
    total += mi->npieces;
    mi->in_off = arena_alloc(ctx, (u64)mi->npieces * sizeof(u32));
    mi->owner = arena_alloc(ctx, (u64)mi->npieces * sizeof(u32));
    mi->out_off = arena_alloc(ctx, (u64)mi->npieces * sizeof(u64));
  }
  parallel_for(ctx, nitems, hash_pieces, job);
  parallel_for(ctx, g->n, index_member, job);
  return total;
}

static void alloc_piece_table(struct ctx *ctx, struct piece_table *t,
                              u64 total) {
  t->src = arena_alloc(ctx, total * sizeof(void *));
  t->len = arena_alloc(ctx, total * sizeof(u32));
  t->align = arena_alloc(ctx, total * sizeof(u32));
  t->owner = arena_alloc(ctx, total * sizeof(u32));
  t->event = arena_alloc(ctx, total * sizeof(u32));
  t->first = arena_alloc(ctx, total * sizeof(u32));
  t->last = arena_alloc(ctx, total * sizeof(u32));
  t->out = arena_alloc(ctx, total * sizeof(u64));
  t->home = arena_alloc(ctx, total * sizeof(u32));
  t->order = arena_alloc(ctx, total * sizeof(u32));
}

// Pieces join the table on all threads, as they would on one.  First,
// on all threads, each slice of a member notes each piece's alignment
// (in its member's owner[], for now) and counts its pieces by shard
// (sort_slice), then lists them there (list_slice).  Then each shard
// takes its pieces in the group's order, member after member
// (add_shard): all copies of a piece meet in one shard, in the order one
// thread would meet them, so what the piece keeps (its copy, alignment,
// owner) comes out the same.  Last, each slice numbers the events it saw
// (number_events).  One shard, for few pieces or one thread, takes them
// all without a list.
//
// Padding is decided in the shard too: zeros after a string are a piece
// of their own in split, and every all-zero piece goes to the one shard
// of their hash, which sees them in order.
enum {
  SHARD_BITS_MAX = 6,
  SHARDED_PIECES = 1 << 14,    // fewer: one shard
  // owner[] holds, before add_shard, the log2 of the copy's alignment or
  // ZERO; after it, the piece's number with EVENT if the copy raised the
  // piece's alignment, or PAD.
  PAD = UINT32_MAX,            // padding, not a piece
  ZERO = UINT32_MAX - 1,       // all zeros, not at offset 0
  EVENT = 1u << 31,
  MAX_PIECES = EVENT - 1,
};

struct add_job {
  struct piece_table *t;
  const struct piece_group *g;
  struct split_job *split;
  u32 nshards;
  u32 *base;                   // per member: its first piece's place
  u32 *counts;                 // per slice, per shard: its pieces there
  u32 *list;                   // per shard (from its base), in order:
                               // pieces by place in the group
  u32 *events;                 // per slice: its events, then the first
};

static u32 shard_index(const struct piece_table *t, u64 h) {
  return t->shard_bits ? (u32)(h >> (64 - t->shard_bits)) : 0;
}

static u32 piece_len(const struct isec *is, const struct merge_in *mi,
                     u32 k) {
  u64 end = k + 1 < mi->npieces ? mi->in_off[k + 1] : is->size;
  return end - mi->in_off[k];
}

// The log2 of the alignment piece k needs as a copy at its offset: that
// of the offset, up to the section's (strings); ZERO for the zeros after
// a string, whose fate depends on those before (add_shard).
static u32 copy_align(const struct piece_group *g, const struct isec *is,
                      const struct merge_in *mi, u32 k) {
  if (!g->strings)
    return 0;
  u64 off = mi->in_off[k];
  u32 len = piece_len(is, mi, k);
  if (off && len == g->entsize && is_zero(is->data + off, len))
    return ZERO;
  u32 al = off ? (u32)(off & -off) : g->align;
  return (u32)__builtin_ctz(al > g->align ? g->align : al);
}

static void sort_slice(struct ctx *ctx, void *arg, u32 i) {
  (void)ctx;
  struct add_job *j = arg;
  struct split_item *it = &j->split->v[i];
  struct merge_in *mi = it->is->min;
  u32 *count = j->counts + (u64)i * j->nshards;
  for (u32 k = it->first; k < it->first + it->count; k++) {
    mi->owner[k] = copy_align(j->g, it->is, mi, k);
    count[shard_index(j->t, mi->out_off[k])]++;
  }
}

static void list_slice(struct ctx *ctx, void *arg, u32 i) {
  (void)ctx;
  struct add_job *j = arg;
  struct split_item *it = &j->split->v[i];
  struct merge_in *mi = it->is->min;
  u32 *at = j->counts + (u64)i * j->nshards;  // now where each goes
  u32 place = j->base[it->member];
  for (u32 k = it->first; k < it->first + it->count; k++)
    j->list[at[shard_index(j->t, mi->out_off[k])]++] = place + k;
}

// Piece k of member m, at place in the group, into shard sh; *nul: the
// member's aligned zeros seen.
static void add_one(struct add_job *j, struct piece_shard *sh, u32 m, u32 k,
                    bool *nul) {
  const struct piece_group *g = j->g;
  struct isec *is = g->members[m];
  struct merge_in *mi = is->min;
  u32 al;
  if (mi->owner[k] == ZERO) {
    if (*nul || (mi->in_off[k] & (g->align - 1))) {
      mi->owner[k] = PAD;
      return;
    }
    *nul = true;
    al = g->align;
  } else {
    al = 1u << mi->owner[k];
  }
  bool event;
  u32 id = piece_add(j->t, sh, is->data + mi->in_off[k], piece_len(is, mi, k),
                     mi->out_off[k], al, m, j->base[m] + k, &event);
  mi->owner[k] = id | (event ? EVENT : 0);
}

static void add_shard(struct ctx *ctx, void *arg, u32 s) {
  struct add_job *j = arg;
  const struct piece_group *g = j->g;
  struct piece_shard *sh = &j->t->shards[s];
  u32 count = sh->n;           // its list's length, until it counts pieces
  u64 cap = 16;
  while (cap < (u64)count * 2)
    cap *= 2;
  sh->mask = cap - 1;
  sh->slots = arena_alloc(ctx, cap * sizeof(u32));
  sh->n = 0;
  bool nul = false;
  if (!j->list) {              // the one shard: every piece, in order
    for (u32 m = 0; m < g->n; m++, nul = false)
      for (u32 k = 0; k < g->members[m]->min->npieces; k++)
        add_one(j, sh, m, k, &nul);
    return;
  }
  for (u32 x = 0, m = 0; x < count; x++) {
    u32 place = j->list[sh->base + x];
    for (; m + 1 < g->n && j->base[m + 1] <= place; m++)
      nul = false;
    add_one(j, sh, m, place - j->base[m], &nul);
  }
}

static void count_events(struct ctx *ctx, void *arg, u32 i) {
  (void)ctx;
  struct add_job *j = arg;
  struct split_item *it = &j->split->v[i];
  struct merge_in *mi = it->is->min;
  u32 n = 0;
  for (u32 k = it->first; k < it->first + it->count; k++)
    n += mi->owner[k] != PAD && (mi->owner[k] & EVENT);
  j->events[i] = n;
}

// out_off becomes each piece's number, or UINT64_MAX for padding
// (resolved later); events join the order of appearance.
static void number_events(struct ctx *ctx, void *arg, u32 i) {
  (void)ctx;
  struct add_job *j = arg;
  struct piece_table *t = j->t;
  struct split_item *it = &j->split->v[i];
  struct merge_in *mi = it->is->min;
  u32 ev = j->events[i], place = j->base[it->member];
  for (u32 k = it->first; k < it->first + it->count; k++) {
    u32 w = mi->owner[k];
    if (w == PAD) {
      mi->out_off[k] = UINT64_MAX;
      continue;
    }
    u32 id = w & ~EVENT;
    mi->out_off[k] = id;
    if (w & EVENT) {
      t->order[ev] = id;
      if (t->last[id] == place + k)
        t->event[id] = ev;
      ev++;
    }
  }
}

static void add_pieces(struct ctx *ctx, struct piece_table *t,
                       const struct piece_group *g, struct split_job *split,
                       u64 total, const char *name) {
  if (total >= MAX_PIECES)
    fatal(ctx, "%s: too many pieces to merge (%llu)", name,
          (unsigned long long)total);
  u32 nthreads = thread_count(ctx);
  t->shard_bits = 0;
  while (nthreads > 1 && total >= SHARDED_PIECES &&
         t->shard_bits < SHARD_BITS_MAX &&
         (1u << t->shard_bits) < 2 * nthreads)
    t->shard_bits++;
  u32 ns = 1u << t->shard_bits, nsl = split->n;
  struct add_job j = {.t = t, .g = g, .split = split, .nshards = ns};
  j.base = arena_alloc(ctx, (u64)g->n * sizeof(u32));
  for (u32 m = 0, place = 0; m < g->n; m++) {
    j.base[m] = place;
    place += g->members[m]->min->npieces;
  }
  j.counts = arena_alloc(ctx, (u64)nsl * ns * sizeof(u32));
  j.list = ns > 1 ? arena_alloc(ctx, total * sizeof(u32)) : NULL;
  j.events = arena_alloc(ctx, (u64)nsl * sizeof(u32));
  t->shards = arena_alloc(ctx, ns * sizeof(*t->shards));
  parallel_for(ctx, nsl, sort_slice, &j);
  // Each shard's list, from its base: the slices' pieces there, in order.
  u32 at = 0;
  for (u32 s = 0; s < ns; s++) {
    t->shards[s].base = at;
    for (u32 i = 0; i < nsl; i++) {
      u32 *c = &j.counts[(u64)i * ns + s], n = *c;
      *c = at;
      at += n;
    }
    t->shards[s].n = at - t->shards[s].base;
  }
  t->n = at;
  if (j.list)
    parallel_for(ctx, nsl, list_slice, &j);
  parallel_for(ctx, ns, add_shard, &j);
  parallel_for(ctx, nsl, count_events, &j);
  u32 ev = 0;
  for (u32 i = 0; i < nsl; i++) {
    u32 n = j.events[i];
    j.events[i] = ev;
    ev += n;
    if (n)
      t->last_member = split->v[i].member;
  }
  t->nevents = ev;
  parallel_for(ctx, nsl, number_events, &j);
}

// Each member's kept pieces from offset 0, in order of appearance: its
// new size and contents (mout), and where every piece is.
static void place_pieces(struct ctx *ctx, struct piece_table *t,
                         const struct piece_group *g) {
  u64 *size = arena_alloc(ctx, g->n * sizeof(u64));
  u32 *nkept = arena_alloc(ctx, g->n * sizeof(u32));
  for (u32 ev = 0; ev < t->nevents; ev++) {
    u32 k = t->order[ev];
    if (t->event[k] != ev || t->home[k] != k)
      continue;
    u32 o = t->owner[k];
    size[o] = align_up(size[o], t->align[k]);
    t->out[k] = size[o];
    size[o] += t->len[k];
    nkept[o]++;
  }
  // GNU ld pads the section of the last piece in order of appearance
  // (kept or not) to the alignment if the inputs were all padded so.
  if (t->nevents && g->padded)
    size[t->last_member] = align_up(size[t->last_member], g->align);
  for (u32 m = 0; m < g->n; m++) {
    struct merged_sec *ms = arena_alloc(ctx, sizeof(*ms));
    ms->src = arena_alloc(ctx, (u64)nkept[m] * sizeof(void *));
    ms->len = arena_alloc(ctx, (u64)nkept[m] * sizeof(u32));
    ms->out = arena_alloc(ctx, (u64)nkept[m] * sizeof(u64));
    g->members[m]->mout = ms;
    g->members[m]->size = size[m];
  }
  for (u32 ev = 0; ev < t->nevents; ev++) {
    u32 k = t->order[ev];
    if (t->event[k] != ev || t->home[k] != k)
      continue;
    struct merged_sec *ms = g->members[t->owner[k]]->mout;
    ms->src[ms->n] = t->src[k];
    ms->len[ms->n] = t->len[k];
    ms->out[ms->n++] = t->out[k];
  }
  for (u32 s = 0; s < 1u << t->shard_bits; s++)
    for (u32 x = 0; x < t->shards[s].n; x++) {
      u32 k = t->shards[s].base + x, h = t->home[k];
      if (h != k) {
        t->owner[k] = t->owner[h];
        t->out[k] = t->out[h] + t->len[h] - t->len[k];
      }
    }
}

// Each member's pieces: their owner and offset there, on all threads by
// slices.  Padding resolves to the empty string, or to the end of the
// first piece kept (as GNU ld's _bfd_merged_section_offset falls back).
struct resolve_job {
  struct piece_table *t;
  struct split_job *split;
  u32 empty;
  u64 entsize;
};

static void resolve_slice(struct ctx *ctx, void *arg, u32 i) {
  (void)ctx;
  struct resolve_job *j = arg;
  struct piece_table *t = j->t;
  struct split_item *it = &j->split->v[i];
  struct merge_in *mi = it->is->min;
  for (u32 k = it->first; k < it->first + it->count; k++) {
    u64 idx = mi->out_off[k];
    if (idx == UINT64_MAX) {
      mi->owner[k] = t->owner[j->empty];
      mi->out_off[k] = t->out[j->empty] + t->len[j->empty] - j->entsize;
    } else {
      mi->owner[k] = t->owner[idx];
      mi->out_off[k] = t->out[idx];
    }
  }
}

static void resolve_pieces(struct ctx *ctx, struct piece_table *t,
                           const struct piece_group *g,
                           struct split_job *split) {
  const u8 zeros[64] = {0};
  u64 slot, h = hash_name((const char *)zeros, g->entsize);
  u32 empty = g->strings
                  ? piece_find(t, &t->shards[shard_index(t, h)], zeros,
                               g->entsize, h, &slot)
                  : UINT32_MAX;
  if (empty == UINT32_MAX && t->nevents) {
    u32 k = t->order[0];
    while (t->home[k] != k)
      k = t->home[k];
    empty = k;
  }
  struct resolve_job j = {t, split, empty, g->entsize};
  parallel_for(ctx, split->n, resolve_slice, &j);
}

// Merges the sections of one kind (entsize, strings, alignment) in chunk
// c as GNU ld does (bfd's merge.c): each piece is kept once, by the input
// section that had it first (with the alignment it needs), which stays
// in its place in the output section with just the pieces it keeps; one
// that keeps none is dropped.  A string's alignment is that of its offset
// in its section, up to the section's; zero padding after a string is not
// a piece, except the first aligned one of a section, the empty string.
// kinds[i]: merge_kind of c's section i, 0 once it has joined a group.
static void merge_group(struct ctx *ctx, struct chunk *c, u64 *kinds,
                        u64 kind) {
  struct piece_group g;
  gather_group(ctx, c, kinds, kind, &g);
  struct piece_table t = {0};
  struct split_job split;
  u64 total = split_group(ctx, &g, &split);
  alloc_piece_table(ctx, &t, total);
  add_pieces(ctx, &t, &g, &split, total, c->name);
  if (g.strings)
    tail_merge(ctx, &t, g.entsize);
  else
    own_homes(&t);
  place_pieces(ctx, &t, &g);
  resolve_pieces(ctx, &t, &g, &split);
}

void merge_sections(struct ctx *ctx) {
  u64 *kinds = NULL;
  u32 cap = 0;
  for (u32 i = 0; i < ctx->chunks.len; i++) {
    struct chunk *c = ctx->chunks.v[i];
    if (!has_inputs(c))
      continue;
    if (c->isecs.len > cap) {
      cap = c->isecs.len;
      kinds = arena_alloc(ctx, (u64)cap * sizeof(*kinds));
    }
    bool any = false;
    for (u32 k = 0; k < c->isecs.len; k++)
      any |= (kinds[k] = merge_kind(c->isecs.v[k])) != 0;
    // One group per kind of piece, in order of first appearance.
    for (u32 k = 0; any && k < c->isecs.len; k++)
      if (kinds[k])
        merge_group(ctx, c, kinds, kinds[k]);
    // A member that keeps no piece leaves the output section (GNU ld
    // excludes it, so it takes no alignment padding either).
    u32 n = 0;
    for (u32 k = 0; any && k < c->isecs.len; k++) {
      struct isec *is = c->isecs.v[k];
      if (!is->mout || is->mout->n)
        c->isecs.v[n++] = is;
    }
    if (any)
      c->isecs.len = n;
  }
}

// Where offset off of input section is ended up, as an address.
u64 isec_offset_addr(struct isec *is, u64 off) {
  struct merge_in *mi = is->min;
  if (!mi)
    return isec_addr(is) + off;
  if (!mi->npieces)
    return isec_addr(mi->members[0]);
  u32 lo = piece_at(mi, off);
  return isec_addr(mi->members[mi->owner[lo]]) + mi->out_off[lo] +
         (off - mi->in_off[lo]);
}

void write_merged(struct isec *m, u8 *dst) {
  struct merged_sec *ms = m->mout;
  for (u32 i = 0; i < ms->n; i++)
    memcpy(dst + ms->out[i], ms->src[i], ms->len[i]);
}
