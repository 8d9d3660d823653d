// diag.c: messages about symbols that point at the source.
//
// An undefined symbol is reported once, after every relocation has been
// scanned, with the places that refer to it (lld's layout: up to three,
// then how many more), each as file.c:LINE from the object's .debug_line
// when it has one, then object:(function) or object:(section+offset); and
// "did you mean" when a defined name is close (another case, one edit
// away, or the C++ twin of a C name, a missing extern "C").  Reports come
// in the order of each symbol's first reference.  A duplicate definition
// shows both places the same way.  The first line keeps GNU ld's words:
// "obj: in function `f': file.c:9: undefined reference to `x'" (GNU ld's
// two lines in one), "multiple definition of `x'".

#include "mld.h"

#include <ctype.h>

// Up to SHOWN_REFS different places are shown, from the first KEPT_REFS
// references (AArch64 refers twice from one line: ADRP and LDR).
enum { SHOWN_REFS = 3, KEPT_REFS = 16 };

struct undef_ref {
  struct objfile *f;
  u32 shndx;
  u64 off;
};

struct undef_report {
  struct symbol *sym;
  struct undef_ref refs[KEPT_REFS];
  u64 count;
};

// The function offset OFF of section SHNDX of F is in, for messages, as
// bfd 2.40's _bfd_elf_find_function picks it: of the symbols that may be
// functions (a function, or one without a type but an annobin note's
// hidden local of size 0) from OFF back, the last to start; at one place
// the first in the symbol table, unless a later one is larger.
static const char *enclosing_function(struct ctx *ctx, struct objfile *f,
                                      u32 shndx, u64 off) {
  bool (*maybe)(u8, u8, const char *) =
      ctx->arch ? ctx->arch->maybe_function_sym : NULL;
  struct esym best;
  u32 found = 0;
  for (u32 i = 1; i < f->nsyms; i++) {
    struct esym s;
    read_sym(f, i, &s);
    u8 type = ELF64_ST_TYPE(s.st_info), bind = ELF64_ST_BIND(s.st_info);
    if ((type != STT_FUNC && type != STT_GNU_IFUNC && type != STT_NOTYPE) ||
        s.st_value > off || sym_shndx(f, i, &s) != shndx)
      continue;
    if ((type == STT_NOTYPE && bind == STB_LOCAL && !s.st_size &&
         ELF64_ST_VISIBILITY(s.st_other) == STV_HIDDEN) ||
        (maybe && !maybe(type, bind, sym_name(f, &s))))
      continue;
    if (found) {
      u64 size = s.st_size ? s.st_size : 1;
      u64 best_size = best.st_size ? best.st_size : 1;
      if (s.st_value < best.st_value ||
          (s.st_value == best.st_value && size <= best_size))
        continue;
    }
    best = s;
    found = i;
  }
  return found ? sym_name(f, &best) : NULL;
}

// "file.c:LINE\n>>> <pad>object:(function)", or "object:(function)"
// alone without line information.  PAD lines the object up under the
// text after "referenced by " or "defined at ".
static const char *place(struct ctx *ctx, struct objfile *f, u32 shndx,
                         u64 off, const char *pad) {
  const char *fn = enclosing_function(ctx, f, shndx, off);
  const char *obj =
      fn ? arena_printf(ctx, "%s:(%s)", f->name, demangled(ctx, fn))
         : arena_printf(ctx, "%s:(%s+0x%llx)", f->name,
                        section_name(f, shndx), (unsigned long long)off);
  const char *line = source_line(ctx, f, shndx, off);
  return line ? arena_printf(ctx, "%s\n>>> %s%s", line, pad, obj) : obj;
}

// The source file an object names (its first STT_FILE symbol), else the
// object itself: bfd's name for a place without line information.
static const char *source_file(struct objfile *f) {
  for (u32 i = 1; i < f->first_global && i < f->nsyms; i++) {
    struct esym s;
    read_sym(f, i, &s);
    if (ELF64_ST_TYPE(s.st_info) == STT_FILE && *sym_name(f, &s))
      return sym_name(f, &s);
  }
  return f->name;
}

// GNU ld's place of a reference, before its words: "obj: in function
// `f': file.c:LINE: ", or "file.c:(.text+0x5): " without line information
// (GNU ld puts the function on a line of its own).
const char *gnu_place(struct ctx *ctx, struct objfile *f, u32 shndx, u64 off) {
  const char *fn = enclosing_function(ctx, f, shndx, off);
  const char *line = source_line(ctx, f, shndx, off);
  const char *in = fn ? arena_printf(ctx, "%s: in function `%s': ", f->name,
                                     demangled(ctx, fn))
                      : "";
  if (line)
    return arena_printf(ctx, "%s%s: ", in, line);
  return arena_printf(ctx, "%s%s:(%s+0x%llx): ", in, source_file(f),
                      section_name(f, shndx), (unsigned long long)off);
}

