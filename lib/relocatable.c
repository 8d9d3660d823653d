// relocatable.c: -r (--relocatable, -i), one relocatable object made of
// the inputs, as GNU ld 2.40 makes it.
//
// Input reading, symbol resolution and section parsing are the final
// link's (COMDAT: the first group with a signature wins); what differs is
// the output.  Its sections are chunks, as a final link's are (struct
// rsec adds what -r's plan needs), of the final link's kinds but for
// groups and .note.GNU-stack.  GNU ld's -r script (ldscripts/elf_x86_64.xr) names each
// output section after exactly one input name, so .text.foo stays
// .text.foo; other names are orphans, placed after the script section of
// their kind in the order they appear.  A member of a kept section group
// gets an output section of its own, and the group an SHT_GROUP section
// listing the new indices; groups come first in the header table, as bfd
// numbers them.  Nothing is merged or relaxed: SHF_MERGE sections are
// concatenated and stay mergeable, .eh_frame keeps every CIE (records lose
// only their padding, as in a final link), .note.GNU-stack and
// .note.gnu.property become one section each.  Each output section with
// relocations gets .rela.NAME right after it: offsets move by the input
// section's place, relocations against section symbols go to the output
// section's symbol with the place added to the addend, the others keep
// their symbol.  .symtab holds the section symbols, each file's locals
// (STT_FILE first), then the globals in GNU ld's hash table order;
// undefined symbols stay undefined and COMMON ones COMMON.  More than
// 65,279 sections use SHN_XINDEX and .symtab_shndx.
//
// A -T script's SECTIONS replace GNU ld's -r script: its statements make
// the output sections (at their addresses, or "." aligned), orphans are
// placed among them as in a final link (at address 0), /DISCARD/ drops
// input sections; data statements and "." inside sections are laid out,
// symbol assignments and the like refused (check_relocatable_script).

#include "mld.h"

#include <stdlib.h>

// One section of the output: a chunk, as a final link's output sections
// are, with what -r's plan adds to it.  Its kind is a final link's
// (CK_REGULAR and CK_EH_FRAME for input sections, CK_PROPERTY,
// CK_BUILD_ID, CK_EMIT_RELA, CK_SYMTAB, CK_SYMTAB_SHNDX, CK_STRTAB,
// CK_SHSTRTAB) or one of -r's own (CK_GROUP, CK_GNU_STACK).  c.order is
// its sort key (the script's, orphans after), c.sym_index its
// STT_SECTION symbol, c.stmt the -T script's statement that made it,
// c.target what a CK_EMIT_RELA relocates.
struct rsec {
  struct chunk c;
  u32 link, info;
  u32 seq;                     // creation order, breaks ties
  struct vec data;             // struct rdata *: its data statements
  struct rsec *rela;           // its relocations, or NULL
  struct objfile *gfile;       // CK_GROUP: the input group section
  u32 gshndx;
};

// The output section an input section went to.
static struct rsec *rsec_of(struct chunk *c) {
  return (struct rsec *)c;
}

// An output section or a group: what is in bfd's list of sections, and
// has a section symbol; not what numbering adds (relocations, .symtab,
// the string tables).
static bool in_bfd_list(const struct rsec *s) {
  switch (s->c.kind) {
  case CK_EMIT_RELA: case CK_SYMTAB: case CK_SYMTAB_SHNDX: case CK_STRTAB:
  case CK_SHSTRTAB:
    return false;
  default:
    return true;
  }
}

// A data statement's bytes (BYTE, SHORT, LONG, QUAD, SQUAD).
struct rdata {
  u64 offset, value;
  u32 size;
};

struct rlink {
  struct vec secs;             // struct rsec *, in section header order
  u32 nsecs;
  struct rsec *symtab, *shndx, *strtab, *shstrtab, *stack, *property;
  struct rsec *build_id;
  u32 **locmap;                // [file priority][symidx < first_global]:
                               // output index, or KEEP before numbering
  u8 **grouped;                // [file priority][shndx]: in a kept group
  struct rsec ***groupsec;     // [file priority][shndx]: a kept SHT_GROUP
                               // input's output section, or NULL
  struct vec *needed;          // [file priority]: locals only relocations
                               // keep (-x, -X), symbol indices in order
  u32 *gsym;                   // [symbol seq]: output index of a global
  u8 *utype;                   // [symbol seq]: an undefined one's type
  struct vec globals;          // struct symbol *, in output order
  struct vec forced;           // --gc-sections: undefined globals no kept
                               // section named, made local (GNU ld)
  u32 nlocal, nsyms;
  u64 strtab_size, shstrtab_size;
  u32 *name_off;               // [symbol index]: its name in .strtab
  struct vec listed;           // listed_sections
  u32 orphan_seq;
  struct rsec **by_name;       // output sections of input sections by
  u32 name_mask, name_count;   // name (not group members), open addressing
  bool gnu_osabi;              // IFUNC or UNIQUE symbols, retained sections
  bool after_gc;               // planned again: what --gc-sections left
  struct walk *walk;           // a -T script's SECTIONS lay the sections
  bool one_group;              // FORCE_GROUP_ALLOCATION: no groups kept
};

#define KEEP UINT32_MAX

static int cmp_rsec_listed(const void *a, const void *b);
static struct vec *listed_sections(struct ctx *ctx, struct rlink *rl);

// Every option mld takes for a final link is either honoured with -r as
// GNU ld honours it, ignored where GNU ld's -r output does not change, or
// refused here.
void check_relocatable_options(struct ctx *ctx) {
  struct config *c = &ctx->cfg;
  const char *bad = c->relocatable_conflict;
  if (!bad && c->icf != ICF_NONE)
    bad = "--icf";
  if (!bad && c->section_starts.len)
    bad = "-Ttext, -Tdata, -Tbss, --section-start";
  if (!bad && c->text_segment_set)
    bad = "-Ttext-segment";
  if (!bad && c->strip == STRIP_ALL)
    bad = "-s (--strip-all)";
  if (!bad && c->strip == STRIP_SOME)
    bad = "--retain-symbols-file";
  if (!bad && c->package_metadata)
    bad = "--package-metadata";
  if (!bad && (c->unique.len || c->unique_orphans))
    bad = "--unique";
  if (!bad && c->sort_section != SORT_SECTION_NONE)
    bad = "--sort-section";
  if (!bad && c->oformat_binary)
    bad = "--oformat binary";
  if (!bad && c->define_common && c->gc_sections)
    bad = "-d with --gc-sections";
  if (!bad && (c->map_file || c->cref || c->print_memory_usage))
    bad = "-Map, --cref, --print-memory-usage";
  if (bad)
    fatal(ctx, "-r: %s: not supported in a relocatable link", bad);
  // No effect on GNU ld's -r output.
  c->eh_frame_hdr = false;
}

// What -r takes of a -T script's SECTIONS, as GNU ld lays out -r: output
// sections of input sections (patterns, sorting, KEEP), at an address
// or ALIGN()ed, NOLOAD, /DISCARD/, data statements, "." and symbols
// assigned numbers and "."; program headers and memory regions play no
// part.  The rest (regions, load addresses, expressions of symbols or
// sections) would change GNU ld's -r output in ways mld does not make:
// an error, never ignored.
static void refuse_in_script(struct ctx *ctx, const char *file, u32 line,
                             const char *what) {
  fatal(ctx, "%s:%u: -r: %s in a linker script is not supported in a "
        "relocatable link", file, line, what);
}

// -r evaluates numbers and "." alone: no symbol or section has its
// address in a relocatable object.
static void check_expr(struct ctx *ctx, struct expr *e, const char *file,
                       u32 line) {
  if (!expr_of_dot(e))
    refuse_in_script(ctx, file, line, "an expression of symbols or sections");
}

static void check_assign(struct ctx *ctx, struct script_stmt *s) {
  if (s->op != '=')
    refuse_in_script(ctx, s->file, s->line, "an assignment but \"=\"");
  check_expr(ctx, s->e, s->file, s->line);
}

static void check_output_stmt(struct ctx *ctx, struct out_stmt *os) {
  const char *bad = NULL;
  if (os->region || os->lma_region)
    bad = "a memory region (> REGION)";
  else if (os->lma)
    bad = "a load address (AT)";
  else if (os->subalign)
    bad = "SUBALIGN";
  else if (os->fill)
    bad = "a fill pattern (=FILL)";
  else if (os->constraint)
    bad = "ONLY_IF_RO and ONLY_IF_RW";
  else if (os->overlay)
    bad = "OVERLAY";
  else if (os->type != OT_NORMAL && os->type != OT_NOLOAD)
    bad = "an output section type but NOLOAD";
  else if (os->sh_type)
    bad = "TYPE =";
  if (bad)
    refuse_in_script(ctx, os->file, os->line, bad);
  check_expr(ctx, os->addr, os->file, os->line);
  check_expr(ctx, os->align, os->file, os->line);
  for (u32 i = 0; os->discard && i < os->body.len; i++) {
    struct script_stmt *s = os->body.v[i];
    if (s->kind != SS_INPUT)
      fatal(ctx, "%s:%u: illegal use of `/DISCARD/' section", s->file,
            s->line);
  }
  for (u32 i = 0; i < os->body.len; i++) {
    struct script_stmt *s = os->body.v[i];
    if (s->kind == SS_ASSIGN)
      check_assign(ctx, s);
    else if (s->kind != SS_INPUT && s->kind != SS_DATA)
      refuse_in_script(ctx, s->file, s->line,
                       s->kind == SS_FILL ? "FILL" : "ASSERT");
    if (s->kind == SS_DATA && !strcmp(os->name, ".eh_frame"))
      refuse_in_script(ctx, s->file, s->line, "a data statement in .eh_frame");
    if (s->kind == SS_DATA && !expr_is_constant(s->e))
      refuse_in_script(ctx, s->file, s->line,
                       "a data statement of symbols or sections");
  }
}

void check_relocatable_script(struct ctx *ctx) {
  struct script *sc = ctx->script;
  if (!sc || (!sc->stmts.len && !sc->has_sections))
    return;
  if (sc->insert_name)
    fatal(ctx, "-r: INSERT in a linker script is not supported in a "
          "relocatable link");
  if (sc->has_sections && ctx->cfg.define_common)
    fatal(ctx, "-r: -d with a linker script's SECTIONS is not supported");
  if (sc->nocrossrefs.len || sc->nocrossrefs_to.len)
    fatal(ctx, "-r: NOCROSSREFS in a linker script is not supported in a "
          "relocatable link");
  for (u32 i = 0; i < sc->stmts.len; i++) {
    struct script_stmt *s = sc->stmts.v[i];
    if (s->kind == SS_OUTPUT)
      check_output_stmt(ctx, s->os);
    else if (s->kind == SS_ASSIGN && !sc->has_sections &&
             !strcmp(s->sym, "."))
      refuse_in_script(ctx, s->file, s->line,
                       "an assignment of \".\" outside SECTIONS");
    else if (s->kind == SS_ASSIGN && !sc->has_sections &&
             !expr_is_constant(s->e))
      refuse_in_script(ctx, s->file, s->line,
                       "an expression of symbols or sections");
    else if (s->kind == SS_ASSIGN)
      check_assign(ctx, s);
    else
      refuse_in_script(ctx, s->file, s->line,
                       s->kind == SS_ASSERT ? "ASSERT" : "this statement");
  }
}

//
// Output sections
//

static struct rsec *new_rsec(struct ctx *ctx, const char *name,
                             enum chunk_kind kind, u32 type, u64 flags,
                             u64 align, u64 entsize) {
  struct rsec *s = arena_alloc(ctx, sizeof(*s));
  s->c.name = name;
  s->c.kind = kind;
  s->c.type = type;
  s->c.flags = flags;
  s->c.align = align;
  s->c.entsize = entsize;
  return s;
}

// A section made from the inputs, in the order they were made.
static struct rsec *add_rsec(struct ctx *ctx, struct rlink *rl,
                             struct rsec *s) {
  s->seq = rl->secs.len;
  vec_push(ctx, &rl->secs, s);
  return s;
}

