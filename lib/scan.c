// scan.c: the relocation scan and the slots it asks for.
//
// Before addresses exist, every relocation in a live allocated section is
// visited once by the architecture's scan_reloc hook, which reports
// undefined symbols and records what each symbol needs: a GOT entry for
// its address, a GOT entry for its TP offset (initial-exec TLS that cannot
// be relaxed), or an IPLT entry (IFUNC).  Symbols join those lists the
// first time they are seen, in file and relocation order, so slot numbers
// are deterministic without sorting.
//
// This file also defines the symbols the linker provides (_end,
// __bss_start, __start_SEC, ...): they must exist before the scan so that
// references to them are not reported as undefined.

#include "mld.h"

#include <stdlib.h>

void need_got(struct ctx *ctx, struct symbol *sym) {
  if (sym->flags & SF_NEEDS_GOT)
    return;
  sym->flags |= SF_NEEDS_GOT;
  vec_push(ctx, &ctx->got_syms, sym);
}

// A GOT entry that a short-reach load reaches from the start of the GOT
// (AArch64's LD64_GOTPAGE_LO15, 32 KiB, used by glibc's -fpic objects):
// allocate_slots puts these first, so thousands of other entries cannot
// push them out of reach.
void need_got_near(struct ctx *ctx, struct symbol *sym) {
  need_got(ctx, sym);
  sym->flags |= SF_GOT_NEAR;
}

void need_gottp(struct ctx *ctx, struct symbol *sym) {
  if (sym->flags & SF_NEEDS_GOTTP)
    return;
  sym->flags |= SF_NEEDS_GOTTP;
  vec_push(ctx, &ctx->gottp_syms, sym);
}

// General-dynamic code that GNU ld leaves as it is (AArch64, an
// undefined weak symbol without initial-exec references): a GOT pair of
// module 1 and the offset in its block.  allocate_slots decides.
void need_gotgd(struct ctx *ctx, struct symbol *sym) {
  struct sym_aux *aux = sym_aux(ctx, sym);
  if (aux->gotgd_idx != UINT32_MAX)
    return;
  aux->gotgd_idx = UINT32_MAX - 1;
  vec_push(ctx, &ctx->gotgd_syms, sym);
}

void need_iplt(struct ctx *ctx, struct symbol *sym) {
  if (sym->flags & SF_NEEDS_IPLT)
    return;
  sym->flags |= SF_NEEDS_IPLT;
  vec_push(ctx, &ctx->iplt_syms, sym);
}

// An IFUNC referenced in a way that needs no PLT entry (a GOT load), as
// the arch's scan_reloc decides (x86-64, GNU ld's avoid_plt).  One that
// no reference gives a PLT entry keeps its GOT entry in .got, with an
// IRELATIVE of its own (size_rela_iplt; a PIE's in .rela.dyn).
void need_ifunc(struct ctx *ctx, struct symbol *sym) {
  struct sym_aux *aux = sym_aux(ctx, sym);
  if (aux->ifunc_listed)
    return;
  aux->ifunc_listed = true;
  vec_push(ctx, &ctx->ifunc_syms, sym);
}

// An executable's 64-bit address of an IFUNC in writable data: with no
// PLT entry, an IRELATIVE of its own in .rela.iplt (size_rela_iplt).
void need_ifunc_word(struct ctx *ctx, struct symbol *sym) {
  need_ifunc(ctx, sym);
  sym_aux(ctx, sym)->ifunc_words++;
}

// A call to an undefined weak symbol in a static PIE (ctx->weak_plt):
// allocate_slots gives it a PLT or a .plt.got entry.
void need_weak_plt(struct ctx *ctx, struct symbol *sym) {
  struct sym_aux *aux = sym_aux(ctx, sym);
  if (aux->pltgot_idx != UINT32_MAX)
    return;
  aux->pltgot_idx = UINT32_MAX - 1;
  vec_push(ctx, &ctx->weak_plt_syms, sym);
}

// The call to an undefined __tls_get_addr in general- or local-dynamic
// TLS code that a static PIE relaxes (x86-64): GNU ld's check_relocs
// has already given it a PLT entry, a .got.plt slot and a .rela.plt
// entry, which it never fills (zeros, and R_*_NONE).  Placed as an
// undefined weak symbol's entry.
void need_dead_plt(struct ctx *ctx, struct symbol *sym) {
  struct sym_aux *aux = sym_aux(ctx, sym);
  if (aux->dead_plt)
    return;
  aux->dead_plt = true;
  ctx->n_dead_plt++;
  need_weak_plt(ctx, sym);
}

// The sections to scan, in order, and which of their relocations the
// architecture finds quiet (scan_reloc would do nothing for them):
// sorted out on all threads, so the scan proper, in order on one thread,
// visits only the relocations that ask for something (on llvm's link,
// 19,000 of 805,000).  A section of many relocations is looked at in
// slices, so one big section of debugging information does not keep a
// thread busy while the others wait.
struct scan_slice {
  struct isec *is;
  u32 from, to;
};

struct scan_list {
  struct scan_slice *v;
  u64 **loud;                  // per slice, a bit for each relocation
                               // that is not quiet; NULL: none
};

