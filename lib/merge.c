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

// The unique pieces of one group, in a hash table by content.
struct piece_table {
  const u8 **src;
  u32 *len;
  u32 *align;        // the most any copy needs (GNU ld's entry alignment)
  u32 *owner;        // the member whose copy is kept
  u32 *event;        // where it last joined the order of appearance
  u64 *out;          // its offset in its owner
  u32 *home;         // a tail-merged piece: the piece holding its bytes
  u32 *slots;        // index + 1 into the arrays
  u64 mask;
  u32 n;
  u32 *order;        // events: piece numbers, in order of appearance
  u32 nevents;
  u32 last_member;   // the member of the last event
};

static u32 piece_find(struct piece_table *t, const u8 *p, u32 len, u64 h,
                      u64 *slot) {
  u64 j = h & t->mask;
  for (;;) {
    u32 k = t->slots[j];
    if (!k)
      break;
    k--;
    if (t->len[k] == len && !memcmp(t->src[k], p, len)) {
      *slot = j;
      return k;
    }
    j = (j + 1) & t->mask;
  }
  *slot = j;
  return UINT32_MAX;
}

// The piece equal to p, added if new.  As in GNU ld (bfd's merge.c), a
// copy that needs more alignment than the one seen so far replaces it:
// the piece moves to this member and to this point of the order.
static u32 piece_add(struct piece_table *t, const u8 *p, u32 len, u64 h,
                     u32 align, u32 member) {
  u64 j;
  u32 k = piece_find(t, p, len, h, &j);
  if (k == UINT32_MAX) {
    k = t->n++;
    t->src[k] = p;
    t->len[k] = len;
    t->align[k] = 0;
    t->slots[j] = k + 1;
  }
  if (t->align[k] < align) {
    t->align[k] = align;
    t->src[k] = p;
    t->owner[k] = member;
    t->event[k] = t->nevents;
    t->order[t->nevents++] = k;
    t->last_member = member;
  }
  return k;
}

struct rev_piece {
  u64 key;                     // the last 8 bytes, last one highest
  const u8 *src;
  u32 len, align, idx;         // len without the terminator
};

// Strings compared from their last byte backwards (GNU ld's strrevcmp),
// so that a string sorts right before those it is a suffix of.  The key
// decides most comparisons at once; it only works for strings of bytes,
// which hold no zero byte (wider characters compare in full).
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
  return x->idx < y->idx ? -1 : x->idx > y->idx;
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
// a total order (the index breaks ties), so the result is the one qsort
// gives.
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

// Keys work only for strings of bytes, which hold no zero byte; wider
// characters are compared in full.
static void sort_reversed(struct ctx *ctx, struct rev_piece *v, u32 n,
                          u64 entsize) {
  if (entsize != 1) {
    qsort(v, n, sizeof(*v), cmp_reversed);
    return;
  }
  struct rev_buckets r = {.v = arena_alloc(ctx, (u64)n * sizeof(*v)),
                          .tmp = v};
  for (u32 i = 0; i < n; i++)
    r.start[(v[i].key >> 56) + 1]++;
  for (u32 b = 0; b < 256; b++)
    r.start[b + 1] += r.start[b];
  u32 at[256];
  memcpy(at, r.start, sizeof(at));
  for (u32 i = 0; i < n; i++)
    r.v[at[v[i].key >> 56]++] = v[i];
  parallel_for(ctx, 256, sort_bucket, &r);
  memcpy(v, r.v, (u64)n * sizeof(*v));
}

// String tail merging, as GNU ld's merge_strings: a string that ends
// another one, at an offset its alignment allows, is not stored; it
// points into the longer one (t->home).
static void tail_merge(struct ctx *ctx, struct piece_table *t, u64 entsize) {
  for (u32 i = 0; i < t->n; i++)
    t->home[i] = i;
  if (t->n < 2)
    return;
  struct rev_piece *v = arena_alloc(ctx, (u64)t->n * sizeof(*v));
  u32 common = 0;              // the one alignment, or UINT32_MAX
  for (u32 i = 0; i < t->n; i++) {
    v[i] = (struct rev_piece){0, t->src[i], t->len[i] - entsize, t->align[i],
                              i};
    if (entsize == 1)
      v[i].key = rev_key(&v[i], 0);      // no key: wide characters
    common = !common || common == t->align[i] ? t->align[i] : UINT32_MAX;
  }
  if (common != UINT32_MAX && common > entsize)
    qsort(v, t->n, sizeof(*v), cmp_reversed_align);
  else
    sort_reversed(ctx, v, t->n, entsize);
  struct rev_piece *e = &v[t->n - 1];
  for (u32 a = t->n - 1; a-- > 0;) {
    struct rev_piece *c = &v[a];
    if (e->align >= c->align && !((e->len - c->len) & (c->align - 1)) &&
        e->len > c->len &&
        !memcmp(e->src + e->len - c->len, c->src, c->len + entsize))
      t->home[c->idx] = e->idx;
    else
      e = c;
  }
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
};