// The statements of GNU ld 2.40's -r scripts, in order: each takes the
// input sections of its own name only (.text also .stub, .gnu_extab also
// .gnu_extab*).  x86: only elf_x86_64.xr has it; a64: aarch64linux.xr.
static const struct {
  const char *name;
  u8 only;                     // 0 both, 1 x86-64, 2 AArch64
} script_r[] = {
    {".interp", 0}, {".note.gnu.build-id", 0}, {".hash", 0},
    {".gnu.hash", 0}, {".dynsym", 0}, {".dynstr", 0}, {".gnu.version", 0},
    {".gnu.version_d", 0}, {".gnu.version_r", 0}, {".relr.dyn", 1},
    {".init", 0}, {".plt", 0}, {".plt.got", 1}, {".plt.sec", 1},
    {".text", 0}, {".fini", 0}, {".rodata", 0}, {".rodata1", 0},
    {".eh_frame_hdr", 0}, {".eh_frame", 0}, {".sframe", 0},
    {".gcc_except_table", 0}, {".gnu_extab", 0}, {".exception_ranges", 0},
    {".tdata", 0}, {".tbss", 0}, {".jcr", 0}, {".dynamic", 0}, {".got", 0},
    {".got.plt", 0}, {".data", 0}, {".data1", 0}, {".bss", 0},
    {".lbss", 1}, {".lrodata", 1}, {".ldata", 1}, {".stab", 0},
    {".stabstr", 0}, {".stab.excl", 0}, {".stab.exclstr", 0},
    {".stab.index", 0}, {".stab.indexstr", 0}, {".comment", 0},
    {".gnu.build.attributes", 0}, {".debug", 0}, {".line", 0},
    {".debug_srcinfo", 0}, {".debug_sfnames", 0}, {".debug_aranges", 0},
    {".debug_pubnames", 0}, {".debug_info", 0}, {".debug_abbrev", 0},
    {".debug_line", 0}, {".debug_frame", 0}, {".debug_str", 0},
    {".debug_loc", 0}, {".debug_macinfo", 0}, {".debug_weaknames", 0},
    {".debug_funcnames", 0}, {".debug_typenames", 0},
    {".debug_varnames", 0}, {".debug_pubtypes", 0}, {".debug_ranges", 0},
    {".debug_addr", 0}, {".debug_line_str", 0}, {".debug_loclists", 0},
    {".debug_macro", 0}, {".debug_names", 0}, {".debug_rnglists", 0},
    {".debug_str_offsets", 0}, {".debug_sup", 0}, {".gnu.attributes", 1},
    {".ARM.attributes", 2}, {".note.gnu.arm.ident", 2},
};

enum { NSCRIPT = sizeof(script_r) / sizeof(*script_r) };

// Order keys: statement i at (i + 1) << 20, orphans after their anchor.
static u32 script_key(u32 i) { return (i + 1) << 20; }

static bool script_applies(struct ctx *ctx, u32 i) {
  bool x86 = ctx->arch->e_machine == EM_X86_64;
  return !script_r[i].only || script_r[i].only == (x86 ? 1 : 2);
}

// The statement that takes input sections named NAME, or -1.
static i32 script_index(struct ctx *ctx, const char *name) {
  if (!strcmp(name, ".stub"))
    name = ".text";
  if (starts(name, ".gnu_extab"))
    name = ".gnu_extab";
  for (u32 i = 0; i < NSCRIPT; i++)
    if (script_applies(ctx, i) && !strcmp(script_r[i].name, name))
      return i;
  return -1;
}

static u32 statement_key(struct ctx *ctx, const char *name) {
  if (ctx->rlink && ctx->rlink->walk)
    return 0;                  // a -T script's SECTIONS replace them
  i32 i = script_index(ctx, name);
  return i < 0 ? 0 : script_key(i);
}

// An orphan's anchor, as ldelf_place_orphan chooses it: notes after
// .interp, then by flags; unallocated ones after .comment, debugging ones
// after everything.
static u32 orphan_key(struct ctx *ctx, struct rlink *rl, const char *name,
                      u32 type, u64 flags) {
  const char *anchor;
  if (!(flags & SHF_ALLOC))
    anchor = is_debugging_name(name) ? NULL : ".comment";
  else if (type == SHT_NOTE)
    anchor = ".interp";
  else if (type == SHT_NOBITS && !(flags & SHF_TLS))
    anchor = ".bss";
  else if (flags & SHF_TLS)
    anchor = ".tdata";
  else if (flags & SHF_WRITE)
    anchor = ".data";
  else if (!(flags & SHF_EXECINSTR))
    anchor = ".rodata";
  else
    anchor = ".text";
  u32 base = anchor ? statement_key(ctx, anchor) : script_key(NSCRIPT);
  return base + 1 + rl->orphan_seq++;
}

static void name_insert(struct ctx *ctx, struct rlink *rl, struct rsec *s) {
  if (rl->name_count * 2 >= rl->name_mask) {
    u32 cap = rl->name_mask ? 2 * (rl->name_mask + 1) : 1024;
    struct rsec **old = rl->by_name;
    u32 oldcap = rl->name_mask ? rl->name_mask + 1 : 0;
    rl->by_name = arena_alloc(ctx, (u64)cap * sizeof(*old));
    rl->name_mask = cap - 1;
    rl->name_count = 0;
    for (u32 i = 0; i < oldcap; i++)
      if (old[i])
        name_insert(ctx, rl, old[i]);
  }
  u64 j = hash_name(s->c.name, strlen(s->c.name)) & rl->name_mask;
  while (rl->by_name[j])
    j = (j + 1) & rl->name_mask;
  rl->by_name[j] = s;
  rl->name_count++;
}

// A plain chunk standing for a section while order_script_sections
// places the orphans (the headers' start, a note), in no name index.
static struct chunk *stand_in(struct ctx *ctx, const char *name, u32 type,
                              u64 flags, u64 align) {
  struct chunk *c = arena_alloc(ctx, sizeof(*c));
  c->name = name;
  c->kind = CK_REGULAR;
  c->type = type;
  c->flags = flags;
  c->align = align;
  return c;
}

// The output section an input section joins: its statement's, or an
// orphan section of its name and kind (bfd: same SHF_ALLOC, and types
// that match), made if there is none yet.
static struct rsec *output_for(struct ctx *ctx, struct rlink *rl,
                               const char *name, u32 type, u64 flags,
                               bool unique) {
  u32 key = unique ? 0 : statement_key(ctx, name);
  if (!unique && rl->by_name) {
    u64 j = hash_name(name, strlen(name)) & rl->name_mask;
    for (; rl->by_name[j]; j = (j + 1) & rl->name_mask) {
      struct rsec *s = rl->by_name[j];
      struct chunk *c = &s->c;
      // An orphan joins one of its name with its type and the same
      // SHF_ALLOC and SHF_EXCLUDE (GNU ld's ldelf_place_orphan: an
      // excluded .text.startup apart from one that is not); a -T
      // script's section of its name if that has nothing yet or the
      // same SHF_ALLOC.
      if (strcmp(c->name, name))
        continue;
      if (c->stmt ? !c->isecs.len || !((c->flags ^ flags) & SHF_ALLOC)
                  : key || (c->type == type &&
                            !((c->flags ^ flags) & (SHF_ALLOC | SHF_EXCLUDE))))
        return s;
    }
  }
  // It holds the input sections, as in a final link: input sections'
  // osec, and .eh_frame's sizing, work on it.
  struct rsec *s = add_rsec(ctx, rl, new_rsec(ctx, name, CK_REGULAR, type,
                                              flags, 1, 0));
  if (!unique)
    name_insert(ctx, rl, s);
  if (!rl->walk)
    s->c.order = key ? key : orphan_key(ctx, rl, name, type, flags);
  // The first .eh_frame is rewritten record by record, as in a final link.
  if (!strcmp(name, ".eh_frame") && !ctx->synth[CK_EH_FRAME]) {
    s->c.kind = CK_EH_FRAME;
    ctx->synth[CK_EH_FRAME] = &s->c;
  }
  s->c.unique = unique;
  vec_push(ctx, &ctx->chunks, &s->c);
  return s;
}

// As add_isec in sections.c: SHF_MERGE and SHF_STRINGS stay only where
// every input has them with one entsize.
static void join(struct ctx *ctx, struct rsec *s, struct isec *is,
                 const u8 *sh, bool grouped) {
  struct chunk *c = &s->c;
  u64 flags = SH_FLAGS(sh) & ~(u64)SHF_COMPRESSED;  // read decompressed
  if (!grouped)
    flags &= ~(u64)SHF_GROUP;
  if (!c->isecs.len) {
    c->type = SH_TYPE(sh);
    c->flags = flags;
    c->entsize = SH_ENTSIZE(sh);
  } else {
    if (c->type == SHT_NOBITS && SH_TYPE(sh) != SHT_NOBITS)
      c->type = SH_TYPE(sh);
    u64 ms = SHF_MERGE | SHF_STRINGS;
    if ((c->flags & ms) != (flags & ms) || c->entsize != SH_ENTSIZE(sh)) {
      c->flags &= ~ms;
      c->entsize = 0;
    }
    c->flags |= flags & ~ms;
  }
  if (is->align > c->align)
    c->align = is->align;
  is->osec = c;
  vec_push(ctx, &c->isecs, is);
}

// Whether input section IS goes to the output: all do, but those
// --gc-sections collected.
static bool placed(struct rlink *rl, struct isec *is) {
  return is && (!rl->after_gc || is->osec);
}

// The kept groups of F: each gets its SHT_GROUP output section, and its
// members are marked to get output sections of their own.
static void add_groups(struct ctx *ctx, struct rlink *rl, struct objfile *f) {
  u8 *g = arena_alloc(ctx, f->shnum);
  rl->grouped[f->priority] = g;
  struct rsec **gs = arena_alloc(ctx, (u64)f->shnum * sizeof(*gs));
  rl->groupsec[f->priority] = gs;
  if (rl->one_group)
    return;                    // members placed as any other section
  for (u32 i = 1; i < f->shnum; i++) {
    const u8 *sh = shdr_at(f, i);
    if (SH_TYPE(sh) != SHT_GROUP || SH_SIZE(sh) < 4 || SH_SIZE(sh) % 4 ||
        SH_LINK(sh) == 0 || SH_INFO(sh) >= f->nsyms)
      continue;
    const u8 *p = f->data + SH_OFFSET(sh);
    bool kept = false;
    for (u64 k = 1; k < SH_SIZE(sh) / 4; k++) {
      u32 m = rd32(p + 4 * k);
      if (m >= f->shnum || m == i) {
        error(ctx, "%s: section group %u names section %u, which does not "
              "exist", f->name, i, m);
        return;
      }
      if (placed(rl, f->isecs[m])) {
        kept = true;
        g[m] = 1;
      }
    }
    if (!kept)
      continue;
    struct rsec *s = add_rsec(ctx, rl, new_rsec(ctx, ".group", CK_GROUP,
                                                SHT_GROUP, 0, 4, 4));
    s->gfile = f;
    s->gshndx = i;
    gs[i] = s;
  }
}

// The notes -r makes one of: .note.GNU-stack (executable if an input's
// is, or if the target wants one and an input has none: GNU ld's rule in
// bfd_elf_size_dynamic_sections), .note.gnu.property (merged as in a
// final link).  Each is an orphan, made where it first appears.
static void add_note(struct ctx *ctx, struct rlink *rl, const char *name) {
  if (!strcmp(name, ".note.GNU-stack") && !rl->stack) {
    bool x = ctx->stack_x_note || ctx->stack_no_note;
    u64 flags = x ? SHF_EXECINSTR : 0;
    rl->stack = add_rsec(ctx, rl, new_rsec(ctx, ".note.GNU-stack",
                                           CK_GNU_STACK, SHT_PROGBITS, flags,
                                           1, 0));
    rl->stack->c.order = orphan_key(ctx, rl, name, SHT_PROGBITS, flags);
  }
  // (None when the merge left no property: GNU ld discards the section.)
  if (!strcmp(name, ".note.gnu.property") && !rl->property &&
      property_note_size(ctx)) {
    rl->property = add_rsec(ctx, rl, new_rsec(ctx, ".note.gnu.property",
                                              CK_PROPERTY, SHT_NOTE,
                                              SHF_ALLOC, 8, 0));
    rl->property->c.order = orphan_key(ctx, rl, name, SHT_NOTE, SHF_ALLOC);
  }
}

