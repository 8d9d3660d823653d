// symbols.c: symbol resolution.
//
// Files join the link left to right.  An archive is scanned at its place
// on the command line: a member is extracted when it defines a symbol that
// is, at that moment, undefined and referenced non-weakly, and the archive
// is rescanned until it yields nothing more; a --start-group/--end-group
// span is rescanned as a whole until no archive in it yields anything.
// This is GNU ld's order, and so members join in GNU ld's order, which is
// the order their sections are laid out in.  A symbol that is so far only
// COMMON also extracts a member, if the member's own symbol table (the
// index lists COMMON symbols too) defines it as data for real: GNU ld's
// rule, so `int x;` in main.c takes `int x = 42;` and everything else the
// member defines from the archive.
//
// Rules: a strong definition beats a weak one and a COMMON one; two strong
// definitions are an error; COMMON symbols merge (largest size, strictest
// alignment); an undefined reference that is only ever weak resolves to 0.
// GNU ld's warnings when a definition and a COMMON symbol disagree on size
// or alignment are given here too.
// COMDAT groups: the first group with a signature wins, and the members of
// later ones are discarded, so their definitions count as references.

#include "mld.h"

#include <stdlib.h>

static const char *wrapped_name(struct ctx *ctx, const char *name);

static void bind_defsym_name(struct ctx *ctx, struct expr *node,
                             const char *name, void *arg) {
  (void)arg;
  const char *t = wrapped_name(ctx, name);
  expr_bind(node, sym_intern(ctx, t, strlen(t)));
}

// A section group's signature: the name of its sh_info symbol (of the
// section, for a section symbol).  symidx must be in range.
const char *group_signature(struct objfile *f, u32 symidx) {
  struct esym s;
  read_sym(f, symidx, &s);
  if (ELF64_ST_TYPE(s.st_info) != STT_SECTION)
    return sym_name(f, &s);
  u32 shndx = sym_shndx(f, symidx, &s);
  return section_name(f, shndx < f->shnum ? shndx : 0);
}

// Section m of f is discarded, its definitions references: section
// (a group, or m itself) of g's file won.
static void discard_section(struct ctx *ctx, struct objfile *f, u32 m,
                            struct symbol *g) {
  if (!f->discarded) {
    f->discarded = arena_alloc(ctx, f->shnum);
    f->lost_to = arena_alloc(ctx, f->shnum * sizeof(struct symbol *));
  }
  f->discarded[m] = 1;
  f->lost_to[m] = g;
}

// The symbols of section shndx of f but section symbols, sorted by name
// (it is a section's few); returns their count.
static u32 section_syms(struct ctx *ctx, struct objfile *f, u32 shndx,
                        u32 **out) {
  u32 *v = arena_alloc(ctx, (u64)f->nsyms * sizeof(*v) + 1), n = 0;
  for (u32 k = 1; k < f->nsyms; k++) {
    struct esym s;
    read_sym(f, k, &s);
    if (ELF64_ST_TYPE(s.st_info) != STT_SECTION &&
        sym_shndx(f, k, &s) == shndx)
      v[n++] = k;
  }
  for (u32 a = 1; a < n; a++)  // insertion sort by name
    for (u32 b = a; b > 0; b--) {
      struct esym x, y;
      read_sym(f, v[b - 1], &x);
      read_sym(f, v[b], &y);
      if (strcmp(sym_name(f, &x), sym_name(f, &y)) <= 0)
        break;
      u32 t = v[b];
      v[b] = v[b - 1];
      v[b - 1] = t;
    }
  *out = v;
  return n;
}

// Whether a .gnu.linkonce.* section and the one member of a COMDAT group
// are copies of one thing (bfd_elf_match_symbols_in_sections): the same
// type, and symbols of the same names, binding, type and visibility.
static bool same_symbols(struct ctx *ctx, struct objfile *f1, u32 s1,
                         struct objfile *f2, u32 s2) {
  if (SH_TYPE(shdr_at(f1, s1)) != SH_TYPE(shdr_at(f2, s2)) || !f1->symtab ||
      !f2->symtab)
    return false;
  u32 *v1, *v2;
  u32 n = section_syms(ctx, f1, s1, &v1);
  if (!n || section_syms(ctx, f2, s2, &v2) != n)
    return false;
  for (u32 k = 0; k < n; k++) {
    struct esym x, y;
    read_sym(f1, v1[k], &x);
    read_sym(f2, v2[k], &y);
    if (x.st_info != y.st_info || x.st_other != y.st_other ||
        strcmp(sym_name(f1, &x), sym_name(f2, &y)))
      return false;
  }
  return true;
}

// The one member of COMDAT group section gi of f, or 0.
u32 single_member(struct objfile *f, u32 gi) {
  const u8 *sh = shdr_at(f, gi);
  if (SH_SIZE(sh) / 4 != 2)
    return 0;
  u32 m = rd32(f->data + SH_OFFSET(sh) + 4);
  return m < f->shnum ? m : 0;
}

// A .gnu.linkonce.* section outside any group: the first of each name
// wins, as a COMDAT group does (GNU ld's _bfd_elf_section_already_linked,
// which gives such sections SEC_LINK_ONCE).  And g++ 3.4's
// .gnu.linkonce.r.F goes when the .gnu.linkonce.t.F that won is another
// file's: it was the read-only part of that function's copy.  One whose
// key (.gnu.linkonce.TYPE.KEY) names an earlier COMDAT group of one
// member goes too if the two are copies of one thing.
static void handle_linkonce(struct ctx *ctx, struct objfile *f, u32 i) {
  const char *name = section_name(f, i);
  bool created;
  struct symbol *g = table_intern(ctx, &ctx->linkonce, name, strlen(name),
                                  &created);
  if (!created) {
    discard_section(ctx, f, i, g);
    return;
  }
  g->file = f;                 // the winning section itself
  g->symidx = i;
  const char *key = strchr(name + 14, '.');
  if (key) {
    key++;
    struct symbol *k = table_intern(ctx, &ctx->linkonce_keys, key,
                                    strlen(key), &created);
    if (created) {
      k->file = f;
      k->symidx = i;
    }
    struct symbol *grp = table_find(&ctx->comdats, key, strlen(key));
    u32 m = grp && grp->file ? single_member(grp->file, grp->symidx) : 0;
    if (m && same_symbols(ctx, grp->file, m, f, i)) {
      discard_section(ctx, f, i, grp);
      return;
    }
  }
  if (!strncmp(name, ".gnu.linkonce.r.", 16)) {
    char *t = arena_printf(ctx, ".gnu.linkonce.t.%s", name + 16);
    struct symbol *text = table_find(&ctx->linkonce, t, strlen(t));
    if (text && text->file != f)
      discard_section(ctx, f, i, NULL);
  }
}

