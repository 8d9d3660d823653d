// warnings.c: the warnings that input sections ask the linker to give.
//
// A section named .gnu.warning.SYM holds a message for programs that use
// SYM: static glibc says this way that getpwnam or dlopen need glibc's
// shared libraries at run time.  GNU ld gives the message once per link,
// while it reads symbols: when the file holding the section joins the
// link, if SYM already has a reference (an undefined or COMMON symbol, or
// -u; what counts differs a little when gcc's LTO plugin is loaded), or
// else at the first reference that joins later.  The message names the
// first relocation against SYM in the file that referred to SYM (or in
// the first file, in link order, with one), as GNU ld's "%H" does:
// "a.o: in function 'main': a.c:(.text+0xc): TEXT".  A section named just
// .gnu.warning makes GNU ld print its text when its file is linked in.
// Only the location differs from GNU ld's: mld prints no line numbers
// from debugging information, and names the function every time.
// Neither kind of section is copied to the output (sections.c).

#include "mld.h"

struct sym_warning {
  struct symbol *sym;
  const char *text;            // NULL once given
};

// The message: the section's bytes up to the first NUL.
static const char *section_text(struct ctx *ctx, struct objfile *f, u32 i) {
  const u8 *sh = shdr_at(f, i);
  if (SH_TYPE(sh) == SHT_NOBITS)
    return "";
  const char *p = (const char *)f->data + SH_OFFSET(sh);
  return arena_strndup(ctx, p, strnlen(p, SH_SIZE(sh)));
}

// The name a relocation's symbol has for GNU ld: a section symbol is
// named after its section.
static const char *rel_sym_name(struct objfile *f, u32 symidx) {
  if (symidx == 0 || symidx >= f->nsyms)
    return "";
  struct esym s;
  read_sym(f, symidx, &s);
  if (ELF64_ST_TYPE(s.st_info) == STT_SECTION) {
    u32 shndx = sym_shndx(f, symidx, &s);
    return shndx < f->shnum ? section_name(f, shndx) : "";
  }
  return sym_name(f, &s);
}

// The first relocation in f against a symbol named name, in the order of
// the sections it applies to, then of the relocations.
static bool first_reloc_against(struct objfile *f, const char *name,
                                u32 *shndx, u64 *off) {
  u32 best = UINT32_MAX;
  for (u32 i = 1; i < f->shnum; i++) {
    const u8 *sh = shdr_at(f, i);
    if (SH_TYPE(sh) != SHT_RELA || SH_INFO(sh) >= best || !f->symtab)
      continue;
    const u8 *rels = f->data + SH_OFFSET(sh);
    u64 n = SH_SIZE(sh) / sizeof(Elf64_Rela);
    for (u64 k = 0; k < n; k++) {
      const u8 *r = rels + k * sizeof(Elf64_Rela);
      u32 symidx = ELF64_R_SYM(rd64(r + 8));
      if (!strcmp(rel_sym_name(f, symidx), name)) {
        best = SH_INFO(sh);
        *off = rd64(r);
        break;
      }
    }
  }
  *shndx = best;
  return best != UINT32_MAX;
}

// The function GNU ld names for an offset in a section (BFD's
// _bfd_elf_find_function): the symbol of the section with the highest
// value not above the offset, whatever its size, that is not a section,
// file, object or TLS symbol (hidden local zero-size NOTYPE symbols, which
// annobin makes, do not count); the larger one on a tie.  Its source file
// is the STT_FILE symbol before it, for a global only if no STT_FILE
// follows the first other symbol.
static const char *find_function(struct objfile *f, u32 shndx, u64 off,
                                 const char **src) {
  enum { NOTHING_SEEN, SYMBOL_SEEN, FILE_AFTER_SYMBOL } state = NOTHING_SEEN;
  const char *file = NULL, *best = NULL;
  u64 low = 0, best_size = 0;
  *src = NULL;
  for (u32 i = 1; i < f->nsyms; i++) {
    struct esym s;
    read_sym(f, i, &s);
    u8 type = ELF64_ST_TYPE(s.st_info), bind = ELF64_ST_BIND(s.st_info);
    if (type == STT_FILE) {
      file = sym_name(f, &s);
      if (state == SYMBOL_SEEN)
        state = FILE_AFTER_SYMBOL;
      continue;
    }
    if (state == NOTHING_SEEN)
      state = SYMBOL_SEEN;
    if (type == STT_SECTION || type == STT_OBJECT || type == STT_TLS ||
        sym_shndx(f, i, &s) != shndx)
      continue;
    u64 size = s.st_size;
    if (!size && bind == STB_LOCAL && type == STT_NOTYPE &&
        ELF64_ST_VISIBILITY(s.st_other) == STV_HIDDEN)
      continue;
    if (!size)
      size = 1;
    if (s.st_value > off ||
        (best && (s.st_value < low ||
                  (s.st_value == low && size <= best_size))))
      continue;
    best = sym_name(f, &s);
    low = s.st_value;
    best_size = size;
    *src = file && (bind == STB_LOCAL || state != FILE_AFTER_SYMBOL) ? file
                                                                     : NULL;
  }
  return best;
}

// GNU ld's "%H" without line numbers: where offset off of section shndx
// of f is, for a message.
static const char *location(struct ctx *ctx, struct objfile *f, u32 shndx,
                            u64 off) {
  const char *src;
  const char *fn = find_function(f, shndx, off, &src);
  const char *sec = section_name(f, shndx);
  if (!fn)
    return arena_printf(ctx, "%s:(%s+0x%llx)", f->name, sec,
                        (unsigned long long)off);
  return arena_printf(ctx, "%s: in function '%s': %s%s(%s+0x%llx)", f->name,
                      demangled(ctx, fn), src ? src : "", src ? ":" : "", sec,
                      (unsigned long long)off);
}

