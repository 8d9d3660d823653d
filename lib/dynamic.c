// dynamic.c: what a static PIE adds to a static executable.
//
// A static PIE (gcc -static-pie: -static -pie --no-dynamic-linker) is an
// ET_DYN linked at address 0 and loaded anywhere.  Nothing resolves
// symbols at run time: every symbol is the executable's own, and TLS is
// local-exec, as in a static link.  What moves with the load address is
// every absolute address the image holds, so each gets an R_*_RELATIVE
// in .rela.dyn (its addend the link-time address, also written in
// place), and a data word holding an IFUNC's address an R_*_IRELATIVE
// after them.  glibc's start-up code (_dl_relocate_static_pie) finds them
// through _DYNAMIC: .dynamic lists .rela.dyn, .rela.plt (the IFUNCs' PLT
// slots, DT_JMPREL), an empty .dynsym and .dynstr, and the hash tables
// GNU ld writes for them.  The layout, tags and their order are GNU ld
// 2.40's for -static-pie.

#include "mld.h"

#include <stdlib.h>

// Whether an absolute address of the target moves with the load address:
// an undefined weak symbol stays 0 and an absolute symbol its value.
static bool moves(const struct reloc_sym *rs) {
  return rs->defined && !rs->abs;
}

// The input sections whose relocations are applied in an allocated output
// section (output.c's write_sections copies the same ones).
static bool relocated_alloc(struct isec *is) {
  return is->live && is->nrels && is->osec && !is->mout && is->data &&
         (is->osec->flags & SHF_ALLOC) && is->osec->type != SHT_NOBITS;
}

// GNU ld's words (x86-64's elf_x86_64_need_pic for a PIE): a global
// symbol is "undefined" if it is, and named by its visibility; the
// advice to recompile only for a default one or a local symbol.
static void pie_reloc_error(struct ctx *ctx, struct isec *is, u32 type,
                            const struct reloc_sym *rs, enum pie_reloc how) {
  const char *rn = ctx->arch->reloc_name(type);
  const char *name = reloc_sym_name(rs);
  if (how == PIE_ERROR_PIE || how == PIE_PCREL) {
    static const char *const vis[] = {"symbol ", "internal symbol ",
                                      "hidden symbol ", "protected symbol "};
    u8 v = rs->sym ? rs->sym->visibility & 3 : 0;
    error(ctx, "%s: relocation %s against %s%s`%s' can not be used when "
          "making a PIE object%s", is->file->name, rn,
          rs->sym && !rs->defined ? "undefined " : "",
          rs->local_section ? "" : vis[v], name,
          v ? "" : "; recompile with -fPIE");
  }
  else
    error(ctx, "%s: relocation %s against `%s' can not be used when making "
          "a shared object%s", is->file->name, rn, name,
          how == PIE_ERROR_SHARED_PIC ? "; recompile with -fPIC" : "");
}

// What a relocation type is to this static PIE: with x86-64's
// -z noreloc-overflow, a 32-bit absolute address is relocated as a
// 64-bit one (an R_*_RELATIVE over the field: GNU ld's, for kernels
// that relocate themselves), and a sign-extended one gets a reserved
// slot GNU ld leaves R_*_NONE.
static enum pie_reloc pie_kind(struct ctx *ctx, u32 type) {
  enum pie_reloc how = ctx->arch->pie_reloc(type);
  if (how == PIE_ERROR_PIE && ctx->cfg.z_noreloc_overflow)
    return PIE_ABS64;
  if (how == PIE_ERROR_PIE_NONE && !ctx->cfg.z_noreloc_overflow)
    return PIE_ERROR_PIE;
  return how;
}

// Whether GNU ld checks text relocations: -z text (an error),
// --warn-textrel, and x86-64 unless -z notext.
static bool textrel_checked(struct ctx *ctx) {
  return ctx->cfg.z_text || ctx->cfg.warn_textrel ||
         (ctx->arch->warn_textrel && !ctx->cfg.z_notext);
}

// The first text relocations (an address in a read-only section), as
// GNU ld names them where it checks: it looks at those against local
// symbols first (x86-64 names the first one's section; AArch64 none),
// and at those against global symbols only if there were none.
struct textrel {
  struct isec *local, *global;
  const char *name;            // the global one's symbol
};

static void note_textrel(struct ctx *ctx, struct textrel *t, struct isec *is,
                         const struct reloc_sym *rs) {
  ctx->textrel = true;
  if (!rs->sym && !t->local) {
    t->local = is;
  } else if (rs->sym && !t->global) {
    t->global = is;
    t->name = reloc_sym_name(rs);
  }
}

static void report_textrel(struct ctx *ctx, const struct textrel *t) {
  if (!ctx->textrel)
    return;
  bool checked = textrel_checked(ctx);
  if (checked && t->local && ctx->arch->warn_textrel)
    gnu_warning(ctx, "%s: warning: relocation in read-only section `%s'",
                t->local->file->name, isec_name(t->local));
  else if (checked && !t->local)
    gnu_warning(ctx, "%s: warning: relocation against `%s' in read-only "
                "section `%s'", t->global->file->name, t->name,
                isec_name(t->global));
  // An IFUNC's address that the start-up code resolves (GNU ld's
  // ifunc_resolvers), with DT_TEXTREL: it may run before the text is
  // writable (bfd's size_dynamic_sections, whenever it sets DF_TEXTREL).
  if (ctx->dyn_irelative)
    warn(ctx, "GNU indirect functions with DT_TEXTREL may result in a "
         "segfault at runtime; recompile with -fPIE");
  if (checked && ctx->cfg.z_text)
    gnu_error(ctx, "read-only segment has dynamic relocations");
  else if (checked)
    warn(ctx, "creating DT_TEXTREL in a PIE");
}

