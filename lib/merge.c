// merge.c: mergeable sections (SHF_MERGE).
//
// Input sections with SHF_MERGE hold strings (SHF_STRINGS) or fixed-size
// constants that may be shared: identical pieces from all files of one
// output section are kept once, as GNU ld does.  Each output section gets
// one synthetic input section per kind of piece (entry size, strings or
// not), placed where the first such input section was; it points at the
// unique pieces in the input mappings, and each input section keeps a
// sorted map from its piece offsets to offsets in the merged section, so
// symbols and relocations into it can be moved.

#include "mld.h"

#include <stdlib.h>

// Splits is into pieces; returns the count (and fills off[] if given).
static u32 split(struct isec *is, u64 entsize, bool strings, u32 *off) {
  u32 n = 0;
  u64 pos = 0;
  while (pos < is->size) {
    u64 end = pos + entsize;
    if (strings) {
      // A string ends at an all-zero character of entsize bytes.
      for (end = pos; end + entsize <= is->size; end += entsize) {
        bool zero = true;
        for (u64 k = 0; k < entsize; k++)
          zero &= is->data[end + k] == 0;
        if (zero)
          break;
      }
      end = end + entsize <= is->size ? end + entsize : is->size;
    }
    if (end > is->size)
      end = is->size;
    if (off)
      off[n] = pos;
    n++;
    pos = end;
  }
  return n;
}

struct piece_table {
  const u8 **src;
  u32 *len;
  u64 *out;
  u32 *slots;        // index + 1 into the arrays
  u64 mask;
  u32 n;
  u64 size;
};

static u64 piece_offset(struct piece_table *t, const u8 *p, u32 len,
                        u64 align) {
  u64 j = hash_name((const char *)p, len) & t->mask;
  for (;;) {
    u32 k = t->slots[j];
    if (!k)
      break;
    k--;
    if (t->len[k] == len && !memcmp(t->src[k], p, len))
      return t->out[k];
    j = (j + 1) & t->mask;
  }
  u32 k = t->n++;
  t->src[k] = p;
  t->len[k] = len;
  t->size = align_up(t->size, align);
  t->out[k] = t->size;
  t->size += len;
  t->slots[j] = k + 1;
  return t->out[k];
}

static bool mergeable(struct isec *is, u64 *entsize, bool *strings) {
  if (is->is_common || !is->data || is->nrels || is->eh)
    return false;
  const u8 *sh = shdr_at(is->file, is->shndx);
  u64 flags = SH_FLAGS(sh);
  *entsize = SH_ENTSIZE(sh);
  *strings = (flags & SHF_STRINGS) != 0;
  return (flags & SHF_MERGE) && *entsize && *entsize <= 64 &&
         is->size % *entsize == 0 && is->size < (1ULL << 32);
}

// Merges the sections of one kind (entsize, strings, alignment) in chunk
// c.  Pieces keep their section's alignment: gcc puts strings it reads
// with wide loads in .rodata.str1.8 and the like.
static void merge_group(struct ctx *ctx, struct chunk *c, u64 entsize,
                        bool strings, u32 align) {
  u64 total = 0;
  u32 first = UINT32_MAX;
  for (u32 i = 0; i < c->isecs.len; i++) {
    struct isec *is = c->isecs.v[i];
    u64 e;
    bool st;
    if (is->min || !mergeable(is, &e, &st) || e != entsize ||
        st != strings || is->align != align)
      continue;
    if (first == UINT32_MAX)
      first = i;
    total += split(is, entsize, strings, NULL);
  }
  if (first == UINT32_MAX)
    return;

  struct piece_table t = {0};
  u64 cap = 16;
  while (cap < total * 2)
    cap *= 2;
  t.mask = cap - 1;
  t.slots = arena_alloc(ctx, cap * sizeof(u32));
  t.src = arena_alloc(ctx, total * sizeof(void *));
  t.len = arena_alloc(ctx, total * sizeof(u32));
  t.out = arena_alloc(ctx, total * sizeof(u64));

  struct isec *m = arena_alloc(ctx, sizeof(*m));
  struct isec *proto = c->isecs.v[first];
  *m = *proto;
  m->data = NULL;
  m->rels = NULL;
  m->nrels = 0;
  m->align = align;
  m->mout = arena_alloc(ctx, sizeof(*m->mout));

  u32 n = 0;
  for (u32 i = 0; i < c->isecs.len; i++) {
    struct isec *is = c->isecs.v[i];
    u64 e;
    bool st;
    if (is->min || !mergeable(is, &e, &st) || e != entsize ||
        st != strings || is->align != align) {
      c->isecs.v[n++] = is;
      continue;
    }
    struct merge_in *mi = arena_alloc(ctx, sizeof(*mi));
    mi->merged = m;
    mi->npieces = split(is, entsize, strings, NULL);
    mi->in_off = arena_alloc(ctx, (u64)mi->npieces * sizeof(u32));
    mi->out_off = arena_alloc(ctx, (u64)mi->npieces * sizeof(u64));
    split(is, entsize, strings, mi->in_off);
    for (u32 k = 0; k < mi->npieces; k++) {
      u64 end = k + 1 < mi->npieces ? mi->in_off[k + 1] : is->size;
      mi->out_off[k] = piece_offset(&t, is->data + mi->in_off[k],
                                    end - mi->in_off[k],
                                    align > entsize ? align : entsize);
    }
    is->min = mi;
    if (i == first)
      c->isecs.v[n++] = m;
  }
  c->isecs.len = n;
  m->size = t.size;
  m->mout->n = t.n;
  m->mout->src = t.src;
  m->mout->len = t.len;
  m->mout->out = t.out;
}

void merge_sections(struct ctx *ctx) {
  for (u32 i = 0; i < ctx->chunks.len; i++) {
    struct chunk *c = ctx->chunks.v[i];
    if (c->kind != CK_REGULAR)
      continue;
    // One group per kind of piece, in order of first appearance.
    for (u32 k = 0; k < c->isecs.len; k++) {
      struct isec *is = c->isecs.v[k];
      u64 entsize;
      bool strings;
      if (!is->mout && !is->min && mergeable(is, &entsize, &strings))
        merge_group(ctx, c, entsize, strings, is->align);
    }
  }
}

// Where offset off of input section is ended up, as an address.
u64 isec_offset_addr(struct isec *is, u64 off) {
  struct merge_in *mi = is->min;
  if (!mi)
    return isec_addr(is) + off;
  u32 lo = 0, hi = mi->npieces;
  while (hi - lo > 1) {
    u32 mid = (lo + hi) / 2;
    if (mi->in_off[mid] <= off)
      lo = mid;
    else
      hi = mid;
  }
  if (!mi->npieces)
    return isec_addr(mi->merged);
  return isec_addr(mi->merged) + mi->out_off[lo] + (off - mi->in_off[lo]);
}

void write_merged(struct isec *m, u8 *dst) {
  struct merged_sec *ms = m->mout;
  for (u32 i = 0; i < ms->n; i++)
    memcpy(dst + ms->out[i], ms->src[i], ms->len[i]);
}