// A .gnu.warning text at WHERE (a file, or a place in one), in GNU ld's
// words (warning_callback's "%C: warning: TEXT"); -w silences it.
static void warn_at(struct ctx *ctx, const char *where, const char *text) {
  if (!ctx->cfg.no_warnings)
    gnu_warning(ctx, "%s: warning: %s", where, text);
}

// Gives SYM's warning, naming the first relocation against it in origin
// (the file GNU ld remembers for SYM), or else in the first file in link
// order that has one, or else origin itself.  Without a file (-u) it is
// the text alone.
static void give(struct ctx *ctx, struct symbol *sym, const char *text,
                 struct objfile *origin) {
  u32 shndx;
  u64 off;
  if (!origin) {
    warn(ctx, "%s", text);
    return;
  }
  if (first_reloc_against(origin, sym->name, &shndx, &off)) {
    warn_at(ctx, location(ctx, origin, shndx, off), text);
    return;
  }
  for (u32 i = 0; i < ctx->objs.len; i++) {
    struct objfile *f = ctx->objs.v[i];
    if (f != origin && first_reloc_against(f, sym->name, &shndx, &off)) {
      warn_at(ctx, location(ctx, f, shndx, off), text);
      return;
    }
  }
  warn_at(ctx, origin->name, text);
}

static bool is_dash_u(struct ctx *ctx, struct symbol *sym) {
  for (u32 i = 0; i < ctx->cfg.undefined.len; i++)
    if (!strcmp(ctx->cfg.undefined.v[i], sym->name))
      return true;
  return false;
}

// The file GNU ld remembers for a symbol: its definition's; for an
// undefined one the first file with a non-weak reference, else the first
// with a weak one; none for a -u symbol, unless a plugin is loaded, which
// makes it the first file with any reference.
static struct objfile *reference_file(struct ctx *ctx, struct symbol *sym) {
  if (sym->state != SYM_UNDEF)
    return sym->file;
  bool dash_u = is_dash_u(ctx, sym);
  if (dash_u && !ctx->cfg.plugin)
    return NULL;
  struct objfile *weak = NULL;
  for (u32 i = 0; i < ctx->objs.len; i++) {
    struct objfile *f = ctx->objs.v[i];
    for (u32 k = f->first_global; f->globals && k < f->nsyms; k++) {
      if (f->globals[k - f->first_global] != sym)
        continue;
      struct esym s;
      read_sym(f, k, &s);
      u32 shndx = sym_shndx(f, k, &s);
      bool undef = shndx == SHN_UNDEF ||
                   (shndx < f->shnum && f->discarded && f->discarded[shndx]);
      if (!undef)
        continue;
      if (dash_u || ELF64_ST_BIND(s.st_info) != STB_WEAK)
        return f;
      if (!weak)
        weak = f;
    }
  }
  return weak;
}

// Whether GNU ld counts SYM as referenced when a .gnu.warning.SYM section
// appears.  With a plugin loaded (as gcc runs it): any reference, weak,
// COMMON or -u.  Without: a symbol on its list of undefined symbols (a
// non-weak reference, a COMMON symbol, -u) or referenced, even weakly,
// once it was defined; a weak reference before the definition does not
// count.
static bool referenced(struct ctx *ctx, struct symbol *sym) {
  if (ctx->cfg.plugin)
    return sym->ref_flags & SF_REFERENCED;
  return (sym->ref_flags & SF_REF_STRONG) || (sym->flags & SF_REF_LISTED);
}

// f joins the link: its .gnu.warning.SYM sections warn now if SYM has a
// reference, or else wait for one.  Called before f's symbols are added.
void add_warning_sections(struct ctx *ctx, struct objfile *f) {
  for (u32 i = 1; i < f->shnum; i++) {
    const char *name = section_name(f, i);
    if (!starts(name, ".gnu.warning.") || !name[13])
      continue;
    struct symbol *sym = sym_intern(ctx, name + 13, strlen(name + 13));
    // A symbol that already waits for a reference keeps its message.
    if (sym->flags & SF_WARNING)
      continue;
    const char *text = section_text(ctx, f, i);
    if (referenced(ctx, sym)) {
      give(ctx, sym, text, reference_file(ctx, sym));
      continue;
    }
    struct sym_warning *w = arena_alloc(ctx, sizeof(*w));
    w->sym = sym;
    w->text = text;
    vec_push(ctx, &ctx->sym_warnings, w);
    sym->flags |= SF_WARNING;
  }
}

// f has an undefined or COMMON symbol sym, which waits for a reference.
void warn_reference(struct ctx *ctx, struct objfile *f, struct symbol *sym) {
  for (u32 i = 0; i < ctx->sym_warnings.len; i++) {
    struct sym_warning *w = ctx->sym_warnings.v[i];
    if (w->sym != sym || !w->text)
      continue;
    give(ctx, sym, w->text, f);
    w->text = NULL;
  }
}

// File f's first section named .gnu.warning, or 0.
u32 gnu_warning_section(struct objfile *f) {
  for (u32 k = 1; k < f->shnum; k++)
    if (!strcmp(section_name(f, k), ".gnu.warning"))
      return k;
  return 0;
}

// The .gnu.warning sections of the files in the link, in link order: the
// first one of each file, as GNU ld looks a file's up by name (found
// when its sections were parsed ahead, if they were).
void warn_linked_objects(struct ctx *ctx) {
  for (u32 i = 0; i < ctx->objs.len; i++) {
    struct objfile *f = ctx->objs.v[i];
    u32 k = f->ahead_isecs ? f->ahead_warning : gnu_warning_section(f);
    if (k)
      warn_at(ctx, f->name, section_text(ctx, f, k));
  }
}