// Counts the dynamic relocations the inputs' absolute addresses need, and
// reports those a PIE cannot have (32-bit absolute addresses; an address
// in a read-only section).
void scan_dynamic_relocs(struct ctx *ctx) {
  if (!ctx->cfg.pie)
    return;
  const struct arch *arch = ctx->arch;
  bool bad = false, bad_pcrel = false;
  struct textrel t = {0};
  for (u32 i = 0; i < ctx->objs.len; i++) {
    struct objfile *f = ctx->objs.v[i];
    for (u32 k = 1; k < f->shnum; k++) {
      struct isec *is = f->isecs[k];
      if (!is || !relocated_alloc(is))
        continue;
      for (u32 r = 0; r < is->nrels; r++) {
        const u8 *p = is->rels + (u64)r * sizeof(Elf64_Rela);
        u32 type = ELF64_R_TYPE(rd64(p + 8));
        u32 symidx = ELF64_R_SYM(rd64(p + 8));
        if ((type == arch->r_plt_call || type == arch->r_plt_jump) &&
            symidx >= f->first_global && symidx < f->nsyms)
          f->globals[symidx - f->first_global]->ref_flags |= REF_PLT_CALL;
        enum pie_reloc how = pie_kind(ctx, type);
        if (how == PIE_PLAIN)
          continue;
        // (Most PC-relative ones are not to an undefined global: cheaply
        // passed over.)
        if (how == PIE_PCREL &&
            (symidx < f->first_global || symidx >= f->nsyms ||
             !f->globals[symidx - f->first_global] ||
             f->globals[symidx - f->first_global]->state != SYM_UNDEF))
          continue;
        struct reloc_sym rs;
        reloc_target(ctx, f, ELF64_R_SYM(rd64(p + 8)), &rs);
        struct chunk *part =
            is->rela_part ? ctx->rela_parts.v[is->rela_part - 1] : NULL;
        // GNU ld's AArch64 reserves a dynamic relocation for a 64-bit
        // address of a global absolute symbol too, and writes R_*_NONE;
        // in a read-only section that is a text relocation (ld-aarch64's
        // pr20402).
        if (how == PIE_ERROR_PIE_NONE) {   // -z noreloc-overflow
          if (moves(&rs)) {
            ctx->dyn_none++;
            if (!(is->osec->flags & SHF_WRITE))
              note_textrel(ctx, &t, is, &rs);
          }
          continue;
        }
        if (how == PIE_ABS64 && arch->pie_abs_none && rs.abs && rs.sym) {
          if (part)
            part->part_relocs++;
          else
            ctx->dyn_none++;
          if (!(is->osec->flags & SHF_WRITE))
            note_textrel(ctx, &t, is, &rs);
        }
        // An undefined weak symbol is 0 wherever the PIE is loaded: no
        // 32-bit absolute address of it, nor a PC-relative one from a
        // read-only section (GNU ld's check_relocs and relocate_section).
        bool weak0 = rs.sym && rs.undef_weak;
        if (how == PIE_PCREL) {
          // One to a symbol only weakly referenced; one to a strong
          // undefined symbol GNU ld reports as an undefined reference,
          // its place a text relocation (as for a shared library's).
          if (weak0 && !(rs.sym->ref_flags & SF_REF_STRONG) &&
              !(SH_FLAGS(shdr_at(f, k)) & SHF_WRITE)) {
            pie_reloc_error(ctx, is, type, &rs, how);
            bad_pcrel = true;
          } else if (weak0 && !(is->osec->flags & SHF_WRITE)) {
            note_textrel(ctx, &t, is, &rs);
          }
          continue;
        }
        if (!moves(&rs) && !(weak0 && how != PIE_ABS64))
          continue;
        if (how != PIE_ABS64) {
          pie_reloc_error(ctx, is, type, &rs, how);
          bad = true;
          continue;
        }
        if (!(is->osec->flags & SHF_WRITE))
          note_textrel(ctx, &t, is, &rs);
        if (part)
          part->part_relocs++;
        else if (rs.is_ifunc && rs.sym && !(rs.sym->flags & SF_ADDR_EQ))
          ctx->dyn_irelative++;
        else
          ctx->dyn_relative++;
      }
    }
  }
  // GNU ld stops there (its size_dynamic_sections), before it would
  // report undefined references.
  if (bad)
    fatal(ctx, "failed to set dynamic section sizes: bad value");
  else if (bad_pcrel)
    error(ctx, "final link failed: bad value");
  report_textrel(ctx, &t);     // DT_TEXTREL (-z text: GNU ld's error)
}

// A GOT entry's value moves with the load address unless it is 0 (an
// undefined weak symbol), absolute, or a TLS offset; nothing moves in an
// executable that is not a PIE (with .dynamic from -E, GNU ld makes none
// of these).
static bool got_entry_moves(struct ctx *ctx, struct symbol *sym) {
  if (!ctx->cfg.pie || (sym->flags & SF_GOT_IS_GOTPLT))
    return false;              // in .got.plt: .rela.plt's IRELATIVE
  if (sym->flags & SF_NEEDS_IPLT)
    return true;               // its PLT entry
  return sym->state == SYM_DEFINED && !sym_is_abs(sym);
}

// What a GOT entry that moves holds at link time (its RELATIVE's or
// IRELATIVE's addend): the symbol's PLT entry, or its value.
static u64 got_entry_value(struct ctx *ctx, struct symbol *sym) {
  return sym->flags & SF_NEEDS_IPLT ? iplt_entry_addr(ctx, sym) : sym->value;
}

