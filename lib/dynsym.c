// dynsym.c: a static PIE's dynamic symbol table: .dynsym, its names in
// .dynstr and the hash tables that find them (.hash, .gnu.hash), as GNU
// ld writes them.
//
// It holds what the PIE exports: with -E every global symbol it defines,
// with a dynamic list (--dynamic-list, --export-dynamic-symbol[-list])
// those the list names, with --dynamic-list-data its data objects; never
// a hidden or internal one (GNU ld's _bfd_elf_export_symbol).  Nothing
// binds to them at run time (a PIE's own references stay its own), but
// dladdr, backtraces and dlsym of the main program read them.  GNU ld
// meets them walking its hash table, and so names them in .dynstr in
// that order (hash.c models the walk), each name that ends another as
// its tail; .gnu.hash then orders them by bucket, and .hash chains them.

#include "mld.h"

#include <stdlib.h>

// Whether the PIE exports a defined global (chosen by choose_exports).
bool sym_exported(struct ctx *ctx, const struct symbol *sym) {
  return sym->aux && ctx->aux[sym->aux].exported;
}

static bool is_data(struct ctx *ctx, struct symbol *sym) {
  if (sym->flags & SF_LINKER)
    return sym->type == STT_OBJECT;
  struct esym s;
  read_sym(sym->file, sym->symidx, &s);
  struct isec *is = sym_isec(ctx, sym);
  u8 type = ELF64_ST_TYPE(s.st_info);
  return type == STT_OBJECT || type == STT_COMMON || (is && is->is_common);
}

// Whether a dynamic list names a definition, by its name in GNU ld's
// table: a default version's is NAME@@VERSION.
bool dynamic_list_names_def(struct ctx *ctx, struct symbol *sym) {
  const char *full = definer_name(sym);
  if (strstr(full, "@@"))
    return dynamic_list_names(ctx, full, (u32)strlen(full));
  return dynamic_list_names(ctx, sym->name, sym->namelen);
}

// ... or --dynamic-list-data, its data objects.
bool dynamic_list_wants(struct ctx *ctx, struct symbol *sym) {
  if (ctx->cfg.dynamic_data && is_data(ctx, sym))
    return true;
  return ctx->cfg.dynamic_list && dynamic_list_names_def(ctx, sym);
}

// A defined global .symtab lists as global that the options export (a
// hidden or internal one is not exported, but made local).
static bool exports(struct ctx *ctx, struct symbol *sym) {
  if (sym->state == SYM_UNDEF ||
      (sym->aux && ctx->aux[sym->aux].script_local))
    return false;
  if (sym->flags & SF_LINKER) {
    if (sym->flags & SF_SCRIPT_HIDDEN)
      return false;
  } else {
    struct isec *is = sym_isec(ctx, sym);
    if (is && !is->osec)     // in a collected or discarded section
      return false;
  }
  return ctx->cfg.export_dynamic || dynamic_list_wants(ctx, sym);
}

static void add_export(struct ctx *ctx, struct symbol *sym) {
  if (!exports(ctx, sym))
    return;
  // Not one the version script makes local, by its full name
  // (bfd_hide_sym_by_version).
  bool hide = false;
  if (ctx->version_nodes.len)
    find_version(ctx, definer_name(sym), &hide);
  if (hide)
    return;
  if (sym->visibility == STV_HIDDEN || sym->visibility == STV_INTERNAL) {
    sym_aux(ctx, sym)->export_local = true;
    return;
  }
  sym_aux(ctx, sym)->exported = true;
  vec_push(ctx, &ctx->exports, sym);
}

// After --gc-sections, before relocations are scanned (x86-64 refuses
// what GNU ld would make dynamic TLS relocations for).  Then the
// versions, which may make some of them local (versions.c).
void choose_exports(struct ctx *ctx) {
  struct config *c = &ctx->cfg;
  if (!c->dynamic)
    return;
  for (u32 i = 0; (c->export_dynamic || c->dynamic_list) && i < ctx->objs.len;
       i++) {
    struct objfile *f = ctx->objs.v[i];
    for (u32 k = f->first_global; k < f->nsyms; k++) {
      struct symbol *sym = f->globals[k - f->first_global];
      if (sym && sym->file == f && sym->symidx == k &&
          !(sym->flags & SF_LINKER))
        add_export(ctx, sym);
    }
  }
  for (u32 i = 0; (c->export_dynamic || c->dynamic_list) &&
                  i < ctx->linker_syms.len; i++)
    add_export(ctx, ctx->linker_syms.v[i]);
  assign_versions(ctx);
}