static void sort_out_quiet(struct ctx *ctx, void *arg, u32 i) {
  struct scan_list *l = arg;
  struct scan_slice *s = &l->v[i];
  u64 *loud = NULL;
  for (u32 k = s->from; k < s->to; k++) {
    if (ctx->arch->quiet_reloc(ctx, s->is, k))
      continue;
    if (!loud)
      loud = arena_alloc(ctx, ((u64)(s->to - s->from) + 63) / 64 * 8);
    loud[(k - s->from) / 64] |= 1ULL << ((k - s->from) % 64);
  }
  l->loud[i] = loud;
  // Until the writer needs them again (input.c's release_pages).
  if (!loud)
    release_input(ctx, s->is->rels + (u64)s->from * sizeof(Elf64_Rela),
                  (u64)(s->to - s->from) * sizeof(Elf64_Rela));
}

// Slice s's relocations that are not quiet (each of them without
// quiet_reloc), in order, but those a TLS sequence before took (*next).
static void scan_slice(struct ctx *ctx, const struct scan_slice *s,
                       const u64 *loud, u32 *next) {
  u32 n = s->to - s->from;
  for (u32 w = 0; w < (n + 63) / 64; w++) {
    for (u64 bits = loud ? loud[w] : ~0ULL; bits; bits &= bits - 1) {
      u32 k = s->from + w * 64 + (u32)__builtin_ctzll(bits);
      if (k >= s->to)
        break;
      if (k >= *next)
        *next = ctx->arch->scan_reloc(ctx, s->is, k);
    }
  }
}

void scan_relocations(struct ctx *ctx) {
  // A relocation against _GLOBAL_OFFSET_TABLE_ keeps .got.plt (GNU ld's
  // got_referenced); gas names it in every object using the GOT, which
  // does not.
  ctx->got_symbol = sym_find_str(ctx, "_GLOBAL_OFFSET_TABLE_");
  // Non-allocated sections too: their relocations are applied, so they
  // are checked here like the rest (and, as in GNU ld, an undefined
  // symbol referenced from debug information is an error).
  u64 nslices = 0;
  for (u32 i = 0; i < ctx->objs.len; i++) {
    struct objfile *f = ctx->objs.v[i];
    for (u32 k = 1; k < f->shnum; k++) {
      struct isec *is = f->isecs[k];
      if (is && is->live && is->nrels && is->osec)
        nslices += (is->nrels + RELOC_SLICE - 1) / RELOC_SLICE;
    }
  }
  struct scan_list l = {arena_alloc(ctx, nslices * sizeof(*l.v)),
                        arena_alloc(ctx, (nslices + 1) * sizeof(u64 *))};
  u32 n = 0;
  for (u32 i = 0; i < ctx->objs.len; i++) {
    struct objfile *f = ctx->objs.v[i];
    for (u32 k = 1; k < f->shnum; k++) {
      struct isec *is = f->isecs[k];
      if (!is || !is->live || !is->nrels || !is->osec)
        continue;
      ctx->stat_relocs += is->nrels;
      for (u32 from = 0; from < is->nrels; from += RELOC_SLICE)
        l.v[n++] = (struct scan_slice){
            is, from,
            is->nrels - from > RELOC_SLICE ? from + RELOC_SLICE : is->nrels};
    }
  }
  if (ctx->arch->quiet_reloc)
    parallel_for(ctx, n, sort_out_quiet, &l);
  u32 next = 0;
  for (u32 i = 0; i < n; i++) {
    struct scan_slice *s = &l.v[i];
    if (s->from == 0)
      next = 0;                // a section's first slice
    if (ctx->arch->quiet_reloc && !l.loud[i])
      continue;
    scan_slice(ctx, s, l.loud[i], &next);
    // Of a non-allocated section, the slices scanned go now too.
    if (ctx->arch->quiet_reloc && !(s->is->osec->flags & SHF_ALLOC))
      release_input(ctx, s->is->rels + (u64)s->from * sizeof(Elf64_Rela),
                    (u64)(s->to - s->from) * sizeof(Elf64_Rela));
  }
  if (ctx->arch->after_scan)
    ctx->arch->after_scan(ctx);
}

// Sizes of the GOT, the IPLT and their relocations.
// GOT entries in GNU ld's order: the inputs' local symbols, file by file
// in symbol-table order, then the globals as its hash table holds them
// (bfd_hash buckets; in one bucket the name first seen last first), then
// the local IFUNCs.  Each takes one word, or two for a GD pair (kind: 0
// an address, 1 a TP offset, 2 a GD pair).
static void add_got_key(struct ctx *ctx, struct order_key *k, u32 *n,
                        struct symbol *sym, u8 kind) {
  struct order_key *e = &k[(*n)++];
  bool local = sym->binding == STB_LOCAL && sym->file;
  bool ifunc = sym_is_ifunc(sym);
  // Local IFUNCs come last, as GNU ld allocates them after the globals
  // (and, on some targets, the global IFUNCs after the other globals).
  e->group = local ? (ifunc ? 3 : 0)
                   : (ifunc && ctx->arch->ifunc_got_after_globals) ? 2 : 1;
  e->order = local ? (u64)sym->file->priority << 32 | sym->symidx
                   : BFD_WALK;
  e->kind = kind;
  e->sym = sym;
}

