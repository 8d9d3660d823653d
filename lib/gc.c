// gc.c: --gc-sections.
//
// Allocated input sections start dead.  The roots are what GNU ld keeps:
// the entry point and -u symbols, sections the default script KEEPs
// (.init, .fini, .init_array, .ctors, ...), notes outside groups (also
// those not allocated: what they refer to), and SHF_GNU_RETAIN sections.
// A live section's relocations make their targets live, and the other
// members of its section group (GNU ld keeps a group whole: a VTT with
// its vtable); a reference to __start_SEC or __stop_SEC makes every
// section of SEC live, unless -z start-stop-gc.
// .eh_frame is kept (if the script KEEPs it) but does not mark: an FDE
// instead keeps its LSDA and personality alive once the function it
// describes is live.

#include "mld.h"

#include <stdlib.h>

#ifndef SHF_GNU_RETAIN
#define SHF_GNU_RETAIN (1 << 21)
#endif

// Marking runs on all threads, a level of newly marked sections at a
// time (drain): a section is marked once, by whichever thread gets to it
// first, and goes on that thread's work list.  What is marked in the end
// is the same whatever the order (the least set closed under the rules),
// but for -z start-stop-gc, whose rule depends on the order of the
// relocations met: it marks on one thread, in GNU ld's order.
//
// For each file that has section groups (by priority, made when one of
// its group members is first marked) the next member of each member's
// group, round the group: GNU ld marks a group whole.
struct gc {
  struct vec *work;            // per thread (worker_index)
  struct vec level;            // the sections drain follows next
  u32 **next_in_group;
  bool serial;                 // -z start-stop-gc
};

// Marks is; whether it was not marked before.
static bool mark_one(struct ctx *ctx, struct gc *gc, struct isec *is) {
  if (!is || __atomic_load_n(&is->live, __ATOMIC_RELAXED) ||
      __atomic_exchange_n(&is->live, true, __ATOMIC_RELAXED))
    return false;
  vec_push(ctx, &gc->work[worker_index()], is);
  return true;
}

static u32 *group_rings(struct ctx *ctx, struct objfile *f) {
  u32 *next = arena_alloc(ctx, (u64)f->shnum * sizeof(u32));
  for (u32 k = 1; k < f->shnum; k++) {
    const u8 *sh = shdr_at(f, k);
    if (SH_TYPE(sh) != SHT_GROUP || (f->discarded && f->discarded[k]))
      continue;
    const u8 *p = f->data + SH_OFFSET(sh);
    u32 first = 0, prev = 0;
    for (u64 w = 1; w < SH_SIZE(sh) / 4; w++) {
      u32 m = rd32(p + w * 4);
      if (m == 0 || m >= f->shnum || next[m])
        continue;              // out of range, or in two groups: left out
      if (prev)
        next[prev] = m;
      else
        first = m;
      prev = m;
    }
    if (prev)
      next[prev] = first;
  }
  return next;
}

static void mark(struct ctx *ctx, struct gc *gc, struct isec *is) {
  if (!mark_one(ctx, gc, is))
    return;
  struct objfile *f = is->file;
  if (is->is_common || !(SH_FLAGS(shdr_at(f, is->shndx)) & SHF_GROUP))
    return;
  // Two threads may make the file's rings at once: one copy is kept.
  u32 **slot = &gc->next_in_group[f->priority];
  u32 *ring = __atomic_load_n(slot, __ATOMIC_ACQUIRE);
  if (!ring) {
    u32 *made = group_rings(ctx, f);
    if (__atomic_compare_exchange_n(slot, &ring, made, false,
                                    __ATOMIC_ACQ_REL, __ATOMIC_ACQUIRE))
      ring = made;
  }
  for (u32 m = ring[is->shndx]; m && m != is->shndx; m = ring[m])
    mark_one(ctx, gc, f->isecs[m]);
}

static bool is_start_stop(const struct symbol *sym) {
  return start_stop_target(sym->name) != NULL;
}

// -z start-stop-gc: __start_SEC and __stop_SEC kept nothing; where no
// SEC is left they are not defined, as in GNU ld, and their references
// are undefined (weak ones 0).
// The linker no longer defines SYM: it is undefined again, as though the
// collected sections had never made it.
static void withdraw_linker_symbol(struct ctx *ctx, struct symbol *sym) {
  forget_linker_symbol(ctx, sym);
  sym->state = SYM_UNDEF;
  sym->flags &= ~SF_LINKER;
}