// An IFUNC's GOT entry without a PLT entry (need_ifunc) holds what its
// resolver returns: an IRELATIVE.
static bool got_entry_irelative(struct symbol *sym) {
  return sym_is_ifunc(sym) && !(sym->flags & SF_NEEDS_IPLT);
}

// The GOT entries that move, RELATIVE ones (irelative false) or the
// others.
static u64 got_relative_count(struct ctx *ctx, bool irelative) {
  u64 n = 0;
  for (u32 i = 0; i < ctx->got_syms.len; i++) {
    struct symbol *sym = ctx->got_syms.v[i];
    n += got_entry_moves(ctx, sym) && got_entry_irelative(sym) == irelative;
  }
  return n;
}

// GNU ld's AArch64 also relocates an absolute symbol's GOT entry, by the
// load address (a RELATIVE with the value as addend: the program then
// reads another value).  mld keeps the value and, so that the layout is
// GNU ld's, an R_*_NONE in that RELATIVE's place.
static u64 got_none_count(struct ctx *ctx) {
  u64 n = 0;
  for (u32 i = 0; ctx->cfg.pie && ctx->arch->pie_abs_none &&
                  i < ctx->got_syms.len; i++) {
    struct symbol *sym = ctx->got_syms.v[i];
    n += !(sym->flags & (SF_GOT_IS_GOTPLT | SF_NEEDS_IPLT)) &&
         sym_is_abs(sym);
  }
  return n;
}

// GNU ld's need_dynamic_reloc (DT_RELA added): dynamic relocations other
// than .rela.plt's, before DT_RELR takes any.  Only then does it give
// .dynsym section symbols (bfd's _bfd_elf_link_renumber_dynsyms).
bool has_dynamic_relocs(struct ctx *ctx) {
  if (ctx->dyn_relative || ctx->dyn_irelative || ctx->dyn_none ||
      got_relative_count(ctx, false) || got_relative_count(ctx, true) ||
      got_none_count(ctx))
    return true;
  for (u32 i = 0; i < ctx->rela_parts.len; i++)
    if (((struct chunk *)ctx->rela_parts.v[i])->part_relocs)
      return true;
  return false;
}

// -z pack-relative-relocs: whether .relr.dyn takes RELATIVE relocations
// (known before the layout: those there are); without any, GNU ld
// leaves out .relr.dyn, DT_RELR and an empty .rela.dyn's DT_RELA.
static bool relr_used(struct ctx *ctx) {
  struct chunk *relr = ctx->synth[CK_RELR_DYN];
  if (!relr)
    return false;
  // Once laid out: whether any could be packed (none if all are at odd
  // addresses).
  return ctx->relr_sized ? relr->size > 0
                         : ctx->dyn_relative || ctx->got_relative;
}

void size_rela_dyn(struct ctx *ctx, struct chunk *c) {
  ctx->got_relative = got_relative_count(ctx, false);
  u64 irelative = ctx->dyn_irelative + got_relative_count(ctx, true);
  ctx->dyn_none += got_none_count(ctx);
  // With DT_RELR, size_relr moves the packable RELATIVE ones out.
  c->size = (ctx->dyn_relative + ctx->got_relative + irelative +
             ctx->dyn_none) * sizeof(Elf64_Rela);
  // .dynamic is first sized with DT_RELACOUNT, as in GNU ld, which
  // leaves one more DT_NULL when the RELATIVE ones all go to DT_RELR.
  ctx->rela_relative = ctx->dyn_relative + ctx->got_relative;
  // -z nocombreloc: GNU ld's built-in layout then gives each output
  // section's dynamic relocations a .rela section of their own.
  if (ctx->cfg.z_nocombreloc && c->size && !script_layout(ctx))
    fatal(ctx, "-z nocombreloc with dynamic relocations in a PIE: GNU ld "
          "makes a .rela section per output section, which mld does not "
          "(it makes one .rela.dyn)");
  if (ctx->synth[CK_RELR_DYN]) {
    c->size = (irelative + ctx->dyn_none) * sizeof(Elf64_Rela);
    c->keep_empty = relr_used(ctx); // DT_RELA stays (GNU ld)
  }
}

// Each word a dynamic relocation fixes, after layout: the inputs' (in
// file and section order), then the GOT's.  IRELATIVE ones have the
// resolver as addend.  PART 0 is .rela.dyn's, PART n the sites of the
// inputs whose relocations go to ctx->rela_parts[n - 1] (no GOT entry).
// packable: a RELATIVE one -z pack-relative-relocs may put in .relr.dyn,
// as GNU ld's x86 code does: at an even offset of an input section
// aligned to 2 or more (elf_x86_64_relocate_section's unaligned
// sections and offsets), or in the GOT.
typedef void dyn_site_fn(struct ctx *ctx, void *arg, u64 P, u64 addend,
                         bool irelative, bool packable);

// The dynamic relocation relocation E of IS needs, if any: where (P),
// its addend, and what GNU ld makes of it.
struct dyn_site {
  u64 P, addend;
  bool irelative, packable;
  struct reloc_sym rs;
};