// GOT entries: plain, initial-exec and general-dynamic (a pair), in
// GNU ld's hash table order.  Returns how many words they take.
static u32 allocate_got(struct ctx *ctx) {
  u32 res = ctx->arch->got_reserved, n = 0;
  for (u32 i = 0; i < ctx->got_syms.len; i++) {
    struct symbol *sym = ctx->got_syms.v[i];
    // A static PIE's, as GNU ld makes them, on every target.
    if ((ctx->arch->ifunc_got_is_gotplt || ctx->cfg.pie) &&
        (sym->flags & SF_NEEDS_IPLT) &&
        !(sym->flags & SF_ADDR_EQ))
      sym->flags |= SF_GOT_IS_GOTPLT;
  }
  // A GD pair only without an initial-exec entry: with one, GNU ld makes
  // the general-dynamic code initial-exec too.
  for (u32 i = 0; i < ctx->gotgd_syms.len; i++) {
    struct symbol *sym = ctx->gotgd_syms.v[i];
    if (sym->flags & SF_NEEDS_GOTTP)
      sym_aux(ctx, sym)->gotgd_idx = UINT32_MAX;
  }
  u64 total = (u64)ctx->got_syms.len + ctx->gottp_syms.len +
              ctx->gotgd_syms.len;
  struct order_key *keys = arena_alloc(ctx, total * sizeof(*keys) + 1);
  u32 nk = 0;
  bool any_near = false;
  for (u32 i = 0; i < ctx->got_syms.len; i++) {
    struct symbol *sym = ctx->got_syms.v[i];
    if (!(sym->flags & SF_GOT_IS_GOTPLT))
      add_got_key(ctx, keys, &nk, sym, 0);
    any_near |= (sym->flags & SF_GOT_NEAR) != 0;
  }
  for (u32 i = 0; i < ctx->gottp_syms.len; i++)
    add_got_key(ctx, keys, &nk, ctx->gottp_syms.v[i], 1);
  for (u32 i = 0; i < ctx->gotgd_syms.len; i++)
    if (sym_aux(ctx, ctx->gotgd_syms.v[i])->gotgd_idx == UINT32_MAX - 1)
      add_got_key(ctx, keys, &nk, ctx->gotgd_syms.v[i], 2);
  bfd_walk_orders(ctx, keys, nk);
  qsort(keys, nk, sizeof(*keys), cmp_order_key);
  u64 words = res;
  for (u32 i = 0; i < nk; i++)
    words += keys[i].kind == 2 ? 2 : 1;
  // Short-reach loads (LD64_GOTPAGE_LO15) reach 32 KiB from the GOT's
  // page: a GOT that large puts their entries first, where GNU ld would
  // fail.
  bool near_first = any_near && words * 8 > 32768 - 4096;
  for (int pass = near_first ? 1 : 0; pass >= 0; pass--)
    for (u32 i = 0; i < nk; i++) {
      struct order_key *k = &keys[i];
      bool near = k->kind == 0 && (k->sym->flags & SF_GOT_NEAR);
      if (near_first && near != (pass == 1))
        continue;
      struct sym_aux *aux = sym_aux(ctx, k->sym);
      if (k->kind == 0)
        aux->got_idx = res + n++;
      else if (k->kind == 1)
        aux->gottp_idx = res + n++;
      else {
        aux->gotgd_idx = res + n;
        n += 2;
      }
    }
  return n;
}

// An undefined weak function a static PIE calls, as GNU ld's x86-64
// decides (elf_x86_allocate_dynrelocs): with a GOT entry too, and no
// reference needing its one address, a .plt.got entry jumping through
// that GOT entry; else a PLT entry among the IFUNCs', whose .got.plt
// slot stays 0.  Both kinds in its hash table's order.
static void allocate_weak_plt(struct ctx *ctx) {
  ctx->n_irelative = ctx->iplt_syms.len;
  u32 nw = ctx->weak_plt_syms.len, np = 0;
  struct order_key *wk = arena_alloc(ctx, (u64)nw * sizeof(*wk) + 1);
  for (u32 i = 0; i < nw; i++) {
    struct symbol *sym = ctx->weak_plt_syms.v[i];
    sym_aux(ctx, sym)->pltgot_idx = UINT32_MAX;
    if ((sym->flags & (SF_NEEDS_GOT | SF_ADDR_EQ)) == SF_NEEDS_GOT)
      add_got_key(ctx, wk, &np, sym, 0);
    else
      vec_push(ctx, &ctx->iplt_syms, sym);
  }
  bfd_walk_orders(ctx, wk, np);
  qsort(wk, np, sizeof(*wk), cmp_order_key);
  for (u32 i = 0; i < np; i++) {
    vec_push(ctx, &ctx->pltgot_syms, wk[i].sym);
    sym_aux(ctx, wk[i].sym)->pltgot_idx = i;
  }
}