static void undefine_start_stop(struct ctx *ctx) {
  for (u32 i = ctx->linker_syms.len; i-- > 0;) {
    struct symbol *sym = ctx->linker_syms.v[i];
    struct chunk *c = ctx->aux[sym->aux].osec;
    if (is_start_stop(sym) && c && has_inputs(c) && !c->isecs.len)
      withdraw_linker_symbol(ctx, sym);
  }
}

static void mark_symbol(struct ctx *ctx, struct gc *gc,
                        struct symbol *sym);

static void mark_named(struct ctx *ctx, struct expr *node, const char *name,
                       void *gc) {
  (void)name;
  mark_symbol(ctx, gc, expr_bound(node));
}

// What a --defsym's expression refers to stays; a chain of them is
// followed (not round a cycle, which evaluation reports).
static void mark_expr_symbols(struct ctx *ctx, struct gc *gc,
                              struct expr *e) {
  static _Thread_local u32 depth;
  if (depth > 64)
    return;
  depth++;
  expr_symbols(ctx, e, mark_named, gc);
  depth--;
}

static void mark_symbol(struct ctx *ctx, struct gc *gc,
                        struct symbol *sym) {
  if (sym && sym->state == SYM_UNDEF)  // .symtab lists it (synthetic.c)
    __atomic_fetch_or(&sym->ref_flags, REF_GC_LIVE, __ATOMIC_RELAXED);
  if (!sym || sym->state != SYM_DEFINED)
    return;
  if (sym->flags & SF_LINKER) {
    struct sym_aux *aux = &ctx->aux[sym->aux];
    if (aux->expr)
      mark_expr_symbols(ctx, gc, aux->expr);
    if (aux->osec && has_inputs(aux->osec) && !ctx->cfg.z_start_stop_gc &&
        is_start_stop(sym))
      for (u32 i = 0; i < aux->osec->isecs.len; i++)
        mark(ctx, gc, aux->osec->isecs.v[i]);
    return;
  }
  mark(ctx, gc, sym_isec(ctx, sym));
}

// The section a relocation of f refers to (its symbol's), or NULL.
static struct isec *rel_target(struct ctx *ctx, struct objfile *f,
                               u32 symidx) {
  if (symidx >= f->nsyms)
    return NULL;
  if (symidx >= f->first_global) {
    struct symbol *sym = f->globals[symidx - f->first_global];
    return sym && sym->state == SYM_DEFINED && !(sym->flags & SF_LINKER)
               ? sym_isec(ctx, sym)
               : NULL;
  }
  struct esym s;
  read_sym(f, symidx, &s);
  u32 shndx = sym_shndx(f, symidx, &s);
  return shndx != SHN_UNDEF && shndx < f->shnum ? f->isecs[shndx] : NULL;
}

// -z start-stop-gc as GNU ld 2.40 has it (_bfd_elf_gc_mark_rsec): the
// first relocation a kept section has against the linker's __start_SEC
// or __stop_SEC keeps nothing, but a later one (AArch64's ADRP and its
// LDR are two) keeps the first input SEC, as any symbol keeps its
// section.
static void mark_start_stop_again(struct ctx *ctx, struct gc *gc,
                                  struct symbol *sym) {
  if (!sym || sym->state != SYM_DEFINED || !(sym->flags & SF_LINKER) ||
      sym->symidx >> 1 == W_SCRIPT || !is_start_stop(sym))
    return;
  if (!(sym->ref_flags & REF_GC_SEEN)) {
    sym->ref_flags |= REF_GC_SEEN;
    return;
  }
  struct chunk *c = ctx->aux[sym->aux].osec;
  const char *sec = start_stop_target(sym->name);
  struct isec *first = NULL;
  for (u32 i = 0; c && has_inputs(c) && i < c->isecs.len; i++) {
    struct isec *is = c->isecs.v[i];
    if (strcmp(isec_name(is), sec))
      continue;
    if (!first || is->file->priority < first->file->priority ||
        (is->file == first->file && is->shndx < first->shndx))
      first = is;
  }
  mark(ctx, gc, first);
}

