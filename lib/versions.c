// versions.c: symbol versions in a static PIE's (or an executable's with
// --no-dynamic-linker -E) dynamic symbol table, as GNU ld 2.40 gives
// them: .gnu.version_d defines the versions, .gnu.version gives each
// .dynsym entry its own.
//
// The versions are the tags of the version script (--version-script, or
// a script's VERSION), numbered from 1 in order (an anonymous tag is
// version 1, "global", and defines none), then one for each VERSION an
// exported definition NAME@VERSION or NAME@@VERSION names that no tag
// does, made in the order of GNU ld's walk of its hash table (bfd's
// _bfd_elf_link_assign_sym_version).  Each defined global takes the
// version its own name gives, or else the tag whose patterns name it
// (find_version); a tag's local patterns make it local instead, in
// .symtab too, and so does a definition of a hidden version
// (NAME@VERSION) that is not exported by -E or a dynamic list
// (_bfd_elf_fix_symbol_flags).  With versions, .gnu.version_d starts
// with the base version, named after the output file, then each
// version with the tags it depends on; each version has a symbol of its
// own, absolute 0, in .dynsym and .symtab; .dynstr gets the base name
// and the versions' names after the exports' (GNU ld adds them then).
// Without a version script nothing changes but the hidden versions.

#include "mld.h"

#include <stdlib.h>

// The name a definition has in its file: NAME@@VERSION in full.
const char *definer_name(struct symbol *sym) {
  if ((sym->flags & SF_LINKER) || !sym->file)
    return sym->name;
  struct esym s;
  read_sym(sym->file, sym->symidx, &s);
  return s.st_name < sym->file->strtab_size ? sym->file->strtab + s.st_name
                                            : "";
}

static struct vers_node *node_named(struct ctx *ctx, const char *name) {
  return version_named(ctx, name, (u32)strlen(name));
}

// GNU ld's "make all global versions with definition": a tag's literal
// global NAME whose NAME@TAG or NAME@@TAG is defined, so that a plain
// NAME it matches hides (find_version).
static void mark_versioned_definitions(struct ctx *ctx) {
  for (u32 i = 0; i < ctx->version_nodes.len; i++) {
    struct vers_node *t = ctx->version_nodes.v[i];
    for (u32 k = 0; t->len && k < t->globals.len; k++) {
      struct pattern *d = t->globals.v[k];
      if (!d->literal || d->lang)
        continue;
      for (int dflt = 0; dflt < 2 && !d->symver; dflt++) {
        const char *full = arena_printf(ctx, "%.*s%s%.*s", (int)d->len,
                                        d->text, dflt ? "@@" : "@",
                                        (int)t->len, t->name);
        struct symbol *sym = sym_find_str(ctx, full);
        d->symver = sym && sym->state != SYM_UNDEF &&
                    !strcmp(definer_name(sym), full);
      }
    }
  }
}


struct vsym {
  u64 order;                   // GNU ld's walk of its hash table
  struct symbol *sym;
};

static int cmp_vsym(const void *x, const void *y) {
  const struct vsym *a = x, *b = y;
  return (a->order > b->order) - (a->order < b->order);
}

static void make_local(struct ctx *ctx, struct symbol *sym) {
  struct sym_aux *a = sym_aux(ctx, sym);
  a->exported = false;
  a->export_local = true;
}

// The version SYM's own name gives it (NAME@VERSION): a tag of the
// script, or one made for it if it is exported.  False if it is to be
// matched against the script's patterns instead.
static bool own_version(struct ctx *ctx, struct symbol *sym, const char *full,
                        const char *at, struct vec *made) {
  const char *ver = at[1] == '@' ? at + 2 : at + 1;
  if (!*ver)
    return false;
  struct vers_node *t = node_named(ctx, ver);
  if (t) {
    t->used = true;
    const char *base = arena_printf(ctx, "%.*s", (int)(at - full), full);
    if (!version_list_names(ctx, &t->globals, base) &&
        version_list_names(ctx, &t->locals, base) && sym_exported(ctx, sym) &&
        !ctx->cfg.export_dynamic) {
      make_local(ctx, sym);
      return true;
    }
    sym_aux(ctx, sym)->version = t;
    return true;
  }
  // An executable's own version for an exported definition, made in the
  // walk's order below.
  if (sym_exported(ctx, sym))
    vec_push(ctx, made, sym);
  return true;
}