// IPLT entries in GNU ld's order too: the globals as its hash table holds
// them, then the local IFUNCs (here in the order first seen).
static void order_iplt(struct ctx *ctx) {
  u32 ni = ctx->iplt_syms.len;
  struct order_key *ik = arena_alloc(ctx, (u64)ni * sizeof(*ik) + 1);
  for (u32 i = 0; i < ni; i++) {
    struct symbol *sym = ctx->iplt_syms.v[i];
    u32 k = i;
    add_got_key(ctx, ik, &k, sym, 0);
    if (ik[i].group != 1 && ik[i].group != 2) {  // local: last, as seen
      ik[i].group = 3;
      ik[i].order = i;
    }
  }
  bfd_walk_orders(ctx, ik, ni);
  qsort(ik, ni, sizeof(*ik), cmp_order_key);
  for (u32 i = 0; i < ni; i++) {
    ctx->iplt_syms.v[i] = ik[i].sym;
    sym_aux(ctx, ik[i].sym)->iplt_idx = i;
  }
}

void allocate_slots(struct ctx *ctx) {
  u32 n = allocate_got(ctx);
  allocate_weak_plt(ctx);
  order_iplt(ctx);
  ctx->got_entries = n;
  ctx->stat_got = n;
  ctx->stat_iplt = ctx->iplt_syms.len;
}

u64 got_entry_addr(struct ctx *ctx, struct symbol *sym) {
  // IFUNC slots are the last words of .got.plt.
  if (sym->flags & SF_GOT_IS_GOTPLT)
    return ctx->synth[CK_GOTPLT]->addr + ctx->synth[CK_GOTPLT]->size -
           (u64)(ctx->iplt_syms.len - ctx->aux[sym->aux].iplt_idx) * 8;
  return ctx->synth[CK_GOT]->addr + ctx->got_base +
         (u64)ctx->aux[sym->aux].got_idx * 8;
}

u64 gottp_entry_addr(struct ctx *ctx, struct symbol *sym) {
  return ctx->synth[CK_GOT]->addr + ctx->got_base +
         (u64)ctx->aux[sym->aux].gottp_idx * 8;
}

bool has_gotgd(struct ctx *ctx, struct symbol *sym) {
  return ctx->aux[sym->aux].gotgd_idx < UINT32_MAX - 1;
}

u64 gotgd_entry_addr(struct ctx *ctx, struct symbol *sym) {
  return ctx->synth[CK_GOT]->addr + ctx->got_base +
         (u64)ctx->aux[sym->aux].gotgd_idx * 8;
}

u64 iplt_entry_addr(struct ctx *ctx, struct symbol *sym) {
  return ctx->synth[CK_IPLT]->addr + ctx->plt_header +
         (u64)ctx->aux[sym->aux].iplt_idx * ctx->iplt_size;
}

// Where a static PIE's call to an undefined weak symbol goes: its PLT or
// .plt.got entry; 0 if it has neither.
u64 weak_plt_entry_addr(struct ctx *ctx, struct symbol *sym) {
  struct sym_aux *aux = sym->aux ? &ctx->aux[sym->aux] : NULL;
  if (!aux)
    return 0;
  if (aux->pltgot_idx != UINT32_MAX)
    return ctx->synth[CK_PLTGOT]->addr + (u64)aux->pltgot_idx * 8;
  if (aux->iplt_idx != UINT32_MAX)
    return iplt_entry_addr(ctx, sym);
  return 0;
}

//
// Linker-defined symbols
//

static const struct linker_sym linker_syms[] = {
    {"__ehdr_start", W_EHDR, NULL, STV_HIDDEN, false},
    {"__executable_start", W_BASE, NULL, STV_DEFAULT, false},
    {"__etext", W_ETEXT, NULL, STV_DEFAULT, false},
    {"_etext", W_ETEXT, NULL, STV_DEFAULT, false},
    {"etext", W_ETEXT, NULL, STV_DEFAULT, false},
    {"_edata", W_EDATA, NULL, STV_DEFAULT, true},
    {"edata", W_EDATA, NULL, STV_DEFAULT, false},
    {"__bss_start", W_BSS_START, NULL, STV_DEFAULT, true},
    {"_end", W_END_IMAGE, NULL, STV_DEFAULT, true},
    {"end", W_END_IMAGE, NULL, STV_DEFAULT, false},
    {"__preinit_array_start", W_START, ".preinit_array", STV_HIDDEN, false},
    {"__preinit_array_end", W_END, ".preinit_array", STV_HIDDEN, false},
    {"__init_array_start", W_START, ".init_array", STV_HIDDEN, false},
    {"__init_array_end", W_END, ".init_array", STV_HIDDEN, false},
    {"__fini_array_start", W_START, ".fini_array", STV_HIDDEN, false},
    {"__fini_array_end", W_END, ".fini_array", STV_HIDDEN, false},
    {"__rela_iplt_start", W_START, ".rela.plt", STV_HIDDEN, false},
    {"__rela_iplt_end", W_END, ".rela.plt", STV_HIDDEN, false},
    {"_DYNAMIC", W_START, ".dynamic", STV_HIDDEN, true},
    {"_GLOBAL_OFFSET_TABLE_", W_START, ".got.plt", STV_HIDDEN, false},
    {"__GNU_EH_FRAME_HDR", W_START, ".eh_frame_hdr", STV_HIDDEN, false},
    {"__tdata_start", W_START, ".tdata", STV_HIDDEN, false},
    {"_TLS_MODULE_BASE_", W_TLS_BASE, NULL, STV_HIDDEN, false},
};