static void mark_rel_target(struct ctx *ctx, struct gc *gc,
                            struct objfile *f, u32 symidx) {
  if (symidx >= f->first_global && symidx < f->nsyms) {
    struct symbol *sym = f->globals[symidx - f->first_global];
    if (ctx->cfg.z_start_stop_gc)
      mark_start_stop_again(ctx, gc, sym);
    // -r lists the COMMON symbols of a file one of which a kept
    // relocation names (relocatable.c), not one -u alone names: bfd
    // keeps the file's COMMON section, as any other section.
    if (sym && sym->state == SYM_COMMON && sym->file)
      __atomic_store_n(&sym->file->common_live, true, __ATOMIC_RELAXED);
    mark_symbol(ctx, gc, sym);
  } else {
    mark(ctx, gc, rel_target(ctx, f, symidx));
  }
}

static void follow(struct ctx *ctx, struct gc *gc, struct isec *is) {
  if (is->eh)
    return;
  for (u32 i = 0; i < is->nrels; i++) {
    const u8 *r = is->rels + (u64)i * sizeof(Elf64_Rela);
    mark_rel_target(ctx, gc, is->file, ELF64_R_SYM(rd64(r + 8)));
  }
}

static void follow_item(struct ctx *ctx, void *arg, u32 i) {
  struct gc *gc = arg;
  follow(ctx, gc, gc->level.v[i]);
}

// Follows the marked sections' relocations until none is left.
static void drain(struct ctx *ctx, struct gc *gc) {
  if (gc->serial) {
    while (gc->work[0].len)
      follow(ctx, gc, gc->work[0].v[--gc->work[0].len]);
    return;
  }
  for (;;) {
    gc->level.len = 0;
    for (u32 t = 0; t < thread_count(ctx); t++) {
      for (u32 i = 0; i < gc->work[t].len; i++)
        vec_push(ctx, &gc->level, gc->work[t].v[i]);
      gc->work[t].len = 0;
    }
    if (!gc->level.len)
      return;
    parallel_for(ctx, gc->level.len, follow_item, gc);
  }
}

// GNU ld keeps every note outside a group and without SHF_LINK_ORDER, and
// what its relocations refer to: .note.stapsdt (not allocated) keeps
// .stapsdt.base and the code of each SystemTap probe.
static bool is_root_note(const u8 *sh) {
  return !(SH_FLAGS(sh) & (SHF_GROUP | SHF_LINK_ORDER));
}

// Whether an input section is allocated (its own flag: the output
// section's may differ).  COMMON sections are.
static bool input_alloc(struct isec *is) {
  return is->is_common ||
         (SH_FLAGS(shdr_at(is->file, is->shndx)) & SHF_ALLOC);
}

// An unallocated section with SHF_LINK_ORDER (.stack_sizes) stays only
// with the section it is linked to, as GNU ld's
// _bfd_elf_gc_mark_extra_sections keeps only those linked to nothing.
static bool linked_unallocated(struct isec *is) {
  const u8 *sh = shdr_at(is->file, is->shndx);
  return !is->is_common && (SH_FLAGS(sh) & SHF_LINK_ORDER) && SH_LINK(sh);
}

// An unallocated section with relocations, but debugging information and
// notes, outside groups: GNU ld's _bfd_elf_gc_mark_extra_sections keeps it
// only if a kept section refers to it (it keeps those without relocations).
static bool collectable_unallocated(struct isec *is) {
  if (is->is_common || !is->nrels)
    return false;
  const u8 *sh = shdr_at(is->file, is->shndx);
  return SH_TYPE(sh) != SHT_NOTE &&
         !(SH_FLAGS(sh) & (SHF_GROUP | SHF_LINK_ORDER)) &&
         !is_debugging_name(section_name(is->file, is->shndx));
}