// What the final link drops that -r would have to keep.
static void check_kept(struct ctx *ctx, struct objfile *f, u32 i) {
  const char *name = section_name(f, i);
  if (f->discarded && f->discarded[i])
    return;
  // (GNU ld's -r fails an assertion on it; .gnu.warning.SYM it keeps.)
  if (!strcmp(name, ".gnu.warning"))
    error(ctx, "%s: a .gnu.warning section is not supported with -r",
          f->name);
}

// -T SECTIONS: the output sections of the script's statements, made
// before any input joins them (an orphan of the same name may); those
// left empty are not kept.
static void add_script_sections(struct ctx *ctx, struct rlink *rl) {
  struct script *sc = ctx->script;
  rl->walk = script_walk(ctx);
  for (u32 i = 0; i < sc->stmts.len; i++) {
    struct script_stmt *st = sc->stmts.v[i];
    if (st->kind != SS_OUTPUT || st->os->discard)
      continue;
    struct out_stmt *os = st->os;
    struct rsec *s = add_rsec(ctx, rl, new_rsec(ctx, os->name, CK_REGULAR,
                                                SHT_PROGBITS, 0, 1, 0));
    s->c.stmt = os;
    name_insert(ctx, rl, s);
    os->chunk = &s->c;
    vec_push(ctx, &ctx->chunks, &s->c);
  }
}

// The statement's section input section I of F goes to, with its rank
// for sort_script_inputs; NULL for an orphan.
static struct rsec *script_section(struct ctx *ctx, struct rlink *rl,
                                   struct objfile *f, u32 i, bool grouped) {
  bool discard;
  struct out_stmt *os = script_home(rl->walk, f, i, grouped, &discard);
  struct isec *is = f->isecs[i];
  if (!os) {
    is->rank = UINT32_MAX;     // after a statement's own, if it joins one
    is->sort = PS_NONE;
    return NULL;
  }
  u64 j = hash_name(os->name, strlen(os->name)) & rl->name_mask;
  for (; rl->by_name[j]; j = (j + 1) & rl->name_mask) {
    struct rsec *s = rl->by_name[j];
    if (s->c.stmt != os)
      continue;
    // .eh_frame is rewritten record by record, in an output section of
    // its name only (bfd's rule; mld does not copy it elsewhere).
    if (!strcmp(isec_name(is), ".eh_frame")) {
      if (strcmp(os->name, ".eh_frame") ||
          (ctx->synth[CK_EH_FRAME] && ctx->synth[CK_EH_FRAME] != &s->c))
        fatal(ctx, "%s:%u: -r: .eh_frame in output section %s: not "
              "supported in a relocatable link", os->file, os->line,
              os->name);
      s->c.kind = CK_EH_FRAME;
      ctx->synth[CK_EH_FRAME] = &s->c;
    }
    return s;
  }
  fatal(ctx, "%s: the output section of a script statement is missing",
        os->name);
}

// /DISCARD/ before anything is placed, so that groups lose the members
// it takes (and the notes their input sections).
static void script_discards(struct ctx *ctx, struct rlink *rl) {
  for (u32 fi = 0; fi < ctx->objs.len; fi++) {
    struct objfile *f = ctx->objs.v[fi];
    for (u32 i = 1; i < f->shnum; i++) {
      const u8 *sh = shdr_at(f, i);
      const char *name = section_name(f, i);
      // The notes -r makes from the inputs' (add_note) go with them.
      bool note = !strcmp(name, ".note.GNU-stack") ||
                  !strcmp(name, ".note.gnu.property");
      if (!f->isecs[i] && !note)
        continue;
      bool grouped = (SH_FLAGS(sh) & SHF_GROUP) && !rl->one_group;
      bool discard;
      struct out_stmt *os = script_home(rl->walk, f, i, grouped, &discard);
      if (discard)
        discard_input(ctx, f, i);
      else if (os && !f->isecs[i])
        fatal(ctx, "%s:%u: -r: %s in an output section of a linker script "
              "is not supported in a relocatable link", os->file, os->line,
              name);
    }
  }
}

static void add_file_sections(struct ctx *ctx, struct rlink *rl,
                              struct objfile *f) {
  for (u32 i = 1; i < f->shnum; i++) {
    struct isec *is = f->isecs[i];
    const char *name = section_name(f, i);
    if (is && !placed(rl, is))
      continue;
    if (!is) {
      if ((!f->discarded || !f->discarded[i]) &&
          (!f->script_discarded || !f->script_discarded[i]))
        add_note(ctx, rl, name);
      check_kept(ctx, f, i);
      continue;
    }
    const u8 *sh = shdr_at(f, i);
    // GNU ld keeps each node's section and its sh_info (EI_OSABI GNU).
    refuse_mbind(ctx, f, i, "in a relocatable link");
    bool grouped = rl->grouped[f->priority][i];
    struct rsec *home = rl->walk ? script_section(ctx, rl, f, i, grouped)
                                 : NULL;
    if (grouped && is->data && !strcmp(name, ".eh_frame")) {
      error(ctx, "%s: .eh_frame in a section group is not supported with "
            "-r", f->name);
      continue;
    }
    struct rsec *s = home ? home
                          : output_for(ctx, rl, name, SH_TYPE(sh),
                                       SH_FLAGS(sh) & ~(u64)SHF_COMPRESSED,
                                       grouped);
    join(ctx, s, is, sh, grouped);
    if (SH_FLAGS(sh) & SHF_GNU_RETAIN)
      rl->gnu_osabi = true;
  }
}

// Header order: the groups first (bfd numbers them so), then as listed.
static int cmp_rsec(const void *a, const void *b) {
  const struct rsec *x = *(struct rsec *const *)a;
  const struct rsec *y = *(struct rsec *const *)b;
  bool gx = x->c.kind == CK_GROUP, gy = y->c.kind == CK_GROUP;
  if (gx != gy)
    return gx ? -1 : 1;
  return cmp_rsec_listed(a, b);
}

// A -T script's expression, "." being DOT.
static u64 script_value(struct ctx *ctx, struct expr *e, u64 dot,
                        const char *what) {
  struct script_dot d = {.dot = dot};
  struct expr_value v;
  eval_script_expr(ctx, e, what, false, &d, &v);
  return v.v;
}

// Input sections' offsets in their output sections (.eh_frame's come
// from size_eh_frame), and the sizes.
static void size_sections(struct ctx *ctx, struct rlink *rl) {
  for (u32 i = 0; i < rl->secs.len; i++) {
    struct rsec *s = rl->secs.v[i];
    struct chunk *c = &s->c;
    if (c->kind == CK_PROPERTY)
      c->size = property_note_size(ctx);
    if (c->kind == CK_BUILD_ID)
      c->size = 16 + (u64)build_id_size(ctx);
    if (!has_inputs(c))
      continue;
    if (c->kind != CK_EH_FRAME) {
      u64 off = 0;
      for (u32 k = 0; k < c->isecs.len; k++) {
        struct isec *is = c->isecs.v[k];
        off = align_up(off, is->align);
        is->offset = off;
        off += is->size;
      }
      c->size = off;
    }
    if (c->stmt && c->stmt->align) {
      u64 a = script_alignment(ctx, c->name,
                               script_value(ctx, c->stmt->align, 0, "ALIGN"),
                               true);
      if (a > c->align)
        c->align = a;
    }
  }
}

// A symbol the script assigns (not a PROVIDE nothing needs), as GNU ld
// values it: inside a section relative to it (a number too), outside
// relative to the section before when "." made it, else absolute; -r's
// symbols are offsets in their sections.
// Returns the symbol when it is relative and S is NULL: its section is
// to come (set_symbol_section), its value for now an address.
static struct symbol *assign_symbol(struct ctx *ctx, struct script_stmt *st,
                                    u64 dot, struct rsec *s, bool inside) {
  struct symbol *sym = st->target;
  if (!sym || !(sym->flags & SF_LINKER) || sym->symidx >> 1 != W_SCRIPT)
    return NULL;
  struct script_dot d = {.dot = dot, .in_section = inside,
                         .sec = s ? &s->c : NULL};
  struct expr_value v;
  eval_script_expr(ctx, st->e, st->sym, false, &d, &v);
  bool rel = v.sec || (inside && v.plain) || (!inside && d.used);
  struct sym_aux *aux = sym_aux(ctx, sym);
  aux->osec = rel && s ? &s->c : NULL;
  sym->value = aux->osec ? v.v - s->c.addr : v.v;
  sym->type = STT_NOTYPE;
  return rel && !s ? sym : NULL;
}

// A relative symbol's section, once laid out (S NULL: none, absolute).
static void set_symbol_section(struct ctx *ctx, struct symbol *sym,
                               struct rsec *s) {
  struct sym_aux *aux = sym_aux(ctx, sym);
  aux->osec = s ? &s->c : NULL;
  if (s)
    sym->value -= s->c.addr;
}

// A statement's section in its statement's order: its input sections,
// data statements, "." moved (to an address at least where it is); the
// orphans that joined it after.
static u64 lay_body(struct ctx *ctx, struct rsec *s) {
  struct chunk *c = &s->c;
  struct vec *body = &c->stmt->body;
  u64 off = 0;
  u32 next = 0;
  s->data.len = 0;
  for (u32 i = 0; i <= body->len; i++) {
    struct script_stmt *st = i < body->len ? body->v[i] : NULL;
    for (; next < c->isecs.len; next++) {
      struct isec *is = c->isecs.v[next];
      if (st && (st->kind != SS_INPUT || is->rank != st->input_index))
        break;
      off = align_up(off, is->align);
      is->offset = off;
      off += is->size;
    }
    if (!st || st->kind == SS_INPUT)
      continue;
    if (st->kind == SS_ASSIGN && strcmp(st->sym, ".")) {
      assign_symbol(ctx, st, c->addr + off, s, true);
      continue;
    }
    // Inside the section, as in the final link: ALIGN (., N) aligns the
    // offset in it, and "." set to a plain number is that offset.
    struct script_dot dot = {.dot = c->addr + off, .in_section = true,
                             .sec = c};
    struct expr_value ev;
    eval_script_expr(ctx, st->e, "an output section", false, &dot, &ev);
    u64 v = ev.v;
    if (st->kind == SS_DATA) {
      struct rdata *d = arena_alloc(ctx, sizeof(*d));
      *d = (struct rdata){off, v, st->size};
      vec_push(ctx, &s->data, d);
      off += st->size;
      continue;
    }
    if (!ev.sec && ev.plain)
      v += c->addr;
    if (v < c->addr + off) {
      fatal(ctx, "%s:%u: cannot move location counter backwards (from "
            "%016llx to %016llx)", st->file, st->line,
            (unsigned long long)(c->addr + off), (unsigned long long)v);
    } else {
      off = v - c->addr;
    }
  }
  return off;
}

// -T SECTIONS: addresses as GNU ld gives them with -r: a statement's
// section at its address, else at "." aligned; an orphan at 0 (bfd's
// lang_insert_orphan); "." moves past each allocated one (but .tbss);
// the others are at 0.
static u64 lay_address(struct ctx *ctx, struct rsec *s, u64 dot) {
  struct chunk *c = &s->c;
  bool alloc = c->flags & SHF_ALLOC;
  u64 addr = 0;
  if (c->stmt && c->stmt->addr)  // (an unallocated one's too)
    addr = script_value(ctx, c->stmt->addr, dot, "address");
  else if (c->stmt && alloc)
    addr = align_up(dot, c->align);
  c->addr = addr;
  if (c->stmt && c->kind != CK_EH_FRAME)
    c->size = lay_body(ctx, s);
  if (!alloc)
    return dot;
  return addr + c->size;       // (.tbss too, in -r)
}

// The walk of the statements: the sections laid out so far, and the
// symbols assigned outside sections that wait for the section after.
struct rwalk {
  struct ctx *ctx;
  struct rlink *rl;
  u64 dot;
  u32 next;                    // rl->secs laid out before it
  struct rsec *last;           // the last allocated, not TLS, laid out
  struct vec waiting;          // struct symbol *
};