void report_undefined(struct ctx *ctx, struct objfile *f, struct isec *is,
                      u64 off, struct symbol *sym) {
  // --unresolved-symbols=ignore-all and ignore-in-object-files (a static
  // link has no shared libraries): nothing said, the symbol is 0.
  if (ctx->cfg.unresolved_ignore)
    return;
  // Nor one from an .eh_frame input GNU ld leaves out whole.
  if (eh_input_excluded(ctx, is))
    return;
  // --ignore-unresolved-symbol=SYM: that one is 0 as well.
  for (u32 i = 0; i < ctx->cfg.ignore_unresolved.len; i++)
    if (!strcmp(ctx->cfg.ignore_unresolved.v[i], sym->name))
      return;
  struct sym_aux *aux = sym_aux(ctx, sym);
  if (!aux->undef_report) {
    struct undef_report *r = arena_alloc(ctx, sizeof(*r));
    memset(r, 0, sizeof(*r));
    r->sym = sym;
    vec_push(ctx, &ctx->undef_reports, r);
    aux->undef_report = ctx->undef_reports.len;
  }
  struct undef_report *r = ctx->undef_reports.v[aux->undef_report - 1];
  if (r->count < KEPT_REFS && !is->is_common)
    r->refs[r->count] = (struct undef_ref){f, is->shndx, off};
  r->count++;
}

// One edit (a letter changed, added, removed, or two swapped) apart.
static bool one_edit(const char *a, const char *b) {
  u64 la = strlen(a), lb = strlen(b);
  if (la < lb)
    return one_edit(b, a);
  if (la - lb > 1)
    return false;
  u64 i = 0;
  while (i < lb && a[i] == b[i])
    i++;
  if (i == lb)
    return true;                  // equal, or one letter added at the end
  if (la == lb)
    return !strcmp(a + i + 1, b + i + 1) ||
           (a[i] == b[i + 1] && a[i + 1] == b[i] &&
            !strcmp(a + i + 2, b + i + 2));
  return !strcmp(a + i + 1, b + i);
}

static bool same_but_case(const char *a, const char *b) {
  for (; *a && *b; a++, b++)
    if (tolower((u8)*a) != tolower((u8)*b))
      return false;
  return !*a && !*b;
}

// The C++ function a mangled name names, without its parameters: "ns::f"
// of "ns::f(int)"; NULL if it is not one.
static const char *cxx_base(struct ctx *ctx, const char *name) {
  if (name[0] != '_' || name[1] != 'Z')
    return NULL;
  const char *d = demangled(ctx, name);
  const char *paren = strchr(d, '(');
  if (d == name || !paren)
    return NULL;
  return arena_strndup(ctx, d, (u64)(paren - d));
}

// A defined global whose name is near NAME, and how it is near.
static const char *did_you_mean(struct ctx *ctx, const char *name,
                                struct objfile **where) {
  const char *base = cxx_base(ctx, name);
  struct symbol *best = NULL;
  int best_kind = 0;              // 3: the C/C++ twin, 2: case, 1: an edit
  for (u32 i = 0; i < ctx->objs.len; i++) {
    struct objfile *f = ctx->objs.v[i];
    for (u32 k = f->first_global; k < f->nsyms; k++) {
      struct symbol *s = f->globals[k - f->first_global];
      if (!s || s->file != f || s->symidx != k || s->state != SYM_DEFINED ||
          !strcmp(s->name, name))
        continue;
      int kind = 0;
      // Demangled only if it can name NAME.
      const char *sbase = !base && strstr(s->name, name)
                              ? cxx_base(ctx, s->name)
                              : NULL;
      if ((base && !strcmp(base, s->name)) ||
          (sbase && !strcmp(sbase, name)))
        kind = 3;
      else if (same_but_case(s->name, name))
        kind = 2;
      else if (strlen(name) > 3 && one_edit(s->name, name))
        kind = 1;
      if (kind > best_kind) {
        best = s;
        best_kind = kind;
      }
    }
  }
  if (!best)
    return NULL;
  *where = best->file;
  if (best_kind == 3 && base)
    return arena_printf(ctx, "extern \"C\" %s", best->name);
  if (best_kind == 3)
    return arena_printf(ctx, "to declare %s as extern \"C\"?",
                        demangled(ctx, best->name));
  return demangled(ctx, best->name);
}