static bool is_root(struct ctx *ctx, struct isec *is) {
  struct objfile *f = is->file;
  if (is->is_common)
    return false;
  if (is->script_keep)
    return true;               // KEEP(...) in a -T script
  const u8 *sh = shdr_at(f, is->shndx);
  const char *n = section_name(f, is->shndx);
  u32 type = SH_TYPE(sh);
  if (type == SHT_NOTE)
    return is_root_note(sh);
  if (type == SHT_INIT_ARRAY || type == SHT_FINI_ARRAY ||
      type == SHT_PREINIT_ARRAY || (SH_FLAGS(sh) & SHF_GNU_RETAIN))
    return true;
  // The default script's KEEPs; a -T script says its own.  -r's keeps
  // .init, .fini and .jcr themselves (and .eh_frame, above).
  if (script_layout(ctx))
    return false;
  if (ctx->cfg.relocatable)
    return !strcmp(n, ".init") || !strcmp(n, ".fini") || !strcmp(n, ".jcr");
  static const char *const keep[] = {".init", ".fini", ".preinit_array",
                                     ".jcr", ".init_array", ".fini_array",
                                     ".ctors", ".dtors"};
  for (u32 i = 0; i < sizeof(keep) / sizeof(*keep); i++) {
    u64 len = strlen(keep[i]);
    if (!strncmp(n, keep[i], len) && (n[len] == 0 || n[len] == '.'))
      return true;
  }
  return false;
}

static int cmp_file_order(const void *a, const void *b) {
  const struct isec *x = *(struct isec *const *)a, *y = *(struct isec *const *)b;
  if (x->file->priority != y->file->priority)
    return x->file->priority < y->file->priority ? -1 : 1;
  return x->shndx < y->shndx ? -1 : x->shndx > y->shndx;
}

static void print_removed(struct objfile *f, u32 k, const char **sig) {
  const char *name = section_name(f, k);
  if (sig[k])
    fprintf(stderr, "mld: removing unused section '%s[%s]' in file '%s'\n",
            name, sig[k], f->name);
  else
    fprintf(stderr, "mld: removing unused section '%s' in file '%s'\n", name,
            f->name);
}

static bool is_debug_isec(struct isec *is) {
  return is && is_debugging_name(section_name(is->file, is->shndx));
}


// A file with sections kept, and -gdwarf-sections' fragments (a
// .debug_line.* section): a fragment named after a code section that
// goes, .debug_info.text.foo of .text.foo, goes with it.
static void drop_debug_fragments(struct objfile *f) {
  bool frag = false;
  for (u32 k = 1; k < f->shnum && !frag; k++)
    frag = f->isecs[k] && starts(section_name(f, k), ".debug_line.");
  for (u32 k = 1; frag && k < f->shnum; k++) {
    struct isec *code = f->isecs[k];
    const u8 *sh = shdr_at(f, k);
    if (!code || code->live || code->is_common ||
        !(SH_FLAGS(sh) & SHF_EXECINSTR))
      continue;
    const char *cn = section_name(f, k);
    u64 clen = strlen(cn);
    for (u32 d = 1; d < f->shnum; d++) {
      struct isec *dbg = f->isecs[d];
      const char *dn = section_name(f, d);
      u64 dlen = strlen(dn);
      if (dbg && dbg->live && is_debug_isec(dbg) && dlen > clen &&
          !strcmp(dn + dlen - clen, cn))
        dbg->live = false;
    }
  }
}

// The debugging sections the kept debugging sections of f refer to stay,
// in any file, and so on from them (GNU ld's elf_gc_mark_debug_section).
static void keep_referenced_debug(struct ctx *ctx, struct objfile *f,
                                  struct vec *work) {
  for (u32 k = 1; k < f->shnum; k++)
    if (f->isecs[k] && f->isecs[k]->live && is_debug_isec(f->isecs[k]))
      vec_push(ctx, work, f->isecs[k]);
  while (work->len) {
    struct isec *is = work->v[--work->len];
    for (u32 i = 0; i < is->nrels; i++) {
      const u8 *r = is->rels + (u64)i * sizeof(Elf64_Rela);
      struct isec *t = rel_target(ctx, is->file, ELF64_R_SYM(rd64(r + 8)));
      if (t && !t->live && t->osec && is_debug_isec(t)) {
        t->live = true;
        vec_push(ctx, work, t);
      }
    }
  }
}

