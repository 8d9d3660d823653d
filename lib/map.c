// map.c: -Map=FILE and -M (--print-map): where everything went, in GNU
// ld's layout.  First the archive members and the reference that pulled
// each in, then the input sections left out, the memory configuration,
// the inputs loaded, and every output section with its input sections
// (address, size, file), the padding between them and the global symbols
// each defines, sorted by address.  GNU ld also prints its script's
// statements there; mld's layout has none to print.  Sections mld makes
// itself (.got, .iplt, ...) are shown as GNU ld shows its own: as input
// sections of the first file.

#include "mld.h"

#include <errno.h>
#include <stdlib.h>
#include <sys/stat.h>

// -Map and --why-extract want each archive member and why it came.
bool notes_members(struct ctx *ctx) {
  return ctx->cfg.map_file || ctx->cfg.why_extract;
}

// Called for each archive member as it joins the link: sym is the name it
// defines that was wanted (NULL for --whole-archive), common_file the file
// of a COMMON definition it replaces.
void note_extraction(struct ctx *ctx, struct objfile *member,
                     struct symbol *sym, struct objfile *common_file) {
  struct map_member *m = arena_alloc(ctx, sizeof(*m));
  m->member = member;
  m->sym = sym;
  m->from = common_file;
  if (!m->from && sym && sym->aux)
    m->from = ctx->aux[sym->aux].ref_file;
  vec_push(ctx, &ctx->map_members, m);
}

// GNU ld's name column: 16 wide; a name of 15 or more goes on a line of
// its own.
static void name_column(FILE *fp, const char *lead, const char *name) {
  int len = fprintf(fp, "%s%s", lead, name);
  if (len >= 15) {
    fputc('\n', fp);
    len = 0;
  }
  fprintf(fp, "%*s", 16 - len, "");
}

static void addr_size(FILE *fp, u64 addr, u64 size) {
  char sz[24];
  snprintf(sz, sizeof(sz), "0x%llx", (unsigned long long)size);
  fprintf(fp, "0x%016llx %10s", (unsigned long long)addr, sz);
}

static void print_members(struct ctx *ctx, FILE *fp) {
  if (!ctx->map_members.len)
    return;
  fputs("Archive member included to satisfy reference by file (symbol)\n\n",
        fp);
  for (u32 i = 0; i < ctx->map_members.len; i++) {
    struct map_member *m = ctx->map_members.v[i];
    int len = fprintf(fp, "%s", m->member->name);
    if (len >= 29) {
      fputc('\n', fp);
      len = 0;
    }
    fprintf(fp, "%*s", 30 - len, "");
    if (m->from)
      fprintf(fp, "%s ", m->from->name);
    fprintf(fp, "(%s)\n",
            m->sym ? demangled(ctx, m->sym->name) : "--whole-archive");
  }
}

// Input sections that did not go to the output: those mld drops as GNU
// ld's script discards them or merges them, COMDAT groups that lost, and
// what --gc-sections removed.
static void print_discarded(struct ctx *ctx, FILE *fp) {
  bool header = false;         // given only if one is listed (GNU ld)
  for (u32 i = 0; i < ctx->objs.len; i++) {
    struct objfile *f = ctx->objs.v[i];
    for (u32 k = 1; k < f->shnum; k++) {
      const u8 *sh = shdr_at(f, k);
      u32 type = SH_TYPE(sh);
      if (type == SHT_RELA || type == SHT_REL || type == SHT_SYMTAB ||
          own_string_table(f, k) || type == SHT_SYMTAB_SHNDX ||
          type == SHT_NULL)
        continue;
      struct isec *is = f->isecs[k];
      if (is && is->osec)
        continue;
      if (!header)
        fputs("\nDiscarded input sections\n\n", fp);
      header = true;
      name_column(fp, " ", section_name(f, k));
      addr_size(fp, 0, SH_SIZE(sh));
      fprintf(fp, " %s\n", f->name);
    }
  }
}

static void print_loads(struct ctx *ctx, FILE *fp, u32 from, u32 to) {
  for (u32 i = from; i < to; i++) {
    struct input_entry *e = ctx->entries.v[i];
    switch (e->kind) {
    case E_OBJECT:
      fprintf(fp, "LOAD %s\n", e->obj->name);
      break;
    case E_ARCHIVE:
      fprintf(fp, "LOAD %s\n", e->ar->name);
      break;
    case E_GROUP_START:
      fputs("START GROUP\n", fp);
      break;
    case E_GROUP_END:
      fputs("END GROUP\n", fp);
      break;
    default:
      break;
    }
  }
}

