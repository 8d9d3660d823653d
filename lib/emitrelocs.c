// emitrelocs.c: -q, --emit-relocs; and the relocation rewriter -r shares.
//
// The output keeps the inputs' relocations, as GNU ld 2.40 writes them
// for tools that rewrite a linked program (BOLT): one non-allocated
// .rela<NAME> (SHF_INFO_LINK, sh_link .symtab, sh_info NAME) after each
// output section NAME that has input relocations, in the section headers,
// its data after .strtab (layout.c).  Entries are in input order (input
// sections in output order, each one's relocations as read), then sorted
// by r_offset, as GNU ld sorts them.
//
// - r_offset is the field's address (allocated sections) or its offset in
//   the output section (the others); in .eh_frame, rewritten record by
//   record, where the record went.
// - A relocation against a named symbol keeps it (its .symtab index) and
//   its addend.  One against a section symbol is made against the output
//   section's STT_SECTION symbol, the input section's offset added to the
//   addend; in a mergeable section the addend becomes the final offset of
//   what it pointed to.
// - One against a symbol of a discarded section (collected, a COMDAT
//   loser) becomes R_*_NONE at its place, symbol and addend 0.  One in a
//   record .eh_frame dropped becomes R_*_NONE at the previous one's place
//   (the input section's start for the first), as GNU ld's
//   elf_link_input_bfd writes them.  Those of discarded sections go.
// - The type is the input's, but where the target rewrote the instruction
//   (x86-64 GOTPCRELX relaxations): arch->emitted_type says what then.
//
// -r (relocatable.c) writes its relocations with the same walk
// (put_output_relocs) and the same rule for a discarded COMDAT copy
// (kept_target); only the numbering of symbols and what a relocation
// against a dropped symbol becomes are its own (struct kept_rules).
//
// Relocations are read from the mappings when written, never copied: the
// sections are sized by counting them.

#include "mld.h"

#include <assert.h>

// The relocations of input section is the output keeps: all of them
// (some as R_*_NONE).
static u32 kept_relocs(struct isec *is) {
  return is->eh ? is->eh->nrels : is->nrels;
}

// A .rela<NAME> after each output section that has input relocations.
void create_emit_relocs(struct ctx *ctx) {
  if (!ctx->cfg.emit_relocs)
    return;
  struct vec old = ctx->chunks;
  ctx->chunks = (struct vec){0};
  for (u32 i = 0; i < old.len; i++) {
    struct chunk *c = old.v[i];
    vec_push(ctx, &ctx->chunks, c);
    if (!has_inputs(c))
      continue;
    bool any = false;
    for (u32 k = 0; k < c->isecs.len && !any; k++)
      any = kept_relocs(c->isecs.v[k]) > 0;
    if (!any)
      continue;
    // GNU ld adds no dot: __libc_IO_vtables has .rela__libc_IO_vtables.
    struct chunk *r = new_chunk(ctx, arena_printf(ctx, ".rela%s", c->name),
                                CK_EMIT_RELA, SHT_RELA, SHF_INFO_LINK, 8);
    r->entsize = sizeof(Elf64_Rela);
    r->target = c;
    r->order = c->order;
  }
}

// GNU ld keeps an output section that has inputs with -q, even if they
// are all empty (.tm_clone_table): relocations may name it
// (strip_excluded_output_sections).  Once no input leaves any more.
void keep_input_sections(struct ctx *ctx) {
  if (!ctx->cfg.emit_relocs)
    return;
  for (u32 i = 0; i < ctx->chunks.len; i++) {
    struct chunk *c = ctx->chunks.v[i];
    if (c->kind == CK_REGULAR && c->isecs.len)
      c->keep_empty = true;
  }
}

void size_emit_rela(struct ctx *ctx, struct chunk *c) {
  struct chunk *t = c->target;
  u64 n = 0;
  for (u32 k = 0; is_emitted(t) && k < t->isecs.len; k++) {
    struct isec *is = t->isecs.v[k];
    if (is->mout && is->nrels)
      error(ctx, "%s:(%s): --emit-relocs: relocations in a mergeable "
            "section are not supported", is->file->name, isec_name(is));
    // (None of an .eh_frame input GNU ld leaves out whole.)
    if (!is->eh || !is->eh->excluded)
      n += kept_relocs(is);
  }
  c->size = n * sizeof(Elf64_Rela);
}