static bool dyn_site(struct ctx *ctx, struct isec *is, const u8 *e,
                     struct dyn_site *s) {
  if (pie_kind(ctx, ELF64_R_TYPE(rd64(e + 8))) != PIE_ABS64)
    return false;
  i64 A = (i64)rd64(e + 16);
  struct reloc_sym *rs = &s->rs;
  reloc_target_addend(ctx, is->file, ELF64_R_SYM(rd64(e + 8)), &A, rs);
  if (!moves(rs))
    return false;
  s->P = isec_addr(is) + isec_out_offset(is, rd64(e));
  s->packable = is->align >= 2 && !(rd64(e) & 1);
  s->irelative = rs->is_ifunc && rs->sym && !(rs->sym->flags & SF_ADDR_EQ);
  if (s->irelative)
    s->addend = rs->sym->value + A;
  else      // the word holds S + A already (apply_relocs)
    s->addend =
        (rs->is_ifunc && rs->sym ? iplt_entry_addr(ctx, rs->sym) : rs->S) + A;
  return true;
}

// Those of file f's sections that send their dynamic relocations to part
// PART (NAME: only the sections of that name).
static void file_dyn_sites(struct ctx *ctx, struct objfile *f, u32 part,
                           const char *name, dyn_site_fn *fn, void *arg) {
  for (u32 k = 1; k < f->shnum; k++) {
    struct isec *is = f->isecs[k];
    if (!is || !relocated_alloc(is) || is->rela_part != part ||
        (name && strcmp(isec_name(is), name)))
      continue;
    struct dyn_site s;
    for (u32 r = 0; r < is->nrels; r++)
      if (dyn_site(ctx, is, is->rels + (u64)r * sizeof(Elf64_Rela), &s))
        fn(ctx, arg, s.P, s.addend, s.irelative, s.packable);
  }
}

static void each_dyn_site(struct ctx *ctx, dyn_site_fn *fn, void *arg) {
  for (u32 i = 0; i < ctx->objs.len; i++)
    file_dyn_sites(ctx, ctx->objs.v[i], 0, NULL, fn, arg);
  for (u32 i = 0; i < ctx->got_syms.len; i++) {
    struct symbol *sym = ctx->got_syms.v[i];
    if (got_entry_moves(ctx, sym))
      fn(ctx, arg, got_entry_addr(ctx, sym), got_entry_value(ctx, sym),
         got_entry_irelative(sym), true);
  }
}

static u8 *put_rela(u8 *p, u64 offset, u32 type, u64 addend) {
  wr64(p, offset);
  wr64(p + 8, ELF64_R_INFO(0, type));
  wr64(p + 16, addend);
  return p + sizeof(Elf64_Rela);
}

static int cmp_u64(const void *a, const void *b) {
  u64 x = *(const u64 *)a, y = *(const u64 *)b;
  return x < y ? -1 : x > y;
}

static int cmp_rela(const void *a, const void *b) {
  u64 x = rd64(a), y = rd64(b);
  return x < y ? -1 : x > y;
}

// Where write_rela_dyn puts each site: RELATIVE ones from rel on (with
// DT_RELR, only those not packable: the others into relr), IRELATIVE
// ones from irel on (in_order: both from rel on, as they come).
struct rela_out {
  u8 *rel, *irel, *end;
  u64 *relr;
  u64 nrelr, cap;
  bool use_relr, in_order;
};

static void put_site(struct ctx *ctx, void *arg, u64 P, u64 addend,
                     bool irelative, bool packable) {
  struct rela_out *o = arg;
  const struct arch *arch = ctx->arch;
  if (irelative && !o->in_order) {
    if (o->irel + sizeof(Elf64_Rela) <= o->end)
      o->irel = put_rela(o->irel, P, arch->r_irelative, addend);
  } else if (!irelative && o->use_relr && packable) {
    if (o->nrelr < o->cap)
      o->relr[o->nrelr] = P;
    o->nrelr++;
  } else if (o->rel + sizeof(Elf64_Rela) <= o->end) {
    o->rel = put_rela(o->rel, P,
                      irelative ? arch->r_irelative : arch->r_relative,
                      addend);
  }
}

static void count_site(struct ctx *ctx, void *arg, u64 P, u64 addend,
                       bool irelative, bool packable) {
  (void)ctx;
  (void)P;
  (void)addend;
  u64 *n = arg;
  n[irelative ? 2 : packable ? 0 : 1]++;
}

// The RELR words for sorted addresses a[n] (n 0: none): an address, then
// bitmaps of the next 63 words each, as GNU ld and lld write them; an
// address not a whole number of words past the base starts anew.
static u64 relr_words(const u64 *a, u64 n, u64 *out) {
  u64 w = 0;
  for (u64 i = 0; i < n;) {
    if (out)
      out[w] = a[i];
    w++;
    u64 base = a[i++] + 8;
    for (;;) {
      u64 bits = 0;
      while (i < n && a[i] >= base && a[i] < base + 63 * 8 &&
             (a[i] - base) % 8 == 0) {
        bits |= 1ULL << ((a[i] - base) / 8);
        i++;
      }
      if (!bits)
        break;
      if (out)
        out[w] = bits << 1 | 1;
      w++;
      base += 63 * 8;
    }
  }
  return w;
}

static u64 *relr_addresses(struct ctx *ctx, u64 *n) {
  u64 cnt[3] = {0};
  each_dyn_site(ctx, count_site, cnt);
  struct rela_out o = {0};
  o.use_relr = true;
  o.cap = cnt[0];
  o.relr = arena_alloc(ctx, (cnt[0] + 1) * sizeof(u64));
  // Nothing goes to .rela.dyn here (end is NULL).
  each_dyn_site(ctx, put_site, &o);
  qsort(o.relr, o.cap, sizeof(u64), cmp_u64);
  *n = o.cap;
  return o.relr;
}