// The global symbols each input section defines.
struct map_sym {
  struct isec *is;
  struct symbol *sym;
  u64 order;                   // GNU ld's hash-table walk: ties by address
};

static int cmp_map_sym(const void *a, const void *b) {
  const struct map_sym *x = a, *y = b;
  if (x->is != y->is)
    return (uintptr_t)x->is < (uintptr_t)y->is ? -1 : 1;
  if (x->sym->value != y->sym->value)
    return x->sym->value < y->sym->value ? -1 : 1;
  return x->order < y->order ? -1 : x->order > y->order;
}

// --reduce-memory-overheads: GNU ld lists a section's symbols as it
// walks its table, not by value.
static int cmp_map_sym_walk(const void *a, const void *b) {
  const struct map_sym *x = a, *y = b;
  if (x->is != y->is)
    return (uintptr_t)x->is < (uintptr_t)y->is ? -1 : 1;
  return x->order < y->order ? -1 : x->order > y->order;
}

// A symbol in a merged section points where its bytes were kept, maybe in
// another file's piece: GNU ld lists it under the input section holding
// that address (the last one starting at or before it).
static struct isec *holder(struct isec *is, u64 value) {
  struct chunk *c = is->osec;
  u64 off = value - c->addr;
  u32 lo = 0, hi = c->isecs.len;
  while (lo < hi) {
    u32 mid = lo + (hi - lo) / 2;
    if (((struct isec *)c->isecs.v[mid])->offset <= off)
      lo = mid + 1;
    else
      hi = mid;
  }
  if (lo) {
    struct isec *x = c->isecs.v[lo - 1];
    if (x->offset == off || x->offset + x->size > off)
      return x;
  }
  return is;
}

static struct map_sym *collect_symbols(struct ctx *ctx, u64 *count) {
  u64 most = 0;
  for (u32 i = 0; i < ctx->objs.len; i++) {
    struct objfile *f = ctx->objs.v[i];
    most += f->nsyms - f->first_global;
  }
  struct map_sym *v = arena_alloc(ctx, (most + 1) * sizeof(*v));
  u64 n = 0;
  for (u32 i = 0; i < ctx->objs.len; i++) {
    struct objfile *f = ctx->objs.v[i];
    for (u32 k = f->first_global; k < f->nsyms; k++) {
      struct symbol *sym = f->globals[k - f->first_global];
      if (!sym || sym->file != f || sym->state != SYM_DEFINED)
        continue;
      struct isec *is = sym_isec(ctx, sym);
      if (!is || !is->osec)
        continue;
      if (is->min)
        is = holder(is, sym->value);
      v[n++] = (struct map_sym){is, sym, bfd_walk_order(ctx, sym)};
    }
  }
  qsort(v, n, sizeof(*v), ctx->cfg.reduce_memory_overheads ? cmp_map_sym_walk
                                                          : cmp_map_sym);
  *count = n;
  return v;
}

// Whether layout kept any of an .eh_frame input: a record, or the last
// input's terminator.
static bool eh_kept(struct isec *is) {
  if (!is->eh)
    return false;
  for (u32 i = 0; i < is->eh->nrecs; i++)
    if (is->eh->recs[i].emitted)
      return true;
  return is->eh->terminator && is->offset < is->osec->size;
}

static void print_input(FILE *fp, const char *name, u64 addr, u64 size,
                        const char *file) {
  name_column(fp, " ", name);
  addr_size(fp, addr, size);
  fprintf(fp, " %s\n", file);
}

// _GLOBAL_OFFSET_TABLE_ is defined in one of the linker's sections.
static void synthetic_input(struct ctx *ctx, FILE *fp, const char *name,
                            u64 addr, u64 size, const char *first) {
  print_input(fp, name, addr, size, first);
  struct symbol *g = ctx->got_symbol;
  if (g && g->state == SYM_DEFINED && g->value >= addr &&
      (g->value < addr + size || (!size && g->value == addr)))
    fprintf(fp, "%16s0x%016llx%16s%s\n", "", (unsigned long long)g->value,
            "", g->name);
}