void emit_rela_shdr(struct ctx *ctx, struct chunk *c, u32 *link, u32 *info) {
  *link = ctx->synth[CK_SYMTAB]->shndx;
  *info = c->target->shndx;
}

// A global symbol defined in a section that is not in the output (one
// the link dropped has no isec; .symtab lists neither).
static bool in_discarded(struct ctx *ctx, struct symbol *sym) {
  if (sym->state != SYM_DEFINED || (sym->flags & SF_LINKER) || !sym->file)
    return false;
  struct isec *is = sym_isec(ctx, sym);
  return is ? !is->osec : sym_in_dropped_section(sym);
}

// The section of the output a relocation in is (whose discarded_action
// is action) reaches through a symbol of section shndx of is's file: the
// section itself, or the one --icf folded it into; for a discarded COMDAT
// copy that action lets stand in (DA_PRETEND), the kept copy, as GNU ld
// and apply_relocs do.  NULL: none.
struct isec *kept_target(struct isec *is, u32 action, u32 shndx) {
  struct objfile *f = is->file;
  if (shndx == SHN_UNDEF || shndx >= f->shnum)
    return NULL;
  struct isec *t = f->isecs[shndx];
  if (t && t->osec)
    return t->fold ? t->fold : t;
  return action & DA_PRETEND ? kept_copy(f, shndx) : NULL;
}

static void put_rela(u8 *o, u64 off, u64 info, u64 addend) {
  wr64(o, off);
  wr64(o + 8, info);
  wr64(o + 16, addend);
}

// -q's symbol for a relocation in is (with discarded_action action)
// against symbol symidx of is's file: its .symtab index, and its addend
// (*A) for one against a section symbol.
static enum kept_sym emitted_symbol(struct ctx *ctx, struct isec *is,
                                    u32 action, u32 symidx, i64 *A,
                                    u32 *osym) {
  struct objfile *f = is->file;
  *osym = 0;
  if (!symidx)
    return KS_KEEP;
  if (symidx >= f->nsyms) {
    error(ctx, "%s:(%s): relocation has a bad symbol index %u", f->name,
          isec_name(is), symidx);
    return KS_NONE;
  }
  const char *name;
  if (symidx >= f->first_global) {
    struct symbol *sym = f->globals[symidx - f->first_global];
    if (!sym || in_discarded(ctx, sym))
      return KS_NONE;
    *osym = ctx->sym_out[sym->seq];
    name = sym->name;
  } else {
    struct esym s;
    read_sym(f, symidx, &s);
    u32 shndx = sym_shndx(f, symidx, &s);
    // GNU ld writes one against an absolute section symbol with none.
    if (ELF64_ST_TYPE(s.st_info) == STT_SECTION && shndx == SHN_ABS)
      return KS_KEEP;
    if (ELF64_ST_TYPE(s.st_info) == STT_SECTION) {
      struct isec *t = kept_target(is, action, shndx);
      if (!t)
        return KS_NONE;
      struct chunk *o = t->osec;
      if (!is_emitted(o)) {
        error(ctx, "%s:(%s): --emit-relocs: a relocation against section "
              "%s, whose output section %s is empty, is not supported",
              f->name, isec_name(is), isec_name(t), o->name);
        return KS_NONE;
      }
      // (Addends wrap, as bfd's unsigned arithmetic does.)
      if (t->min)
        *A = (i64)(isec_offset_addr(t, s.st_value + (u64)*A) - o->addr);
      else
        *A = (i64)((u64)*A + t->offset + s.st_value);
      *osym = o->sym_index;
      return KS_KEEP;
    }
    if (shndx != SHN_ABS && !kept_target(is, 0, shndx) &&
        !pretended_copy(is, shndx))
      return KS_NONE;
    *osym = f->out_locals[symidx];
    name = sym_name(f, &s);
  }
  if (*osym == 0 || *osym == UINT32_MAX) {
    error(ctx, "%s:(%s): --emit-relocs: symbol '%s' of a relocation is not "
          "in .symtab", f->name, isec_name(is), name);
    return KS_NONE;
  }
  return KS_KEEP;
}

static const struct kept_rules emit_rules = {true, emitted_symbol};