// A section's name as BFD's "%pA" gives it in messages: "NAME[GROUP]"
// for a member of a section group.
const char *section_label(struct ctx *ctx, struct objfile *f, u32 shndx) {
  const char *name = section_name(f, shndx);
  if (!(SH_FLAGS(shdr_at(f, shndx)) & SHF_GROUP) || !f->symtab)
    return name;
  for (u32 i = 1; i < f->shnum; i++) {
    const u8 *sh = shdr_at(f, i);
    if (SH_TYPE(sh) != SHT_GROUP || SH_INFO(sh) >= f->nsyms)
      continue;
    const u8 *p = f->data + SH_OFFSET(sh);
    for (u64 k = 1; k < SH_SIZE(sh) / 4; k++)
      if (rd32(p + k * 4) == shndx)
        return arena_printf(ctx, "%s[%s]", name,
                            group_signature(f, SH_INFO(sh)));
  }
  return name;
}

// A section SHF_LINK_ORDER ties, through its chain of linked-to sections,
// to one that lost its group goes too (GNU ld's ldelf_before_place_orphans;
// -T scripts' /DISCARD/ adds its own, link_chain_discarded).  -r keeps it.
static void discard_linked_to_discarded(struct ctx *ctx, struct objfile *f) {
  if (!f->discarded || ctx->cfg.relocatable)
    return;
  for (u32 i = 1; i < f->shnum; i++) {
    if (f->discarded[i] || !(SH_FLAGS(shdr_at(f, i)) & SHF_LINK_ORDER))
      continue;
    u32 l = SH_LINK(shdr_at(f, i));
    for (u32 n = 0; n < f->shnum && l && l < f->shnum; n++) {
      if (f->discarded[l]) {
        discard_section(ctx, f, i, f->lost_to[l]);
        break;
      }
      if (!(SH_FLAGS(shdr_at(f, l)) & SHF_LINK_ORDER))
        break;
      l = SH_LINK(shdr_at(f, l));
    }
  }
}

// Marks the members of COMDAT groups whose signature was seen before, the
// .gnu.linkonce.* sections whose name was, and SHF_EXCLUDE sections.
static void handle_comdat(struct ctx *ctx, struct objfile *f) {
  for (u32 i = 1; i < f->shnum; i++) {
    const u8 *sh = shdr_at(f, i);
    // An SHF_EXCLUDE section is not linked (but by -r): what it defines
    // is undefined, as in bfd (GNU's ld-elf/pr20513).
    if ((SH_FLAGS(sh) & SHF_EXCLUDE) && SH_TYPE(sh) != SHT_GROUP &&
        !ctx->cfg.relocatable) {
      discard_section(ctx, f, i, NULL);
      continue;
    }
    if (SH_TYPE(sh) != SHT_GROUP) {
      if (!(SH_FLAGS(sh) & SHF_GROUP) &&
          starts(section_name(f, i), ".gnu.linkonce."))
        handle_linkonce(ctx, f, i);
      continue;
    }
    const u8 *p = f->data + SH_OFFSET(sh);
    u64 n = SH_SIZE(sh) / 4;
    if (n == 0 || !(rd32(p) & GRP_COMDAT))
      continue;
    u32 symidx = SH_INFO(sh);
    if (SH_LINK(sh) == 0 || !f->symtab || symidx >= f->nsyms) {
      error(ctx, "%s: section group %u has a bad signature symbol", f->name,
            i);
      continue;
    }
    const char *sig = group_signature(f, symidx);
    bool created;
    struct symbol *g = table_intern(ctx, &ctx->comdats, sig, strlen(sig),
                                    &created);
    if (created) {
      g->file = f;             // the winning group, for its members
      g->symidx = i;
      // A group of one member goes if an earlier .gnu.linkonce.* section
      // of its signature's key is a copy of it (its signature stays).
      struct symbol *lk = table_find(&ctx->linkonce_keys, sig, strlen(sig));
      u32 m = single_member(f, i);
      if (lk && m && same_symbols(ctx, lk->file, lk->symidx, f, m)) {
        struct symbol *won = table_find(&ctx->linkonce,
                                        section_name(lk->file, lk->symidx),
                                        strlen(section_name(lk->file,
                                                            lk->symidx)));
        discard_section(ctx, f, m, won);
      }
      continue;
    }
    for (u64 k = 1; k < n; k++) {
      u32 m = rd32(p + k * 4);
      if (m >= f->shnum) {
        error(ctx, "%s: section group %u names section %u, which does not "
              "exist", f->name, i, m);
        continue;
      }
      discard_section(ctx, f, m, g);
    }
  }
  discard_linked_to_discarded(ctx, f);
}

static void note_change(struct ctx *ctx, struct symbol *sym);

static void take_definition(struct symbol *sym, struct objfile *f, u32 idx,
                            const struct esym *s, enum sym_state state) {
  sym->file = f;
  sym->symidx = idx;
  sym->state = state;
  sym->binding = ELF64_ST_BIND(s->st_info);
  sym->type = ELF64_ST_TYPE(s->st_info);
  sym->value = s->st_value;
  sym->shn_abs = s->st_shndx == SHN_ABS;
}

static u64 sym_size(struct symbol *sym) {
  struct esym s;
  read_sym(sym->file, sym->symidx, &s);
  return s.st_size;
}

// log2 of an alignment, 0 for 0 and 1.
static u32 log2_align(u64 a) {
  return a > 1 ? 63 - __builtin_clzll(a) : 0;
}