// The sections mld makes itself, as the input sections GNU ld makes for
// them in its first file: an executable's .got.plt reserved words and
// IFUNC slots are two (.got.plt, .igot.plt), and with -z now they start
// .got.
static void print_synthetic(struct ctx *ctx, FILE *fp, struct chunk *c,
                            const char *first) {
  u64 slots = (u64)ctx->iplt_syms.len * 8;
  struct chunk *gp = ctx->synth[CK_GOTPLT];
  bool after = c->kind == CK_GOT && gp->home == c && gp->home_off;
  if (after)                   // .got, then .got.plt (script_got_join)
    synthetic_input(ctx, fp, synthetic_map_name(ctx, c), c->addr, gp->home_off,
                    first);
  if (c->kind == CK_GOTPLT || (c->kind == CK_GOT && gp->home == c)) {
    if (ctx->cfg.pie)          // a PIE's IFUNC slots are .got.plt's
      slots = 0;
    synthetic_input(ctx, fp, ".got.plt", gp->addr, gp->size - slots, first);
    if (!ctx->cfg.pie)
      synthetic_input(ctx, fp, ".igot.plt", gp->addr + gp->size - slots,
                      slots, first);
    if (c == gp || after)
      return;
  }
  u64 base = c->kind == CK_GOT ? ctx->got_base : 0;
  synthetic_input(ctx, fp, synthetic_map_name(ctx, c), c->addr + base,
                  c->size - base, first);
}

// An assignment as GNU ld prints it: "NAME op= EXPR" as
// "NAME = (NAME op EXPR)", PROVIDE and PROVIDE_HIDDEN as "PROVIDE (...)".
static void print_assignment(struct ctx *ctx, FILE *fp,
                             const struct script_stmt *s) {
  bool provide = s->provide == PV_PROVIDE || s->provide == PV_PROVIDE_HIDDEN;
  fprintf(fp, "%s%s = ", provide ? "PROVIDE (" : "", s->sym);
  if (s->op != '=')
    fprintf(fp, "(%s %s ", s->sym, expr_op_text(s->op));
  expr_print(ctx, fp, s->e);
  if (s->op != '=')
    fputc(')', fp);
  if (provide)
    fputc(')', fp);
  fputc('\n', fp);
}

// EXCLUDE_FILE's patterns, last first (GNU ld keeps the list reversed).
static void print_excludes(FILE *fp, const struct vec *ex) {
  if (!ex->len)
    return;
  fputs("EXCLUDE_FILE(", fp);
  for (u32 i = ex->len; i-- > 0;)
    fprintf(fp, "%s%s", (const char *)ex->v[i], i ? " " : ") ");
}

// An input section description as GNU ld's print_wild_statement writes
// it: file and section patterns with their sorts and exclusions, one
// space apart, sorted as --sort-section made them; KEEP and
// INPUT_SECTION_FLAGS are not shown.
static void print_input_stmt(struct ctx *ctx, FILE *fp,
                             const struct script_stmt *s) {
  static const char *const sorts[] = {
      [PS_NAME] = "SORT_BY_NAME(",
      [PS_ALIGN] = "SORT_BY_ALIGNMENT(",
      [PS_NAME_ALIGN] = "SORT_BY_NAME(SORT_BY_ALIGNMENT(",
      [PS_ALIGN_NAME] = "SORT_BY_ALIGNMENT(SORT_BY_NAME(",
      [PS_INIT_PRIORITY] = "SORT_BY_INIT_PRIORITY(",
      [PS_KEEP_ORDER] = "SORT_NONE(",
  };
  fputc(' ', fp);
  print_excludes(fp, &s->file_exclude);
  bool sorted = s->file_sort == PS_NAME;
  fprintf(fp, "%s%s%s(", sorted ? "SORT_BY_NAME(" : "", s->file_pat,
          sorted ? ")" : "");
  for (u32 i = 0; !s->whole_file && i < s->pats.len; i++) {
    const struct sec_pattern *p = s->pats.v[i];
    u8 sort = pattern_sort(ctx, p);
    if (sort != PS_NONE)
      fputs(sorts[sort], fp);
    print_excludes(fp, &p->exclude);
    fputs(p->name, fp);
    if (sort != PS_NONE)
      fputs(sort == PS_NAME_ALIGN || sort == PS_ALIGN_NAME ? "))" : ")", fp);
    if (i + 1 < s->pats.len)
      fputc(' ', fp);
  }
  fputs(")\n", fp);
}