// One output relocation, at o unless NULL, mapped by the rules: returns
// 1, or 0 if they drop it (its place then in *dropped).
static u32 put_kept(struct ctx *ctx, struct isec *is,
                    const struct kept_rules *rules, u32 action, u64 off,
                    u32 symidx, u32 type, i64 A, u8 *o, u64 *dropped) {
  u32 osym;
  enum kept_sym k = rules->symbol(ctx, is, action, symidx, &A, &osym);
  if (k == KS_DROP) {
    *dropped = off;
    return 0;
  }
  if (o && k == KS_NONE)
    put_rela(o, off, 0, 0);
  else if (o)
    put_rela(o, off, ELF64_R_INFO((u64)osym, type), (u64)A);
  return 1;
}

static u64 put_section_relocs(struct ctx *ctx, struct isec *is,
                              const struct kept_rules *rules, u8 *out,
                              u64 *dropped) {
  const struct arch *arch = ctx->arch;
  u64 base = rules->final && (is->osec->flags & SHF_ALLOC) ? isec_addr(is)
                                                            : is->offset;
  u32 action = discarded_action(is);
  u64 n = 0;
  for (u32 i = 0; i < is->nrels; i++) {
    const u8 *r = is->rels + (u64)i * sizeof(Elf64_Rela);
    u64 off = rd64(r);
    u64 info = rd64(r + 8);
    i64 A = (i64)rd64(r + 16);
    u32 type = ELF64_R_TYPE(info);
    if (rules->final && type < 64 && ((arch->rewritten_types >> type) & 1))
      type = arch->emitted_type(ctx, is, i, &off, &A);
    n += put_kept(ctx, is, rules, action, base + isec_out_offset(is, off),
                  ELF64_R_SYM(info), type, A,
                  out ? out + n * sizeof(Elf64_Rela) : NULL, dropped);
  }
  return n;
}

// .eh_frame's, from its decoded relocations (in offset order), each in
// the record that holds it.  One in a record left out (or in none, as in
// a terminator) becomes R_*_NONE at the place of the one before (the
// input's start for the first): bfd's elf_link_input_bfd, for
// _bfd_elf_eh_frame_section_offset's -1.
static u64 put_eh_relocs(struct ctx *ctx, struct isec *is,
                         const struct kept_rules *rules, u8 *out,
                         u64 *dropped) {
  struct eh_frame *eh = is->eh;
  bool any = false;
  for (u32 k = 0; k < eh->nrecs && !any; k++)
    any = eh->recs[k].emitted;
  // An input none of whose records is left keeps its relocations as
  // R_*_NONE, at an offset aligned as any section's though the section
  // takes no place, but for one GNU ld leaves out whole
  // (eh->excluded), in -r as in -q.
  if (!any && eh->excluded)
    return 0;
  u64 base = rules->final ? is->osec->addr : 0;
  u64 last = base + (any ? is->offset
                         : align_up(is->offset, is->align > 4 ? is->align : 4));
  u32 action = discarded_action(is);
  u64 n = 0;
  u32 k = 0;
  for (u32 i = 0; i < eh->nrels; i++) {
    struct eh_rel *e = &eh->rels[i];
    u8 *o = out ? out + n * sizeof(Elf64_Rela) : NULL;
    while (k < eh->nrecs && e->offset >= eh->recs[k].offset + eh->recs[k].size)
      k++;
    struct eh_rec *rec = k < eh->nrecs && e->offset >= eh->recs[k].offset
                             ? &eh->recs[k] : NULL;
    if (!rec || !rec->emitted) {
      if (o)
        put_rela(o, last, 0, 0);
      n++;
      continue;
    }
    u64 off = base + rec->out_offset + (e->offset - rec->offset);
    u32 put = put_kept(ctx, is, rules, action, off, e->symidx, e->type,
                       e->addend, o, dropped);
    if (put)
      last = off;
    n += put;
  }
  return n;
}

static u64 put_kept_relocs(struct ctx *ctx, struct isec *is,
                           const struct kept_rules *rules, u8 *out,
                           u64 *dropped) {
  return is->eh ? put_eh_relocs(ctx, is, rules, out, dropped)
                : put_section_relocs(ctx, is, rules, out, dropped);
}