// -z pack-relative-relocs: with the layout done, the sizes of .relr.dyn
// and .rela.dyn (RELATIVE ones not packable stay there).  True when they
// grew: the layout must run again.  They never shrink, so this ends: a
// smaller .relr.dyn is padded with empty bitmaps, a smaller .rela.dyn
// with R_*_NONE.
bool size_relr(struct ctx *ctx) {
  struct chunk *relr = ctx->synth[CK_RELR_DYN];
  if (!relr)
    return false;
  u64 cnt[3] = {0}, n;
  each_dyn_site(ctx, count_site, cnt);
  u64 *a = relr_addresses(ctx, &n);
  u64 relr_size = relr_words(a, n, NULL) * 8;
  u64 rela_size = (cnt[1] + cnt[2] + ctx->dyn_none) * sizeof(Elf64_Rela);
  struct chunk *rela = ctx->synth[CK_RELA_DYN];
  struct chunk *dyn = ctx->synth[CK_DYNAMIC];
  bool grew = relr_size > relr->size || rela_size > rela->size;
  if (relr_size > relr->size)
    relr->size = relr_size;
  if (rela_size > rela->size)
    rela->size = rela_size;
  ctx->rela_relative = cnt[1];
  ctx->relr_sized = true;
  u64 dyn_size = dyn->size;
  size_dynamic(ctx, dyn);
  if (dyn->size < dyn_size)
    dyn->size = dyn_size;      // the tags then end with more DT_NULL
  return grew || dyn->size != dyn_size;
}

// RELATIVE entries in address order, then GNU ld's AArch64 R_*_NONE
// ones (dyn_none), then IRELATIVE ones in address order, as GNU ld's
// sort leaves them.
void write_rela_dyn(struct ctx *ctx, struct chunk *c, u8 *buf) {
  struct rela_out o = {0};
  u64 cnt[3] = {0};
  each_dyn_site(ctx, count_site, cnt);
  o.use_relr = ctx->synth[CK_RELR_DYN] != NULL;
  u64 nrel = o.use_relr ? cnt[1] : cnt[0] + cnt[1];
  u8 *rel = buf + c->offset;
  o.rel = rel;
  memset(rel + nrel * sizeof(Elf64_Rela), 0,
         ctx->dyn_none * sizeof(Elf64_Rela));
  o.irel = rel + (nrel + ctx->dyn_none) * sizeof(Elf64_Rela);
  o.end = o.irel + cnt[2] * sizeof(Elf64_Rela);
  if (o.end > buf + c->offset + c->size)
    fatal(ctx, "internal error: .rela.dyn has room for %llu relocations, "
          "not %llu", (unsigned long long)(c->size / sizeof(Elf64_Rela)),
          (unsigned long long)(nrel + cnt[2]));
  each_dyn_site(ctx, put_site, &o);
  qsort(rel, nrel, sizeof(Elf64_Rela), cmp_rela);
  // The IRELATIVE ones by address too (GNU ld's elf_link_sort_relocs
  // sorts those without a symbol by r_offset).
  u8 *irel = rel + (nrel + ctx->dyn_none) * sizeof(Elf64_Rela);
  qsort(irel, cnt[2], sizeof(Elf64_Rela), cmp_rela);
  memset(o.end, 0, buf + c->offset + c->size - o.end);   // R_*_NONE
}

// A script's section of the dynamic relocations of some inputs (U-Boot's
// `.efi_runtime_rel : { *(.rel*.efi_runtime) }'): GNU ld makes a PIE's
// dynamic relocations for input section NAME in its own .rela<NAME>,
// which the script places.  Not sorted (GNU ld sorts .rela.dyn's alone);
// GNU ld's AArch64 R_*_NONE ones at the end.
void size_rela_part(struct ctx *ctx, struct chunk *c) {
  if (ctx->synth[CK_RELR_DYN] && c->part_relocs)
    error(ctx, "-z pack-relative-relocs with %s, where the script puts "
          "dynamic relocations apart from .rela.dyn: not supported",
          c->name);
  c->size = c->part_relocs * sizeof(Elf64_Rela);
}

// 1 + c's place in ctx->rela_parts (0: not one of them).
u32 part_index(struct ctx *ctx, struct chunk *c) {
  for (u32 i = 0; i < ctx->rela_parts.len; i++)
    if (ctx->rela_parts.v[i] == c)
      return i + 1;
  return 0;
}

// The sites of part PART in the order GNU ld writes them: its
// .rela<NAME> in part_names' order, each filled file by file (each file
// when its first section is met in output order: bfd's
// elf_link_input_bfd), section by section.
void write_rela_part(struct ctx *ctx, struct chunk *c, u8 *buf) {
  struct rela_out o = {0};
  o.rel = buf + c->offset;
  o.end = buf + c->offset + c->size;
  o.in_order = true;
  u32 part = part_index(ctx, c);
  struct objfile **files = files_in_output_order(ctx);
  for (u32 n = 0; n < c->part_names.len; n++)
    for (u32 i = 0; i < ctx->objs.len; i++)
      file_dyn_sites(ctx, files[i], part, c->part_names.v[n], put_site, &o);
  memset(o.rel, 0, (u64)(o.end - o.rel));      // R_*_NONE
}

void write_relr_dyn(struct ctx *ctx, struct chunk *c, u8 *buf) {
  u64 n;
  u64 *a = relr_addresses(ctx, &n);
  u64 w = relr_words(a, n, NULL);
  u64 *out = arena_alloc(ctx, (w + 1) * sizeof(u64));
  relr_words(a, n, out);
  for (u64 i = 0; i < c->size / 8; i++)
    wr64(buf + c->offset + 8 * i, i < w ? out[i] : 1);
}