// A script statement in the map, as GNU ld lists them: an assignment
// with its value (unevaluated: "[!provide]"), an input section
// description as written, with runs of white space made one.
static void print_statement(struct ctx *ctx, FILE *fp,
                            struct script_stmt *s) {
  if (s->kind != SS_ASSIGN && s->kind != SS_INPUT)
    return;
  if (s->kind == SS_ASSIGN) {
    // A symbol's value is its last (GNU ld looks it up); "."'s where
    // the statement left it.
    if (s->target)
      fprintf(fp, "%16s0x%016llx%16s", "",
              (unsigned long long)s->target->value, "");
    else if (!strcmp(s->sym, "."))
      fprintf(fp, "%16s0x%016llx%16s", "", (unsigned long long)s->value, "");
    else
      fprintf(fp, "%16s%-18s%16s", "", "[!provide]", "");
    print_assignment(ctx, fp, s);
    return;
  }
  print_input_stmt(ctx, fp, s);
}

// The statements of C's output section description before the one with
// index UPTO (1-based; 0: all), from *next on.
static void print_statements_upto(struct ctx *ctx, FILE *fp,
                                  struct chunk *c, u32 *next, u32 upto) {
  if (!c->stmt)
    return;
  struct vec *b = &c->stmt->body;
  while (*next < b->len) {
    struct script_stmt *s = b->v[*next];
    if (upto && s->kind == SS_INPUT && s->input_index == upto) {
      print_statement(ctx, fp, s);
      ++*next;
      return;
    }
    print_statement(ctx, fp, s);
    ++*next;
  }
}

// The script's assignments outside output sections that follow OS's
// description (or, OS NULL, come before the first), as GNU ld lists them
// at the end of the section before.  A description that made no section
// (/DISCARD/, one nothing went to) GNU ld lists there too, by name, with
// its statements, and what follows it.
static void print_top_level(struct ctx *ctx, FILE *fp, struct out_stmt *os) {
  if (!ctx->script || (!os && !ctx->script->stmts.len))
    return;
  struct vec *v = &ctx->script->stmts;
  u32 i = 0;
  if (os) {
    while (i < v->len && ((struct script_stmt *)v->v[i])->os != os)
      i++;
    i++;
  }
  for (; i < v->len; i++) {
    struct script_stmt *s = v->v[i];
    if (s->kind == SS_OUTPUT && s->os->chunk)
      break;
    if (s->kind != SS_OUTPUT) {
      print_statement(ctx, fp, s);
      continue;
    }
    fprintf(fp, "\n%s\n", s->os->name);
    for (u32 k = 0; k < s->os->body.len; k++)
      print_statement(ctx, fp, s->os->body.v[k]);
  }
}

