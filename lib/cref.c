// cref.c: --cref, GNU ld's cross reference table.
//
// Each global name the input files define or refer to, sorted by the
// name as shown (demangled by default), with the files that did: first
// those that define it, then those with a COMMON symbol of it, then those
// that refer to it.  GNU ld keeps one record per (name, file), made when
// the file is loaded, and puts each new record at the head of the name's
// list, so within each group the file loaded last comes first.  As in GNU
// ld a definition that loses to an earlier one (a second definition, or
// a weak one after any) makes no record, while a definition in a COMDAT
// group that lost counts as a reference.  The table goes to standard
// output, or at the end of the -Map file, and is printed even when the
// link fails after the symbols were resolved.

#include "mld.h"

#include <stdlib.h>

enum { CREF_DEF = 1, CREF_COMMON = 2, CREF_UNDEF = 4 };

// One (name, file) record.
struct cref_ref {
  struct objfile *file;        // NULL: the output file (its own symbols)
  u32 next;                    // the name's next record, 0: the last
  u8 kinds;                    // CREF_*
};

// Where a symbol's latest record is kept: by its seq, which numbers the
// symbols of the table from 0 (sym_aux would give every symbol an aux
// index, and they order linker symbols elsewhere).
static u32 *head(struct ctx *ctx, struct symbol *sym) {
  if (sym->seq >= ctx->ncref_heads) {
    u32 n = ctx->ncref_heads ? ctx->ncref_heads : 1024;
    while (n <= sym->seq)
      n *= 2;
    u32 *v = arena_alloc(ctx, (u64)n * sizeof(*v));
    if (ctx->ncref_heads)
      memcpy(v, ctx->cref_heads, (u64)ctx->ncref_heads * sizeof(*v));
    ctx->cref_heads = v;
    ctx->ncref_heads = n;
  }
  return &ctx->cref_heads[sym->seq];
}

static u32 new_ref(struct ctx *ctx, struct symbol *sym, struct objfile *f) {
  // Entries 1 to ncrefs: one more at ncrefs + 1.
  ctx->crefs = arena_grow(ctx, ctx->crefs, ctx->ncrefs + 1, &ctx->crefcap,
                          sizeof(*ctx->crefs), 1024);
  u32 next = *head(ctx, sym);
  if (!next)
    vec_push(ctx, &ctx->cref_syms, sym);
  u32 r = ++ctx->ncrefs;
  ctx->crefs[r] = (struct cref_ref){f, next, 0};
  *head(ctx, sym) = r;
  return r;
}

// Called by resolve_symbols for each global symbol of a file as it joins
// the link.  A file's symbols come together, so its record for the name,
// if it has one, is the list's head.
void note_cref(struct ctx *ctx, struct symbol *sym, struct objfile *f,
               bool undef, bool common) {
  u32 r = *head(ctx, sym);
  if (!r || ctx->crefs[r].file != f)
    r = new_ref(ctx, sym, f);
  ctx->crefs[r].kinds |= undef ? CREF_UNDEF : common ? CREF_COMMON
                                                     : CREF_DEF;
}

// Symbols GNU ld defines in a file of its own: _GLOBAL_OFFSET_TABLE_ in
// the first input (the one holding the sections it makes) when it made a
// GOT, which on x86-64 it always does, and _TLS_MODULE_BASE_ in the
// output file.
static void note_linker_defs(struct ctx *ctx) {
  struct symbol *got = sym_find_str(ctx, "_GLOBAL_OFFSET_TABLE_");
  bool made_got = (ctx->arch && ctx->arch->got_always) ||
                  ctx->got_referenced || ctx->gottp_syms.len ||
                  ctx->gotgd_syms.len;
  if (made_got && ctx->objs.len) {
    struct objfile *first = ctx->objs.v[0];
    if (!got) {                // not in the symbol table: nothing names it
      got = arena_alloc(ctx, sizeof(*got));
      got->name = "_GLOBAL_OFFSET_TABLE_";
      got->namelen = 21;
      got->seq = (u32)ctx->symbols.seen;   // after every symbol's
    }
    u32 r = *head(ctx, got);
    while (r && ctx->crefs[r].file != first)
      r = ctx->crefs[r].next;
    if (!r)
      r = new_ref(ctx, got, first);
    ctx->crefs[r].kinds |= CREF_DEF;
  }
  struct symbol *tls = sym_find_str(ctx, "_TLS_MODULE_BASE_");
  if (tls && (tls->flags & SF_LINKER) && tls->state == SYM_DEFINED)
    ctx->crefs[new_ref(ctx, tls, NULL)].kinds |= CREF_DEF;
}

struct cref_entry {
  const char *shown;           // the name as printed
  struct symbol *sym;
};

static int cmp_entry(const void *a, const void *b) {
  const struct cref_entry *x = a, *y = b;
  int c = strcmp(x->shown, y->shown);
  return c ? c : strcmp(x->sym->name, y->sym->name);
}

// The file column starts at 50; a name of 49 or more is followed by one
// space.
enum { FILECOL = 50 };

static void print_file(struct ctx *ctx, FILE *fp, int *len,
                       const struct cref_ref *r) {
  fprintf(fp, "%*s%s\n", *len < FILECOL ? FILECOL - *len : 0, "",
          r->file ? r->file->name : ctx->cfg.output);
  *len = 0;
}

void print_cref(struct ctx *ctx, FILE *fp) {
  note_linker_defs(ctx);
  fprintf(fp, "\nCross Reference Table\n\n%-*sFile\n", FILECOL, "Symbol");
  if (!ctx->ncrefs) {
    fputs("No symbols\n", fp);
    return;
  }
  u32 n = ctx->cref_syms.len;
  struct cref_entry *v = arena_alloc(ctx, (u64)n * sizeof(*v));
  for (u32 i = 0; i < n; i++) {
    struct symbol *sym = ctx->cref_syms.v[i];
    v[i] = (struct cref_entry){demangled(ctx, sym->name), sym};
  }
  qsort(v, n, sizeof(*v), cmp_entry);
  // (GNU ld leaves out a name defined in a section without an output
  // section, but every section has one by then: one left out of the
  // link, by /DISCARD/, -S or as .note.GNU-stack, has the absolute
  // section; its names are listed.)
  for (u32 i = 0; i < n; i++) {
    int len = fprintf(fp, "%s ", v[i].shown);
    u32 first = *head(ctx, v[i].sym);
    // Definitions, then COMMON symbols, then references only (GNU ld's
    // three walks of the list).
    for (u32 p = 0; p < 3; p++)
      for (u32 r = first; r; r = ctx->crefs[r].next) {
        u8 k = ctx->crefs[r].kinds;
        if (p == 0 ? (k & CREF_DEF)
            : p == 1 ? (k & CREF_COMMON)
                     : !(k & (CREF_DEF | CREF_COMMON)))
          print_file(ctx, fp, &len, &ctx->crefs[r]);
      }
  }
}

// --cref without -Map: the table on standard output, once, when the link
// ends or when it stops after errors (once every file has joined).
void write_cref(struct ctx *ctx) {
  if (!ctx->cfg.cref || ctx->cfg.map_file || !ctx->resolved ||
      ctx->cref_done)
    return;
  ctx->cref_done = true;
  print_cref(ctx, stdout);
  close_report(ctx, stdout, "--cref table", "-");
}