struct chunk *chunk_named(struct ctx *ctx, const char *name) {
  if (ctx->chunk_index) {      // create_chunks' table, in chunk order
    for (struct chunk *c = chunk_chain(ctx, name); c; c = c->hash_next)
      if (!strcmp(c->name, name) && c->kind != CK_EHDR)
        return c;
    return NULL;
  }
  for (u32 i = 0; i < ctx->chunks.len; i++) {
    struct chunk *c = ctx->chunks.v[i];
    if (!strcmp(c->name, name) && c->kind != CK_EHDR)
      return c;
  }
  return NULL;
}

// --defsym's symbol from its expression: its type and visibility, whether
// it is absolute or in a section, and (FINAL: once layout has run, or a
// constant) its value.  Errors are reported once, though layout may run again.
static void eval_defsym(struct ctx *ctx, struct symbol *sym, bool final) {
  struct sym_aux *aux = &ctx->aux[sym->aux];
  struct expr_value v;
  bool quiet = !final || (sym->flags & SF_REPORTED);
  if (!eval_expr(ctx, aux->expr, aux->defsym_text, quiet, &v) && !quiet)
    sym->flags |= SF_REPORTED;
  sym->type = aux->shadowed ? aux->shadow_type : v.type;
  sym->visibility = merge_visibility(sym->visibility, v.vis);
  aux->osec = v.sec;
  if (v.sec)
    sym->flags &= ~SF_ABS;
  else
    sym->flags |= SF_ABS;
  // A constant's value is known at once (x86-64's GOTPCRELX relaxation
  // looks at it when relocations are scanned, as GNU ld does; set before
  // the scan, never after, so that scan and apply decide alike).
  bool constant = expr_is_constant(aux->expr);
  if (final || constant)
    sym->value = v.v;
  if (!final && constant && !v.sec) {
    aux->const_known = true;
    aux->const_value = v.v;
  }
}

// The section __start_SEC or __stop_SEC names (SEC), or NULL.
const char *start_stop_target(const char *name) {
  return !strncmp(name, "__start_", 8) ? name + 8
         : !strncmp(name, "__stop_", 7) ? name + 7
                                         : NULL;
}

// __start_SEC's and __stop_SEC's visibility: -z start-stop-visibility's,
// protected by default.
u8 start_stop_visibility(const struct ctx *ctx) {
  return ctx->cfg.start_stop_visibility ? ctx->cfg.start_stop_visibility - 1
                                        : STV_PROTECTED;
}

// A section name __start_ and __stop_ symbols are made for.
bool is_c_identifier(const char *s) {
  if (!*s)
    return false;
  for (; *s; s++)
    if (!(*s == '_' || (*s >= 'a' && *s <= 'z') || (*s >= 'A' && *s <= 'Z') ||
          (*s >= '0' && *s <= '9')))
      return false;
  return true;
}

static void define_one(struct ctx *ctx, const char *name, u8 vis, bool always,
                       struct chunk *osec, u32 order, u8 where, bool at_end) {
  struct symbol *sym = sym_find_str(ctx, name);
  if (!sym && !always)
    return;
  if (sym && sym->state != SYM_UNDEF)
    return;
  if (!sym)
    sym = sym_intern(ctx, name, strlen(name));
  sym->state = SYM_DEFINED;
  sym->flags |= SF_LINKER;
  sym->binding = STB_GLOBAL;
  sym->type = where == W_TLS_BASE ? STT_TLS : STT_NOTYPE;
  sym->file = NULL;
  if (vis != STV_DEFAULT && (sym->visibility == STV_DEFAULT ||
                             sym->visibility > vis))
    sym->visibility = vis;
  if (vis == STV_HIDDEN)
    sym->flags |= SF_SCRIPT_HIDDEN;
  struct sym_aux *aux = sym_aux(ctx, sym);
  aux->osec = osec;
  aux->order = order;
  // where and at_end are packed into symidx, unused for linker symbols.
  sym->symidx = (u32)where << 1 | at_end;
  vec_push(ctx, &ctx->linker_syms, sym);
}

// _GLOBAL_OFFSET_TABLE_ or _DYNAMIC: the objects bfd's back ends define
// (not a script), in their sections.
bool is_dynobj_symbol(const struct symbol *sym) {
  return (sym->flags & SF_LINKER) &&
         (!strcmp(sym->name, "_GLOBAL_OFFSET_TABLE_") ||
          !strcmp(sym->name, "_DYNAMIC"));
}

