// gc.c: --gc-sections.
//
// Allocated input sections start dead.  The roots are what GNU ld keeps:
// the entry point and -u symbols, sections the default script KEEPs
// (.init, .fini, .init_array, .ctors, ...), notes, and SHF_GNU_RETAIN
// sections.  A live section's relocations make their targets live; a
// reference to __start_SEC or __stop_SEC makes every section of SEC live.
// .eh_frame is kept but does not mark: an FDE instead keeps its LSDA and
// personality alive once the function it describes is live.

#include "mld.h"

#ifndef SHF_GNU_RETAIN
#define SHF_GNU_RETAIN (1 << 21)
#endif

static void mark(struct ctx *ctx, struct vec *work, struct isec *is) {
  if (!is || is->live)
    return;
  is->live = true;
  vec_push(ctx, work, is);
}

static void mark_symbol(struct ctx *ctx, struct vec *work,
                        struct symbol *sym) {
  if (!sym || sym->state != SYM_DEFINED)
    return;
  if (sym->flags & SF_LINKER) {
    struct sym_aux *aux = &ctx->aux[sym->aux];
    if (aux->target)
      mark_symbol(ctx, work, aux->target);
    if (aux->osec && aux->osec->kind == CK_REGULAR &&
        (!strncmp(sym->name, "__start_", 8) ||
         !strncmp(sym->name, "__stop_", 7)))
      for (u32 i = 0; i < aux->osec->isecs.len; i++)
        mark(ctx, work, aux->osec->isecs.v[i]);
    return;
  }
  mark(ctx, work, sym_isec(ctx, sym));
}

static void mark_rel_target(struct ctx *ctx, struct vec *work,
                            struct objfile *f, u32 symidx) {
  if (symidx >= f->nsyms)
    return;
  if (symidx >= f->first_global) {
    mark_symbol(ctx, work, f->globals[symidx - f->first_global]);
    return;
  }
  struct esym s;
  read_sym(f, symidx, &s);
  u32 shndx = sym_shndx(f, symidx, &s);
  if (shndx != SHN_UNDEF && shndx < f->shnum)
    mark(ctx, work, f->isecs[shndx]);
}

static void drain(struct ctx *ctx, struct vec *work) {
  while (work->len) {
    struct isec *is = work->v[--work->len];
    if (is->eh)
      continue;
    for (u32 i = 0; i < is->nrels; i++) {
      const u8 *r = is->rels + (u64)i * sizeof(Elf64_Rela);
      mark_rel_target(ctx, work, is->file, ELF64_R_SYM(rd64(r + 8)));
    }
  }
}

static bool is_root(struct isec *is) {
  struct objfile *f = is->file;
  if (is->is_common)
    return false;
  const u8 *sh = shdr_at(f, is->shndx);
  const char *n = section_name(f, is->shndx);
  u32 type = SH_TYPE(sh);
  if (type == SHT_NOTE || type == SHT_INIT_ARRAY || type == SHT_FINI_ARRAY ||
      type == SHT_PREINIT_ARRAY || (SH_FLAGS(sh) & SHF_GNU_RETAIN))
    return true;
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

void gc_sections(struct ctx *ctx) {
  if (!ctx->cfg.gc_sections)
    return;
  // Everything allocated starts dead, but .eh_frame (rewritten later).
  for (u32 i = 0; i < ctx->chunks.len; i++) {
    struct chunk *c = ctx->chunks.v[i];
    if (c->kind != CK_REGULAR || !(c->flags & SHF_ALLOC))
      continue;
    for (u32 k = 0; k < c->isecs.len; k++) {
      struct isec *is = c->isecs.v[k];
      is->live = is->eh != NULL;
    }
  }

  struct vec work = {0};
  for (u32 i = 0; i < ctx->chunks.len; i++) {
    struct chunk *c = ctx->chunks.v[i];
    if (c->kind != CK_REGULAR || !(c->flags & SHF_ALLOC))
      continue;
    for (u32 k = 0; k < c->isecs.len; k++)
      if (is_root(c->isecs.v[k]))
        mark(ctx, &work, c->isecs.v[k]);
  }
  // The entry point, and the symbol that was the entry point before any
  // input script's ENTRY: GNU ld keeps both.
  mark_symbol(ctx, &work, sym_find_str(ctx, entry_symbol(ctx)));
  mark_symbol(ctx, &work, sym_find_str(ctx, ctx->cfg.entry ? ctx->cfg.entry
                                                           : "_start"));
  for (u32 i = 0; i < ctx->cfg.undefined.len; i++)
    mark_symbol(ctx, &work, sym_find_str(ctx, ctx->cfg.undefined.v[i]));
  for (u32 i = 0; i < ctx->extern_syms.len; i++)
    mark_symbol(ctx, &work, sym_find_str(ctx, ctx->extern_syms.v[i]));
  for (u32 i = 0; i < ctx->cfg.defsyms.len; i++) {
    struct defsym *d = ctx->cfg.defsyms.v[i];
    mark_symbol(ctx, &work, sym_find_str(ctx, d->name));
  }

  // Mark to a fixed point: sections, then what live FDEs keep, and
  // SHF_LINK_ORDER sections (e.g. __patchable_function_entries) whose
  // linked section is live, as GNU ld keeps them.
  for (bool again = true; again;) {
    drain(ctx, &work);
    again = false;
    for (u32 i = 0; i < ctx->objs.len; i++) {
      struct objfile *f = ctx->objs.v[i];
      for (u32 k = 1; k < f->shnum; k++) {
        struct isec *is = f->isecs[k];
        if (is && !is->live && !is->is_common &&
            (SH_FLAGS(shdr_at(f, k)) & SHF_LINK_ORDER)) {
          u32 link = SH_LINK(shdr_at(f, k));
          if (link < f->shnum && f->isecs[link] && f->isecs[link]->live) {
            mark(ctx, &work, is);
            again = true;
          }
        }
        struct eh_frame *eh = is ? is->eh : NULL;
        for (u32 r = 0; eh && r < eh->nrecs; r++) {
          struct eh_rec *fde = &eh->recs[r];
          if (fde->is_cie || fde->live)
            continue;
          struct isec *t = fde_target(ctx, eh, fde);
          if (!t || !t->live)
            continue;
          fde->live = true;    // reset by size_eh_frame
          for (u32 x = fde->rel_begin; x < fde->rel_end; x++)
            mark_rel_target(ctx, &work, f, eh->rels[x].symidx);
          for (u32 x = fde->cie->rel_begin; x < fde->cie->rel_end; x++)
            mark_rel_target(ctx, &work, f, eh->rels[x].symidx);
          again |= work.len > 0;
        }
      }
    }
  }

  // Drop what stayed dead.
  for (u32 i = 0; i < ctx->chunks.len; i++) {
    struct chunk *c = ctx->chunks.v[i];
    if (c->kind != CK_REGULAR || !(c->flags & SHF_ALLOC))
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
      if (ctx->cfg.print_gc_sections)
        fprintf(stderr, "mld: removing unused section '%s' in file '%s'\n",
                isec_name(is), is->file->name);
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
