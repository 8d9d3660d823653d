// icf.c: --icf=safe|all, identical code folding (lld's and gold's; GNU ld
// has none).
//
// Code sections of .text whose bytes, alignment and relocations are the
// same, and whose relocations reach the same places, are folded into one:
// the first in output order stays, the others leave the output, and their
// symbols, relocations against them and debug information take its
// address (isec->fold).  Two targets are the same place when they are the
// same symbol, the same offset of the same section, or the same offset of
// two sections found identical, so families of functions calling
// identical functions fold too: classes are split until no class splits
// (lld's scheme).  Functions with exception tables are left alone.
// --icf=safe leaves alone the functions whose address is
// taken (a reference other than a call or a jump, from code or data), so
// that function pointers to different functions stay different, as C and
// C++ require; --icf=all folds them too.  --print-icf-sections lists each
// kept section and the sections folded into it, as lld does.

#include "mld.h"

#include <stdlib.h>

struct target {
  u32 type;
  u64 offset;                  // of the relocation in its section
  i64 addend;
  u32 cand;                    // 1 + the candidate it reaches, or 0
  const void *other;           // otherwise: a symbol or a section
  u64 toff;                    // the offset it reaches in that section
};

struct cand {
  struct isec *is;
  u64 flags;
  struct target *t;
  u32 nt;
  u32 pos;                     // its place in .text
  u32 cls;                     // its class now
  u64 key;                     // hash of what splits classes this round
  bool taken;                  // its address is taken (--icf=safe)
  bool lsda;                   // its FDE has an LSDA (exception tables)
};

struct icf {
  struct ctx *ctx;
  struct cand *c;
  u32 n;
};

static u64 mix(u64 h, u64 v) {
  h ^= v + 0x9e3779b97f4a7c15ull + (h << 6) + (h >> 2);
  return h * 0xff51afd7ed558ccdull;
}

static u64 hash_bytes(const u8 *p, u64 n) {
  u64 h = 0xcbf29ce484222325ull;
  for (u64 i = 0; i < n; i++)
    h = (h ^ p[i]) * 0x100000001b3ull;
  return h;
}

static bool candidate(struct isec *is) {
  if (!is->live || !is->osec || is->min || is->mout || is->eh ||
      is->is_common || !is->size || !is->data)
    return false;
  u64 flags = SH_FLAGS(shdr_at(is->file, is->shndx));
  return !strcmp(is->osec->name, ".text") && (flags & SHF_EXECINSTR) &&
         !(flags & (SHF_WRITE | SHF_TLS));
}

// Where relocation I of IS goes: a candidate, or another section or a
// symbol, and the offset there.
static void resolve(struct ctx *ctx, struct isec *is, u32 i, struct target *t) {
  const u8 *r = is->rels + (u64)i * sizeof(Elf64_Rela);
  t->offset = rd64(r);
  t->type = ELF64_R_TYPE(rd64(r + 8));
  t->addend = (i64)rd64(r + 16);
  u32 symidx = ELF64_R_SYM(rd64(r + 8));
  struct objfile *f = is->file;
  struct isec *to = NULL;
  u64 off = 0;
  if (symidx >= f->first_global && symidx < f->nsyms) {
    struct symbol *sym = f->globals[symidx - f->first_global];
    to = sym->state == SYM_DEFINED && !(sym->flags & SF_LINKER) && sym->file
             ? sym_isec(ctx, sym)
             : NULL;
    if (to && !to->is_common) {
      struct esym s;
      read_sym(sym->file, sym->symidx, &s);
      off = s.st_value;
    } else {
      t->other = sym;
      return;
    }
  } else if (symidx && symidx < f->nsyms) {
    struct esym s;
    read_sym(f, symidx, &s);
    u32 shndx = sym_shndx(f, symidx, &s);
    to = shndx && shndx < f->shnum && f->isecs ? f->isecs[shndx] : NULL;
    off = s.st_value;
    if (!to) {
      t->other = f;            // absolute or dropped: the file and symbol
      t->toff = symidx;
      return;
    }
  }
  t->other = to;
  t->toff = off;
  if (to && to->icf)
    t->cand = to->icf;
}

static bool same_bytes(struct cand *a, struct cand *b) {
  if (a->is->size != b->is->size || a->is->align != b->is->align ||
      a->flags != b->flags || a->nt != b->nt ||
      memcmp(a->is->data, b->is->data, a->is->size))
    return false;
  for (u32 i = 0; i < a->nt; i++) {
    struct target *x = &a->t[i], *y = &b->t[i];
    if (x->type != y->type || x->offset != y->offset ||
        x->addend != y->addend || !x->cand != !y->cand || x->toff != y->toff ||
        (!x->cand && x->other != y->other))
      return false;
  }
  return true;
}