static void lay_next(struct rwalk *w) {
  struct rsec *s = w->rl->secs.v[w->next++];
  w->dot = lay_address(w->ctx, s, w->dot);
  if ((s->c.flags & SHF_ALLOC) && !(s->c.flags & SHF_TLS)) {
    w->last = s;
    for (u32 i = 0; i < w->waiting.len; i++)
      set_symbol_section(w->ctx, w->waiting.v[i], s);
    w->waiting.len = 0;
  }
}

// Lays out rl->secs while they are orphans.
static void lay_orphans(struct rwalk *w) {
  while (w->next < w->rl->secs.len &&
         !((struct rsec *)w->rl->secs.v[w->next])->c.stmt)
    lay_next(w);
}

// The statements in order, each orphan where bfd's insert_os_after puts
// it: after the section it follows and the symbol assignments after
// that, before the first assignment to "." that a section follows, or
// before that section (the first orphans, before all sections, after the
// first assignment to ".").  A symbol assigned "." outside sections is
// in the section before, or (bfd's section_for_dot) the one after when
// none came before or "." was assigned since.
static void script_addresses_r(struct ctx *ctx, struct rlink *rl) {
  struct vec *stmts = &ctx->script->stmts;
  struct rwalk w = {ctx, rl, 0, 0, NULL, {0}};
  while (w.next < rl->secs.len &&
         ((struct rsec *)rl->secs.v[w.next])->c.kind == CK_GROUP)
    w.next++;
  u32 sections_after = 0;      // output statements still to come
  for (u32 i = 0; i < stmts->len; i++)
    sections_after += ((struct script_stmt *)stmts->v[i])->kind == SS_OUTPUT;
  bool head = true;            // no section yet
  bool prefer_next = true;
  for (u32 i = 0; i < stmts->len; i++) {
    struct script_stmt *st = stmts->v[i];
    if (st->kind == SS_ASSIGN && strcmp(st->sym, ".")) {
      struct symbol *sym = assign_symbol(ctx, st, w.dot, NULL, false);
      if (sym && !prefer_next && w.last)
        set_symbol_section(ctx, sym, w.last);
      else if (sym)
        vec_push(ctx, &w.waiting, sym);
      continue;
    }
    if (st->kind == SS_ASSIGN) {
      if (!head && sections_after)
        lay_orphans(&w);
      head = false;
      prefer_next = true;
      w.dot = script_value(ctx, st->e, w.dot, "the location counter");
      continue;
    }
    sections_after--;
    lay_orphans(&w);
    head = false;
    if (w.next < rl->secs.len &&
        ((struct rsec *)rl->secs.v[w.next])->c.stmt == st->os) {
      lay_next(&w);
      prefer_next = false;
    }
  }
  while (w.next < rl->secs.len)  // the last orphans
    lay_next(&w);
  for (u32 i = 0; i < w.waiting.len; i++)  // no section after
    set_symbol_section(ctx, w.waiting.v[i], w.last);
}

// The files' COMMON sections after the inputs, in the files' order
// (create_commons makes them in --sort-common's).
static int cmp_common_last(const void *a, const void *b) {
  const struct isec *x = *(struct isec *const *)a;
  const struct isec *y = *(struct isec *const *)b;
  if (x->is_common != y->is_common)
    return x->is_common ? 1 : -1;
  if (x->file->priority != y->file->priority)
    return x->file->priority < y->file->priority ? -1 : 1;
  return x->shndx < y->shndx ? -1 : x->shndx > y->shndx;
}

static struct chunk *common_home(struct ctx *ctx, void *arg, struct isec *is,
                                 u32 kind) {
  (void)arg;
  // (bfd's -r puts TLS ones in .bss and large ones in an orphan
  // LARGE_COMMON: not made here.)
  if (kind)
    fatal(ctx, "%s: -r -d: %s COMMON symbols are not supported",
          is->file->name, kind == 1 ? "TLS" : "large");
  return &output_for(ctx, ctx->rlink, ".bss", SHT_NOBITS,
                     SHF_ALLOC | SHF_WRITE, false)->c;
}

// What a statement assigns: 2 if "." (room), 1 if symbols only, or 0.
static u32 assignments(const struct out_stmt *os) {
  u32 a = 0;
  for (u32 i = 0; i < os->body.len; i++) {
    const struct script_stmt *st = os->body.v[i];
    if (st->kind == SS_ASSIGN)
      a = !strcmp(st->sym, ".") ? 2 : a > 1 ? a : 1;
  }
  return a;
}

// -T SECTIONS: the statements' sections that have inputs, in the
// script's order, and the orphans placed among them as in a final link
// (script_layout.c's place_orphans, on chunks standing for them).
static void order_script_sections(struct ctx *ctx, struct rlink *rl) {
  struct vec order = {0}, orphans = {0}, all = rl->secs;
  struct chunk *id = NULL;
  struct chunk *ehdr = stand_in(ctx, "", SHT_NULL, 0, 1);
  ehdr->kind = CK_EHDR;        // where an orphan of no kin goes after
  vec_push(ctx, &order, ehdr);
  rl->secs = (struct vec){0};
  ctx->chunks.len = 0;
  for (u32 i = 0; i < all.len; i++) {
    struct rsec *s = all.v[i];
    if (s->c.kind == CK_GROUP) {
      vec_push(ctx, &rl->secs, s);
      continue;
    }
    // (A note stands in as a plain section, as bfd has it here.)
    struct chunk *c = has_inputs(&s->c)
                          ? &s->c
                          : stand_in(ctx, s->c.name, s->c.type, s->c.flags,
                                     s->c.align);
    c->order = i;              // back to S, below
    if (!s->c.stmt) {
      // The build ID note, which bfd makes with no contents yet, has no
      // kin: the first of all.
      if (s == rl->build_id)
        id = c;
      else
        vec_push(ctx, &orphans, c);
      continue;
    }
    sort_script_inputs(ctx, c);
    // Data statements alone make a section of contents (as
    // script_chunks makes it); "." moved, one of room; symbols alone,
    // one bfd makes writable only (GNU ld's flags); with none of these
    // no section is made.
    if (!c->isecs.len) {
      u32 a = assignments(s->c.stmt);
      if (out_has_data(s->c.stmt)) {
        c->flags = data_only_flags(s->c.stmt);
        c->type = SHT_PROGBITS;
      } else if (a) {
        c->flags = a > 1 ? SHF_ALLOC | SHF_WRITE : SHF_WRITE;
        c->type = a > 1 ? SHT_NOBITS : SHT_PROGBITS;
      } else {
        continue;
      }
    }
    // NOLOAD: no contents, as bfd has it when it places orphans.
    if (s->c.stmt->type == OT_NOLOAD)
      c->type = SHT_NOBITS;
    vec_push(ctx, &order, c);
  }
  if (id) {
    vec_push(ctx, &order, id);
    memmove(&order.v[2], &order.v[1], (u64)(order.len - 2) * sizeof(void *));
    order.v[1] = id;
  }
  place_orphans(ctx, &order, &orphans);
  for (u32 i = 1; i < order.len; i++) {
    struct rsec *s = all.v[((struct chunk *)order.v[i])->order];
    if (s->c.stmt)
      bfd_made_section(ctx, &s->c);
    s->c.order = i;
    vec_push(ctx, &rl->secs, s);
    if (has_inputs(&s->c))
      vec_push(ctx, &ctx->chunks, &s->c);
  }
}

void create_relocatable_sections(struct ctx *ctx) {
  // Again after --gc-sections: the plan of what it left, in the order
  // the sections kept come in (GNU ld collects before it places).
  bool again = ctx->rlink != NULL;
  if (again) {
    ctx->chunks.len = 0;
    ctx->synth[CK_EH_FRAME] = NULL;
  }
  struct rlink *rl = arena_alloc(ctx, sizeof(*rl));
  ctx->rlink = rl;
  rl->after_gc = again;
  u32 nf = ctx->next_priority + 1;
  rl->locmap = arena_alloc(ctx, (u64)nf * sizeof(*rl->locmap));
  rl->grouped = arena_alloc(ctx, (u64)nf * sizeof(*rl->grouped));
  rl->groupsec = arena_alloc(ctx, (u64)nf * sizeof(*rl->groupsec));
  rl->needed = arena_alloc(ctx, (u64)nf * sizeof(*rl->needed));
  struct script *sc = ctx->script;
  rl->one_group = ctx->cfg.force_group_allocation ||
                  (sc && sc->force_group_allocation);
  if (sc && sc->has_sections) {
    add_script_sections(ctx, rl);
    script_discards(ctx, rl);
  }
  for (u32 i = 0; i < ctx->objs.len; i++)
    add_groups(ctx, rl, ctx->objs.v[i]);
  // --build-id: GNU ld makes the note first, in the first input.
  if (ctx->cfg.build_id != BUILD_ID_NONE && ctx->objs.len) {
    const char *name = ".note.gnu.build-id";
    rl->build_id = add_rsec(ctx, rl, new_rsec(ctx, name, CK_BUILD_ID,
                                              SHT_NOTE, SHF_ALLOC, 4, 0));
    u32 key = statement_key(ctx, name);
    rl->build_id->c.order =
        key ? key : orphan_key(ctx, rl, name, SHT_NOTE, SHF_ALLOC);
  }
  for (u32 i = 0; i < ctx->objs.len; i++) {
    // A group is numbered first, but in bfd's list of sections it is an
    // orphan met with its file's first sections (.shstrtab's order, the
    // order of the files' locals).
    struct objfile *f = ctx->objs.v[i];
    for (u32 k = 1; rl->groupsec[f->priority] && k < f->shnum; k++)
      if (rl->groupsec[f->priority][k])
        rl->groupsec[f->priority][k]->c.order =
            orphan_key(ctx, rl, ".group", SHT_GROUP, 0);
    add_file_sections(ctx, rl, f);
    // Properties only the command line gives (-z ibt, -z x86-64-v4 ...):
    // GNU ld makes the note a section of the first input, after its own.
    if (i == 0 && !ctx->prop_note_file && property_note_size(ctx))
      add_note(ctx, rl, ".note.gnu.property");
  }
  // -d: COMMON symbols get room in .bss (.tbss, .lbss), as GNU ld's -r
  // script's *(COMMON) there.
  if (ctx->cfg.define_common) {
    create_commons(ctx, common_home, NULL);
    for (u32 i = 0; i < rl->secs.len; i++) {
      struct rsec *s = rl->secs.v[i];
      if (has_inputs(&s->c) && s->c.type == SHT_NOBITS)
        vec_sort(&s->c.isecs, cmp_common_last);
    }
  }
  if (rl->walk)
    order_script_sections(ctx, rl);
}

//
// Symbols
//

// A symbol of output section shndx, or of a special index (SHN_UNDEF,
// SHN_ABS, SHN_COMMON...) when special is set (symw_put).
static void put(struct ctx *ctx, struct symw *w, const char *name, u32 len,
                u8 info, u8 other, u32 shndx, bool special, u64 value,
                u64 size) {
  (void)ctx;
  symw_put(w, name, len, info, other,
           special && shndx ? OUT_SHN_SPECIAL | shndx : shndx, value, size);
}

// Whether local symbol k of f can be in the output: not a section
// symbol, nor one of a section left out.  *isp: its section, NULL: ABS.
// A local defined in a kept SHT_GROUP section (gcc's signature symbols,
// as _ZN...C5E...) is placed in that group's output section (GNU ld).
static struct rsec *local_group(struct rlink *rl, struct objfile *f,
                                u32 k, const struct esym *s) {
  u32 shndx = sym_shndx(f, k, s);
  struct rsec **gs = rl->groupsec ? rl->groupsec[f->priority] : NULL;
  return s->st_shndx != SHN_ABS && ELF64_ST_TYPE(s->st_info) != STT_SECTION &&
                 gs && shndx && shndx < f->shnum
             ? gs[shndx] : NULL;
}