// Gives every defined global its version, or makes it local.
// GNU ld's def_regular symbols, those of sections --gc-sections collects
// too (bfd versions them before it sweeps).
static void assign_sym_versions(struct ctx *ctx, struct symbol *sym,
                                struct vec *made) {
  if (sym->state == SYM_UNDEF)
    return;
  const char *full = definer_name(sym);
  const char *at = strchr(full, '@');
  bool hidden = at && at[1] != '@';
  // A hidden version's definition that nothing exports is a local; its
  // tag is used all the same.
  if (hidden && !ctx->cfg.export_dynamic && !dynamic_list_wants(ctx, sym)) {
    make_local(ctx, sym);
    struct vers_node *t = node_named(ctx, at + 1);
    if (t)
      t->used = true;
    return;
  }
  if (at && own_version(ctx, sym, full, at, made))
    return;
  if (!ctx->version_nodes.len)
    return;
  bool hide;
  struct vers_node *t = find_version(ctx, sym->name, &hide);
  if (t && hide)
    make_local(ctx, sym);
  else if (t)
    sym_aux(ctx, sym)->version = t;
}

// The versions made for exported NAME@VERSION definitions no tag names,
// in GNU ld's walk order (it numbers them as it meets them).
static void make_versions(struct ctx *ctx, struct vec *made) {
  // GNU ld meets them by their full names (bfd_walk_key).
  struct vsym *v = arena_alloc(ctx, (u64)made->len * sizeof(*v) + 1);
  for (u32 i = 0; i < made->len; i++) {
    struct symbol *sym = made->v[i];
    const char *full = definer_name(sym);
    v[i] = (struct vsym){bfd_walk_key(ctx, full, (u32)strlen(full),
                                      bfd_walk_order(ctx, sym)),
                         sym};
  }
  qsort(v, made->len, sizeof(*v), cmp_vsym);
  for (u32 i = 0; i < made->len; i++) {
    const char *full = definer_name(v[i].sym);
    const char *at = strchr(full, '@');
    const char *ver = at[1] == '@' ? at + 2 : at + 1;
    struct vers_node *t = node_named(ctx, ver);
    if (!t) {
      t = arena_alloc(ctx, sizeof(*t));
      t->name = ver;
      t->len = (u32)strlen(ver);
      t->used = true;
      vec_push(ctx, &ctx->version_nodes, t);
    }
    sym_aux(ctx, v[i].sym)->version = t;
  }
}

// A symbol bfd defines itself rather than a script: _DYNAMIC,
// _GLOBAL_OFFSET_TABLE_, __start_SEC and __stop_SEC.
static bool linker_made(struct symbol *sym) {
  if (is_dynobj_symbol(sym))
    return true;
  const char *sec = start_stop_target(sym->name);
  u32 where = sym->symidx >> 1;
  return sec && is_c_identifier(sec) && (where == W_START || where == W_END);
}

// Each named version's own symbol: a global, absolute 0, exported.
static void define_version_symbols(struct ctx *ctx) {
  u32 vernum = 0;
  for (u32 i = 0; i < ctx->version_nodes.len; i++) {
    struct vers_node *t = ctx->version_nodes.v[i];
    if (!t->len)
      continue;
    t->vernum = ++vernum;
    t->name = arena_printf(ctx, "%.*s", (int)t->len, t->name);
    struct symbol *sym = sym_intern(ctx, t->name, t->len);
    t->sym = sym;
    ctx->nversions++;
    // bfd adds it as a global absolute definition: one a script or the
    // default script made keeps its value, a weak one gives way, another
    // (an object's; _DYNAMIC, _GLOBAL_OFFSET_TABLE_, __start_SEC, which
    // bfd defines itself) is a second definition.
    if (sym->state == SYM_DEFINED && (sym->flags & SF_LINKER) &&
        !linker_made(sym)) {
      sym->type = STT_OBJECT;
    } else if (sym->state != SYM_UNDEF && (sym->flags & SF_LINKER)) {
      fatal(ctx, "multiple definition of `%.*s' (a version of the version "
            "script)", (int)t->len, t->name);
    } else if (sym->state != SYM_UNDEF && sym->binding != STB_WEAK) {
      fatal(ctx, "version %.*s: a symbol of that name is defined in %s, "
            "and GNU ld defines one for the version", (int)t->len, t->name,
            sym->file ? sym->file->name : "the link");
    } else {
      define_linker_symbol(ctx, sym, STT_OBJECT, W_VERSION);
    }
    struct sym_aux *a = sym_aux(ctx, sym);
    a->version = t;
    // (One the script made local stays so: GNU ld lists it as a local
    // of .dynsym, which mld's has none of but the null one.)
    if (!a->exported && !a->export_local) {
      a->exported = true;
      vec_push(ctx, &ctx->exports, sym);
    }
  }
}