// SYM becomes a global the linker defines, at 0 until its WHERE says
// otherwise, of TYPE (versions.c's and -r --split-by-file's symbols).
void define_linker_symbol(struct ctx *ctx, struct symbol *sym, u8 type,
                          enum where where) {
  sym->state = SYM_DEFINED;
  sym->flags |= SF_LINKER;
  sym->binding = STB_GLOBAL;
  sym->type = type;
  sym->file = NULL;
  sym->value = 0;
  sym->symidx = (u32)where << 1;
  vec_push(ctx, &ctx->linker_syms, sym);
}

bool has_tls(struct ctx *ctx) {
  for (u32 i = 0; i < ctx->chunks.len; i++) {
    struct chunk *c = ctx->chunks.v[i];
    if ((c->flags & SHF_TLS) && c->isecs.len)
      return true;
  }
  return false;
}

void define_linker_symbols(struct ctx *ctx) {
  for (u32 i = 0; i < sizeof(linker_syms) / sizeof(*linker_syms); i++) {
    const struct linker_sym *ls = &linker_syms[i];
    // A script of one's own defines what GNU ld's default script does;
    // the ELF target still defines these.
    if (script_layout(ctx) && strcmp(ls->name, "__ehdr_start") &&
        strcmp(ls->name, "_GLOBAL_OFFSET_TABLE_") &&
        strcmp(ls->name, "_TLS_MODULE_BASE_") &&
        strcmp(ls->name, "__GNU_EH_FRAME_HDR") && strcmp(ls->name, "_DYNAMIC"))
      continue;
    if (ls->where == W_EHDR && script_assigns(ctx, ls->name))
      continue;
    struct chunk *c = ls->section ? chunk_named(ctx, ls->section) : NULL;
    bool always = ls->always;
    // GNU ld's script for a PIE has no __rela_iplt_*; only a PIE has
    // .dynamic.
    if (ls->section && !strcmp(ls->section, ".rela.plt") && ctx->cfg.pie)
      continue;
    if (ls->section && !strcmp(ls->section, ".dynamic") &&
        (!c || c->kind != CK_DYNAMIC))
      continue;
    if (ls->where == W_TLS_BASE)
      always = ctx->arch->tls_module_base_always && has_tls(ctx);
    // --eh-frame-hdr in a static executable defines it (GNU ld's elf.em)
    // if there is an .eh_frame to index: GNU ld makes no .eh_frame_hdr
    // without one.
    if (c && c == ctx->synth[CK_EH_FRAME_HDR])
      always = ctx->cfg.eh_frame_hdr && ctx->synth[CK_EH_FRAME] &&
               will_be_emitted(ctx->synth[CK_EH_FRAME]);
    if (!strcmp(ls->name, "_GLOBAL_OFFSET_TABLE_")) {
      // On AArch64 it is the start of .got (AAELF64's GOT), which GNU ld
      // defines it with whether or not anything names it.
      if (!ctx->arch->gotplt_is_got_symbol) {
        define_one(ctx, ls->name, ls->vis, true, ctx->synth[CK_GOT], 0,
                   W_GOT, false);
        continue;
      }
      // With -z now, .got.plt is the start of .got; a script may put it
      // after .got's entries (script_got_join).
      if (gotplt_in_got(ctx))
        c = ctx->synth[ctx->script_got_join == 1 ? CK_GOTPLT : CK_GOT];
      // x86-64 GNU ld defines it with .got.plt, which it keeps with any
      // GOT or PLT entry, named or not (.symtab lists it only then:
      // got_symbol_unlisted).
      always = true;
    }
    define_one(ctx, ls->name, ls->vis, always, c,
               ls->section ? script_order(ctx, ls->section) : 0, ls->where,
               ls->where == W_END);
  }
  // The target's own script symbols.
  for (u32 i = 0; !script_layout(ctx) && i < ctx->arch->nlinker_syms; i++) {
    const struct linker_sym *ls = &ctx->arch->linker_syms[i];
    struct chunk *c = ls->section ? chunk_named(ctx, ls->section) : NULL;
    define_one(ctx, ls->name, ls->vis, ls->always, c,
               ls->section ? script_order(ctx, ls->section) : 0, ls->where,
               ls->where == W_END);
  }
  // --defsym ALIAS=SYM has SYM's type from here on, and SYM's visibility
  // if that is more constraining, as GNU ld copies them: the scan must see
  // an alias of an IFUNC as an IFUNC.  Whether the value is absolute is
  // known too (not its value: layout has not run).
  for (u32 i = 0; i < ctx->linker_syms.len; i++)
    if (ctx->linker_syms.v[i] &&
        ((struct symbol *)ctx->linker_syms.v[i])->symidx >> 1 == W_DEFSYM)
      eval_defsym(ctx, ctx->linker_syms.v[i], false);
  // __start_SEC and __stop_SEC for sections named like C identifiers.
  u8 vis = start_stop_visibility(ctx);
  for (u32 i = 0; i < ctx->chunks.len; i++) {
    struct chunk *c = ctx->chunks.v[i];
    if (c->kind != CK_REGULAR || !is_c_identifier(c->name))
      continue;
    for (u32 end = 0; end < 2; end++) {
      const char *name =
          arena_printf(ctx, end ? "__stop_%s" : "__start_%s", c->name);
      define_one(ctx, name, vis, false, c, 0, end ? W_END : W_START, end);
      // GNU ld lists them GLOBAL whatever their visibility (hidden with
      // -z start-stop-visibility=hidden), not as PROVIDE_HIDDEN locals.
      struct symbol *sym = sym_find_str(ctx, name);
      if (sym && (sym->flags & SF_LINKER))
        sym->flags &= ~SF_SCRIPT_HIDDEN;
    }
  }
}