u64 put_output_relocs(struct ctx *ctx, struct chunk *t,
                      const struct kept_rules *rules, u8 *out) {
  u64 n = 0, dropped = ~0ULL;
  for (u32 k = 0; k < t->isecs.len; k++)
    n += put_kept_relocs(ctx, t->isecs.v[k], rules,
                         out ? out + n * sizeof(Elf64_Rela) : NULL, &dropped);
  // GNU ld drops a debugging section's relocations against discarded
  // sections but the one that would leave the output's section empty,
  // which becomes R_*_NONE (RELOC_AGAINST_DISCARDED_SECTION).
  if (!n && dropped != ~0ULL) {
    if (out)
      put_rela(out, dropped, 0, 0);
    n = 1;
  }
  if (out)
    sort_relocs_by_offset(ctx, out, n);
  return n;
}

void write_emit_rela(struct ctx *ctx, struct chunk *c, u8 *buf) {
  u64 n = put_output_relocs(ctx, c->target, &emit_rules, buf + c->offset);
  assert(n * sizeof(Elf64_Rela) == c->size);
}

// Calls fn for the symbol index of each relocation of f that an output
// keeps, in the order GNU ld's elf_link_input_bfd meets them: f's
// sections by index, each one's relocations in order.  Not those of
// .eh_frame records left out: bfd makes them R_*_NONE before it looks at
// their symbols, in -r as in -q.  final (-q): nor those of a section
// --icf folded or whose output section was left out.
void each_kept_reloc_symbol(struct ctx *ctx, struct objfile *f, bool final,
                            void (*fn)(struct ctx *ctx, void *arg,
                                       struct isec *is, u32 symidx),
                            void *arg) {
  for (u32 i = 1; i < f->shnum; i++) {
    struct isec *is = f->isecs[i];
    if (!is || !is->osec || (final && (is->fold || !is_emitted(is->osec))))
      continue;
    struct eh_frame *eh = is->eh;
    for (u32 k = 0; eh && k < eh->nrecs; k++) {
      struct eh_rec *rec = &eh->recs[k];
      for (u32 r = rec->rel_begin; rec->emitted && r < rec->rel_end; r++)
        fn(ctx, arg, is, eh->rels[r].symidx);
    }
    for (u32 r = 0; !eh && r < is->nrels; r++)
      fn(ctx, arg, is,
         ELF64_R_SYM(rd64(is->rels + (u64)r * sizeof(Elf64_Rela) + 8)));
  }
}

struct need {
  bool sizing;
  void (*put)(struct ctx *ctx, void *w, struct objfile *f, u32 k,
              struct isec *t);
  void *w;
};

// Marks an undefined symbol a relocation in is names for .symtab (pending
// until the walk puts it), or calls put for a local the walk left out,
// with the section it is listed in.
static void need_symbol(struct ctx *ctx, void *arg, struct isec *is,
                        u32 symidx) {
  struct need *n = arg;
  struct objfile *f = is->file;
  if (!symidx || symidx >= f->nsyms)
    return;
  if (symidx >= f->first_global) {
    struct symbol *sym = f->globals[symidx - f->first_global];
    if (!n->sizing || !sym || sym->state != SYM_UNDEF)
      return;
    // Listed with the type its references give it (STT_TLS), as GNU ld.
    if (sym->type == STT_NOTYPE) {
      struct esym s;
      read_sym(f, symidx, &s);
      sym->type = ELF64_ST_TYPE(s.st_info);
    }
    if (!ctx->sym_out[sym->seq]) {
      ctx->sym_out[sym->seq] = UINT32_MAX;
      vec_push(ctx, &ctx->undef_syms, sym);
    }
    return;
  }
  if (f->out_locals[symidx])
    return;
  struct esym s;
  read_sym(f, symidx, &s);
  if (ELF64_ST_TYPE(s.st_info) == STT_SECTION)
    return;
  u32 shndx = sym_shndx(f, symidx, &s);
  if (shndx == SHN_ABS) {
    n->put(ctx, n->w, f, symidx, NULL);
    return;
  }
  struct isec *t = kept_target(is, 0, shndx) ? f->isecs[shndx]
                                            : pretended_copy(is, shndx);
  if (t)
    n->put(ctx, n->w, f, symidx, t);
}

// GNU ld lists a local a kept relocation needs that .symtab's rules left
// out after the file's locals, in the order relocations name them.
void emit_relocs_locals(struct ctx *ctx, struct objfile *f, bool sizing,
                        void (*put)(struct ctx *ctx, void *w,
                                    struct objfile *f, u32 k,
                                    struct isec *t),
                        void *w) {
  struct need n = {sizing, put, w};
  each_kept_reloc_symbol(ctx, f, true, need_symbol, &n);
}