// A strong definition (f, s) and the COMMON symbol sym, one of them
// taking over from the other: GNU ld warns when the definition is less
// aligned than the COMMON symbol (the definition's alignment being that
// of its section and of its offset in it), and when a COMMON symbol gives
// way to a definition of another size.  common_first: the COMMON symbol
// came first.
static void common_vs_definition(struct ctx *ctx, struct symbol *sym,
                                 struct objfile *cf, u64 csize, u64 calign,
                                 struct objfile *df, u32 shndx,
                                 const struct esym *s, bool common_first) {
  u32 dalign = shndx < df->shnum ? log2_align(SH_ALIGN(shdr_at(df, shndx)))
                                 : 0;
  if (s->st_value && (u32)__builtin_ctzll(s->st_value) < dalign)
    dalign = __builtin_ctzll(s->st_value);
  if (shndx == SHN_ABS)
    dalign = s->st_value ? __builtin_ctzll(s->st_value) : 63;
  if (dalign < log2_align(calign))
    warn_always(ctx, "alignment %llu of symbol `%s' in %s is smaller than "
                "%llu in %s", 1ULL << dalign, sym->name, df->name,
                (unsigned long long)(calign > 1 ? calign : 1), cf->name);
  if (common_first && s->st_size && csize && s->st_size != csize)
    warn_always(ctx, "size of symbol `%s' changed from %llu in %s to %llu "
                "in %s", sym->name, (unsigned long long)csize, cf->name,
                (unsigned long long)s->st_size, df->name);
}

// -y SYM: each file that defines or refers to SYM, as it is read (GNU
// ld's words; a COMMON symbol is a definition).
static void trace_symbol(struct ctx *ctx, struct objfile *f, const char *name,
                         bool undef) {
  for (u32 k = 0; k < ctx->cfg.trace_symbols.len; k++)
    if (!strcmp(name, ctx->cfg.trace_symbols.v[k]))
      fprintf(stderr, "mld: %s: %s %s\n", f->name,
              undef ? "reference to" : "definition of", name);
}

// An undefined reference of F to SYM (binding BIND; SHNDX not
// SHN_UNDEF when its definition was discarded): GNU ld's undefined
// list, -Map's referring file, the reference flags.
static void add_reference(struct ctx *ctx, struct objfile *f,
                          struct symbol *sym, u8 bind, u32 shndx) {
  // A name first referenced strongly while undefined: GNU ld's undefs
  // list grows (weak references do not add to it), which decides
  // whether a group is searched again.
  if (bind != STB_WEAK && sym->state == SYM_UNDEF &&
      !(sym->ref_flags & SF_REF_STRONG)) {
    ctx->new_undefs++;
    note_change(ctx, sym);
  }
  if (sym->state == SYM_DEFINED)
    sym->flags |= SF_REF_LISTED;
  // -Map names the file that made it undefined: the first to refer to
  // it, or the first to do so strongly after weak references (bfd's
  // undefweak becoming undefined).
  if (notes_members(ctx) && sym->state == SYM_UNDEF &&
      (!sym->ref_flags ||
       (bind != STB_WEAK && !(sym->ref_flags & SF_REF_STRONG))))
    sym_aux(ctx, sym)->ref_file = f;
  sym->ref_flags |= SF_REFERENCED;
  if (bind != STB_WEAK)
    sym->ref_flags |= SF_REF_STRONG;
  if (shndx != SHN_UNDEF) {
    sym->ref_flags |= REF_DISCARDED_DEF;
    ctx->discarded_defs = true;
  }
}

// A COMMON symbol S (global I of F, named NAME) against what SYM holds:
// it takes an undefined or weak one, loses to a definition, merges
// with a COMMON (the larger size, the larger alignment).  UNSEEN: the
// name was never seen before.
static void add_common(struct ctx *ctx, struct objfile *f, u32 i,
                       struct esym *s, struct symbol *sym, const char *name,
                       bool unseen) {
  if (s->st_value > 1 && !is_pow2(s->st_value)) {
    error(ctx, "%s: common symbol '%s' has a bad alignment %llu", f->name,
          name, (unsigned long long)s->st_value);
    return;
  }
  // A name first seen as COMMON joins GNU ld's undefined list too,
  // so the archive or group is searched again.
  if (unseen)
    ctx->new_undefs++;
  // A COMMON symbol is a reference too, for .gnu.warning.SYM.
  sym->ref_flags |= SF_REFERENCED;
  sym->flags |= SF_REF_LISTED;
  if (sym->state == SYM_UNDEF ||
      (sym->state == SYM_DEFINED && sym->binding == STB_WEAK)) {
    take_definition(sym, f, i, s, SYM_COMMON);
    note_change(ctx, sym);
  } else if (sym->state == SYM_DEFINED && sym->file) {
    if (ctx->cfg.warn_common)
      warn(ctx, "%s: common of `%s' overridden by definition from %s",
           f->name, name, sym->file->name);
    struct esym d;
    read_sym(sym->file, sym->symidx, &d);
    common_vs_definition(ctx, sym, f, s->st_size, s->st_value, sym->file,
                         sym_shndx(sym->file, sym->symidx, &d), &d,
                         false);
  } else if (sym->state == SYM_COMMON) {
    // --warn-common, in GNU ld's words.
    if (ctx->cfg.warn_common) {
      u64 old = sym_size(sym);
      if (s->st_size == old)
        warn(ctx, "%s and %s: multiple common of `%s'", f->name,
             sym->file->name, name);
      else
        warn(ctx, "%s: common of `%s' %s common from %s", f->name, name,
             s->st_size > old ? "overriding smaller"
                              : "overridden by larger",
             sym->file->name);
    }
    u64 align = sym->value > s->st_value ? sym->value : s->st_value;
    if (s->st_size > sym_size(sym))
      take_definition(sym, f, i, s, SYM_COMMON);   // COMMON already
    sym->value = align;
  }
}