static void print_sections(struct ctx *ctx, FILE *fp) {
  u64 nsyms = 0;
  struct map_sym *syms = collect_symbols(ctx, &nsyms);
  const char *first = ctx->objs.len
                          ? ((struct objfile *)ctx->objs.v[0])->name
                          : "";
  if (script_layout(ctx))
    print_top_level(ctx, fp, NULL);
  for (u32 i = 0; i < ctx->chunks.len; i++) {
    struct chunk *c = ctx->chunks.v[i];
    // GNU ld's map shows no section -q makes; a script's section left out
    // of the output for want of contents it shows, with its statements.
    bool empty_script_sec = c->stmt && c->kind == CK_REGULAR && !c->home &&
                            !c->discarded && !is_emitted(c);
    if ((!is_emitted(c) && !empty_script_sec) || c->kind == CK_EHDR ||
        is_table_of_link(c) || c->kind == CK_EMIT_RELA)
      continue;
    fputc('\n', fp);
    // Compressed sections as they were before (GNU ld).
    name_column(fp, "", c->zdata ? c->raw_name : c->name);
    addr_size(fp, c->addr, c->zdata ? c->raw_size : c->size);
    if (c->lma_delta)
      fprintf(fp, " load address 0x%016llx",
              (unsigned long long)(c->addr + c->lma_delta));
    fputc('\n', fp);
    u32 next = 0, rank = 0;    // the script's statements printed so far
    if (!has_inputs(c)) {
      print_synthetic(ctx, fp, c, first);
      print_statements_upto(ctx, fp, c, &next, 0);
      continue;
    }
    u64 at = c->addr;
    for (u32 k = 0; k < c->isecs.len; k++) {
      struct isec *is = c->isecs.v[k];
      if (c->stmt && is->rank != rank && is->rank != UINT32_MAX) {
        print_statements_upto(ctx, fp, c, &next, is->rank);
        rank = is->rank;
      }
      u64 addr = c->addr + is->offset;
      if (addr > at) {
        name_column(fp, " ", "*fill*");
        addr_size(fp, at, addr - at);
        fputs(" \n", fp);
      }
      // An .eh_frame input holds what layout left of it, padding included,
      // up to the next one with records (ehframe.c, as GNU ld edits it).
      u64 size = is->size;
      if (c->kind == CK_EH_FRAME) {
        u32 next = k + 1;
        while (next < c->isecs.len && !eh_kept(c->isecs.v[next]))
          next++;
        size = !eh_kept(is) ? 0
               : next < c->isecs.len
                   ? ((struct isec *)c->isecs.v[next])->offset - is->offset
                   : c->size - is->offset;
      }
      print_input(fp, isec_name(is), addr, size, is->file->name);
      if (addr + size > at)
        at = addr + size;
      // This section's symbols: a run of the sorted array.
      u64 lo = 0, hi = nsyms;
      while (lo < hi) {
        u64 mid = lo + (hi - lo) / 2;
        if ((uintptr_t)syms[mid].is < (uintptr_t)is)
          lo = mid + 1;
        else
          hi = mid;
      }
      for (; lo < nsyms && syms[lo].is == is; lo++)
        fprintf(fp, "%16s0x%016llx%16s%s\n", "",
                (unsigned long long)syms[lo].sym->value, "",
                demangled(ctx, syms[lo].sym->name));
      // Range-extension stubs and erratum veneers placed after it, which
      // GNU ld lists as input sections of "linker stubs".
      if (is->stubs && is->stubs->size) {
        u64 sa = stub_sec_addr(is->stubs);
        if (sa > at) {
          name_column(fp, " ", "*fill*");
          addr_size(fp, at, sa - at);
          fputs(" \n", fp);
        }
        print_input(fp, ".text.stub", sa, stub_sec_used(ctx, is->stubs),
                    "linker stubs");
        at = sa + stub_sec_used(ctx, is->stubs);
      }
    }
    print_statements_upto(ctx, fp, c, &next, 0);
    if (c->stmt)
      print_top_level(ctx, fp, c->stmt);
  }
}

// --why-extract=FILE: lld's table of why each archive member was pulled
// in, tab-separated: the referencing file ("<internal>" for -u, the entry
// symbol and --defsym), the member, the symbol.  --whole-archive's
// members are not listed (nothing pulled them).
void write_why_extract(struct ctx *ctx) {
  const char *path = ctx->cfg.why_extract;
  if (!path)
    return;
  FILE *fp = strcmp(path, "-") ? fopen(path, "w") : stdout;
  if (!fp) {
    error(ctx, "cannot open --why-extract= file %s: %s", path,
          strerror(errno));
    return;
  }
  fputs("reference\textracted\tsymbol\n", fp);
  for (u32 i = 0; i < ctx->map_members.len; i++) {
    struct map_member *m = ctx->map_members.v[i];
    if (m->sym)
      fprintf(fp, "%s\t%s\t%s\n", m->from ? m->from->name : "<internal>",
              m->member->name, demangled(ctx, m->sym->name));
  }
  close_report(ctx, fp, "--why-extract= file", path);
}

// --print-memory-usage: GNU ld's table of MEMORY regions; the built-in
// layout has none, so the header alone, as GNU ld prints it then.
// A size as GNU ld's --print-memory-usage writes it: in the largest unit
// that divides it.
static void print_size(u64 sz) {
  if (!(sz & 0x3fffffff))
    printf("%10llu GB", (unsigned long long)(sz >> 30));
  else if (!(sz & 0xfffff))
    printf("%10llu MB", (unsigned long long)(sz >> 20));
  else if (!(sz & 0x3ff))
    printf("%10llu KB", (unsigned long long)(sz >> 10));
  else
    printf(" %10llu B", (unsigned long long)sz);
}