static bool local_placed(struct rlink *rl, struct objfile *f, u32 k,
                         const struct esym *s, struct isec **isp) {
  *isp = NULL;
  u8 type = ELF64_ST_TYPE(s->st_info);
  if (type == STT_SECTION)
    return false;
  u32 shndx = sym_shndx(f, k, s);
  if (local_group(rl, f, k, s))
    return true;
  if (s->st_shndx != SHN_ABS) {
    if (shndx == SHN_UNDEF || shndx >= f->shnum || !f->isecs[shndx] ||
        !f->isecs[shndx]->osec)
      return false;
    *isp = f->isecs[shndx];
  }
  return true;
}

// Whether -x (none) or -X (not .L labels) keeps a placed local before
// relocations are looked at.
static bool local_kept(struct ctx *ctx, struct objfile *f,
                       const struct esym *s) {
  switch (ctx->cfg.discard) {
  case DISCARD_ALL:
    return false;
  case DISCARD_LOCALS:
    return !is_local_label(sym_name(f, s));
  default:
    return true;
  }
}

// Symbol value in the output, an offset in its section: its input
// section's place added; in .eh_frame, where GNU ld moves it when it
// drops records (eh_symbol_addr, which adds the section's address: -r
// drops those of collected code, and padding).
static u64 out_value(struct isec *is, u64 v, bool global) {
  if (!is)
    return v;
  return is->eh ? eh_symbol_addr(is, v, global) - is->osec->addr
                : is->offset + v;
}

// A symbol's value in its output section; an allocated COMMON one (-d)
// is at its place in its file's COMMON section.
static u64 global_value(struct ctx *ctx, struct symbol *sym, struct isec *is,
                        u64 st_value) {
  if (is && is->is_common)
    return is->offset + (u64)ctx->aux[sym->aux].addend;
  return out_value(is, st_value, true);
}

static void put_local(struct ctx *ctx, struct symw *w, struct objfile *f,
                      u32 k, bool *have_file) {
  struct rlink *rl = ctx->rlink;
  struct esym s;
  read_sym(f, k, &s);
  struct isec *is;
  // Not placed: one find_needed_locals took for pretended_copy.
  if (!local_placed(rl, f, k, &s, &is))
    is = ELF64_ST_TYPE(s.st_info) != STT_SECTION
             ? kept_copy(f, sym_shndx(f, k, &s)) : NULL;
  struct rsec *gs = is ? NULL : local_group(rl, f, k, &s);
  const char *name = sym_name(f, &s);
  // With -x, only the locals relocations need, and no STT_FILE made.
  if (ELF64_ST_TYPE(s.st_info) == STT_FILE)
    *have_file = true;
  else if (!*have_file && ctx->cfg.discard != DISCARD_ALL) {
    put_file_symbol(w, f);
    *have_file = true;
  }
  if (!w->sym) {
    u32 **map = &rl->locmap[f->priority];
    if (!*map)
      *map = arena_alloc(ctx, (u64)f->first_global * sizeof(u32));
    (*map)[k] = w->n;
  }
  put(ctx, w, name, strlen(name), s.st_info, s.st_other,
      is ? is->osec->shndx : gs ? gs->c.shndx : SHN_ABS, !is && !gs,
      gs ? s.st_value : out_value(is, s.st_value, false), s.st_size);
}

// Symbol k, which a relocation of is names, if it is one
// find_needed_locals lists.
static void need_local(struct ctx *ctx, void *arg, struct isec *is, u32 k) {
  struct rlink *rl = ctx->rlink;
  struct objfile *f = is->file;
  u32 *map = rl->locmap[f->priority];
  struct esym s;
  struct isec *t;
  (void)arg;
  if (k == 0 || k >= f->first_global || map[k] != KEEP)
    return;
  read_sym(f, k, &s);
  if (local_placed(rl, f, k, &s, &t) ||
      (ELF64_ST_TYPE(s.st_info) != STT_SECTION &&
       pretended_copy(is, sym_shndx(f, k, &s)))) {
    map[k] = 0;
    vec_push(ctx, &rl->needed[f->priority], (void *)(uintptr_t)k);
  }
}

// The locals -x or -X left out that a relocation of f names, and those
// of a discarded COMDAT copy that debugging information names
// (pretended_copy), all marked KEEP by check_relocations, as bfd finds
// them (each_kept_reloc_symbol).  Numbered here; the list is what is
// written.
static void find_needed_locals(struct ctx *ctx, struct objfile *f) {
  if (ctx->rlink->locmap[f->priority])
    each_kept_reloc_symbol(ctx, f, false, need_local, NULL);
}

// A file's locals: those its symbol table lists that -x and -X keep, in
// order, then those they left out that relocations need.
static void walk_locals(struct ctx *ctx, struct symw *w, struct objfile *f) {
  struct rlink *rl = ctx->rlink;
  bool have_file = false;
  for (u32 k = 1; k < f->first_global; k++) {
    struct esym s;
    struct isec *is;
    read_sym(f, k, &s);
    // A group's signature stays whatever -x and -X say (GNU ld).
    if ((local_placed(rl, f, k, &s, &is) && local_kept(ctx, f, &s)) ||
        local_group(rl, f, k, &s)) {
      u32 *map = rl->locmap[f->priority];
      if (map && !w->sym && map[k] == KEEP)
        map[k] = 0;            // numbered by put_local
      put_local(ctx, w, f, k, &have_file);
    }
  }
  if (!w->sym)
    find_needed_locals(ctx, f);
  have_file = true;  // no STT_FILE is made for these (elf_link_input_bfd)
  struct vec *v = &rl->needed[f->priority];
  for (u32 i = 0; i < v->len; i++)
    put_local(ctx, w, f, (u32)(uintptr_t)v->v[i], &have_file);
}

// -Ur: the output section an undefined __start_SEC or __stop_SEC names,
// whose name is a C identifier (GNU ld's lang_init_start_stop with
// build_constructors), or NULL.
static struct rsec *start_stop_section(struct ctx *ctx, struct symbol *sym) {
  struct rlink *rl = ctx->rlink;
  if (!ctx->cfg.build_constructors || sym->state != SYM_UNDEF)
    return NULL;
  const char *sec = start_stop_target(sym->name);
  if (!sec || !is_c_identifier(sec))
    return NULL;
  for (u32 i = 0; i < rl->secs.len; i++) {
    struct rsec *s = rl->secs.v[i];
    if (has_inputs(&s->c) && !strcmp(s->c.name, sec))
      return s;
  }
  return NULL;
}

static void put_global(struct ctx *ctx, struct symw *w, struct symbol *sym) {
  struct rlink *rl = ctx->rlink;
  u8 vis = sym->visibility;
  u8 sto = sto_merged(sym);
  struct rsec *ss = start_stop_section(ctx, sym);
  if (ss) {  // GNU ld's bfd_elf_define_start_stop
    put(ctx, w, sym->name, sym->namelen,
        ELF64_ST_INFO(STB_GLOBAL, rl->utype[sym->seq]),
        (vis == STV_INTERNAL ? vis : start_stop_visibility(ctx)) | sto,
        ss->c.shndx, false,
        sym->name[4] == 'o' ? ss->c.size : 0, 0);
    return;
  }
  if (sym->flags & SF_LINKER) {  // --defsym (value_defsyms)
    struct sym_aux *aux = &ctx->aux[sym->aux];
    put(ctx, w, sym->name, sym->namelen,
        ELF64_ST_INFO(STB_GLOBAL, sym->type), vis | sto,
        aux->osec ? aux->osec->shndx : SHN_ABS, !aux->osec, sym->value,
        aux->shadowed ? aux->shadow_size : 0);
    return;
  }
  struct esym s;
  struct isec *is = NULL;
  u32 shndx = SHN_UNDEF;
  if (sym->state != SYM_UNDEF && sym->file) {
    read_sym(sym->file, sym->symidx, &s);
    shndx = sym_shndx(sym->file, sym->symidx, &s);
    is = sym_isec(ctx, sym);
  }
  // Undefined, or defined in a section not in the output.
  bool abs = sym->file && s.st_shndx == SHN_ABS;
  if (shndx == SHN_UNDEF ||
      (sym->state == SYM_DEFINED && !abs && (!is || !is->osec))) {
    u8 bind = sym->ref_flags & SF_REF_STRONG ? STB_GLOBAL : STB_WEAK;
    put(ctx, w, sym->name, sym->namelen,
        ELF64_ST_INFO(bind, rl->utype[sym->seq]), vis | sto, SHN_UNDEF, true,
        0, 0);
    return;
  }
  u8 other = (s.st_other & ~3) | vis | sto;
  u8 info = ELF64_ST_INFO(sym->binding, ELF64_ST_TYPE(s.st_info));
  if (sym->state == SYM_COMMON) {
    u8 type = ELF64_ST_TYPE(s.st_info);
    if (ctx->cfg.z_stt_common && (type == STT_COMMON || type == STT_OBJECT))
      info = ELF64_ST_INFO(sym->binding, ctx->cfg.z_stt_common);
    u32 common = SHN_COMMON;
    if (ctx->arch->shn_large_common &&
        s.st_shndx == ctx->arch->shn_large_common &&
        !(sym->flags & SF_SMALL_COMMON))
      common = ctx->arch->shn_large_common;
    put(ctx, w, sym->name, sym->namelen, info, other, common, true,
        sym->value, s.st_size);
    return;
  }
  put(ctx, w, sym->name, sym->namelen, info, other,
      is ? is->osec->shndx : SHN_ABS, !is,
      global_value(ctx, sym, is, s.st_value), s.st_size);
}

// A global left undefined whose definitions were all in discarded
// sections leaves .symtab (GNU ld's elf_link_output_extsym), unless a
// relocation of the output names it (its h->indx -2, set by
// elf_link_input_bfd, replaces -3): kept_references clears the flag.
// --gc-sections: a global defined in a collected section leaves .symtab,
// and an undefined one that nothing kept names (no kept relocation, no
// -u) becomes local, as GNU ld's elf_gc_sweep_symbol hides them; a
// COMMON one leaves it unless a kept relocation names one of its file's
// COMMON symbols.
enum fate { G_GLOBAL, G_DROP, G_LOCAL };

// Defined in an input section a -T script's /DISCARD/ took.
static bool script_discarded_def(struct symbol *sym) {
  struct objfile *f = sym->file;
  if (sym->state != SYM_DEFINED || !f || !f->script_discarded ||
      (sym->flags & SF_LINKER))
    return false;
  struct esym s;
  read_sym(f, sym->symidx, &s);
  u32 shndx = sym_shndx(f, sym->symidx, &s);
  return shndx < f->shnum && f->script_discarded[shndx];
}

static enum fate global_fate(struct ctx *ctx, struct symbol *sym) {
  if (script_discarded_def(sym) || sym_in_dropped_section(sym))
    return G_DROP;             // (check_discarded_refs: not from code)
  if (sym->state == SYM_UNDEF && (sym->ref_flags & REF_DISCARDED_DEF))
    return G_DROP;
  if (!ctx->cfg.gc_sections)
    return G_GLOBAL;
  if (sym->state == SYM_COMMON)  // (see gc.c's mark_rel_target)
    return sym->file && sym->file->common_live ? G_GLOBAL : G_DROP;
  if (sym->state == SYM_DEFINED) {
    struct isec *is = sym_isec(ctx, sym);
    return !is || is->osec ? G_GLOBAL : G_DROP;
  }
  return sym->ref_flags & REF_GC_LIVE ? G_GLOBAL : G_LOCAL;
}

static void clear_discarded_def(struct ctx *ctx, void *arg, struct isec *is,
                                u32 symidx) {
  struct objfile *f = is->file;
  (void)ctx, (void)arg;
  if (symidx >= f->first_global && symidx < f->nsyms) {
    struct symbol *sym = f->globals[symidx - f->first_global];
    if (sym)
      sym->ref_flags &= ~REF_DISCARDED_DEF;
  }
}

// The globals defined only in discarded sections that the output's
// relocations name stay in .symtab, undefined (see global_fate): not
// those of .eh_frame records left out (each_kept_reloc_symbol).
static void kept_references(struct ctx *ctx) {
  for (u32 i = 0; ctx->discarded_defs && i < ctx->objs.len; i++) {
    struct objfile *f = ctx->objs.v[i];
    if (f->isecs)
      each_kept_reloc_symbol(ctx, f, false, clear_discarded_def, NULL);
  }
}