// The location counter where the script's section of this order stands
// when no input made it (its PROVIDE_HIDDEN (__preinit_array_start = .)
// takes that value in GNU ld): past the allocated section before it, a
// TLS zero-fill section taking no room; 0 if the script has no such
// section.
static u64 absent_section_addr(struct ctx *ctx, u32 order) {
  u64 dot = 0;
  if (!order)
    return 0;
  for (u32 i = 0; i < ctx->chunks.len; i++) {
    struct chunk *c = ctx->chunks.v[i];
    if (c->order >= order)
      break;
    if (!(c->flags & SHF_ALLOC) || !is_emitted(c))
      continue;
    if (c->kind == CK_EHDR) {
      dot = ctx->dot_start;
      continue;
    }
    // Past the section before it, wherever -Ttext and the like put that.
    if (!chunk_is_tbss(c))
      dot = c->addr + c->size;
    else if (c->addr > dot)
      dot = c->addr;
  }
  return dot;
}

// Where the default layout's "etext = .", "_edata = .", "__bss_start =
// ." and "_end = ." stand: the address and the section holding it.
struct marks {
  u64 etext, edata, end;
  struct chunk *etext_c, *edata_c, *end_c;
  struct chunk *bss_c;          // the first allocated section after edata_c
  // What a script INSERTs BEFORE .bss comes before "__bss_start = .".
  u64 inserted_end;
  struct chunk *after_inserted;
};

// The marks from the allocated sections, empty ones the output keeps
// included (-q's).  The script's assignments, where they stand among its
// sections: the location counter there, whatever the addresses given by
// -Ttext and the like make of it (so not the highest address).  Orphans
// given an address come after them all.
static void find_marks(struct ctx *ctx, struct marks *m) {
  bool past_bss = false;        // x86-64 .ldata after .bss is not data
  u32 data_part = script_point(SP_DATA), after = script_point(SP_END);
  for (u32 i = 0; i < ctx->chunks.len; i++) {
    struct chunk *c = ctx->chunks.v[i];
    // (One inside another, as .got.plt in .got with -z now, is in its
    // home's size.)
    if (!(c->flags & SHF_ALLOC) || c->kind == CK_EHDR ||
        (!c->size && !c->keep_empty) || c->order >= after || c->home)
      continue;
    if (c->flags & SHF_EXECINSTR) {
      m->etext = c->addr + c->size;
      m->etext_c = c;
    }
    if ((c->flags & SHF_TLS) && c->type == SHT_NOBITS)
      continue;
    if (c->type == SHT_NOBITS && c->order >= data_part)
      past_bss = true;
    // "_edata = ." stands before .bss's statement, and so before what
    // a script INSERTs BEFORE .bss.
    bool before_bss = c->order < KEY(O_BSS) - 0x100;
    if (c->stmt && !before_bss && c->order < KEY(O_BSS) && c->size)
      m->inserted_end = c->addr + c->size;
    else if (m->inserted_end && !m->after_inserted && c->order >= KEY(O_BSS))
      m->after_inserted = c;
    if ((c->flags & SHF_WRITE) && c->type != SHT_NOBITS && !past_bss &&
        c->order >= data_part && before_bss) {
      m->edata = c->addr + c->size;
      m->edata_c = c;
      m->bss_c = NULL;
    } else if (m->edata_c && !m->bss_c) {
      m->bss_c = c;
    }
    m->end = c->addr + c->size;
    m->end_c = c;
  }
}

// No writable section with contents: "_edata = ." and what follows
// stand where the writable part starts, in the section after (GNU ld's
// section_for_dot after ". = DATA_SEGMENT_ALIGN"), or the one before;
// "_end = ." no lower.
static void marks_without_data(struct ctx *ctx, struct marks *m) {
  u32 data_part = script_point(SP_DATA);
  m->edata = ctx->data_start;
  struct chunk *before = NULL;
  for (u32 i = 0; i < ctx->chunks.len && !m->bss_c; i++) {
    struct chunk *c = ctx->chunks.v[i];
    if (!(c->flags & SHF_ALLOC) || c->kind == CK_EHDR ||
        (!c->size && !c->keep_empty) || (c->flags & SHF_TLS))
      continue;
    if (c->order < data_part)
      before = c;
    else
      m->bss_c = c;
  }
  m->edata_c = m->bss_c ? m->bss_c : before;
  if (m->end < m->edata) {
    m->end = m->edata;
    m->end_c = m->edata_c;
  }
}