// Every undefined symbol seen by scan_relocations, in the order of their
// first references.
void report_undefined_symbols(struct ctx *ctx) {
  // --warn-unresolved-symbols: a warning, and the link goes on.
  void (*say)(struct ctx *, const char *, ...) =
      ctx->cfg.warn_unresolved ? warn : soft_error;
  for (u32 i = 0; i < ctx->undef_reports.len; i++) {
    struct undef_report *r = ctx->undef_reports.v[i];
    r->sym->flags |= SF_REPORTED;
    // --warn-once: the first place only, as GNU ld reports only the first
    // reference.
    u32 limit = ctx->cfg.warn_once ? 1 : SHOWN_REFS;
    const char *shown[SHOWN_REFS];
    u32 nshown = 0;
    u64 used = 0;               // references the places shown stand for
    const char *msg = "", *first = "";
    for (u64 k = 0; k < r->count && k < KEPT_REFS && nshown < limit; k++) {
      struct undef_ref *ref = &r->refs[k];
      used = k + 1;
      if (!ref->f)
        continue;
      if (!nshown)
        first = gnu_place(ctx, ref->f, ref->shndx, ref->off);
      const char *p = place(ctx, ref->f, ref->shndx, ref->off,
                            "              ");
      bool seen = false;
      for (u32 n = 0; n < nshown; n++)
        seen |= !strcmp(shown[n], p);
      if (seen)
        continue;
      shown[nshown++] = p;
      msg = arena_printf(ctx, "%s\n>>> referenced by %s", msg, p);
    }
    if (r->count > used && !ctx->cfg.warn_once)
      msg = arena_printf(ctx, "%s\n>>> referenced %llu more times", msg,
                         (unsigned long long)(r->count - used));
    struct objfile *where;
    const char *near = did_you_mean(ctx, r->sym->name, &where);
    if (near)
      msg = arena_printf(ctx, "%s\n>>> did you mean%s%s\n>>> defined in: %s",
                         msg, starts(near, "to ") ? " " : ": ", near,
                         where->name);
    say(ctx, "%sundefined reference to `%s'%s", first,
        demangled(ctx, r->sym->name), msg);
  }
}

// Where symbol SYMIDX of F is defined, as place() puts it.
static const char *definition(struct ctx *ctx, struct objfile *f, u32 symidx) {
  struct esym s;
  read_sym(f, symidx, &s);
  u32 shndx = sym_shndx(f, symidx, &s);
  if (shndx == SHN_ABS || shndx == SHN_COMMON || shndx >= f->shnum)
    return f->name;
  return place(ctx, f, shndx, s.st_value, "           ");
}

// A script's plain assignment to a symbol an object defines in one of
// its sections: the script's value wins, and GNU ld warns (ldexp.c, for
// an expression that does not use the symbol itself).
void warn_script_redefinition(struct ctx *ctx, struct symbol *sym,
                              const char *file, u32 line) {
  struct objfile *f = sym->file;
  if (sym->state != SYM_DEFINED || !f || (sym->flags & SF_LINKER))
    return;
  struct esym s;
  read_sym(f, sym->symidx, &s);
  u32 shndx = sym_shndx(f, sym->symidx, &s);
  if (shndx == SHN_UNDEF || shndx >= f->shnum)
    return;                    // absolute or common: no warning
  warn(ctx, "%s:%u: multiple definition of `%s'; %s:(%s+0x%llx): first "
       "defined here", file, line, demangled(ctx, sym->name), f->name,
       section_name(f, shndx), (unsigned long long)s.st_value);
}

// Named as the first definition names it (GNU ld names its table's entry,
// made by the first definer): foo@@V2 or foo.  The symbol's own name is
// whichever input's name the table met first, which threads decide.
void report_duplicate(struct ctx *ctx, struct symbol *sym, struct objfile *f,
                      u32 symidx) {
  const char *first = sym->file ? definition(ctx, sym->file, sym->symidx)
                                : "the linker";
  const char *name = sym->name;
  if (sym->file) {
    struct esym s;
    read_sym(sym->file, sym->symidx, &s);
    name = sym_name(sym->file, &s);
  }
  soft_error(ctx, "multiple definition of `%s'\n>>> defined at %s\n>>> defined "
        "at %s", demangled(ctx, name), first,
        definition(ctx, f, symidx));
}