// What a relocation section's sh_link names: .dynsym, or where a script
// discarded it (U-Boot), .symtab as GNU ld gives (0 when stripped).
u32 reloc_symtab_shndx(struct ctx *ctx) {
  struct chunk *dynsym = ctx->synth[CK_DYNSYM];
  if (dynsym && is_emitted(dynsym))
    return dynsym->shndx;
  struct chunk *symtab = ctx->synth[CK_SYMTAB];
  return symtab && is_emitted(symtab) ? symtab->shndx : 0;
}

// .dynamic's entries as they are written (buf NULL: only counted).
struct tags {
  u8 *buf;
  u32 n;
};

static void tag(struct tags *t, u64 type, u64 value) {
  if (t->buf) {
    wr64(t->buf + 16 * t->n, type);
    wr64(t->buf + 16 * t->n + 8, value);
  }
  t->n++;
}

// DT_INIT, DT_FINI and the arrays of functions.
static void init_tags(struct ctx *ctx, struct tags *t) {
  struct symbol *init = sym_find_str(ctx, "_init");
  struct symbol *fini = sym_find_str(ctx, "_fini");
  if (init && init->state == SYM_DEFINED)
    tag(t, DT_INIT, init->value);
  if (fini && fini->state == SYM_DEFINED)
    tag(t, DT_FINI, fini->value);
  static const struct {
    const char *name;
    u32 tag, sz;
  } arrays[] = {{".preinit_array", DT_PREINIT_ARRAY, DT_PREINIT_ARRAYSZ},
                {".init_array", DT_INIT_ARRAY, DT_INIT_ARRAYSZ},
                {".fini_array", DT_FINI_ARRAY, DT_FINI_ARRAYSZ}};
  for (u32 i = 0; i < 3; i++) {
    struct chunk *c = chunk_named(ctx, arrays[i].name);
    if (c && will_be_emitted(c)) {
      tag(t, arrays[i].tag, c->addr);
      tag(t, arrays[i].sz, c->size);
    }
  }
}

// The hash tables and .dynsym's: not those of sections a script
// discarded (Trusted Firmware-A's and U-Boot's PIEs keep only
// .rela.dyn).
static void symbol_table_tags(struct ctx *ctx, struct tags *t) {
  struct chunk *hash = ctx->synth[CK_HASH], *gnu = ctx->synth[CK_GNU_HASH];
  struct chunk *str = ctx->synth[CK_DYNSTR], *sym = ctx->synth[CK_DYNSYM];
  if (hash && !hash->discarded)
    tag(t, DT_HASH, hash->addr);
  if (gnu && !gnu->discarded)
    tag(t, DT_GNU_HASH, gnu->addr);
  if (!str->discarded)
    tag(t, DT_STRTAB, str->addr);
  if (!sym->discarded)
    tag(t, DT_SYMTAB, sym->addr);
  if (!str->discarded)
    tag(t, DT_STRSZ, str->size);
  if (!sym->discarded)
    tag(t, DT_SYMENT, sizeof(Elf64_Sym));
}

// DT_PLTGOT with a PLT (GNU ld's _bfd_elf_add_dynamic_tags), the rest
// with its relocations (none for undefined weak symbols' entries); then
// .rela.dyn's (RELR: returned) and DT_TEXTREL.
static struct chunk *reloc_tags(struct ctx *ctx, struct tags *t) {
  struct chunk *jmprel = ctx->synth[CK_RELA_IPLT];
  if (ctx->synth[CK_IPLT]->size)
    tag(t, DT_PLTGOT, ctx->synth[CK_GOTPLT]->addr);
  if (jmprel->size) {
    tag(t, DT_PLTRELSZ, jmprel->size);
    tag(t, DT_PLTREL, DT_RELA);
    tag(t, DT_JMPREL, jmprel->addr);
  }
  struct chunk *rela = ctx->synth[CK_RELA_DYN];
  struct chunk *relr = relr_used(ctx) ? ctx->synth[CK_RELR_DYN] : NULL;
  if (rela->size || relr) {
    // An empty .rela.dyn beside .relr.dyn: GNU ld's DT_RELA is 0.
    tag(t, DT_RELA, rela->size ? rela->addr : 0);
    tag(t, DT_RELASZ, rela->size);
    tag(t, DT_RELAENT, sizeof(Elf64_Rela));
  }
  if (ctx->textrel)
    tag(t, DT_TEXTREL, 0);
  return relr;
}

// The PLT's forms, DT_VERDEF, the flags and DT_VERSYM.
static void flag_tags(struct ctx *ctx, struct tags *t) {
  // The PLT's forms for BTI and -z pac-plt (finish_properties).
  if (ctx->iplt_syms.len && ctx->plt_bti)
    tag(t, ctx->arch->dt_plt_bti, 0);
  if (ctx->iplt_syms.len && ctx->plt_pac)
    tag(t, ctx->arch->dt_plt_pac, 0);
  // Versions (versions.c): DT_VERDEF before the flags, DT_VERSYM after
  // (bfd adds it when it sizes .gnu.version).
  struct chunk *verdef = ctx->synth[CK_VERDEF];
  struct chunk *versym = ctx->synth[CK_VERSYM];
  if (verdef && verdef->size && !verdef->discarded) {
    tag(t, DT_VERDEF, verdef->addr);
    tag(t, DT_VERDEFNUM, ctx->nversions + 1);
  }
  // DT_FLAGS is a new tag: --disable-new-dtags leaves it out, but for
  // -z now's older DT_BIND_NOW (bfd's bfd_elf_size_dynamic_sections).
  u32 dt_flags = (ctx->cfg.z_origin ? DF_ORIGIN : 0) |
                 (ctx->textrel ? DF_TEXTREL : 0) |
                 (ctx->cfg.z_now ? DF_BIND_NOW : 0);
  if (dt_flags && !ctx->cfg.old_dtags)
    tag(t, DT_FLAGS, dt_flags);
  else if (ctx->cfg.z_now)
    tag(t, DT_BIND_NOW, 0);
  u32 flags_1 = ctx->cfg.z_flags_1 | (ctx->cfg.pie ? DF_1_PIE : 0) |
                (ctx->cfg.z_now ? DF_1_NOW : 0);
  if (flags_1 || ctx->cfg.z_flags_1_masked)
    tag(t, DT_FLAGS_1, flags_1);
  if (versym && versym->size && !versym->discarded)
    tag(t, DT_VERSYM, versym->addr);
}