// A definition S (global I of F, named NAME, in section SHNDX) against
// what SYM holds: --defsym's shadow, a COMMON or weak one replaced, a
// duplicate reported.
static void add_definition(struct ctx *ctx, struct objfile *f, u32 i,
                           struct esym *s, struct symbol *sym,
                           const char *name, u32 shndx) {
  bool weak = ELF64_ST_BIND(s->st_info) == STB_WEAK;
  if ((sym->flags & SF_LINKER) && sym->symidx >> 1 == W_DEFSYM) {
    // --defsym wins over a file's definition, whose type and size the
    // symbol keeps (GNU ld).
    struct sym_aux *aux = sym_aux(ctx, sym);
    if (!aux->shadowed) {
      aux->shadowed = true;
      aux->shadow_type = ELF64_ST_TYPE(s->st_info);
      aux->shadow_size = s->st_size;
    }
    return;
  }
  if (sym->state == SYM_COMMON && !weak && ctx->cfg.warn_common)
    warn(ctx, "%s: definition of `%s' overriding common from %s", f->name,
         name, sym->file->name);
  if (sym->state == SYM_COMMON && !weak)
    common_vs_definition(ctx, sym, sym->file, sym_size(sym), sym->value, f,
                         shndx, s, true);
  if (sym->state == SYM_UNDEF ||
      (sym->state == SYM_COMMON && !weak) ||
      (sym->state == SYM_DEFINED && sym->binding == STB_WEAK && !weak)) {
    take_definition(sym, f, i, s, SYM_DEFINED);
  } else if (sym->state == SYM_DEFINED && !weak &&
             sym->binding != STB_WEAK) {
    // --allow-multiple-definition, -z muldefs: the first one wins.
    if ((sym->flags & SF_LINKER) || ctx->cfg.allow_multiple_definition)
      return;
    report_duplicate(ctx, sym, f, i);
  }
}

// Global symbol I of F: checked, interned (unless intern_symbols or
// globals_from_index found it already), its flags noted, then resolved as
// a reference, a COMMON or a definition.
static void add_global(struct ctx *ctx, struct objfile *f, u32 i) {
  struct esym s;
  read_sym(f, i, &s);
  if (s.st_name >= f->strtab_size) {
    error(ctx, "%s: symbol %u: name offset %u is out of range", f->name, i,
          s.st_name);
    return;
  }
  u8 bind = ELF64_ST_BIND(s.st_info);
  if (bind == STB_LOCAL) {
    error(ctx, "%s: symbol %u: local symbol after the first global "
          "(sh_info %u)", f->name, i, f->first_global);
    return;
  }
  const char *name = f->strtab + s.st_name;
  u32 shndx0 = sym_shndx(f, i, &s);
  if (ctx->cfg.wrap.len && shndx0 == SHN_UNDEF)
    name = wrapped_name(ctx, name);
  struct symbol *sym = f->globals[i - f->first_global];
  if (sym)                     // interned ahead, or found in the index
    table_see(&ctx->symbols, sym);
  else
    sym = f->globals[i - f->first_global] =
        sym_intern(ctx, name, strlen(name));
  if (ctx->cfg.trace_symbols.len)
    trace_symbol(ctx, f, name, shndx0 == SHN_UNDEF);
  sym->visibility = merge_visibility(sym->visibility,
                                     ELF64_ST_VISIBILITY(s.st_other));
  u32 shndx = sym_shndx(f, i, &s);
  bool undef = shndx == SHN_UNDEF ||
               (shndx < f->shnum && f->discarded && f->discarded[shndx]);
  // Only st_shndx itself says COMMON or ABS: an index read through
  // SHN_XINDEX is a section's, even one from SHN_LORESERVE up.
  bool xindex = s.st_shndx == SHN_XINDEX;
  // Large-model COMMON (x86-64 LARGE_COMMON) resolves as COMMON does;
  // sections.c puts it in .lbss unless an ordinary COMMON definition of
  // the name was seen too (GNU ld then makes it ordinary, whatever the
  // sizes and the order).
  if (!xindex && shndx == SHN_COMMON)
    sym->flags |= SF_SMALL_COMMON;
  if (!xindex && shndx && shndx == ctx->arch->shn_large_common) {
    shndx = SHN_COMMON;
    ctx->large_common_seen = true;
  }
  bool common = !xindex && shndx == SHN_COMMON;
  if (!undef && shndx >= f->shnum && (xindex || (shndx != SHN_ABS &&
                                                 !common))) {
    error(ctx, "%s: symbol '%s' has a bad section index %u", f->name, name,
          shndx);
    return;
  }
  if ((sym->flags & SF_WARNING) && (undef || common))
    warn_reference(ctx, f, sym);
  // --cref: a definition that loses to one seen before (weak after
  // any, strong after strong) is not noted, as in GNU ld.
  bool loses = !undef && !common &&
               sym->state == SYM_DEFINED && !(sym->flags & SF_LINKER) &&
               (bind == STB_WEAK || sym->binding != STB_WEAK);
  if (ctx->cfg.cref && !loses)
    note_cref(ctx, sym, f, undef, common);
  // Never seen before (bfd_link_hash_new): a COMMON symbol then joins
  // GNU ld's undefined list.
  bool unseen = sym->state == SYM_UNDEF && !sym->ref_flags;
  if (s.st_other & 0x80)
    sym->ref_flags |= REF_STO_VARIANT_PCS;
  // GNU ld's non_ir_ref_regular: a file the LTO plugin did not claim
  // refers to the name (a COMMON counts), so the plugin must keep it.
  if ((undef || common) && !f->lto)
    sym->ref_flags |= REF_NON_IR;
  // After LTO, the compiled objects' definitions replace those of the
  // bytecode (GNU ld makes the old one undefweak first).
  if (!undef && sym->state != SYM_UNDEF && sym->file && sym->file->lto &&
      !f->lto && lto_replacing(ctx)) {
    sym->state = SYM_UNDEF;
    sym->file = NULL;
    sym->value = 0;
  }
  if (undef)
    add_reference(ctx, f, sym, bind, shndx);
  else if (common)
    add_common(ctx, f, i, &s, sym, name, unseen);
  else
    add_definition(ctx, f, i, &s, sym, name, shndx);
}