// The value (and section) of linker-defined symbol SYM.
static void fix_linker_symbol(struct ctx *ctx, struct symbol *sym,
                              const struct marks *m) {
  struct sym_aux *aux = &ctx->aux[sym->aux];
  enum where w = sym->symidx >> 1;
  switch (w) {
  case W_START:
    sym->value = aux->osec ? aux->osec->addr : absent_section_addr(ctx, aux->order);
    break;
  case W_END:
    sym->value = aux->osec ? aux->osec->addr + aux->osec->size
                           : absent_section_addr(ctx, aux->order);
    break;
  case W_EHDR:
    // In the lowest section's segment, or the one after (GNU ld).
    sym->value = ctx->synth[CK_EHDR]->addr;
    aux->osec = ctx->lowest ? ctx->lowest : ctx->synth[CK_EHDR];
    break;
  case W_BASE:
    sym->value = image_base(ctx);
    aux->osec = ctx->synth[CK_EHDR];
    break;
  case W_ETEXT:
    sym->value = m->etext;
    aux->osec = m->etext_c;
    break;
  case W_EDATA:
    sym->value = m->edata;
    aux->osec = m->edata_c;
    break;
  case W_BSS_START:
    sym->value = m->inserted_end ? m->inserted_end : m->edata;
    aux->osec = m->inserted_end && m->after_inserted ? m->after_inserted
                : m->bss_c                           ? m->bss_c
                                                     : m->edata_c;
    break;
  case W_END_IMAGE:
    sym->value = m->end;
    aux->osec = m->end_c;
    break;
  case W_GOT:
    sym->value = ctx->synth[CK_GOT]->addr + ctx->got_base;
    break;
  case W_TLS_BASE:
    sym->value = ctx->arch->tls_module_base_at_end ? ctx->tls_end
                                                    : ctx->tls_start;
    aux->osec = ctx->tls_first;
    break;
  case W_DEFSYM:              // below, once the others have values
  case W_SCRIPT:              // script_layout.c gave it its value
  case W_VERSION:             // absolute 0
  case W_SPLIT:               // -r only
    break;
  }
}

// Values of linker-defined symbols, once addresses are known.
void fix_linker_symbols(struct ctx *ctx) {
  struct marks m = {0};
  find_marks(ctx, &m);
  if (!m.edata_c && !script_layout(ctx))
    marks_without_data(ctx, &m);
  m.end = align_up(m.end, 8);
  for (u32 i = 0; i < ctx->linker_syms.len; i++)
    fix_linker_symbol(ctx, ctx->linker_syms.v[i], &m);
  eval_defsyms(ctx);
}

// Each --defsym's value, once the symbols it names have theirs.
void eval_defsyms(struct ctx *ctx) {
  for (u32 i = 0; i < ctx->linker_syms.len; i++) {
    struct symbol *sym = ctx->linker_syms.v[i];
    if (sym->symidx >> 1 == W_DEFSYM)
      eval_defsym(ctx, sym, true);
  }
}

// SYM leaves the linker's symbols: no value is given it from here on, and
// .symtab does not list it.
void forget_linker_symbol(struct ctx *ctx, struct symbol *sym) {
  u32 n = 0;
  for (u32 i = 0; i < ctx->linker_syms.len; i++)
    if (ctx->linker_syms.v[i] != sym)
      ctx->linker_syms.v[n++] = ctx->linker_syms.v[i];
  ctx->linker_syms.len = n;
}

// A linker symbol that turns out not to exist once addresses are known,
// referenced only weakly: 0 for its references, as an undefined weak
// symbol, and no entry in .symtab.
void undefine_linker_symbol(struct ctx *ctx, struct symbol *sym) {
  forget_linker_symbol(ctx, sym);
  sym->value = 0;
  ctx->aux[sym->aux].osec = NULL;
}

// The entry point, once symbols have their final values.
void set_entry(struct ctx *ctx) {
  const char *entry = entry_symbol(ctx);
  struct symbol *e = sym_find_str(ctx, entry);
  char *end;
  if (e && e->state == SYM_DEFINED) {
    ctx->entry_addr = e->value;
  } else if (entry[0] && (ctx->entry_addr = strtoull(entry, &end, 0), !*end)) {
    // -e NUMBER: that address, as GNU ld (bfd_scan_vma, base 0).
  } else {
    // The start of .text, with a warning only if an entry was asked for:
    // by -e, ENTRY, or GNU ld's default script's ENTRY(_start); a -T
    // script without ENTRY asks for none (ldlang.c's lang_end).
    struct chunk *text = chunk_named(ctx, ".text");
    ctx->entry_addr = text ? text->addr : 0;
    bool asked = ctx->cfg.entry || ctx->script_entry || !script_layout(ctx);
    // GNU ld's own undefined reference: .symtab lists it (synthetic.c).
    if (asked && entry[0]) {
      ctx->entry_undef = sym_intern(ctx, entry, strlen(entry));
      ctx->entry_undef->ref_flags |= SF_REF_STRONG | SF_REFERENCED;
    }
    if (asked && text)
      warn(ctx, "cannot find entry symbol %s; defaulting to %016llx", entry,
           (unsigned long long)ctx->entry_addr);
    else if (asked)
      warn(ctx, "cannot find entry symbol %s; not setting start address",
           entry);
  }
}