// bfd's hash functions: the SysV one of .hash and the GNU one (Bernstein's).
static u32 sysv_hash(const char *s, u32 len) {
  u32 h = 0;
  for (const u8 *p = (const u8 *)s; p < (const u8 *)s + len; p++) {
    h = (h << 4) + *p;
    u32 g = h & 0xf0000000;
    h ^= g >> 24;
    h &= ~g;
  }
  return h;
}

static u32 gnu_hash(const char *s, u32 len) {
  u32 h = 5381;
  for (const u8 *p = (const u8 *)s; p < (const u8 *)s + len; p++)
    h = h * 33 + *p;
  return h;
}

// GNU ld's number of buckets for n hashes (compute_bucket_count): from a
// table of primes, or with -O the size between n/4 and 2n whose sum of
// squared chain lengths, weighted by the table's pages, is least.
static u32 bucket_count(struct ctx *ctx, const u32 *hash, u32 n, bool gnu,
                        u32 dynsymcount) {
  static const u32 primes[] = {1,    3,    17,   37,   67,    97,    131,
                               197,  263,  521,  1031, 2053,  4099,  8209,
                               16411, 32771, 0};
  if (!ctx->cfg.optimize) {
    u32 best = 0;
    for (u32 i = 0; primes[i]; i++) {
      best = primes[i];
      if (n < primes[i + 1])
        break;
    }
    return gnu && best < 2 ? 2 : best;
  }
  u64 minsize = n / 4 ? n / 4 : 1, maxsize = (u64)n * 2, best = maxsize;
  if (gnu) {
    if (minsize < 2)
      minsize = 2;
    if (!(best & 31))
      best++;
  }
  u64 *counts = malloc(maxsize * sizeof(u64) + 1);
  if (!counts)
    fatal(ctx, "out of memory sizing %s", gnu ? ".gnu.hash" : ".hash");
  u64 best_len = UINT64_MAX;
  u32 no_better = 0;
  for (u64 size = minsize; size < maxsize; size++) {
    if (gnu && !(size & 31))
      continue;
    memset(counts, 0, size * sizeof(u64));
    for (u32 j = 0; j < n; j++)
      counts[hash[j] % size]++;
    u64 len = (2 + (u64)dynsymcount) * 4;
    for (u64 j = 0; j < size; j++)
      len += counts[j] * counts[j];
    u64 fact = size / (4096 / 4) + 1;
    len *= fact * fact;
    if (len < best_len) {
      best_len = len;
      best = size;
      no_better = 0;
    } else if (++no_better == 100) {
      break;
    }
  }
  free(counts);
  return (u32)best;
}

struct walk_sort {
  u64 order;
  u32 idx;
};

static int cmp_walk_sort(const void *x, const void *y) {
  const struct walk_sort *a = x, *b = y;
  if (a->order != b->order)
    return a->order < b->order ? -1 : 1;
  return (a->idx > b->idx) - (a->idx < b->idx);
}

static u32 nlocal_dynsyms(struct ctx *ctx);

// A version's own symbol (versions.c), perhaps one the linker defined.
static bool is_version_symbol(struct ctx *ctx, struct symbol *sym) {
  struct vers_node *t = sym->aux ? ctx->aux[sym->aux].version : NULL;
  return t && t->sym == sym;
}