static bool same_targets(struct icf *z, struct cand *a, struct cand *b) {
  if (a->cls != b->cls)
    return false;
  for (u32 i = 0; i < a->nt; i++)
    if (a->t[i].cand &&
        z->c[a->t[i].cand - 1].cls != z->c[b->t[i].cand - 1].cls)
      return false;
  return true;
}

static u64 first_key(struct cand *c) {
  u64 h = mix(hash_bytes(c->is->data, c->is->size), c->is->size);
  h = mix(h, c->nt);
  for (u32 i = 0; i < c->nt; i++) {
    struct target *t = &c->t[i];
    h = mix(mix(mix(h, t->type), t->offset), (u64)t->addend);
    h = mix(h, t->cand ? 1 : (u64)(uintptr_t)t->other);
  }
  return h;
}

static u64 next_key(struct icf *z, struct cand *c) {
  u64 h = mix(0, c->cls);
  for (u32 i = 0; i < c->nt; i++)
    if (c->t[i].cand)
      h = mix(h, z->c[c->t[i].cand - 1].cls);
  return h;
}

static int cmp_key(const void *pa, const void *pb) {
  const struct cand *a = *(struct cand *const *)pa;
  const struct cand *b = *(struct cand *const *)pb;
  if (a->key != b->key)
    return a->key < b->key ? -1 : 1;
  return a->pos < b->pos ? -1 : a->pos > b->pos;
}

// Splits candidates into classes by key and by EQUAL; returns how many.
static u32 split(struct icf *z, struct cand **order, bool first) {
  qsort(order, z->n, sizeof(*order), cmp_key);
  u32 *cls = calloc(z->n ? z->n : 1, sizeof(*cls));
  if (!cls)
    fatal(z->ctx, "out of memory in --icf");
  u32 ncls = 0;
  for (u32 i = 0; i < z->n;) {
    u32 j = i;
    while (j < z->n && order[j]->key == order[i]->key)
      j++;
    // Within one key, each member joins the first earlier member it
    // equals (a collision of keys splits here).
    for (u32 k = i; k < j; k++) {
      u32 m = i;
      while (m < k && !(first ? same_bytes(order[m], order[k])
                              : same_targets(z, order[m], order[k])))
        m++;
      cls[order[k] - z->c] = m < k ? cls[order[m] - z->c] : ++ncls;
    }
    i = j;
  }
  for (u32 i = 0; i < z->n; i++)
    z->c[i].cls = cls[i];
  free(cls);
  return ncls;
}

// A candidate whose address some allocated section takes, other than by
// a branch.
static void mark_taken(struct icf *z) {
  struct ctx *ctx = z->ctx;
  for (u32 fi = 0; fi < ctx->objs.len; fi++) {
    struct objfile *f = ctx->objs.v[fi];
    for (u32 k = 1; k < f->shnum; k++) {
      struct isec *is = f->isecs[k];
      if (!is || !is->live || !is->osec || !is->nrels || is->eh ||
          !(is->osec->flags & SHF_ALLOC))
        continue;
      for (u32 i = 0; i < is->nrels; i++) {
        struct target t = {0};
        resolve(ctx, is, i, &t);
        if (t.cand && !(is->data && t.offset < is->size &&
                        ctx->arch->is_branch(t.type, is->data + t.offset,
                                             t.offset)))
          z->c[t.cand - 1].taken = true;
      }
    }
  }
}

// A function with exception tables (an FDE with an LSDA) stays alone:
// two of them can be the same code with different catch clauses.
static void mark_lsda(struct icf *z) {
  struct ctx *ctx = z->ctx;
  for (u32 fi = 0; fi < ctx->objs.len; fi++) {
    struct objfile *f = ctx->objs.v[fi];
    for (u32 k = 1; k < f->shnum; k++) {
      struct isec *is = f->isecs[k];
      if (!is || !is->eh)
        continue;
      for (u32 r = 0; r < is->eh->nrecs; r++) {
        struct eh_rec *rec = &is->eh->recs[r];
        if (rec->is_cie || rec->rel_end - rec->rel_begin < 2)
          continue;
        struct isec *t = fde_target(ctx, is->eh, rec);
        if (t && t->icf)
          z->c[t->icf - 1].lsda = true;
      }
    }
  }
}