struct split_job {
  struct split_item *v;
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
static u64 split_group(struct ctx *ctx, const struct piece_group *g) {
  u64 slice = SPLIT_SLICE / g->entsize * g->entsize;
  u32 nitems = 0;
  for (u32 m = 0; m < g->n; m++)
    nitems += (g->members[m]->size + slice - 1) / slice;
  struct split_job job = {arena_alloc(ctx, (u64)nitems * sizeof(*job.v)),
                          g->members, g->entsize, g->strings};
  nitems = 0;
  for (u32 m = 0; m < g->n; m++) {
    struct isec *is = g->members[m];
    for (u64 from = 0; from < is->size; from += slice)
      job.v[nitems++] = (struct split_item){
          is, from, is->size - from > slice ? from + slice : is->size, 0, 0};
  }
  parallel_for(ctx, nitems, count_pieces, &job);
  for (u32 i = 0; i < nitems; i++) {
    struct merge_in *mi = job.v[i].is->min;
    job.v[i].first = mi->npieces;
    mi->npieces += job.v[i].count;
  }
  u64 total = 0;
  for (u32 m = 0; m < g->n; m++) {
    struct merge_in *mi = g->members[m]->min;
    total += mi->npieces;
    mi->in_off = arena_alloc(ctx, (u64)mi->npieces * sizeof(u32));
    mi->owner = arena_alloc(ctx, (u64)mi->npieces * sizeof(u32));
    mi->out_off = arena_alloc(ctx, (u64)mi->npieces * sizeof(u64));
  }
  parallel_for(ctx, nitems, hash_pieces, &job);
  parallel_for(ctx, g->n, index_member, &job);
  return total;
}

static void alloc_piece_table(struct ctx *ctx, struct piece_table *t,
                              u64 total) {
  u64 cap = 16;
  while (cap < total * 2)
    cap *= 2;
  t->mask = cap - 1;
  t->slots = arena_alloc(ctx, cap * sizeof(u32));
  t->src = arena_alloc(ctx, total * sizeof(void *));
  t->len = arena_alloc(ctx, total * sizeof(u32));
  t->align = arena_alloc(ctx, total * sizeof(u32));
  t->owner = arena_alloc(ctx, total * sizeof(u32));
  t->event = arena_alloc(ctx, total * sizeof(u32));
  t->out = arena_alloc(ctx, total * sizeof(u64));
  t->home = arena_alloc(ctx, total * sizeof(u32));
  t->order = arena_alloc(ctx, total * sizeof(u32));
}

// Every member's pieces into the table, in order; out_off becomes the
// piece's number, or UINT64_MAX for padding resolved later.
static void add_pieces(struct piece_table *t, const struct piece_group *g) {
  u64 entsize = g->entsize;
  u32 align = g->align;
  for (u32 m = 0; m < g->n; m++) {
    struct isec *is = g->members[m];
    struct merge_in *mi = is->min;
    bool nul = false;
    for (u32 k = 0; k < mi->npieces; k++) {
      u64 off = mi->in_off[k];
      u64 end = k + 1 < mi->npieces ? mi->in_off[k + 1] : is->size;
      const u8 *p = is->data + off;
      u32 len = end - off, al = 1;
      if (g->strings) {
        // Padding: zeros after a string (a piece of its own in split).
        if (off && len == entsize && is_zero(p, len)) {
          if (nul || (off & (align - 1))) {
            mi->out_off[k] = UINT64_MAX;     // resolved below
            continue;
          }
          nul = true;
          al = align;
        } else {
          al = off ? (u32)(off & -off) : align;
          if (al > align)
            al = align;
        }
      }
      mi->out_off[k] = piece_add(t, p, len, mi->out_off[k], al, m);
    }
  }
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
  for (u32 k = 0; k < t->n; k++)
    if (t->home[k] != k) {
      u32 h = t->home[k];
      t->owner[k] = t->owner[h];
      t->out[k] = t->out[h] + t->len[h] - t->len[k];
    }
}

// Each member's pieces: their owner and offset there.  Padding resolves
// to the empty string, or to the end of the first piece kept (as GNU
// ld's _bfd_merged_section_offset falls back).
static void resolve_pieces(struct piece_table *t, const struct piece_group *g) {
  const u8 zeros[64] = {0};
  u64 slot;
  u32 empty = g->strings
                  ? piece_find(t, zeros, g->entsize,
                               hash_name((const char *)zeros, g->entsize),
                               &slot)
                  : UINT32_MAX;
  if (empty == UINT32_MAX && t->nevents) {
    u32 k = t->order[0];
    while (t->home[k] != k)
      k = t->home[k];
    empty = k;
  }
  for (u32 m = 0; m < g->n; m++) {
    struct merge_in *mi = g->members[m]->min;
    for (u32 k = 0; k < mi->npieces; k++) {
      u64 idx = mi->out_off[k];
      if (idx == UINT64_MAX) {
        mi->owner[k] = t->owner[empty];
        mi->out_off[k] = t->out[empty] + t->len[empty] - g->entsize;
      } else {
        mi->owner[k] = t->owner[idx];
        mi->out_off[k] = t->out[idx];
      }
    }
  }
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
  alloc_piece_table(ctx, &t, split_group(ctx, &g));
  add_pieces(&t, &g);
  if (g.strings)
    tail_merge(ctx, &t, g.entsize);
  else
    for (u32 k = 0; k < t.n; k++)
      t.home[k] = k;
  place_pieces(ctx, &t, &g);
  resolve_pieces(&t, &g);
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