// The exports in GNU ld's walk order, their names laid out in .dynstr,
// then in .dynsym's order with the hash tables' shapes: after the
// dynamic relocations are counted (they decide the section symbols),
// before the four sections are sized.
void lay_out_exports(struct ctx *ctx) {
  struct dyn_exports *d = &ctx->dyn;
  if (!ctx->cfg.dynamic)
    return;
  // An executable's .dynamic (--no-dynamic-linker -E): GNU ld gives the
  // GOT entries of exported symbols GLOB_DAT relocations and IFUNCs a
  // lazy PLT with .rela.plt, which mld makes only in a PIE.
  bool got_exported = false;
  for (u32 i = 0; !ctx->cfg.pie && i < ctx->got_syms.len; i++)
    got_exported |= sym_exported(ctx, ctx->got_syms.v[i]);
  if (!ctx->cfg.pie && (got_exported || ctx->iplt_syms.len))
    fatal(ctx, "--no-dynamic-linker with %s in an executable that is not "
          "a PIE: GNU ld gives its %s dynamic relocations, which mld does "
          "not make (link with -pie)",
          ctx->cfg.export_dynamic ? "-E" : "a dynamic list",
          got_exported ? "GOT entries of exported symbols" : "IFUNC calls");
  u32 n = ctx->exports.len;
  d->n = n;
  d->nlocal = nlocal_dynsyms(ctx);
  struct order_key *k = arena_alloc(ctx, (u64)n * sizeof(*k) + 1);
  for (u32 i = 0; i < n; i++)
    k[i] = (struct order_key){.order = BFD_WALK, .sym = ctx->exports.v[i]};
  bfd_walk_orders(ctx, k, n);
  // A default version's definition is NAME@@VERSION in GNU ld's table
  // (bfd_walk_key); with one, every order is made so.
  const char **full = arena_alloc(ctx, (u64)n * sizeof(*full) + 1);
  bool versioned = false;
  for (u32 i = 0; i < n; i++) {
    full[i] = definer_name(k[i].sym);
    versioned |= strstr(full[i], "@@") != NULL;
  }
  struct walk_sort *w = arena_alloc(ctx, (u64)n * sizeof(*w) + 1);
  for (u32 i = 0; i < n; i++)
    w[i] = (struct walk_sort){
        versioned ? bfd_walk_key(ctx, full[i], (u32)strlen(full[i]),
                                 k[i].order)
                  : k[i].order,
        i};
  qsort(w, n, sizeof(*w), cmp_walk_sort);
  // In walk order: each symbol, its names and hashes.  Then, as GNU ld
  // adds them, the base version's name and each version's (its
  // symbol's, exported or not); bfd keeps each string once.
  u32 nv = ctx->nversions;
  d->walk = arena_alloc(ctx, (u64)n * sizeof(*d->walk) + 1);
  struct bfd_str *str = arena_alloc(ctx, ((u64)n + 1 + nv) * sizeof(*str));
  struct bfd_str **strp =
      arena_alloc(ctx, ((u64)n + 1 + nv) * sizeof(*strp));
  u32 *sysv = arena_alloc(ctx, (u64)n * sizeof(u32) + 1);
  u32 *gnu = arena_alloc(ctx, (u64)n * sizeof(u32) + 1);
  u32 nstr = 0;
  for (u32 i = 0; i < n; i++) {
    struct symbol *sym = ctx->exports.v[w[i].idx];
    d->walk[i] = (struct dyn_export){.sym = sym};
    // Without its version (a hidden version's name has it).
    u32 len = sym->namelen;
    const char *at = memchr(sym->name, '@', len);
    if (at)
      len = (u32)(at - sym->name);
    sysv[i] = d->walk[i].sysv = sysv_hash(sym->name, len);
    gnu[i] = d->walk[i].gnu = gnu_hash(sym->name, len);
    if (nv && is_version_symbol(ctx, sym))
      continue;                // added after the base version's name
    str[nstr] = (struct bfd_str){sym->name, len, 0, NULL};
    d->walk[i].name = nstr++;
  }
  u32 base = nstr;
  if (nv) {
    const char *b = base_version_name(ctx);
    str[nstr++] = (struct bfd_str){b, (u32)strlen(b), 0, NULL};
    u32 *walk_of = arena_alloc(ctx, ((u64)nv + 1) * sizeof(u32));
    memset(walk_of, 0xff, ((u64)nv + 1) * sizeof(u32));
    for (u32 i = 0; i < n; i++) {
      struct symbol *sym = d->walk[i].sym;
      if (is_version_symbol(ctx, sym))
        walk_of[ctx->aux[sym->aux].version->vernum] = i;
    }
    for (u32 i = 0; i < ctx->version_nodes.len; i++) {  // by vernum
      struct vers_node *t = ctx->version_nodes.v[i];
      if (!t->len)
        continue;
      str[nstr] = (struct bfd_str){t->name, t->len, 0, NULL};
      if (walk_of[t->vernum] != UINT32_MAX)
        d->walk[walk_of[t->vernum]].name = nstr;
      nstr++;
    }
  }
  for (u32 i = 0; i < nstr; i++)
    strp[i] = &str[i];
  d->dynstr_size = bfd_strtab_layout_met(ctx, strp, nstr);
  d->strs = strp;
  d->nstrs = nstr;
  for (u32 i = 0; i < n; i++)
    d->walk[i].name = str[d->walk[i].name].off;
  if (nv) {
    d->base_name = str[base].off;
    d->version_names = arena_alloc(ctx, ((u64)nv + 1) * sizeof(u32));
    for (u32 v = 1; v <= nv; v++)
      d->version_names[v] = str[base + v].off;
  }
  u32 total = d->nlocal + n;
  d->sysv_buckets = bucket_count(ctx, sysv, n, false, total);
  // .dynsym's order: by .gnu.hash's bucket, the walk's order in each.
  d->order = arena_alloc(ctx, (u64)n * sizeof(*d->order) + 1);
  if (!(ctx->cfg.hash_style & HASH_GNU) || !n) {
    for (u32 i = 0; i < n; i++)
      d->order[i] = i;
  } else {
    u32 nb = d->gnu_buckets = bucket_count(ctx, gnu, n, true, total);
    u32 *start = arena_alloc(ctx, ((u64)nb + 1) * sizeof(u32));
    memset(start, 0, ((u64)nb + 1) * sizeof(u32));
    for (u32 i = 0; i < n; i++)
      start[gnu[i] % nb + 1]++;
    for (u32 b = 0; b < nb; b++)
      start[b + 1] += start[b];
    for (u32 i = 0; i < n; i++)
      d->order[start[gnu[i] % nb]++] = i;
    // The Bloom filter's size (bfd: maskbitslog2, 64-bit words).
    u32 log2 = 1;
    for (u32 x = n; x >>= 1;)
      log2++;
    if (log2 < 3)
      log2 = 5;
    else if ((1u << (log2 - 2)) & n)
      log2 += 3;
    else
      log2 += 2;
    if (log2 == 5)
      log2 = 6;
    d->gnu_shift2 = log2;
    d->gnu_maskwords = 1u << (log2 - 6);
  }
  for (u32 i = 0; i < n; i++)
    d->walk[d->order[i]].dynindx = d->nlocal + i;
}