void add_file_symbols(struct ctx *ctx, struct objfile *f) {
  if (f->nsyms <= f->first_global)
    return;
  if (!f->globals)                  // none interned (intern.c) or found
    f->globals = arena_alloc(ctx, (u64)(f->nsyms - f->first_global) *
                                      sizeof(struct symbol *));
  for (u32 i = f->first_global; i < f->nsyms; i++)
    add_global(ctx, f, i);
}

// --wrap=X: undefined X means __wrap_X, undefined __real_X means X.
static const char *wrapped_name(struct ctx *ctx, const char *name) {
  for (u32 i = 0; i < ctx->cfg.wrap.len; i++) {
    const char *w = ctx->cfg.wrap.v[i];
    if (!strcmp(name, w))
      return arena_printf(ctx, "__wrap_%s", w);
    if (!strncmp(name, "__real_", 7) && !strcmp(name + 7, w))
      return w;
  }
  return name;
}

static void add_object(struct ctx *ctx, struct objfile *f) {
  if (f->live)
    return;
  f->live = true;
  f->priority = ++ctx->next_priority;
  f->bfd_id = 2 + ctx->bfds_opened++;
  f->entry = ctx->cur_entry;
  f->reloaded = ctx->reloading;
  vec_push(ctx, &ctx->objs, f);
  // -t -t: archive members too, as GNU ld prints them, "(ARCHIVE)MEMBER".
  const char *own;
  u32 own_len = file_own_name(f, &own);
  if (ctx->cfg.trace >= 2 && own != f->name)
    printf("(%.*s)%.*s\n", (int)(own - 1 - f->name), f->name, (int)own_len,
           own);
  handle_comdat(ctx, f);
  add_warning_sections(ctx, f);
  add_file_symbols(ctx, f);
  parse_ahead(ctx, f);         // its COMDAT losers settled
}

// True if the member's symbol table defines name as GNU ld's archive scan
// wants it defined to replace a COMMON symbol: the first global symbol of
// that name has global binding (or an OS-specific one such as
// STB_GNU_UNIQUE; weak does not count), is not a function, and lies in a
// section or is absolute (not undefined, not COMMON).
static bool defines_data(struct objfile *f, const char *name, u32 len) {
  for (u32 i = f->first_global; i < f->nsyms; i++) {
    struct esym s;
    read_sym(f, i, &s);
    if (s.st_name >= f->strtab_size ||
        strncmp(f->strtab + s.st_name, name, len) ||
        f->strtab[s.st_name + len])
      continue;
    u8 bind = ELF64_ST_BIND(s.st_info);
    u32 shndx = sym_shndx(f, i, &s);
    if (bind != STB_GLOBAL && bind < STB_LOOS)
      return false;
    if (ELF64_ST_TYPE(s.st_info) == STT_FUNC)
      return false;
    return shndx != SHN_UNDEF && (shndx < SHN_LORESERVE || shndx == SHN_ABS);
  }
  return false;
}

// An archive scan's bookkeeping.  GNU ld (bfd's
// elf_link_add_archive_symbols) walks the whole index again while a pass
// made names undefined that were not before; an entry whose symbol has
// not changed since it was last looked at gives the same answer again,
// so after the first pass mld looks only at the entries of the symbols
// that extraction changed (a name newly referenced strongly, or newly
// COMMON), in index order: the same members in the same order, without
// a walk per member.
struct change {
  struct symbol *sym;
  u32 at;                      // the entry being looked at then
};

struct archive_scan {
  struct archive *ar;
  u8 *done;                    // per entry: never to be looked at again
  u32 at;
  struct change *changes;
  u32 nchanges, changes_cap;
  u32 *heap;                   // entries for this pass, a min-heap
  u32 nheap, heap_cap;
};

// add_file_symbols: sym may now make an archive entry extract a member.
static void note_change(struct ctx *ctx, struct symbol *sym) {
  struct archive_scan *sc = ctx->archive_scan;
  if (!sc)
    return;
  sc->changes = arena_grow(ctx, sc->changes, sc->nchanges, &sc->changes_cap,
                           sizeof(*sc->changes), 64);
  sc->changes[sc->nchanges++] = (struct change){sym, sc->at};
}

static void heap_push(struct ctx *ctx, struct archive_scan *sc, u32 k) {
  sc->heap = arena_grow(ctx, sc->heap, sc->nheap, &sc->heap_cap, sizeof(u32),
                        64);
  u32 i = sc->nheap++;
  for (; i && sc->heap[(i - 1) / 2] > k; i = (i - 1) / 2)
    sc->heap[i] = sc->heap[(i - 1) / 2];
  sc->heap[i] = k;
}

static u32 heap_pop(struct archive_scan *sc) {
  u32 top = sc->heap[0], last = sc->heap[--sc->nheap], i = 0;
  for (;;) {
    u32 c = 2 * i + 1;
    if (c >= sc->nheap)
      break;
    if (c + 1 < sc->nheap && sc->heap[c + 1] < sc->heap[c])
      c++;
    if (sc->heap[c] >= last)
      break;
    sc->heap[i] = sc->heap[c];
    i = c;
  }
  if (sc->nheap)
    sc->heap[i] = last;
  return top;
}

// The entries of changes[from..] to look at: those after the entry where
// the change happened in this pass (after), those up to it in the next.
// The member of an entry whose name is now wanted is brought into memory
// meanwhile (warm_ahead).
static void queue_changes(struct ctx *ctx, struct archive_scan *sc, u32 from,
                          bool after) {
  for (u32 c = from; c < sc->nchanges; c++) {
    struct symbol *sym = sc->changes[c].sym;
    bool wanted = sym->state == SYM_UNDEF && (sym->ref_flags & SF_REF_STRONG);
    for (u32 e = archive_last_entry(ctx, sc->ar, sym); e;
         e = archive_entry_before(sc->ar, e - 1))
      if (!sc->done[e - 1] && (e - 1 > sc->changes[c].at) == after) {
        heap_push(ctx, sc, e - 1);
        if (wanted)
          warm_ahead(ctx, sc->ar, archive_index_offset(sc->ar, e - 1));
      }
  }
}