// A file none of whose allocated sections (notes aside) stays keeps no
// debugging and no other unallocated section without relocations either
// (GNU ld's _bfd_elf_gc_mark_extra_sections): those without
// SHF_LINK_ORDER go, and the debugging sections of its groups (gcc's
// .debug_macro groups: the copy that won goes with its file).  Notes stay: they are roots.  Then, file by
// file, those with sections kept drop their dead code's debugging
// fragments and keep the debugging sections their own refer to.
static void drop_dead_files_extras(struct ctx *ctx) {
  u8 *kept = arena_alloc(ctx, ctx->objs.len + 1);
  for (u32 i = 0; i < ctx->objs.len; i++) {
    struct objfile *f = ctx->objs.v[i];
    bool some_kept = false;
    for (u32 k = 1; k < f->shnum && !some_kept; k++) {
      struct isec *is = f->isecs[k];
      some_kept = is && is->live && !is->is_common &&
                  (SH_FLAGS(shdr_at(f, k)) & SHF_ALLOC) &&
                  SH_TYPE(shdr_at(f, k)) != SHT_NOTE;
    }
    kept[i] = some_kept;
    for (u32 k = 1; k < f->shnum && !some_kept; k++) {
      struct isec *is = f->isecs[k];
      const u8 *sh = shdr_at(f, k);
      if (!is || !is->osec || (SH_FLAGS(sh) & (SHF_ALLOC | SHF_LINK_ORDER)) ||
          SH_TYPE(sh) == SHT_NOTE)
        continue;
      bool debug = is_debugging_name(section_name(f, k));
      if (debug || (!is->nrels && !(SH_FLAGS(sh) & SHF_GROUP)))
        is->live = false;
    }
  }
  struct vec work = {0};
  for (u32 i = 0; i < ctx->objs.len; i++) {
    if (!kept[i])
      continue;
    drop_debug_fragments(ctx->objs.v[i]);
    keep_referenced_debug(ctx, ctx->objs.v[i], &work);
  }
}

// --print-gc-sections, as GNU ld's sweep reports: file by file in link
// order, section by section, not the empty ones.  Removed are the dead
// sections (dead, sorted by file and index: only they are sorted) and the
// members of COMDAT groups that lost to an earlier one (GNU ld discards
// them after the sweep); a group's .group section goes with its first
// member, and a member is named NAME[SIGNATURE].
static void print_gc_sections(struct ctx *ctx, struct vec *dead) {
  if (!ctx->cfg.print_gc_sections)
    return;
  vec_sort(dead, cmp_file_order);
  u32 d = 0;
  for (u32 i = 0; i < ctx->objs.len; i++) {
    struct objfile *f = ctx->objs.v[i];
    u8 *gone = arena_alloc(ctx, f->shnum);
    const char **sig = arena_alloc(ctx, (u64)f->shnum * sizeof(char *));
    for (; d < dead->len && ((struct isec *)dead->v[d])->file == f; d++)
      gone[((struct isec *)dead->v[d])->shndx] = 1;
    // (Not SHF_EXCLUDE sections, which GNU ld's sweep passes over.)
    for (u32 k = 1; k < f->shnum; k++)
      gone[k] |= f->discarded && f->discarded[k] &&
                 SH_TYPE(shdr_at(f, k)) != SHT_RELA &&
                 SH_TYPE(shdr_at(f, k)) != SHT_REL &&
                 !(SH_FLAGS(shdr_at(f, k)) & SHF_EXCLUDE);
    for (u32 k = 1; k < f->shnum; k++) {
      const u8 *sh = shdr_at(f, k);
      if (SH_TYPE(sh) != SHT_GROUP || SH_SIZE(sh) < 8 || !f->symtab ||
          SH_INFO(sh) >= f->nsyms)
        continue;
      const char *g = group_signature(f, SH_INFO(sh));
      for (u64 w = 1; w < SH_SIZE(sh) / 4; w++) {
        u32 m = rd32(f->data + SH_OFFSET(sh) + w * 4);
        if (m < f->shnum)
          sig[m] = g;
      }
    }
    for (u32 k = 1; k < f->shnum; k++) {
      const u8 *sh = shdr_at(f, k);
      if (!SH_SIZE(sh))
        continue;
      if (SH_TYPE(sh) == SHT_GROUP) {
        u32 first = SH_SIZE(sh) >= 8 ? rd32(f->data + SH_OFFSET(sh) + 4) : 0;
        if (first && first < f->shnum && gone[first])
          fprintf(stderr, "mld: removing unused section '%s' in file '%s'\n",
                  section_name(f, k), f->name);
      } else if (gone[k]) {
        print_removed(f, k, sig);
      }
    }
  }
}