// Whether output section C holds the input section of C's name that
// bfd makes (_bfd_elf_omit_section_dynsym_default): .dynamic, .got,
// .got.plt, .plt, .iplt, and .data.rel.ro if bfd's went there (a -T
// script may send it elsewhere).
static bool made_by_bfd(struct ctx *ctx, struct chunk *c) {
  static const char *const made[] = {".dynamic", ".got", ".got.plt",
                                     ".plt", ".iplt"};
  for (u32 i = 0; i < sizeof(made) / sizeof(*made); i++)
    if (!strcmp(c->name, made[i]))
      return true;
  return !strcmp(c->name, ".data.rel.ro") &&
         (!script_layout(ctx) || c == ctx->dynrelro_home);
}

// .dynsym: the null symbol, and on AArch64 (GNU ld's text and data index
// sections) a section symbol for the first read-only and the first
// writable allocated PROGBITS or NOBITS section that is neither TLS nor
// one GNU ld makes itself.
static bool index_section(struct ctx *ctx, struct chunk *c, bool writable) {
  if (!has_inputs(c) || !(c->flags & SHF_ALLOC) || (c->flags & SHF_TLS) ||
      (c->type != SHT_PROGBITS && c->type != SHT_NOBITS) ||
      !!(c->flags & SHF_WRITE) != writable || !will_be_emitted(c))
    return false;
  return !made_by_bfd(ctx, c);
}

static void dynsym_sections(struct ctx *ctx, struct chunk *out[2]) {
  out[0] = out[1] = NULL;
  if (!ctx->arch->dynsym_index_sections || !has_dynamic_relocs(ctx))
    return;
  for (u32 i = 0; i < ctx->hdr_order.len; i++) {
    struct chunk *c = ctx->hdr_order.v[i];
    for (int w = 0; w < 2; w++)
      if (!out[w] && index_section(ctx, c, w))
        out[w] = c;
  }
}

static u32 nlocal_dynsyms(struct ctx *ctx) {
  struct chunk *s[2];
  dynsym_sections(ctx, s);
  return 1 + !!s[0] + !!s[1];
}

static u32 dynsym_count(struct ctx *ctx) {
  return ctx->dyn.nlocal + ctx->dyn.n;
}

void size_dynsym(struct ctx *ctx, struct chunk *c) {
  c->size = (u64)dynsym_count(ctx) * sizeof(Elf64_Sym);
}

void write_dynsym(struct ctx *ctx, struct chunk *c, u8 *buf) {
  struct chunk *s[2];
  dynsym_sections(ctx, s);
  u8 *p = buf + c->offset + sizeof(Elf64_Sym);
  for (int w = 0; w < 2; w++) {
    if (!s[w])
      continue;
    memset(p, 0, sizeof(Elf64_Sym));
    p[4] = ELF64_ST_INFO(STB_LOCAL, STT_SECTION);
    wr16(p + 6, s[w]->shndx);
    wr64(p + 8, s[w]->addr);
    p += sizeof(Elf64_Sym);
  }
  struct dyn_exports *d = &ctx->dyn;
  for (u32 i = 0; i < d->n; i++, p += sizeof(Elf64_Sym)) {
    struct dyn_export *e = &d->walk[d->order[i]];
    struct out_sym o;
    global_esym(ctx, e->sym, false, &o);
    wr_esym(p, e->name, o.info, o.other, (u16)o.shndx, o.value, o.size);
  }
}