// After the exports are chosen: each defined global's version, or its
// being made local; the versions and their symbols.
void assign_versions(struct ctx *ctx) {
  if (!ctx->cfg.dynamic)
    return;
  mark_versioned_definitions(ctx);
  // Without a script only versioned definitions matter: a hidden one's
  // name has its version, a default one matters only if exported.
  bool script = ctx->version_nodes.len > 0;
  struct vec made = {0};
  for (u32 i = 0; i < ctx->objs.len; i++) {
    struct objfile *f = ctx->objs.v[i];
    for (u32 k = f->first_global; k < f->nsyms; k++) {
      struct symbol *sym = f->globals[k - f->first_global];
      if (sym && sym->file == f && sym->symidx == k &&
          !(sym->flags & SF_LINKER) &&
          (script || sym_exported(ctx, sym) ||
           memchr(sym->name, '@', sym->namelen)))
        assign_sym_versions(ctx, sym, &made);
    }
  }
  for (u32 i = 0; script && i < ctx->linker_syms.len; i++)
    assign_sym_versions(ctx, ctx->linker_syms.v[i], &made);
  make_versions(ctx, &made);
  // The symbols made local leave .dynsym.
  u32 n = 0;
  for (u32 i = 0; i < ctx->exports.len; i++)
    if (sym_exported(ctx, ctx->exports.v[i]))
      ctx->exports.v[n++] = ctx->exports.v[i];
  ctx->exports.len = n;
  define_version_symbols(ctx);
  // --no-undefined-version: each literal global names a definition.
  for (u32 i = 0; ctx->cfg.no_undefined_version &&
                  i < ctx->version_nodes.len; i++) {
    struct vers_node *t = ctx->version_nodes.v[i];
    for (u32 k = t->globals.len; k-- > 0;) {  // newest first, as GNU ld
      struct pattern *d = t->globals.v[k];
      if (d->literal && !d->symver && !d->script)
        error(ctx, "%.*s: undefined version: %.*s", (int)d->len, d->text,
              (int)t->len, t->name);
    }
  }
}

// A .dynsym entry's version: 1 (global) without one, the hidden bit on a
// hidden version's definition.
u16 dynsym_version(struct ctx *ctx, struct symbol *sym) {
  struct vers_node *t = sym->aux ? ctx->aux[sym->aux].version : NULL;
  u16 v = t ? (u16)(t->vernum + 1) : 1;
  if (!(sym->flags & SF_LINKER) && memchr(sym->name, '@', sym->namelen))
    v |= 0x8000;
  return v;
}

// The base version's name: the output file's base name.
const char *base_version_name(struct ctx *ctx) {
  const char *slash = strrchr(ctx->cfg.output, '/');
  return slash ? slash + 1 : ctx->cfg.output;
}

// .gnu.version: a half-word per .dynsym entry (0 for the locals), when
// there are versions and exports.
void size_versym(struct ctx *ctx, struct chunk *c) {
  u32 count = ctx->dyn.nlocal + ctx->dyn.n;
  c->size = ctx->nversions && count > 1 ? 2 * (u64)count : 0;
}