// GNU ld's roots by name (its gc_sym_list): the entry point, -u symbols,
// and the -init and -fini functions (_init and _fini); for an executable
// also the symbol that was the entry point before any input script's
// ENTRY.  A -T script without ENTRY leaves "start" (entry_symbol), not
// _start.  --gc-keep-exported adds every global a shared object would
// export (bfd_elf_gc_mark_dynamic_ref_symbol).

// An unversioned definition the version script makes local is no root
// (bfd_hide_sym_by_version in bfd_elf_gc_mark_dynamic_ref_symbol), with
// --gc-keep-exported in a static executable too.
static bool hidden_by_version(struct ctx *ctx, struct symbol *sym) {
  if (!ctx->version_nodes.len || strchr(definer_name(sym), '@'))
    return false;
  bool hide;
  find_version(ctx, sym->name, &hide);
  return hide;
}

// The -init and -fini functions' names (GNU ld's defaults _init, _fini).
static const char *init_fini_name(struct ctx *ctx, bool fini) {
  const char *name = fini ? ctx->cfg.fini_name : ctx->cfg.init_name;
  return name ? name : fini ? "_fini" : "_init";
}

static void mark_root_symbols(struct ctx *ctx, struct gc *gc) {
  mark_symbol(ctx, gc, sym_find_str(ctx, entry_symbol(ctx)));
  if (!script_layout(ctx) && !ctx->cfg.relocatable)
    mark_symbol(ctx, gc, sym_find_str(ctx, ctx->cfg.entry ? ctx->cfg.entry
                                                            : "_start"));
  for (u32 i = 0; i < ctx->cfg.undefined.len; i++)
    mark_symbol(ctx, gc, sym_find_str(ctx, ctx->cfg.undefined.v[i]));
  for (u32 i = 0; i < 2; i++) {
    struct symbol *sym = sym_find_str(ctx, init_fini_name(ctx, i));
    if (sym && sym->state == SYM_DEFINED)
      mark_symbol(ctx, gc, sym);
  }
  // What a PIE exports by -E or a dynamic list's name is a root too
  // (GNU ld's bfd_elf_gc_mark_dynamic_ref_symbol; not the objects
  // --dynamic-list-data alone exports).
  bool pie_all = ctx->cfg.dynamic && ctx->cfg.export_dynamic;
  bool pie_list = ctx->cfg.dynamic && ctx->cfg.dynamic_list;
  if (!ctx->cfg.gc_keep_exported && !pie_all && !pie_list)
    return;
  bool all = ctx->cfg.gc_keep_exported || pie_all;
  for (u32 i = 0; i < ctx->objs.len; i++) {
    struct objfile *f = ctx->objs.v[i];
    for (u32 k = f->first_global; k < f->nsyms; k++) {
      struct symbol *sym = f->globals[k - f->first_global];
      if (sym && sym->state == SYM_DEFINED &&
          sym->visibility != STV_HIDDEN && sym->visibility != STV_INTERNAL &&
          (all || dynamic_list_names_def(ctx, sym)) && !hidden_by_version(ctx, sym))
        mark_symbol(ctx, gc, sym);
    }
  }
}

// -r: GNU ld wants a root by name that is defined in a section (an
// absolute symbol does not count), unless --gc-keep-exported.
static void check_relocatable_roots(struct ctx *ctx) {
  if (!ctx->cfg.relocatable || ctx->cfg.gc_keep_exported)
    return;
  const char *fixed[] = {entry_symbol(ctx), init_fini_name(ctx, false),
                         init_fini_name(ctx, true)};
  bool ok = false;
  for (u32 i = 0; i < 3 + ctx->cfg.undefined.len && !ok; i++) {
    const char *name = i < 3 ? fixed[i] : ctx->cfg.undefined.v[i - 3];
    struct symbol *sym = sym_find_str(ctx, name);
    ok = sym && sym->state == SYM_DEFINED && !(sym->flags & SF_LINKER) &&
         sym_isec(ctx, sym);
  }
  if (!ok)
    fatal(ctx, "--gc-sections requires a defined symbol root specified by "
          "-e or -u");
}