// A symbol of an input at its place in the output, for --defsym.
static void r_value(struct ctx *ctx, struct expr *node, const char *name,
                    void *unused) {
  (void)name, (void)unused;
  struct symbol *sym = expr_bound(node);
  if (!sym || sym->state != SYM_DEFINED || (sym->flags & SF_LINKER))
    return;
  struct esym s;
  read_sym(sym->file, sym->symidx, &s);
  struct isec *is = sym_isec(ctx, sym);
  sym->value = is && is->osec ? global_value(ctx, sym, is, s.st_value)
                              : s.st_value;
}

// --defsym: its expression's value, with the symbols it names at their
// places in their output sections (at address 0): absolute, or in the
// section of the one symbol it is (GNU ld's rules outside SECTIONS).  The
// type is the symbol's it names; the size that of a definition it
// replaces.
static void value_defsyms(struct ctx *ctx) {
  for (u32 i = 0; i < ctx->linker_syms.len; i++) {
    struct symbol *sym = ctx->linker_syms.v[i];
    if (sym->symidx >> 1 == W_DEFSYM)
      expr_symbols(ctx, ctx->aux[sym->aux].expr, r_value, NULL);
  }
  eval_defsyms(ctx);
}

// The globals in output order: each once, in GNU ld's walk of its hash
// table (elf_link_output_extsym through bfd_link_hash_traverse).
static void order_globals(struct ctx *ctx, struct rlink *rl) {
  u32 n = ctx->symbols.seen;
  rl->gsym = arena_alloc(ctx, (u64)n * sizeof(u32) + 4);
  rl->utype = arena_alloc(ctx, (u64)n + 1);
  struct vec all = {0};
  for (u32 i = 0; i < ctx->objs.len; i++) {
    struct objfile *f = ctx->objs.v[i];
    for (u32 k = f->first_global; k < f->nsyms; k++) {
      struct symbol *sym = f->globals[k - f->first_global];
      if (!sym)
        continue;
      if (sym->state == SYM_UNDEF && !rl->utype[sym->seq]) {
        struct esym s;
        read_sym(f, k, &s);
        u32 shndx = sym_shndx(f, k, &s);
        if ((shndx == SHN_UNDEF || lost_copy(f, shndx)) &&
            ELF64_ST_TYPE(s.st_info))
          rl->utype[sym->seq] = ELF64_ST_TYPE(s.st_info);
      }
      if (rl->gsym[sym->seq] || (sym->flags & SF_LINKER) ||
          global_fate(ctx, sym) == G_DROP)
        continue;
      rl->gsym[sym->seq] = KEEP;
      vec_push(ctx, &all, sym);
    }
  }
  // -u's symbols, and -e's, undefined from the start (resolve_roots).
  for (u32 i = 0; i <= ctx->cfg.undefined.len; i++) {
    const char *name = i < ctx->cfg.undefined.len ? ctx->cfg.undefined.v[i]
                                                  : ctx->cfg.entry;
    struct symbol *sym = name ? sym_find_str(ctx, name) : NULL;
    if (sym && !rl->gsym[sym->seq] && !(sym->flags & SF_LINKER) &&
        global_fate(ctx, sym) != G_DROP) {
      rl->gsym[sym->seq] = KEEP;
      vec_push(ctx, &all, sym);
    }
  }
  for (u32 i = 0; i < ctx->linker_syms.len; i++) {
    struct symbol *sym = ctx->linker_syms.v[i];
    u32 what = sym->symidx >> 1;
    if ((what == W_DEFSYM || what == W_SCRIPT || what == W_SPLIT) &&
        !rl->gsym[sym->seq]) {
      rl->gsym[sym->seq] = KEEP;
      vec_push(ctx, &all, sym);
    }
  }
  struct order_key *keys = arena_alloc(ctx, (u64)all.len * sizeof(*keys) + 1);
  for (u32 i = 0; i < all.len; i++)
    keys[i] = (struct order_key){.order = bfd_walk_order(ctx, all.v[i]),
                                 .sym = all.v[i]};
  qsort(keys, all.len, sizeof(*keys), cmp_order_key);
  // (A script's HIDDEN symbols too: bfd hides them, forced local.)
  for (u32 i = 0; i < all.len; i++)
    vec_push(ctx, global_fate(ctx, keys[i].sym) == G_LOCAL ||
                          (keys[i].sym->flags & SF_SCRIPT_HIDDEN)
                      ? &rl->forced
                      : &rl->globals,
             keys[i].sym);
}

// The one walk over .symtab: numbering (w->sym NULL) and writing.
static void walk_symtab(struct ctx *ctx, struct symw *w) {
  struct rlink *rl = ctx->rlink;
  if (ctx->cfg.z_unique_symbol)
    w->uniq = arena_alloc(ctx, sizeof(*w->uniq));
  put(ctx, w, "", 0, 0, 0, SHN_UNDEF, true, 0, 0);
  for (u32 i = 0; i < rl->secs.len; i++) {
    struct rsec *s = rl->secs.v[i];
    if (!in_bfd_list(s))
      continue;
    if (!w->sym)
      s->c.sym_index = w->n;
    put(ctx, w, "", 0, ELF64_ST_INFO(STB_LOCAL, STT_SECTION), 0, s->c.shndx,
        false, 0, 0);
  }
  // Each file's locals, the files in the order their sections come in
  // bfd's list of the output sections (bfd_elf_final_link's walk of the
  // link orders: groups are orphans there, after .comment, or with a -T
  // script after the sections), then those with none.
  struct vec *listed = listed_sections(ctx, rl);
  u8 *done = arena_alloc(ctx, ctx->next_priority + 1);
  for (u32 i = 0; i <= listed->len; i++) {
    struct rsec *s = i < listed->len ? listed->v[i] : NULL;
    if (s && s->c.kind == CK_GROUP && rl->walk)
      continue;
    u32 n = !s                   ? ctx->objs.len
            : has_inputs(&s->c) ? s->c.isecs.len
            : s->gfile          ? 1
                                : 0;
    for (u32 k = 0; k < n; k++) {
      struct objfile *f = !s   ? ctx->objs.v[k]
                          : has_inputs(&s->c)
                              ? ((struct isec *)s->c.isecs.v[k])->file
                                 : s->gfile;
      if (!done[f->priority]) {
        done[f->priority] = 1;
        walk_locals(ctx, w, f);
      }
    }
  }
  // Globals made local follow, after an STT_FILE without a name if there
  // were file symbols, so that no file claims them (bfd's
  // elf_link_output_extsym).
  if (rl->forced.len && w->file_syms)
    put(ctx, w, "", 0, ELF64_ST_INFO(STB_LOCAL, STT_FILE), 0, SHN_ABS, true,
        0, 0);
  struct name_counts *uniq = w->uniq;  // -z unique-symbol: not globals
  w->uniq = NULL;
  for (u32 i = 0; i < rl->forced.len; i++) {
    struct symbol *sym = rl->forced.v[i];
    if (!w->sym)
      rl->gsym[sym->seq] = w->n;
    if (sym->flags & SF_SCRIPT_HIDDEN) {
      struct sym_aux *aux = &ctx->aux[sym->aux];
      put(ctx, w, sym->name, sym->namelen,
          ELF64_ST_INFO(STB_LOCAL, sym->type), 0,
          aux->osec ? aux->osec->shndx : SHN_ABS, !aux->osec, sym->value, 0);
      continue;
    }
    put(ctx, w, sym->name, sym->namelen,
        ELF64_ST_INFO(STB_LOCAL, rl->utype[sym->seq]),
        sym->visibility | sto_merged(sym), SHN_UNDEF, true, 0, 0);
  }
  w->uniq = uniq;
  if (!w->sym)
    rl->nlocal = w->n;
  for (u32 i = 0; i < rl->globals.len; i++) {
    struct symbol *sym = rl->globals.v[i];
    if (!w->sym)
      rl->gsym[sym->seq] = w->n;
    put_global(ctx, w, sym);
  }
}

//
// Relocations
//

// Marks the local symbol a relocation or a group names, for -x and -X.
static void mark_local(struct ctx *ctx, struct objfile *f, u32 symidx) {
  struct rlink *rl = ctx->rlink;
  if (symidx == 0 || symidx >= f->first_global)
    return;
  u32 **m = &rl->locmap[f->priority];
  if (!*m)
    *m = arena_alloc(ctx, (u64)f->first_global * sizeof(u32));
  (*m)[symidx] = KEEP;
}

// -r's symbol for a relocation in is (with discarded_action action)
// against symbol symidx of is's file, adding to *addend what a section
// symbol needs.  One against a symbol the output lacks goes from
// debugging sections (DA_PRETEND alone) and is R_*_NONE in the others.
static enum kept_sym relocatable_symbol(struct ctx *ctx, struct isec *is,
                                        u32 action, u32 symidx, i64 *addend,
                                        u32 *out) {
  struct rlink *rl = ctx->rlink;
  struct objfile *f = is->file;
  enum kept_sym lost = action == DA_PRETEND ? KS_DROP : KS_NONE;
  *out = 0;
  if (symidx == 0)
    return KS_KEEP;
  if (symidx >= f->first_global) {
    struct symbol *sym = f->globals[symidx - f->first_global];
    if (!sym)
      return KS_NONE;
    if (global_fate(ctx, sym) == G_DROP)  // from unallocated sections
      return lost;
    *out = rl->gsym[sym->seq];
    return KS_KEEP;
  }
  u32 *map = rl->locmap[f->priority];
  if (map && map[symidx] && map[symidx] != KEEP) {
    *out = map[symidx];
    return KS_KEEP;
  }
  struct esym s;
  read_sym(f, symidx, &s);
  u32 shndx = sym_shndx(f, symidx, &s);
  u64 value = ELF64_ST_TYPE(s.st_info) == STT_SECTION ? 0 : s.st_value;
  // A reference to a discarded COMDAT or linkonce copy: GNU ld's error
  // where discarded_action says so; it goes to the kept copy, if any.
  if ((action & DA_COMPLAIN) && lost_copy(f, shndx))
    discarded_ref_error(ctx, is, f, symidx, shndx);
  struct isec *t = kept_target(is, action, shndx);
  if (!t)
    return lost;
  *addend += t->offset + value;
  *out = rsec_of(t->osec)->c.sym_index;
  return KS_KEEP;
}

static const struct kept_rules relocatable_rules = {false,
                                                    relocatable_symbol};

// Every relocation's symbol exists and its place lies in its section.
// Marks a named local of a discarded COMDAT copy that a relocation of
// debugging information (is) names, listed in the kept copy
// (pretended_copy).
static void mark_pretended(struct ctx *ctx, struct isec *is, u32 symidx) {
  struct objfile *f = is->file;
  struct esym s;
  read_sym(f, symidx, &s);
  if (ELF64_ST_TYPE(s.st_info) != STT_SECTION &&
      kept_copy(f, sym_shndx(f, symidx, &s)))
    mark_local(ctx, f, symidx);
}

static void check_relocations(struct ctx *ctx, struct isec *is) {
  struct objfile *f = is->file;
  // (Only where a copy was lost and a kept one may stand for it.)
  bool pretend = f->discarded && discarded_action(is) == DA_PRETEND;
  for (u32 i = 0; i < is->nrels; i++) {
    const u8 *r = is->rels + (u64)i * sizeof(Elf64_Rela);
    u64 off = rd64(r);
    u32 symidx = ELF64_R_SYM(rd64(r + 8));
    if (symidx >= f->nsyms) {
      error(ctx, "%s:(%s+0x%llx): relocation %u has a bad symbol index %u",
            f->name, isec_name(is), (unsigned long long)off, i, symidx);
      is->nrels = 0;
      return;
    }
    if (off >= is->size && !(off == 0 && is->size == 0)) {
      error(ctx, "%s:(%s): relocation %u at offset 0x%llx is past the end "
            "of the section", f->name, isec_name(is), i,
            (unsigned long long)off);
      is->nrels = 0;
      return;
    }
    if (ctx->cfg.discard == DISCARD_ALL || ctx->cfg.discard == DISCARD_LOCALS)
      mark_local(ctx, f, symidx);
    else if (pretend && symidx && symidx < f->first_global)
      mark_pretended(ctx, is, symidx);
  }
  for (u32 k = 0; is->eh && k < is->eh->nrels; k++)
    if (ctx->cfg.discard == DISCARD_ALL ||
        ctx->cfg.discard == DISCARD_LOCALS)
      mark_local(ctx, f, is->eh->rels[k].symidx);
}