void write_dynstr(struct ctx *ctx, struct chunk *c, u8 *buf) {
  struct dyn_exports *d = &ctx->dyn;
  char *str = (char *)buf + c->offset;
  str[0] = 0;
  for (u32 i = 0; i < d->nstrs; i++) {   // (tails and repeats: the same
    struct bfd_str *b = d->strs[i];         // bytes again)
    memcpy(str + b->off, b->s, b->len);
    str[b->off + b->len] = 0;
  }
}

void dynsym_shdr(struct ctx *ctx, struct chunk *c, u32 *link, u32 *info) {
  (void)c;
  *link = ctx->synth[CK_DYNSTR]->shndx;
  *info = ctx->dyn.nlocal;     // the locals: the null and section symbols
}

// .dynstr: the empty name, then the exports' (written with .dynsym).
void size_dynstr(struct ctx *ctx, struct chunk *c) {
  c->size = ctx->dyn.n || ctx->nversions ? ctx->dyn.dynstr_size : 1;
}

// SysV hash: the buckets, then a chain link per symbol; GNU ld puts each
// symbol at the front of its bucket's chain in its walk's order.
void size_hash(struct ctx *ctx, struct chunk *c) {
  c->size = 8 + 4 * ((u64)ctx->dyn.sysv_buckets + dynsym_count(ctx));
}

void write_hash(struct ctx *ctx, struct chunk *c, u8 *buf) {
  struct dyn_exports *d = &ctx->dyn;
  u8 *p = buf + c->offset;
  u32 nb = d->sysv_buckets;
  wr32(p, nb);
  wr32(p + 4, dynsym_count(ctx));
  u8 *bucket = p + 8, *chain = bucket + 4 * (u64)nb;
  for (u32 i = 0; i < d->n; i++) {
    struct dyn_export *e = &d->walk[i];
    u8 *b = bucket + 4 * (u64)(e->sysv % nb);
    wr32(chain + 4 * (u64)e->dynindx, rd32(b));
    wr32(b, e->dynindx);
  }
}

// GNU hash.  Without exports: one bucket, symoffset 1 (GNU ld's, whatever
// the locals), a one-word Bloom filter with no bit set.  With them: the
// Bloom filter (two bits a symbol), the buckets (each one's first
// symbol), and each symbol's hash with bit 0 set on a bucket's last.
void size_gnu_hash(struct ctx *ctx, struct chunk *c) {
  struct dyn_exports *d = &ctx->dyn;
  if (!d->n) {
    c->size = 16 + 8 + 4;
    return;
  }
  c->size = 16 + 8 * (u64)d->gnu_maskwords + 4 * (u64)d->gnu_buckets +
            4 * (u64)d->n;
}

void write_gnu_hash(struct ctx *ctx, struct chunk *c, u8 *buf) {
  struct dyn_exports *d = &ctx->dyn;
  u8 *p = buf + c->offset;
  if (!d->n) {
    wr32(p, 1);
    wr32(p + 4, 1);
    wr32(p + 8, 1);
    return;
  }
  u32 nb = d->gnu_buckets, shift2 = d->gnu_shift2;
  wr32(p, nb);
  wr32(p + 4, d->nlocal);
  wr32(p + 8, d->gnu_maskwords);
  wr32(p + 12, shift2);
  u8 *bloom = p + 16, *bucket = bloom + 8 * (u64)d->gnu_maskwords;
  u8 *values = bucket + 4 * (u64)nb;
  for (u32 i = 0; i < d->n; i++) {
    struct dyn_export *e = &d->walk[d->order[i]];
    u32 h = e->gnu, b = h % nb;
    u8 *word = bloom + 8 * (u64)((h >> 6) & (d->gnu_maskwords - 1));
    wr64(word, rd64(word) | 1ULL << (h & 63) | 1ULL << ((h >> shift2) & 63));
    if (!rd32(bucket + 4 * (u64)b))
      wr32(bucket + 4 * (u64)b, e->dynindx);
    bool last = i + 1 == d->n ||
                d->walk[d->order[i + 1]].gnu % nb != b;
    wr32(values + 4 * (u64)i, (h & ~1u) | last);
  }
}

void link_dynsym(struct ctx *ctx, struct chunk *c, u32 *link, u32 *info) {
  (void)c;
  (void)info;
  *link = reloc_symtab_shndx(ctx);
}