// Index entry k's symbol as the link knows it so far: NULL for a name
// it has not met.  NAME: the entry's name, if known, where intern_symbols
// did not intern the index.
static struct symbol *index_entry_symbol(struct ctx *ctx, struct archive *ar,
                                         u32 k, const char *name) {
  if (ar->entry_syms) {
    struct symbol *sym = ar->entry_syms[k];
    return sym->seq == SEQ_UNSEEN ? NULL : sym;
  }
  if (!name)
    name = archive_entry_name(ar, k);
  return sym_find(ctx, name, strlen(name));
}

// Looks at index entry k, naming SYM; true if it extracted a member.  A
// name found defined is not looked at again in this scan, even if a
// member extracted later makes it COMMON; a weak reference is.
static bool look_at_entry(struct ctx *ctx, struct archive_scan *sc, u32 k,
                          struct symbol *sym) {
  if (!sym)
    return false;
  bool common = sym->state == SYM_COMMON;
  if (!common && (sym->state != SYM_UNDEF ||
                  !(sym->ref_flags & SF_REF_STRONG))) {
    sc->done[k] = sym->state == SYM_DEFINED;
    return false;
  }
  struct objfile *f = archive_member(ctx, sc->ar,
                                     archive_index_offset(sc->ar, k));
  if (!f || f->live ||
      (common && !defines_data(f, sym->name, sym->namelen)))
    return false;
  if (notes_members(ctx))
    note_extraction(ctx, f, sym, common ? sym->file : NULL);
  sc->at = k;
  if (sc->ar->entry_syms && !f->globals)
    globals_from_index(ctx, sc->ar, k, f);
  add_object(ctx, f);
  sc->done[k] = 1;
  return true;
}

// The members that the first pass over AR's index would extract if no
// member it extracts defined a name wanted now: brought into memory on
// a helper thread (warm_ahead) while this thread works its way to them.
// Only an index intern_symbols interned, read in place.
static void warm_wanted_members(struct ctx *ctx, struct archive *ar) {
  if (!ctx->parse_ahead || !ar->entry_syms)
    return;
  u64 last = 0;
  for (u32 k = 0; k < ar->nsyms; k++) {
    struct symbol *sym = ar->entry_syms[k];
    if (sym->seq == SEQ_UNSEEN || sym->state != SYM_UNDEF ||
        !(sym->ref_flags & SF_REF_STRONG))
      continue;
    u64 off = archive_index_offset(ar, k);
    if (off != last)
      warm_ahead(ctx, ar, off);
    last = off;
  }
}

static bool scan_archive(struct ctx *ctx, struct archive *ar) {
  if (!ar->nsyms)
    return false;
  struct archive_scan sc = {.ar = ar, .done = arena_alloc(ctx, ar->nsyms)};
  struct archive_scan *outer = ctx->archive_scan;
  ctx->archive_scan = &sc;
  warm_wanted_members(ctx, ar);
  // The first pass looks at every entry.
  u64 before = ctx->new_undefs;
  bool added = false;
  const char *name = ar->entry_syms ? NULL : ar->names;
  for (u32 k = 0; k < ar->nsyms; k++) {
    added |= look_at_entry(ctx, &sc, k, index_entry_symbol(ctx, ar, k, name));
    if (name)
      name += strlen(name) + 1;
  }
  bool any = added;
  while (added && ctx->new_undefs != before) {
    before = ctx->new_undefs;
    added = false;
    queue_changes(ctx, &sc, 0, false);
    sc.nchanges = 0;
    for (u32 last = UINT32_MAX; sc.nheap;) {
      u32 k = heap_pop(&sc);
      if (k == last || sc.done[k])
        continue;
      last = k;
      u32 mark = sc.nchanges;
      if (look_at_entry(ctx, &sc, k, index_entry_symbol(ctx, ar, k, NULL))) {
        added = true;
        queue_changes(ctx, &sc, mark, true);
      }
    }
  }
  ctx->archive_scan = outer;
  return any;
}

// --whole-archive's members, noted for -Map.
static void add_whole_member(struct ctx *ctx, struct objfile *f) {
  note_extraction(ctx, f, NULL, NULL);
  add_object(ctx, f);
}

static void trace_entry(struct input_entry *e) {
  if (e->kind == E_OBJECT)
    printf("%s\n", e->obj->name);
  else if (e->kind == E_ARCHIVE)
    printf("%s\n", e->ar->name);
  else if (e->kind == E_SCRIPT)
    printf("%s\n", e->sym);
}

// -u, --defsym and the entry symbol: the roots that pull archive members.
static void resolve_roots(struct ctx *ctx) {
  for (u32 i = 0; i < ctx->cfg.undefined.len; i++) {
    const char *name = ctx->cfg.undefined.v[i];
    struct symbol *sym = sym_intern(ctx, name, strlen(name));
    sym->ref_flags |= SF_REF_STRONG | SF_REFERENCED | REF_NON_IR;
  }
  // --defsym symbols are defined before any file is read; their targets
  // are referenced where the option stands (E_UNDEF below).
  for (u32 i = 0; i < ctx->cfg.defsyms.len; i++) {
    struct defsym *d = ctx->cfg.defsyms.v[i];
    if (d->after_scripts)
      continue;                // the script's (add_late_defsyms)
    struct symbol *sym = sym_intern(ctx, d->name, strlen(d->name));
    bool again = (sym->flags & SF_LINKER) && sym->symidx >> 1 == W_DEFSYM;
    sym->state = SYM_DEFINED;
    sym->flags |= SF_LINKER;
    sym->binding = STB_GLOBAL;
    // The expression's names are looked up as undefined references, so
    // --wrap applies to them (GNU ld's wrapped lookup).
    expr_symbols(ctx, d->expr, bind_defsym_name, NULL);
    struct sym_aux *aux = sym_aux(ctx, sym);
    aux->expr = d->expr;            // the last --defsym of a name wins
    aux->defsym_text = d->text;
    sym->symidx = W_DEFSYM << 1;
    if (!again)
      vec_push(ctx, &ctx->linker_syms, sym);
  }
  // The entry symbol is undefined from the start, like -u (GNU ld's
  // after_parse_default): -e NAME, a -T script's ENTRY or the default
  // _start (a -T script without ENTRY has none), unless -e gives an
  // address.  An input script's ENTRY comes too late to pull members.
  // -r: -e's only.  An INSERT script's ENTRY gives way to the default
  // script's, read after it.
  const char *entry = ctx->cfg.entry ? ctx->cfg.entry
                      : ctx->cfg.relocatable ? NULL
                      : !script_layout(ctx)  ? "_start"
                                             : ctx->t_script_entry;
  char *end;
  if (entry)
    strtoull(entry, &end, 0);
  if (entry && (!ctx->cfg.entry || *end || end == entry)) {
    struct symbol *sym = sym_intern(ctx, entry, strlen(entry));
    sym->ref_flags |= SF_REF_STRONG | SF_REFERENCED | REF_NON_IR;
  }
}