void write_versym(struct ctx *ctx, struct chunk *c, u8 *buf) {
  if (!c->size)
    return;
  u8 *p = buf + c->offset;
  struct dyn_exports *d = &ctx->dyn;
  memset(p, 0, 2 * (u64)d->nlocal);
  for (u32 i = 0; i < d->n; i++)
    wr16(p + 2 * ((u64)d->nlocal + i),
         dynsym_version(ctx, d->walk[d->order[i]].sym));
}

// .gnu.version_d: the base version, then each named one with the tags it
// depends on (Elf64_Verdef, then its Elf64_Verdaux entries).
void size_verdef(struct ctx *ctx, struct chunk *c) {
  if (!ctx->nversions) {
    c->size = 0;
    return;
  }
  u64 size = sizeof(Elf64_Verdef) + sizeof(Elf64_Verdaux);
  for (u32 i = 0; i < ctx->version_nodes.len; i++) {
    struct vers_node *t = ctx->version_nodes.v[i];
    if (t->len)
      size += sizeof(Elf64_Verdef) +
              (1 + (u64)t->deps.len) * sizeof(Elf64_Verdaux);
  }
  c->size = size;
}

// bfd's ELF hash (the SysV one).
static u32 elf_hash(const char *s) {
  u32 h = 0;
  for (const u8 *p = (const u8 *)s; *p; p++) {
    h = (h << 4) + *p;
    u32 g = h & 0xf0000000;
    h ^= g >> 24;
    h &= ~g;
  }
  return h;
}

static u8 *put_verdef(u8 *p, u16 flags, u16 ndx, u16 cnt, u32 hash,
                      u32 next) {
  wr16(p, VER_DEF_CURRENT);
  wr16(p + 2, flags);
  wr16(p + 4, ndx);
  wr16(p + 6, cnt);
  wr32(p + 8, hash);
  wr32(p + 12, sizeof(Elf64_Verdef));
  wr32(p + 16, next);
  return p + sizeof(Elf64_Verdef);
}

static u8 *put_verdaux(u8 *p, u32 name, u32 next) {
  wr32(p, name);
  wr32(p + 4, next);
  return p + sizeof(Elf64_Verdaux);
}

void write_verdef(struct ctx *ctx, struct chunk *c, u8 *buf) {
  if (!c->size)
    return;
  u8 *p = buf + c->offset;
  const char *base = base_version_name(ctx);
  p = put_verdef(p, VER_FLG_BASE, 1, 1, elf_hash(base),
                 sizeof(Elf64_Verdef) + sizeof(Elf64_Verdaux));
  p = put_verdaux(p, ctx->dyn.base_name, 0);
  u32 left = ctx->nversions;
  for (u32 i = 0; i < ctx->version_nodes.len; i++) {
    struct vers_node *t = ctx->version_nodes.v[i];
    if (!t->len)
      continue;
    bool weak = !t->globals.len && !t->locals.len && !t->used;
    u32 ndeps = t->deps.len;
    p = put_verdef(p, weak ? VER_FLG_WEAK : 0, (u16)(t->vernum + 1),
                   (u16)(ndeps + 1), elf_hash(t->name),
                   --left ? sizeof(Elf64_Verdef) +
                                (ndeps + 1) * sizeof(Elf64_Verdaux)
                          : 0);
    p = put_verdaux(p, ctx->dyn.version_names[t->vernum],
                    ndeps ? sizeof(Elf64_Verdaux) : 0);
    // GNU ld keeps them newest first (lang_add_vers_depend).
    for (u32 k = ndeps; k-- > 0;) {
      struct vers_node *dep = t->deps.v[k];
      p = put_verdaux(p, ctx->dyn.version_names[dep->vernum],
                      k ? sizeof(Elf64_Verdaux) : 0);
    }
  }
}

void versym_shdr(struct ctx *ctx, struct chunk *c, u32 *link, u32 *info) {
  (void)c;
  (void)info;
  *link = ctx->synth[CK_DYNSYM]->shndx;
}

void verdef_shdr(struct ctx *ctx, struct chunk *c, u32 *link, u32 *info) {
  (void)c;
  *link = ctx->synth[CK_DYNSTR]->shndx;
  *info = ctx->nversions + 1;
}