static void print_folds(struct icf *z, struct cand **order) {
  for (u32 i = 0; i < z->n;) {
    u32 j = i;
    while (j < z->n && order[j]->cls == order[i]->cls)
      j++;
    if (j - i > 1) {
      printf("selected section %s:(%s)\n", order[i]->is->file->name,
             isec_name(order[i]->is));
      for (u32 k = i + 1; k < j; k++)
        printf("  removing identical section %s:(%s)\n",
               order[k]->is->file->name, isec_name(order[k]->is));
    }
    i = j;
  }
}

static int cmp_cls(const void *pa, const void *pb) {
  const struct cand *a = *(struct cand *const *)pa;
  const struct cand *b = *(struct cand *const *)pb;
  if (a->cls != b->cls)
    return a->cls < b->cls ? -1 : 1;
  return a->pos < b->pos ? -1 : a->pos > b->pos;
}

void fold_identical_code(struct ctx *ctx) {
  if (ctx->cfg.icf == ICF_NONE)
    return;
  struct chunk *text = chunk_named(ctx, ".text");
  if (!text)
    return;
  struct icf z = {ctx, NULL, 0};
  z.c = arena_alloc(ctx, ((u64)text->isecs.len + 1) * sizeof(*z.c));
  for (u32 k = 0; k < text->isecs.len; k++) {
    struct isec *is = text->isecs.v[k];
    if (!candidate(is))
      continue;
    struct cand *c = &z.c[z.n++];
    memset(c, 0, sizeof(*c));
    c->is = is;
    c->pos = k;
    c->flags = SH_FLAGS(shdr_at(is->file, is->shndx));
    is->icf = z.n;
  }
  for (u32 i = 0; i < z.n; i++) {
    struct cand *c = &z.c[i];
    c->nt = c->is->nrels;
    c->t = arena_alloc(ctx, ((u64)c->nt + 1) * sizeof(*c->t));
    for (u32 k = 0; k < c->nt; k++) {
      memset(&c->t[k], 0, sizeof(c->t[k]));
      resolve(ctx, c->is, k, &c->t[k]);
    }
  }
  if (ctx->cfg.icf == ICF_SAFE)
    mark_taken(&z);
  mark_lsda(&z);

  struct cand **order = arena_alloc(ctx, ((u64)z.n + 1) * sizeof(*order));
  for (u32 i = 0; i < z.n; i++) {
    order[i] = &z.c[i];
    bool alone = order[i]->taken || order[i]->lsda;
    order[i]->key = alone ? (u64)i << 1 | 1 : first_key(order[i]) << 1;
  }
  u32 ncls = split(&z, order, true);
  for (;;) {
    for (u32 i = 0; i < z.n; i++)
      z.c[i].key = next_key(&z, &z.c[i]);
    u32 n = split(&z, order, false);
    if (n == ncls)
      break;
    ncls = n;
  }

  // Classes numbered anew in output order of their first members (keys
  // hash addresses, so their numbers were not the same from run to run):
  // --print-icf-sections lists them so.  Each keeps its first member.
  u32 *renum = arena_alloc(ctx, ((u64)ncls + 1) * sizeof(u32));
  memset(renum, 0, ((u64)ncls + 1) * sizeof(u32));
  u32 next = 0;
  for (u32 i = 0; i < z.n; i++) {
    if (!renum[z.c[i].cls])
      renum[z.c[i].cls] = ++next;
    z.c[i].cls = renum[z.c[i].cls];
  }
  qsort(order, z.n, sizeof(*order), cmp_cls);
  if (ctx->cfg.print_icf_sections)
    print_folds(&z, order);
  u32 folded = 0;
  for (u32 i = 0; i < z.n;) {
    u32 j = i;
    while (j < z.n && order[j]->cls == order[i]->cls)
      j++;
    for (u32 k = i + 1; k < j; k++) {
      struct isec *is = order[k]->is;
      is->fold = order[i]->is;
      is->live = false;        // its FDE and relocations go with it
      folded++;
    }
    i = j;
  }
  for (u32 i = 0; i < z.n; i++)
    z.c[i].is->icf = 0;
  if (!folded)
    return;
  u32 n = 0;
  for (u32 k = 0; k < text->isecs.len; k++) {
    struct isec *is = text->isecs.v[k];
    if (!is->fold)
      text->isecs.v[n++] = is;
  }
  text->isecs.len = n;
}