// The entries [0, end) left to right: objects join, archives are scanned
// and groups searched again, as GNU ld's open_input_bfds.  A rescan
// (after LTO) passes over the archives before entry FROM, except in a
// group that is searched again; ADDED: the objects before it made new
// undefined symbols.
static void resolve_entries(struct ctx *ctx, u32 from, bool rescan,
                            bool added) {
  u32 group_start[16];
  u64 group_undefs[16];        // new_undefs when the group started
  u32 depth = 0;
  for (u32 i = 0; i < ctx->entries.len; i++) {
    struct input_entry *e = ctx->entries.v[i];
    ctx->cur_entry = e;
    // -t, --trace: each input file as GNU ld opens it, in link order
    // (a rescan opens only the archives it scans again).
    if (ctx->cfg.trace && (!rescan || (e->kind == E_ARCHIVE && i >= from)))
      trace_entry(e);
    switch (e->kind) {
    case E_SCRIPT:
      break;
    case E_OBJECT:
      add_object(ctx, e->obj);
      break;
    case E_ARCHIVE:
      if (!rescan)
        ctx->bfds_opened++;    // GNU ld opens the archive itself first
      if (e->whole)
        archive_all_members(ctx, e->ar,
                            notes_members(ctx) ? add_whole_member
                                               : add_object);
      else if (i >= from)
        scan_archive(ctx, e->ar);
      break;
    case E_UNDEF: {
      // EXTERN or --defsym's target: a new undefined symbol; one already
      // seen is left as it is (GNU ld's insert_undefined), so a weak
      // reference stays weak.  Interned but neither referenced nor
      // defined (a --defsym target so far) is new.  --wrap applies to
      // --defsym's name (GNU ld's wrapped lookup), not to EXTERN's.
      const char *name = e->wrapped ? wrapped_name(ctx, e->sym) : e->sym;
      struct symbol *sym = sym_find(ctx, name, strlen(name));
      if (!sym || (sym->state == SYM_UNDEF && !sym->ref_flags)) {
        sym = sym_intern(ctx, name, strlen(name));
        sym->ref_flags |= SF_REF_STRONG | SF_REFERENCED;
        ctx->new_undefs++;
      }
      // Not bytecode's reference: the LTO plugin must keep the name.
      sym->ref_flags |= REF_NON_IR;
      break;
    }
    case E_GROUP_START:
      // A script's GROUP may sit inside --start-group: groups nest.
      if (depth == 16)
        fatal(ctx, "groups nested too deeply");
      group_undefs[depth] = ctx->new_undefs;
      group_start[depth++] = i;
      break;
    case E_GROUP_END:
      if (!depth)
        break;
      depth--;
      // As GNU ld, the group is searched again while a pass over it made
      // names undefined that were not seen before (a member it adds that
      // only defines names, such as a COMMON taking over from a weak
      // definition, does not start another pass).  In a rescan, a group
      // holding the point where the compiled objects joined is searched
      // again if they made new names undefined.
      bool again = rescan && added && group_start[depth] < from && from <= i;
      ctx->reloading = true;
      for (u64 seen = group_undefs[depth]; again || seen != ctx->new_undefs;) {
        again = false;
        seen = ctx->new_undefs;
        for (u32 j = group_start[depth] + 1; j < i; j++) {
          struct input_entry *g = ctx->entries.v[j];
          if (g->kind == E_ARCHIVE && !g->whole) {
            if (ctx->cfg.trace)
              trace_entry(g);   // GNU ld opens it again
            ctx->cur_entry = g;
            scan_archive(ctx, g->ar);
          }
        }
      }
      ctx->reloading = rescan;
      break;
    }
  }
  ctx->cur_entry = NULL;
}

void resolve_symbols(struct ctx *ctx) {
  resolve_roots(ctx);
  resolve_entries(ctx, 0, false, false);
}

// After LTO (lto.c): the entries [from, to) the plugin added, read as
// GNU ld opens them; true if they made names undefined.
bool load_entries(struct ctx *ctx, u32 from, u32 to) {
  u64 before = ctx->new_undefs;
  for (u32 i = from; i < to; i++) {
    struct input_entry *e = ctx->entries.v[i];
    ctx->cur_entry = e;
    if (ctx->cfg.trace)
      trace_entry(e);
    if (e->kind == E_OBJECT)
      add_object(ctx, e->obj);
    else if (e->kind == E_ARCHIVE && !e->whole)
      scan_archive(ctx, e->ar);
  }
  ctx->cur_entry = NULL;
  return ctx->new_undefs != before;
}

// Then the archives from entry FROM on again, for what the new objects
// need (GNU ld's OPEN_BFD_RESCAN).
void rescan_entries(struct ctx *ctx, u32 from, bool added) {
  ctx->reloading = true;
  resolve_entries(ctx, from, true, added);
  ctx->reloading = false;
}