// GNU ld's _bfd_elf_gc_mark_extra_sections refuses a
// __patchable_function_entries linked to no section: it cannot tell
// which function's entries it holds.
static void check_patchable_entries(struct ctx *ctx) {
  for (u32 i = 0; i < ctx->objs.len; i++) {
    struct objfile *f = ctx->objs.v[i];
    for (u32 k = 1; k < f->shnum; k++) {
      const u8 *sh = shdr_at(f, k);
      if (!strcmp(section_name(f, k), "__patchable_function_entries") &&
          (!(SH_FLAGS(sh) & SHF_LINK_ORDER) || !SH_LINK(sh)))
        gnu_error(ctx, "%s(%s): error: need linked-to section for "
                  "--gc-sections", f->name, section_name(f, k));
    }
  }
  checkpoint(ctx);
}

// Everything allocated starts dead (and the unallocated sections that only
// a reference keeps), but .eh_frame (rewritten later),
// which GNU ld's default script KEEPs: a -T script that does not goes
// without it (its FDEs still keep their LSDAs, as GNU ld's
// _bfd_elf_gc_mark_fdes does).  What counts is the input's flag: a
// script's (OVERLAY) or (INFO) section of .bss inputs is not allocated,
// its inputs are.
static void start_dead(struct ctx *ctx) {
  for (u32 i = 0; i < ctx->chunks.len; i++) {
    struct chunk *c = ctx->chunks.v[i];
    if (!has_inputs(c))
      continue;
    for (u32 k = 0; k < c->isecs.len; k++) {
      struct isec *is = c->isecs.v[k];
      if (input_alloc(is))
        is->live = is->eh && (!script_layout(ctx) || is->script_keep);
      else if (linked_unallocated(is) || collectable_unallocated(is))
        is->live = is->script_keep;
    }
  }
}

// The roots: kept sections, the entry and -u symbols and the like.
// Notes that are not allocated are always in the output; only their
// relocations are followed.
static void mark_roots(struct ctx *ctx, struct gc *gc) {
  for (u32 i = 0; i < ctx->chunks.len; i++) {
    struct chunk *c = ctx->chunks.v[i];
    if (!has_inputs(c))
      continue;
    for (u32 k = 0; k < c->isecs.len; k++) {
      struct isec *is = c->isecs.v[k];
      const u8 *sh = shdr_at(is->file, is->shndx);
      if (input_alloc(is)) {
        if (is_root(ctx, is))
          mark(ctx, gc, is);
      } else if (SH_TYPE(sh) == SHT_NOTE && is_root_note(sh) && is->nrels) {
        vec_push(ctx, &gc->work[0], is);
      }
    }
  }
  mark_root_symbols(ctx, gc);
  for (u32 i = 0; i < ctx->extern_syms.len; i++)
    mark_symbol(ctx, gc, sym_find_str(ctx, ctx->extern_syms.v[i]));
  for (u32 i = 0; i < ctx->cfg.defsyms.len; i++) {
    struct defsym *d = ctx->cfg.defsyms.v[i];
    mark_symbol(ctx, gc, sym_find_str(ctx, d->name));
  }
}

// Section K of F if it is SHF_LINK_ORDER (e.g.
// __patchable_function_entries) and its linked section is live, as GNU
// ld keeps them.  Whether it was marked.
static bool mark_link_order(struct ctx *ctx, struct gc *gc,
                            struct objfile *f, u32 k) {
  struct isec *is = f->isecs[k];
  if (!is || __atomic_load_n(&is->live, __ATOMIC_RELAXED) || is->is_common ||
      !(SH_FLAGS(shdr_at(f, k)) & SHF_LINK_ORDER))
    return false;
  u32 link = SH_LINK(shdr_at(f, k));
  if (link >= f->shnum || !f->isecs[link] ||
      !__atomic_load_n(&f->isecs[link]->live, __ATOMIC_RELAXED))
    return false;
  mark(ctx, gc, is);
  return true;
}