//
// Planning: numbering, relocation counts, file offsets
//

static void add_rela(struct ctx *ctx, struct rsec *s) {
  struct rsec *r = new_rsec(ctx, arena_printf(ctx, ".rela%s", s->c.name),
                            CK_EMIT_RELA, SHT_RELA,
                            SHF_INFO_LINK | (s->c.flags & SHF_GROUP), 8,
                            sizeof(Elf64_Rela));
  r->c.target = &s->c;
  s->rela = r;
}

// The section header order: groups, then the output sections, each
// followed by its relocations, then .symtab, .symtab_shndx, .strtab and
// .shstrtab.  Sections are numbered from 1.
static void number_sections(struct ctx *ctx, struct rlink *rl) {
  struct vec v = {0};
  for (u32 i = 0; i < rl->secs.len; i++) {
    struct rsec *s = rl->secs.v[i];
    vec_push(ctx, &v, s);
    if (s->rela)
      vec_push(ctx, &v, s->rela);
  }
  rl->symtab = new_rsec(ctx, ".symtab", CK_SYMTAB, SHT_SYMTAB, 0, 8,
                        sizeof(Elf64_Sym));
  vec_push(ctx, &v, rl->symtab);
  // bfd's test (assign_section_numbers): .symtab_shndx once the sections
  // before it reach what 16-bit indices can hold.
  if (v.len + 1 > ((SHN_LORESERVE - 2) & 0xffff)) {
    rl->shndx = new_rsec(ctx, ".symtab_shndx", CK_SYMTAB_SHNDX,
                         SHT_SYMTAB_SHNDX, 0, 4, 4);
    vec_push(ctx, &v, rl->shndx);
  }
  rl->strtab = new_rsec(ctx, ".strtab", CK_STRTAB, SHT_STRTAB, 0, 1, 0);
  vec_push(ctx, &v, rl->strtab);
  rl->shstrtab = new_rsec(ctx, ".shstrtab", CK_SHSTRTAB, SHT_STRTAB, 0, 1,
                          0);
  vec_push(ctx, &v, rl->shstrtab);
  rl->secs = v;
  rl->nsecs = v.len + 1;
  for (u32 i = 0; i < v.len; i++)
    ((struct rsec *)v.v[i])->c.shndx = i + 1;
}


// Sizes, counts and numbers, in dependency order: sections are sorted
// and their relocation sections made (any input relocation makes one;
// GNU ld keeps it even if every entry is dropped), then the symbols are
// numbered, then relocations counted against them.
// .strtab as bfd's (elf_link_output_symstrtab, then its finalizing):
// the names in the order the symbols come, each once, one that ends
// another as its tail.  Sets each symbol's name offset; returns the size.
static u64 lay_out_strtab(struct ctx *ctx, struct rlink *rl,
                          struct vec *names, u32 nsyms) {
  u32 n = names->len;
  rl->name_off = arena_alloc(ctx, ((u64)nsyms + 1) * sizeof(u32));
  struct bfd_str **p = arena_alloc(ctx, ((u64)n + 1) * sizeof(*p));
  for (u32 i = 0; i < n; i++)
    p[i] = &((struct symw_name *)names->v[i])->str;
  u64 size = bfd_strtab_layout_met(ctx, p, n);
  for (u32 i = 0; i < n; i++) {
    struct symw_name *e = names->v[i];
    rl->name_off[e->sym] = e->str.off;
  }
  return size;
}

// --split-by-file=SIZE: bfd's split_sections.  In each output section,
// an input section (not the first) that would bring the inputs since the
// last split to SIZE bytes or more starts a new section: NAME.N, the
// first N free from 0 (NAME without a ".N" of its own), after all the
// others, at the address where its inputs were, with a global symbol of
// its name at its start, as ld's clone_section defines one.
static bool unsplittable(const char *name) {
  u64 n = strlen(name);
  return !strncmp(name, ".stab", 5) && n >= 3 && !strcmp(name + n - 3, "str");
}

static bool rsec_named(struct rlink *rl, const char *name) {
  for (u32 i = 0; i < rl->secs.len; i++)
    if (!strcmp(((struct rsec *)rl->secs.v[i])->c.name, name))
      return true;
  return false;
}

static struct rsec *split_off(struct ctx *ctx, struct rlink *rl,
                              struct rsec *cur, const char *base, u32 *count,
                              u32 k) {
  char *name;
  do
    name = arena_printf(ctx, "%s.%u", base, (*count)++);
  while (rsec_named(rl, name));
  struct chunk *c = &cur->c;
  // (bfd does not copy sh_entsize: 0, merge sections too)
  struct rsec *r = add_rsec(ctx, rl, new_rsec(ctx, name, CK_REGULAR, c->type,
                                              c->flags, c->align, 0));
  struct chunk *n = &r->c;
  vec_push(ctx, &ctx->chunks, n);
  u64 shift = ((struct isec *)c->isecs.v[k])->offset;
  for (u32 j = k; j < c->isecs.len; j++) {
    struct isec *is = c->isecs.v[j];
    is->offset -= shift;
    is->osec = n;
    vec_push(ctx, &n->isecs, is);
  }
  c->isecs.len = k;
  n->size = c->size - shift;
  c->size = shift;
  n->addr = c->addr + shift;
  n->order = UINT32_MAX;       // after all the others, in bfd's list too
  struct symbol *sym = sym_intern(ctx, name, (u32)strlen(name));
  if (sym->state != SYM_UNDEF && !(sym->flags & SF_LINKER))
    fatal(ctx, "--split-by-file: section %s: a symbol of that name is "
          "defined in %s", name, sym->file ? sym->file->name : "the link");
  define_linker_symbol(ctx, sym, STT_NOTYPE, W_SPLIT);
  sym_aux(ctx, sym)->osec = n;
  return r;
}

static void split_sections(struct ctx *ctx, struct rlink *rl) {
  u64 limit = ctx->cfg.split_by_file;
  if (!ctx->cfg.split_files)
    return;
  if (rl->walk)
    fatal(ctx, "--split-by-file with a -T script's SECTIONS: not supported");
  u32 nsecs = rl->secs.len;    // (not the sections it makes)
  for (u32 i = 0; i < nsecs; i++) {
    struct rsec *s = rl->secs.v[i];
    // (A section without contents has no link orders in ld: never.)
    if (!has_inputs(&s->c) || unsplittable(s->c.name) ||
        s->c.type == SHT_NOBITS)
      continue;
    // The name without a dotted number a previous split gave it.
    const char *name = s->c.name;
    u64 len = strlen(name);
    while (len && name[len - 1] >= '0' && name[len - 1] <= '9')
      len--;
    const char *base = len > 1 && name[len - 1] == '.'
                           ? arena_printf(ctx, "%.*s", (int)(len - 1), name)
                           : name;
    struct rsec *cur = s;
    u32 count = 0;
    u64 sec_size = 0;
    u64 end = 0;
    for (u32 k = 0; k < cur->c.isecs.len; k++) {
      struct isec *is = cur->c.isecs.v[k];
      // ld pads between inputs with a link order of its own, which may
      // start a section too (a pad alone as NAME.N): not done here.
      if (k && is->offset != end)
        fatal(ctx, "--split-by-file with alignment padding between the "
              "inputs of %s: not supported", cur->c.name);
      end = is->offset + is->size;
      if (k && is->size + sec_size >= limit) {
        if (cur->c.kind != CK_REGULAR || (cur->c.flags & SHF_GROUP))
          fatal(ctx, "--split-by-file would split %s, which mld does not "
                "support (.eh_frame or a group's member)", cur->c.name);
        cur = split_off(ctx, rl, cur, base, &count, k);
        k = 0;
        sec_size = is->size;
        end = is->size;
        continue;
      }
      sec_size += is->size;
    }
  }
}

// Where symbol sym is in the output (its section's address added), if
// it is there.
static bool output_address(struct ctx *ctx, struct symbol *sym, u64 *v) {
  if (sym->state != SYM_DEFINED)
    return false;
  if (sym->flags & SF_LINKER) {
    struct chunk *o = ctx->aux[sym->aux].osec;
    *v = (o ? o->addr : 0) + sym->value;
    return true;
  }
  struct esym s;
  read_sym(sym->file, sym->symidx, &s);
  if (s.st_shndx == SHN_ABS) {
    *v = s.st_value;
    return true;
  }
  struct isec *is = sym_isec(ctx, sym);
  if (!is || !is->osec)
    return false;
  *v = is->osec->addr + global_value(ctx, sym, is, s.st_value);
  return true;
}

// The entry point GNU ld's lang_end gives a relocatable output: where
// the entry symbol is (-e's, ENTRY's, else ld's own default "start"), or
// -e's number; else none, with a warning if -e named it (ENTRY too, with
// --gc-sections).
static void set_relocatable_entry(struct ctx *ctx) {
  const char *name = entry_symbol(ctx);
  struct symbol *sym = sym_find_str(ctx, name);
  char *end;
  ctx->entry_addr = 0;
  if (sym && output_address(ctx, sym, &ctx->entry_addr))
    return;
  if (name[0] && (ctx->entry_addr = strtoull(name, &end, 0), !*end))
    return;                    // (bfd_scan_vma, base 0)
  ctx->entry_addr = 0;
  if (ctx->cfg.entry || (ctx->script_entry && ctx->cfg.gc_sections))
    warn(ctx, "cannot find entry symbol %s; not setting start address",
         name);
}

void plan_relocatable(struct ctx *ctx) {
  struct rlink *rl = ctx->rlink;
  vec_sort(&rl->secs, cmp_rsec);
  size_sections(ctx, rl);
  split_sections(ctx, rl);
  if (rl->walk) {
    script_addresses_r(ctx, rl);
  } else if (ctx->script) {    // assignments alone: numbers
    for (u32 i = 0; i < ctx->script->stmts.len; i++) {
      struct script_stmt *st = ctx->script->stmts.v[i];
      if (st->kind == SS_ASSIGN)
        assign_symbol(ctx, st, 0, NULL, false);
    }
  }
  // --compress-debug-sections: as in an executable (compress.c), before
  // the relocation sections are named after theirs (.rela.zdebug_info).
  compress_debug_sections(ctx);
  for (u32 i = 0; i < rl->secs.len; i++) {
    struct rsec *s = rl->secs.v[i];
    bool any = false;
    for (u32 k = 0; has_inputs(&s->c) && k < s->c.isecs.len; k++) {
      struct isec *is = s->c.isecs.v[k];
      check_relocations(ctx, is);
      // (Not an .eh_frame input GNU ld leaves out whole.)
      any |= is->eh ? is->eh->nrels > 0 && !is->eh->excluded
                    : is->nrels > 0;
    }
    // (None for a NOLOAD section of a -T script: GNU ld drops them.)
    if (any && s->c.type != SHT_NOBITS)
      add_rela(ctx, s);
  }
  // Group signatures that are local symbols stay.
  for (u32 i = 0; i < rl->secs.len; i++) {
    struct rsec *s = rl->secs.v[i];
    if (s->c.kind == CK_GROUP)
      mark_local(ctx, s->gfile, SH_INFO(shdr_at(s->gfile, s->gshndx)));
  }
  checkpoint(ctx);
  number_sections(ctx, rl);
  value_defsyms(ctx);
  checkpoint(ctx);
  kept_references(ctx);
  order_globals(ctx, rl);
  struct vec names = {0};
  struct symw w = {.ctx = ctx, .strpos = 1, .names = &names};
  walk_symtab(ctx, &w);
  rl->nsyms = w.n;
  rl->strtab_size = lay_out_strtab(ctx, rl, &names, w.n);
  rl->gnu_osabi |= w.gnu;
  for (u32 i = 0; i < rl->secs.len; i++) {
    struct rsec *s = rl->secs.v[i];
    if (s->c.kind == CK_EMIT_RELA)
      s->c.size = put_output_relocs(ctx, s->c.target, &relocatable_rules,
                                    NULL) *
                  sizeof(Elf64_Rela);
  }
  set_relocatable_entry(ctx);
}