void finish_resolution(struct ctx *ctx) {
  // COMMON symbols become .bss space (sections.c) in GNU ld's order, that
  // of its hash table (bfd_hash); in one bucket the name first seen last
  // first, as its chains are.  --sort-common makes
  // GNU ld walk the table once per alignment: 16 and more, 8, 4, 2, 1
  // (descending), or 1, 2, 4, 8, 16, then the rest (ascending).
  for (u32 i = ctx->objs.len; i-- > 0;) {
    struct objfile *f = ctx->objs.v[i];
    for (u32 k = f->nsyms; k-- > f->first_global;) {
      struct symbol *sym = f->globals[k - f->first_global];
      if (sym && sym->state == SYM_COMMON && sym->file == f &&
          sym->symidx == k)
        vec_push(ctx, &ctx->commons, sym);
    }
  }
  u32 n = ctx->commons.len;
  struct order_key *keys = arena_alloc(ctx, (u64)n * sizeof(*keys) + 1);
  for (u32 i = 0; i < n; i++) {
    struct symbol *sym = ctx->commons.v[i];
    u32 power = 0;
    while (power < 63 && ((u64)2 << power) <= (sym->value ? sym->value : 1))
      power++;
    keys[i].group = ctx->cfg.sort_common == SORT_COMMON_DESCENDING
                       ? (power >= 4 ? 0 : 4 - power)
                   : ctx->cfg.sort_common == SORT_COMMON_ASCENDING
                       ? (power <= 4 ? power : 5)
                       : 0;
    keys[i].order = BFD_WALK;
    keys[i].sym = sym;
  }
  bfd_walk_orders(ctx, keys, n);
  qsort(keys, n, sizeof(*keys), cmp_order_key);
  for (u32 i = 0; i < n; i++)
    ctx->commons.v[i] = keys[i].sym;
  ctx->resolved = true;
  // --require-defined: as -u, and an error if no input defines it.
  for (u32 i = 0; i < ctx->cfg.require_defined.len; i++) {
    const char *name = ctx->cfg.require_defined.v[i];
    struct symbol *sym = sym_find_str(ctx, name);
    if (!sym || sym->state == SYM_UNDEF)
      error(ctx, "required symbol `%s' not defined", name);
  }
}

struct sym_aux *sym_aux(struct ctx *ctx, struct symbol *sym) {
  if (!sym->aux) {
    // Entries 1 to naux: one more at naux + 1.
    ctx->aux = arena_grow(ctx, ctx->aux, ctx->naux + 1, &ctx->auxcap,
                          sizeof(*ctx->aux), 256);
    sym->aux = ++ctx->naux;
    struct sym_aux *x = &ctx->aux[sym->aux];
    memset(x, 0, sizeof(*x));
    x->got_idx = x->gottp_idx = x->gotgd_idx = x->iplt_idx = x->pltgot_idx =
        UINT32_MAX;
  }
  return &ctx->aux[sym->aux];
}

u64 sym_shndx_of(struct symbol *sym) {
  if (!sym->file || sym->state != SYM_DEFINED)
    return SHN_UNDEF;
  struct esym s;
  read_sym(sym->file, sym->symidx, &s);
  return sym_shndx(sym->file, sym->symidx, &s);
}

struct isec *sym_isec(struct ctx *ctx, struct symbol *sym) {
  if (sym->aux && ctx->aux[sym->aux].isec)
    return ctx->aux[sym->aux].isec;
  u64 shndx = sym_shndx_of(sym);
  if (shndx == SHN_UNDEF || shndx >= sym->file->shnum)
    return NULL;
  return sym->file->isecs ? sym->file->isecs[shndx] : NULL;
}

bool sym_is_ifunc(struct symbol *sym) {
  return sym->state == SYM_DEFINED && sym->type == STT_GNU_IFUNC;
}

bool sym_is_abs(struct symbol *sym) {
  if (sym->state != SYM_DEFINED)
    return false;
  if (sym->flags & SF_ABS)
    return true;
  // Never an index through SHN_XINDEX: st_shndx itself.
  return sym->file && sym->shn_abs;
}

// Defined in an input section the link leaves out (dropped_input): GNU
// ld lists no such symbol (--strip-discarded, its default;
// elf_link_output_extsym).  (A caller that has sym_isec's answer asks
// only when it found none: this reads the symbol again.)
bool sym_in_dropped_section(struct symbol *sym) {
  if ((sym->flags & SF_LINKER) || sym->shn_abs)
    return false;
  u64 shndx = sym_shndx_of(sym);  // SHN_UNDEF unless defined in a file
  return shndx != SHN_UNDEF && shndx < SHN_LORESERVE &&
         dropped_input(sym->file, (u32)shndx);
}

// Whether --exclude-libs names the archive a member came from: each
// option is a list of archive file names (libfoo.a) separated by commas
// or colons, or ALL.
static bool excluded_archive(struct ctx *ctx, struct objfile *f) {
  const char *own;
  file_own_name(f, &own);
  if (own == f->name)
    return false;                // not an archive member
  const char *paren = own - 1, *base = f->name;
  for (const char *p = f->name; p < paren; p++)
    if (*p == '/')
      base = p + 1;
  u64 len = (u64)(paren - base);
  for (u32 i = 0; i < ctx->cfg.exclude_libs.len; i++) {
    const char *list = ctx->cfg.exclude_libs.v[i];
    while (*list) {
      u64 n = strcspn(list, ",:");
      if ((n == 3 && !memcmp(list, "ALL", 3)) ||
          (n == len && !memcmp(list, base, n)))
        return true;
      list += n + (list[n] != 0);
    }
  }
  return false;
}

// --exclude-libs: the global symbols that members of the named archives
// define become hidden, as in GNU ld (.symtab shows them GLOBAL HIDDEN;
// nothing else in a static executable depends on it).
void hide_excluded_libs(struct ctx *ctx) {
  if (!ctx->cfg.exclude_libs.len)
    return;
  for (u32 i = 0; i < ctx->objs.len; i++) {
    struct objfile *f = ctx->objs.v[i];
    if (!f->live || !excluded_archive(ctx, f))
      continue;
    for (u32 k = f->first_global; k < f->nsyms; k++) {
      struct symbol *sym = f->globals[k - f->first_global];
      if (sym && sym->file == f && sym->state != SYM_UNDEF &&
          sym->visibility != STV_INTERNAL)
        sym->visibility = STV_HIDDEN;
    }
  }
}