// .dynamic's entries, in GNU ld's order; with buf NULL only counted.
static u32 dynamic_tags(struct ctx *ctx, u8 *buf) {
  struct tags t = {buf, 0};
  init_tags(ctx, &t);
  symbol_table_tags(ctx, &t);
  if (ctx->cfg.z_unique)
    tag(&t, 0x6ffffdf4, 1);    // DT_GNU_FLAGS_1: DF_GNU_1_UNIQUE
  tag(&t, DT_DEBUG, 0);
  struct chunk *relr = reloc_tags(ctx, &t);
  flag_tags(ctx, &t);
  // GNU ld writes DT_RELACOUNT over the first DT_NULL: it takes that
  // room, not one of its own (with no spare tags, no DT_NULL is left);
  // DT_RELR's tags come after it.
  if (ctx->rela_relative)
    tag(&t, DT_RELACOUNT, ctx->rela_relative);
  if (relr) {
    tag(&t, DT_RELR, relr->addr);
    tag(&t, DT_RELRSZ, relr->size);
    tag(&t, DT_RELRENT, 8);
  }
  return t.n;
}

// The tags, the DT_NULL that ends them and the spare ones
// (--spare-dynamic-tags), less the one DT_RELACOUNT took.
static u64 dynamic_size(struct ctx *ctx) {
  u64 n = dynamic_tags(ctx, NULL);
  if (ctx->rela_relative)
    n--;
  // An empty .relr.dyn's three tags, which GNU ld removes with the
  // section, leave their room.
  if (ctx->synth[CK_RELR_DYN] && !relr_used(ctx))
    n += 3;
  return (n + 1 + ctx->cfg.spare_dynamic_tags) * 16;
}

// Sized before the layout, written after: the same tags both times.
void size_dynamic(struct ctx *ctx, struct chunk *c) {
  c->size = dynamic_size(ctx);
}

void write_dynamic(struct ctx *ctx, struct chunk *c, u8 *buf) {
  if (dynamic_size(ctx) > c->size)
    fatal(ctx, "internal error: .dynamic's tags changed after layout");
  dynamic_tags(ctx, buf + c->offset);
}

void link_dynstr(struct ctx *ctx, struct chunk *c, u32 *link,
                        u32 *info) {
  (void)c;
  (void)info;
  *link = ctx->synth[CK_DYNSTR]->shndx;
}



// -z report-relative-reloc (x86-64): GNU ld's line for each RELATIVE and
// IRELATIVE relocation of the output, naming the input section (and its
// file) that asked for it, or a section of the linker's in the output.
void report_relative_line(struct ctx *ctx, bool irelative, u64 P,
                          u64 addend, const char *name, const char *section,
                          const char *file) {
  const struct arch *arch = ctx->arch;
  u32 type = irelative ? arch->r_irelative : arch->r_relative;
  fprintf(stderr, "%s: %s (offset: 0x%llx, info: 0x%llx, addend: 0x%llx) "
          "against '%s' for section '%s' in %s\n", ctx->cfg.output,
          arch->reloc_name(type), (unsigned long long)P,
          (unsigned long long)ELF64_R_INFO(0, type),
          (unsigned long long)addend, name, section, file);
}

// Whether SYM's GOT entry has a RELATIVE relocation.
static bool got_relative(struct ctx *ctx, struct symbol *sym) {
  return sym && (sym->flags & SF_NEEDS_GOT) && got_entry_moves(ctx, sym) &&
         !got_entry_irelative(sym) && !(sym->flags & SF_GOT_IS_GOTPLT);
}

// Whether GNU ld makes SYM's GOT entry's RELATIVE as it finishes the
// symbol, not at its first load: a global it made local.
static bool finished_got(struct ctx *ctx, struct symbol *sym) {
  return sym->binding != STB_LOCAL && forced_local(ctx, sym);
}

// Which of a section's relocations report_section reports.
enum { REP_RELATIVE = 1, REP_IRELATIVE = 2, REP_PACKABLE = 4,
       REP_UNPACKABLE = 8, REP_GOT = 16 };