// The MEMORY regions of a script (aliases aside), each with how much of
// it the layout used.
void print_memory_usage(struct ctx *ctx) {
  if (!ctx->cfg.print_memory_usage)
    return;
  fputs("Memory region         Used Size  Region Size  %age Used\n", stdout);
  for (u32 i = 0; ctx->script && i < ctx->script->regions.len; i++) {
    struct mem_region *r = ctx->script->regions.v[i];
    if (r->real != r)
      continue;
    u64 used = r->cur - r->origin;
    printf("%16s: ", r->name);
    print_size(used);
    print_size(r->length);
    if (r->length)
      printf("    %6.2f%%", used * 100.0 / r->length);
    putchar('\n');
  }
  close_report(ctx, stdout, "--print-memory-usage", "-");
}

// A region's attributes as GNU ld's map shows them.
static void print_region_attrs(FILE *fp, struct mem_region *r) {
  static const struct {
    u32 flag;
    char c;
  } names[] = {{RA_ALLOC, 'a'}, {RA_CODE, 'x'}, {RA_READONLY, 'r'},
               {RA_DATA, 'w'}, {RA_LOAD, 'l'}};
  for (u32 i = 0; i < 5; i++)
    if (r->flags_in & names[i].flag)
      fputc(names[i].c, fp);
  if (r->flags_out) {
    fputc('!', fp);
    for (u32 i = 0; i < 5; i++)
      if (r->flags_out & names[i].flag)
        fputc(names[i].c, fp);
  }
}

void write_map(struct ctx *ctx) {
  const char *path = ctx->cfg.map_file;
  if (!path)
    return;
  // -Map A%B: the output's name (as given) for the %, and ".map" for an
  // empty B; else -Map DIR: DIR/OUTPUT.map, OUTPUT being the output's
  // file name (GNU ld's lexsup.c).
  struct stat st;
  const char *percent = strchr(path, '%');
  if (percent && strcmp(path, "-")) {
    path = arena_printf(ctx, "%.*s%s%s", (int)(percent - path), path,
                        ctx->cfg.output, percent[1] ? percent + 1 : ".map");
  } else if (strcmp(path, "-") && !stat(path, &st) && S_ISDIR(st.st_mode)) {
    const char *base = strrchr(ctx->cfg.output, '/');
    path = arena_printf(ctx, "%s/%s.map", path,
                        base ? base + 1 : ctx->cfg.output);
  }
  FILE *fp = strcmp(path, "-") ? fopen(path, "w") : stdout;
  if (!fp) {
    error(ctx, "cannot open map file %s: %s", path, strerror(errno));
    return;
  }
  print_members(ctx, fp);
  if (!ctx->cfg.no_print_map_discarded)
    print_discarded(ctx, fp);
  fputs("\nMemory Configuration\n\n"
        "Name             Origin             Length             Attributes\n",
        fp);
  for (u32 i = 0; ctx->script && i < ctx->script->regions.len; i++) {
    struct mem_region *r = ctx->script->regions.v[i];
    if (r->real != r)
      continue;
    // The attributes after a space, if it has any (GNU ld writes no
    // trailing blank).
    fprintf(fp, "%-16s 0x%016llx 0x%016llx", r->name,
            (unsigned long long)r->origin, (unsigned long long)r->length);
    if (r->flags_in || r->flags_out)
      fputc(' ', fp);
    print_region_attrs(fp, r);
    fputc('\n', fp);
  }
  fputs("*default*        0x0000000000000000 0xffffffffffffffff\n\n"
        "Linker script and memory map\n\n", fp);
  // GNU ld's statements in order: a -T script's come where it stands
  // among the inputs, the default script's after them all.
  u32 split = ctx->script_read && script_layout(ctx) ? ctx->entries_by_script
                                                      : ctx->entries.len;
  print_loads(ctx, fp, 0, split);
  print_sections(ctx, fp);
  print_loads(ctx, fp, split, ctx->entries.len);
  fprintf(fp, "OUTPUT(%s %s)\n", ctx->cfg.output,
          ctx->cfg.oformat_binary ? "binary" : ctx->arch->output_format);
  // GNU ld's AArch64 emulation adds the file of its stubs last.
  if (ctx->arch->branch_range)
    fputs("LOAD linker stubs\n", fp);
  if (ctx->cfg.cref)
    print_cref(ctx, fp);
  close_report(ctx, fp, "map file", path);
}