// The group's members in the output: each kept member's section, and
// for a member relocation section, the relocations of its section.
static u64 group_words(struct rsec *g, u8 *out) {
  struct objfile *f = g->gfile;
  const u8 *sh = shdr_at(f, g->gshndx);
  const u8 *p = f->data + SH_OFFSET(sh);
  u64 n = 1;
  if (out)
    wr32(out, rd32(p));
  for (u64 k = 1; k < SH_SIZE(sh) / 4; k++) {
    u32 m = rd32(p + 4 * k);
    u32 idx = 0;
    if (f->isecs[m] && f->isecs[m]->osec) {
      idx = f->isecs[m]->osec->shndx;
    } else if (SH_TYPE(shdr_at(f, m)) == SHT_RELA) {
      u32 t = SH_INFO(shdr_at(f, m));
      struct isec *ts = t < f->shnum ? f->isecs[t] : NULL;
      struct rsec *s = ts && ts->osec ? rsec_of(ts->osec) : NULL;
      idx = s && s->rela ? s->rela->c.shndx : 0;
    }
    if (!idx)
      continue;
    if (out)
      wr32(out + 4 * n, idx);
    n++;
  }
  return n * 4;
}

// The group's signature symbol in the output.
static u32 group_signature_index(struct ctx *ctx, struct rsec *g) {
  struct rlink *rl = ctx->rlink;
  struct objfile *f = g->gfile;
  u32 symidx = SH_INFO(shdr_at(f, g->gshndx));
  if (symidx >= f->first_global) {
    struct symbol *sym = f->globals[symidx - f->first_global];
    return sym ? rl->gsym[sym->seq] : 0;
  }
  u32 *map = rl->locmap[f->priority];
  if (map && map[symidx] && map[symidx] != KEEP)
    return map[symidx];
  struct esym s;
  read_sym(f, symidx, &s);
  u32 shndx = sym_shndx(f, symidx, &s);
  struct isec *is = shndx < f->shnum ? f->isecs[shndx] : NULL;
  return is && is->osec ? rsec_of(is->osec)->c.sym_index : 0;
}

// Links, infos, the name table, and file offsets: contents in header
// order after the ELF header, the section header table last.
// The output sections in the order bfd's list has them: as they sort
// but for the groups, which bfd numbers first only.
static int cmp_rsec_listed(const void *a, const void *b) {
  const struct rsec *x = *(struct rsec *const *)a;
  const struct rsec *y = *(struct rsec *const *)b;
  if (x->c.order != y->c.order)
    return x->c.order < y->c.order ? -1 : 1;
  return x->seq < y->seq ? -1 : x->seq > y->seq;
}

// The output sections and groups in that order (.shstrtab's names and
// the files' locals follow it), made once numbered.
static struct vec *listed_sections(struct ctx *ctx, struct rlink *rl) {
  if (rl->listed.len)
    return &rl->listed;
  for (u32 i = 0; i < rl->secs.len; i++) {
    struct rsec *s = rl->secs.v[i];
    if (in_bfd_list(s))
      vec_push(ctx, &rl->listed, s);
  }
  vec_sort(&rl->listed, cmp_rsec_listed);
  return &rl->listed;
}

// .shstrtab as bfd's: ".symtab", ".strtab" and ".shstrtab" met first,
// then each section's name in the order of bfd's list of them, each
// followed by its relocations' (elf_fake_sections), each name once, one
// that ends another as its tail.  Sets each section's name_off.
static void lay_out_shstrtab(struct ctx *ctx, struct rlink *rl) {
  static const char *const first[3] = {".symtab", ".strtab", ".shstrtab"};
  struct vec *listed = listed_sections(ctx, rl);
  struct vec named = {0};
  for (u32 i = 0; i < listed->len; i++) {
    struct rsec *s = listed->v[i];
    vec_push(ctx, &named, s);
    if (s->rela)
      vec_push(ctx, &named, s->rela);
  }
  if (rl->shndx)
    vec_push(ctx, &named, rl->shndx);
  u32 n = named.len + 3;
  struct bfd_str *v = arena_alloc(ctx, (u64)n * sizeof(*v));
  struct bfd_str **p = arena_alloc(ctx, (u64)n * sizeof(*p));
  for (u32 k = 0; k < n; k++) {
    const char *name =
        k < 3 ? first[k] : ((struct rsec *)named.v[k - 3])->c.name;
    v[k] = (struct bfd_str){name, (u32)strlen(name), 0, NULL};
    p[k] = &v[k];
  }
  rl->shstrtab->c.size = bfd_strtab_layout_met(ctx, p, n);
  rl->symtab->c.name_off = v[0].off;
  rl->strtab->c.name_off = v[1].off;
  rl->shstrtab->c.name_off = v[2].off;
  for (u32 k = 3; k < n; k++)
    ((struct rsec *)named.v[k - 3])->c.name_off = v[k].off;
}

void place_relocatable(struct ctx *ctx) {
  struct rlink *rl = ctx->rlink;
  rl->symtab->c.size = (u64)rl->nsyms * sizeof(Elf64_Sym);
  rl->symtab->info = rl->nlocal;
  rl->strtab->c.size = rl->strtab_size;
  rl->symtab->link = rl->strtab->c.shndx;
  if (rl->shndx) {
    rl->shndx->c.size = (u64)rl->nsyms * 4;
    rl->shndx->link = rl->symtab->c.shndx;
  }
  lay_out_shstrtab(ctx, rl);
  for (u32 i = 0; i < rl->secs.len; i++) {
    struct rsec *s = rl->secs.v[i];
    if (s->c.kind == CK_EMIT_RELA) {
      s->link = rl->symtab->c.shndx;
      s->info = s->c.target->shndx;
    } else if (s->c.kind == CK_GROUP) {
      s->c.size = group_words(s, NULL);
      s->link = rl->symtab->c.shndx;
      s->info = group_signature_index(ctx, s);
    } else if (has_inputs(&s->c)) {
      s->link = inputs_link(ctx, &s->c);  // as in the final link
    }
  }
  // The file as bfd lays it out: the sections' contents in header
  // order, then .symtab, .symtab_shndx and .strtab, then the relocations,
  // then .shstrtab (assign_file_positions_except_relocs, then
  // _bfd_elf_assign_file_positions_for_non_load).
  u64 off = sizeof(Elf64_Ehdr);
  for (u32 pass = 0; pass < 4; pass++) {
    for (u32 i = 0; i < rl->secs.len; i++) {
      struct rsec *s = rl->secs.v[i];
      enum chunk_kind k = s->c.kind;
      u32 p = k == CK_EMIT_RELA  ? 2
              : k == CK_SHSTRTAB ? 3
              : k == CK_SYMTAB || k == CK_SYMTAB_SHNDX || k == CK_STRTAB
                  ? 1
                  : 0;
      if (p != pass)
        continue;
      off = align_up(off, s->c.align);  // SHT_NOBITS too
      s->c.offset = off;
      if (s->c.type != SHT_NOBITS)
        off += s->c.size;
    }
  }
  off = align_up(off, 8);
  ctx->shdr_size = (u64)rl->nsecs * sizeof(Elf64_Shdr);
  ctx->filesize = off + ctx->shdr_size;
}

//
// Writing
//

static void write_ehdr(struct ctx *ctx, u8 *buf, u64 shoff) {
  struct rlink *rl = ctx->rlink;
  wr_ehdr_common(buf, ET_REL, ctx->arch->e_machine, shoff, rl->gnu_osabi);
  wr64(buf + offsetof(Elf64_Ehdr, e_entry), ctx->entry_addr);
  wr_ehdr_sections(buf, buf + shoff, rl->nsecs, rl->shstrtab->c.shndx);
}

static void write_shdr(u8 *p, struct rsec *s) {
  struct chunk *c = &s->c;
  wr_shdr(p, &(struct shdr_fields){c->name_off, c->type, c->flags, c->addr,
                                   c->offset, c->size, s->link, s->info,
                                   c->align, c->entsize});
}

// .eh_frame as size_eh_frame laid it out, its relocations not applied.
static void write_eh_records(struct chunk *c, u8 *base) {
  for (u32 i = 0; i < c->isecs.len; i++) {
    struct eh_frame *eh = ((struct isec *)c->isecs.v[i])->eh;
    for (u32 k = 0; eh && k < eh->nrecs; k++) {
      struct eh_rec *rec = &eh->recs[k];
      if (rec->emitted)
        copy_eh_record(base, eh, rec);
    }
  }
}

static void write_contents(struct ctx *ctx, struct rsec *s, u8 *base) {
  struct chunk *c = &s->c;
  if (c->kind == CK_EH_FRAME) {
    write_eh_records(c, base);
    return;
  }
  for (u32 k = 0; k < c->isecs.len; k++) {
    struct isec *is = c->isecs.v[k];
    if (is->data)
      memcpy(base + is->offset, is->data, is->size);
  }
  struct span *spans = arena_alloc(ctx, (s->data.len + 1) * sizeof(*spans));
  for (u32 k = 0; k < s->data.len; k++) {  // little-endian targets only
    struct rdata *d = s->data.v[k];
    u8 b[8];
    wr64(b, d->value);
    memcpy(base + d->offset, b, d->size);
    spans[k] = (struct span){d->offset, d->size};
  }
  if (gets_code_fill(ctx, c))
    fill_code_gaps(ctx, c, base, spans, s->data.len);
}

static void write_section(struct ctx *ctx, struct rsec *s, u8 *buf) {
  struct rlink *rl = ctx->rlink;
  u8 *p = buf + s->c.offset;
  if (s->c.type == SHT_NOBITS)
    return;
  switch (s->c.kind) {
  case CK_REGULAR:
  case CK_EH_FRAME:
    if (s->c.zdata)
      memcpy(p, s->c.zdata, s->c.size);
    else
      write_contents(ctx, s, p);
    return;
  case CK_PROPERTY:
    write_property_note(ctx, p);
    return;
  case CK_BUILD_ID:
    write_build_id_header(ctx, p);
    return;
  case CK_GROUP:
    group_words(s, p);
    return;
  case CK_EMIT_RELA:
    put_output_relocs(ctx, s->c.target, &relocatable_rules, p);
    return;
  case CK_SHSTRTAB:
    for (u32 i = 0; i < rl->secs.len; i++) {
      struct rsec *x = rl->secs.v[i];
      u64 len = strlen(x->c.name);
      memcpy(p + x->c.name_off, x->c.name, len + 1);  // a tail: the same bytes
    }
    return;
  default:
    return;                    // .symtab and its tables: walk_symtab;
                               // .note.GNU-stack: empty
  }
}

void write_relocatable(struct ctx *ctx) {
  struct rlink *rl = ctx->rlink;
  open_output(ctx, ctx->filesize);
  u8 *buf = ctx->out_buf;
  u64 shoff = ctx->filesize - ctx->shdr_size;
  for (u32 i = 0; i < rl->secs.len; i++)
    write_section(ctx, rl->secs.v[i], buf);
  struct symw w = {.ctx = ctx};
  w.sym = buf + rl->symtab->c.offset;
  w.shndx = rl->shndx ? buf + rl->shndx->c.offset : NULL;
  w.str = (char *)buf + rl->strtab->c.offset;
  w.strpos = 1;
  w.name_off = rl->name_off;
  walk_symtab(ctx, &w);
  write_ehdr(ctx, buf, shoff);
  for (u32 i = 0; i < rl->secs.len; i++) {
    struct rsec *s = rl->secs.v[i];
    write_shdr(buf + shoff + (u64)s->c.shndx * sizeof(Elf64_Shdr), s);
  }
  if (rl->build_id)
    fill_build_id(ctx, buf, ctx->filesize, rl->build_id->c.offset);
  write_implib(ctx, buf, ctx->filesize);
  checkpoint(ctx);
  close_output(ctx);
}