// The lines of IS's relocations that WHAT takes, relocation by
// relocation: their dynamic relocations, and each GOT entry that moves
// where its first load is (got_seen: those reported).
static void report_section(struct ctx *ctx, struct isec *is, u32 what,
                           u8 *got_seen) {
  // The section as BFD names it ("NAME[GROUP]"), once one is reported.
  const char *file = is->file->name, *sec = NULL;
  for (u32 r = 0; r < is->nrels; r++) {
    const u8 *e = is->rels + (u64)r * sizeof(Elf64_Rela);
    struct dyn_site s;
    if (dyn_site(ctx, is, e, &s)) {
      if ((what & (s.irelative ? REP_IRELATIVE : REP_RELATIVE)) &&
          (s.irelative ||
           (what & (s.packable ? REP_PACKABLE : REP_UNPACKABLE)))) {
        sec = sec ? sec : section_label(ctx, is->file, is->shndx);
        report_relative_line(ctx, s.irelative, s.P, s.addend,
                             reloc_sym_name(&s.rs), sec, file);
      }
      continue;
    }
    if (!(what & REP_GOT) || !ctx->arch->got_load(ctx, is, e))
      continue;
    struct symbol *sym = reloc_symbol(ctx, is->file, ELF64_R_SYM(rd64(e + 8)));
    if (!got_relative(ctx, sym) || finished_got(ctx, sym))
      continue;
    u32 idx = ctx->aux[sym->aux].got_idx;
    if (got_seen[idx])
      continue;
    got_seen[idx] = 1;
    struct reloc_sym rs;
    reloc_target(ctx, is->file, ELF64_R_SYM(rd64(e + 8)), &rs);
    sec = sec ? sec : section_label(ctx, is->file, is->shndx);
    report_relative_line(ctx, false, got_entry_addr(ctx, sym),
                         got_entry_value(ctx, sym), reloc_sym_name(&rs), sec,
                         file);
  }
}

// The GOT's RELATIVE ones, in GOT order: all that DT_RELR finishes
// (finished false), or those GNU ld finishes with their symbols
// (finished_got), named by .rela.got.
static int cmp_got_addr(const void *a, const void *b) {
  u64 x = rd64(a), y = rd64(b);
  return x < y ? -1 : x > y;
}

static void report_got(struct ctx *ctx, bool finished) {
  u32 n = ctx->got_syms.len, m = 0;
  // Each entry's address, then its symbol: sorted by address.
  struct { u64 addr; struct symbol *sym; } *v =
      arena_alloc(ctx, ((u64)n + 1) * sizeof(*v));
  for (u32 i = 0; i < n; i++) {
    struct symbol *sym = ctx->got_syms.v[i];
    if (got_relative(ctx, sym) && (!finished || finished_got(ctx, sym))) {
      v[m].addr = got_entry_addr(ctx, sym);
      v[m++].sym = sym;
    }
  }
  qsort(v, m, sizeof(*v), cmp_got_addr);
  for (u32 i = 0; i < m; i++)
    report_relative_line(ctx, false, v[i].addr,
                         got_entry_value(ctx, v[i].sym), v[i].sym->name,
                         finished ? ".rela.got" : ".got", ctx->cfg.output);
}

// The relocations WHAT takes: file by file as their sections first come
// in the output (as bfd_elf_final_link relocates them), section by
// section; or (by_section, DT_RELR) section by section in output order,
// as its relax pass visits them, with the GOT's entries at its place.
static void report_inputs(struct ctx *ctx, bool by_section, u32 what,
                          u8 *got_seen) {
  if (by_section) {
    bool got = !(what & REP_GOT);
    for (u32 i = 0; i < ctx->chunks.len; i++) {
      struct chunk *c = ctx->chunks.v[i];
      if (c == ctx->synth[CK_GOT] && !got) {
        report_got(ctx, false);
        got = true;
      }
      for (u32 k = 0; has_inputs(c) && k < c->isecs.len; k++) {
        struct isec *is = c->isecs.v[k];
        if (relocated_alloc(is))
          report_section(ctx, is, what & ~REP_GOT, got_seen);
      }
    }
    if (!got)
      report_got(ctx, false);
    return;
  }
  struct objfile **order = files_in_output_order(ctx);
  for (u32 i = 0; i < ctx->objs.len; i++) {
    struct objfile *f = order[i];
    for (u32 k = 1; k < f->shnum; k++) {
      struct isec *is = f->isecs[k];
      if (is && relocated_alloc(is))
        report_section(ctx, is, what, got_seen);
    }
  }
}

// The lines in the order GNU ld makes the relocations:
//   - with DT_RELR, first the RELATIVE ones it finishes before relocating
//     (elf_x86_size_or_finish_relative_reloc), as its relax pass found
//     them: those that cannot be packed, then the others;
//   - then as bfd_elf_final_link relocates the inputs (report_inputs);
//   - last, as it finishes the symbols, the GOT entries of globals it
//     made local, and the IFUNCs' PLT slots (report_rela_iplt).  (It
//     finishes them in the order of its hash table, which mld does not
//     follow.)
void report_relative_relocs(struct ctx *ctx) {
  if (!ctx->cfg.report_relative_reloc || !ctx->arch->got_load)
    return;
  struct chunk *got = ctx->synth[CK_GOT];
  u64 slots = (got ? got->size / 8 : 0) + 1;
  u8 *got_seen = arena_alloc(ctx, slots);
  memset(got_seen, 0, slots);
  if (ctx->cfg.pie) {
    u32 rest = REP_RELATIVE | REP_IRELATIVE | REP_PACKABLE | REP_UNPACKABLE |
               REP_GOT;
    if (ctx->synth[CK_RELR_DYN]) {
      report_inputs(ctx, true, REP_RELATIVE | REP_UNPACKABLE, got_seen);
      report_inputs(ctx, true, REP_RELATIVE | REP_PACKABLE | REP_GOT,
                    got_seen);
      rest = REP_IRELATIVE;
    }
    report_inputs(ctx, false, rest, got_seen);
    if (!ctx->synth[CK_RELR_DYN])
      report_got(ctx, true);
  }
  report_rela_iplt(ctx);
}