// The FDEs of EH (section of F) whose function is live, and what they
// refer to.  Whether that marked anything.
static bool mark_live_fdes(struct ctx *ctx, struct gc *gc,
                           struct objfile *f, struct eh_frame *eh) {
  bool marked = false;
  for (u32 r = 0; eh && r < eh->nrecs; r++) {
    struct eh_rec *fde = &eh->recs[r];
    if (fde->is_cie || fde->live)
      continue;
    struct isec *t = fde_target(ctx, eh, fde);
    if (!t || !__atomic_load_n(&t->live, __ATOMIC_RELAXED))
      continue;
    fde->live = true;    // reset by size_eh_frame
    for (u32 x = fde->rel_begin; x < fde->rel_end; x++)
      mark_rel_target(ctx, gc, f, eh->rels[x].symidx);
    for (u32 x = fde->cie->rel_begin; x < fde->cie->rel_end; x++)
      mark_rel_target(ctx, gc, f, eh->rels[x].symidx);
    marked |= gc->work[worker_index()].len > 0;
  }
  return marked;
}

// One file's part of a round of mark_all.  A section another thread
// marks meanwhile is seen in the next round: marking it sets again.
struct round {
  struct gc *gc;
  bool again;
};

static void mark_file_extras(struct ctx *ctx, void *arg, u32 i) {
  struct round *r = arg;
  struct objfile *f = ctx->objs.v[i];
  bool again = false;
  for (u32 k = 1; k < f->shnum; k++) {
    again |= mark_link_order(ctx, r->gc, f, k);
    struct isec *is = f->isecs[k];
    again |= mark_live_fdes(ctx, r->gc, f, is ? is->eh : NULL);
  }
  if (again)
    __atomic_store_n(&r->again, true, __ATOMIC_RELAXED);
}

// Mark to a fixed point: sections, then what live FDEs keep, and
// SHF_LINK_ORDER sections whose linked section is live.
static void mark_all(struct ctx *ctx, struct gc *gc) {
  for (struct round r = {gc, true}; r.again;) {
    drain(ctx, gc);
    r.again = false;
    if (gc->serial)
      for (u32 i = 0; i < ctx->objs.len; i++)
        mark_file_extras(ctx, &r, i);
    else
      parallel_for(ctx, ctx->objs.len, mark_file_extras, &r);
  }
}

// Drops what stayed dead from the output sections (the list of it in
// *dead for --print-gc-sections).
static void drop_dead(struct ctx *ctx, struct vec *dead) {
  for (u32 i = 0; i < ctx->chunks.len; i++) {
    struct chunk *c = ctx->chunks.v[i];
    if (!has_inputs(c))
      continue;
    u32 n = 0;
    u64 align = 1;
    for (u32 k = 0; k < c->isecs.len; k++) {
      struct isec *is = c->isecs.v[k];
      if (is->live) {
        c->isecs.v[n++] = is;
        if (is->align > align)
          align = is->align;
        continue;
      }
      if (ctx->cfg.print_gc_sections && is->size)
        vec_push(ctx, dead, is);
      is->osec = NULL;
    }
    // The alignment is the kept inputs' (GNU ld); an output section left
    // empty keeps it for the symbols placed there, unless it is written
    // all the same (keep_empty: GNU ld's inputs left then have none).
    if (n < c->isecs.len && (n || c->keep_empty))
      c->align = align;
    c->isecs.len = n;
  }
}

void gc_sections(struct ctx *ctx) {
  if (!ctx->cfg.gc_sections)
    return;
  check_relocatable_roots(ctx);
  check_patchable_entries(ctx);
  start_dead(ctx);
  struct gc gc = {
      .work = arena_alloc(ctx, thread_count(ctx) * sizeof(struct vec)),
      .next_in_group = arena_alloc(
          ctx, ((u64)ctx->next_priority + 1) * sizeof(u32 *)),
      .serial = ctx->cfg.z_start_stop_gc};
  mark_roots(ctx, &gc);
  mark_all(ctx, &gc);
  drop_dead_files_extras(ctx);
  struct vec dead = {0};
  drop_dead(ctx, &dead);
  print_gc_sections(ctx, &dead);
  if (ctx->cfg.z_start_stop_gc)
    undefine_start_stop(ctx);
  // No TLS section left: no _TLS_MODULE_BASE_ (GNU ld defines it only
  // with one, even when a collected section named it).
  struct symbol *base = sym_find_str(ctx, "_TLS_MODULE_BASE_");
  if (base && (base->flags & SF_LINKER) && !has_tls(ctx))
    withdraw_linker_symbol(ctx, base);
}
