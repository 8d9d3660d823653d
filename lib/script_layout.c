// script_layout.c: output sections and addresses by a linker script (-T).
//
// The built-in layout (sections.c, layout.c) is GNU ld's default script in
// C; a script given with -T replaces it, and this file follows it as GNU
// ld's ldlang.c does:
// - Each input section goes to the first input section description, in
//   the script's order, that matches its file and its name; one matched in
//   /DISCARD/ is dropped.  A description's sections are in input order
//   unless it sorts them.  COMMON symbols are a file's "COMMON" section.
// - The linker's own sections (.got, .got.plt, .iplt, .rela.iplt, notes,
//   .eh_frame_hdr) are matched by the names GNU ld gives them.
// - An orphan, a section no description matches, joins the output section
//   of its name, or gets one after the script's section of its kind
//   (.text, .rodata, .tdata, .data, .bss; else the last of like flags).
// - Addresses come from walking the statements with the location counter,
//   which starts at 0: an output section is at its address expression, in
//   its MEMORY region, or at "." aligned; its load address is AT(), its
//   AT> region, or keeps the relation of the section before it.  The walk
//   is repeated until no address changes, so that a symbol or section used
//   before it is defined has its final value.
// Program headers are then derived from the addresses (segments.c).

#include "mld.h"

#include <fnmatch.h>
#include <stdlib.h>

// A statement's matched input sections, in its order.
struct matched {
  struct script_stmt *stmt;
  struct vec isecs;
};

// Whether a file matches pattern P as GNU ld matches file names: the
// name as given, or an archive member's own name; "ARCHIVE:MEMBER"
// patterns match members (either part may be empty: any).
static bool file_matches(const char *p, struct objfile *f) {
  if (!strcmp(p, "*"))
    return true;
  if (!f)
    return false;
  const char *member;
  u32 mlen = file_own_name(f, &member);
  bool in_archive = member != f->name;
  char own[4096], archive[4096];
  if (mlen >= sizeof(own))
    return false;
  memcpy(own, member, mlen);
  own[mlen] = 0;
  const char *colon = strchr(p, ':');
  if (!colon)
    return !fnmatch(p, own, 0) || (!in_archive && !fnmatch(p, f->name, 0));
  u64 n = (u64)(colon - p), alen = in_archive ? (u64)(member - 1 - f->name)
                                               : 0;
  char pat[4096];
  if (n >= sizeof(pat) || alen >= sizeof(archive))
    return false;
  memcpy(pat, p, n);
  pat[n] = 0;
  memcpy(archive, f->name, alen);
  archive[alen] = 0;
  if (!n)                      // ":MEMBER": a file not in an archive
    return !in_archive && !fnmatch(colon + 1, own, 0);
  return in_archive && !fnmatch(pat, archive, 0) &&
         (!colon[1] || !fnmatch(colon + 1, own, 0));
}

static bool excluded(const struct vec *ex, struct objfile *f) {
  for (u32 i = 0; i < ex->len; i++)
    if (file_matches(ex->v[i], f))
      return true;
  return false;
}

// The pattern of S that section NAME of file F matches, or NULL.
static struct sec_pattern *match(struct script_stmt *s, struct objfile *f,
                                 const char *name, u64 flags) {
  if (!file_matches(s->file_pat, f) || excluded(&s->file_exclude, f))
    return NULL;
  if (s->has_flags && ((flags & s->flags_want) != s->flags_want ||
                       (flags & s->flags_not)))
    return NULL;
  if (s->whole_file)
    return s->pats.len ? s->pats.v[0] : (struct sec_pattern *)s;
  for (u32 i = 0; i < s->pats.len; i++) {
    struct sec_pattern *p = s->pats.v[i];
    if (!fnmatch(p->name, name, 0) && !excluded(&p->exclude, f))
      return p;
  }
  return NULL;
}

// Section names to the first description that takes the name whatever
// the file ("*(NAME)"): most of a script's matching, done once per name.
struct memo_slot {
  const char *name;
  i32 k;                       // -1: none
  struct sec_pattern *p;
};

struct walk {
  struct ctx *ctx;
  struct vec inputs;           // struct script_stmt *: every SS_INPUT, in order
  struct vec outs;             // struct out_stmt *, in order
  struct vec owner;            // the out_stmt of each of inputs
  struct vec by_file;          // indexes (as pointers) of the descriptions
                               // whose match depends on the file (or on
                               // the section's flags)
  struct memo_slot *memo;
  u64 memo_cap, memo_len;
  u64 flags;                   // the flags of the section being matched
  u32 linker_orphans;          // where the linker's orphans go among the
                               // inputs' (after dynobj_file's)
  bool end_seen;               // collect: past an assignment to end
};

// Every output and input statement, in order, into W.  And an output
// statement after an assignment to "end" with any number of leading
// underscores, at any depth, is marked (GNU ld's found_end): past it, a
// symbol outside sections belongs to the section before, even after an
// assignment to ".".
static void collect(struct walk *w, struct vec *stmts, struct out_stmt *os) {
  for (u32 i = 0; i < stmts->len; i++) {
    struct script_stmt *s = stmts->v[i];
    if (s->kind == SS_ASSIGN) {
      const char *p = s->sym;
      while (*p == '_')
        p++;
      w->end_seen |= !strcmp(p, "end");
    } else if (s->kind == SS_OUTPUT) {
      s->os->after_end = w->end_seen;
      vec_push(w->ctx, &w->outs, s->os);
      collect(w, &s->os->body, s->os);
    } else if (s->kind == SS_INPUT) {
      vec_push(w->ctx, &w->inputs, s);
      vec_push(w->ctx, &w->owner, os);
      s->input_index = w->inputs.len;
    }
  }
}

// Whether description S matches whatever the file.
static bool any_file(const struct script_stmt *s) {
  if (strcmp(s->file_pat, "*") || s->file_exclude.len || s->has_flags)
    return false;
  for (u32 i = 0; i < s->pats.len; i++)
    if (((struct sec_pattern *)s->pats.v[i])->exclude.len)
      return false;
  return true;
}

static bool usable(struct walk *w, u32 k) {
  struct out_stmt *os = w->owner.v[k];
  return !os || !os->disabled;
}

// (Re)starts the memo and the list of file-dependent descriptions.
static void index_inputs(struct walk *w) {
  w->by_file.len = 0;
  for (u32 k = 0; k < w->inputs.len; k++)
    if (usable(w, k) && !any_file(w->inputs.v[k]))
      vec_push(w->ctx, &w->by_file, (void *)(uintptr_t)k);
  w->memo_cap = 1024;
  w->memo_len = 0;
  w->memo = arena_alloc(w->ctx, w->memo_cap * sizeof(*w->memo));
  memset(w->memo, 0, w->memo_cap * sizeof(*w->memo));
}

static struct memo_slot *memo_find(struct walk *w, const char *name) {
  u64 h = hash_name(name, strlen(name));
  for (u64 i = h & (w->memo_cap - 1);; i = (i + 1) & (w->memo_cap - 1))
    if (!w->memo[i].name || !strcmp(w->memo[i].name, name))
      return &w->memo[i];
}

// The first file-independent description naming NAME, memoized.
static struct memo_slot *by_name(struct walk *w, const char *name) {
  struct memo_slot *m = memo_find(w, name);
  if (m->name)
    return m;
  if (2 * (w->memo_len + 1) > w->memo_cap) {
    struct memo_slot *old = w->memo;
    u64 n = w->memo_cap;
    w->memo_cap *= 2;
    w->memo = arena_alloc(w->ctx, w->memo_cap * sizeof(*w->memo));
    memset(w->memo, 0, w->memo_cap * sizeof(*w->memo));
    for (u64 i = 0; i < n; i++)
      if (old[i].name)
        *memo_find(w, old[i].name) = old[i];
    m = memo_find(w, name);
  }
  m->name = name;
  m->k = -1;
  m->p = NULL;
  w->memo_len++;
  for (u32 k = 0; k < w->inputs.len; k++) {
    struct script_stmt *s = w->inputs.v[k];
    if (!usable(w, k) || !any_file(s))
      continue;
    struct sec_pattern *p = match(s, NULL, name, 0);
    if (p) {
      m->k = (i32)k;
      m->p = p;
      break;
    }
  }
  return m;
}

// The first description matching section NAME of F: its index in
// w->inputs, or -1.
static i32 first_match(struct walk *w, struct objfile *f, const char *name,
                       struct sec_pattern **pat) {
  struct memo_slot *m = by_name(w, name);
  for (u32 i = 0; i < w->by_file.len; i++) {
    u32 k = (u32)(uintptr_t)w->by_file.v[i];
    if (m->k >= 0 && k > (u32)m->k)
      break;
    struct sec_pattern *p = match(w->inputs.v[k], f, name, w->flags);
    if (p) {
      *pat = p;
      return (i32)k;
    }
  }
  *pat = m->p;
  return m->k;
}

static struct chunk *out_chunk(struct ctx *ctx, struct out_stmt *os) {
  if (!os->chunk) {
    os->chunk = new_chunk(ctx, os->name, CK_REGULAR, SHT_PROGBITS, 0, 1);
    os->chunk->stmt = os;
  }
  return os->chunk;
}

// PATTERN's sort with --sort-section=name|alignment, as GNU ld's
// update_wild_statements makes it: an unsorted pattern is sorted by the
// option's key, one sorted by the other key gets it second; a nested sort
// of one key is that key.  A pattern of .init or .fini is left alone.
u8 pattern_sort(struct ctx *ctx, const struct sec_pattern *p) {
  if (ctx->cfg.sort_section == SORT_SECTION_NONE ||
      !strcmp(p->name, ".init") || !strcmp(p->name, ".fini"))
    return p->sort;
  bool by_name = ctx->cfg.sort_section == SORT_SECTION_NAME;
  switch (p->sort) {
  case PS_NONE:
    return by_name ? PS_NAME : PS_ALIGN;
  case PS_NAME:
    return by_name ? PS_NAME : PS_NAME_ALIGN;
  case PS_ALIGN:
    return by_name ? PS_ALIGN_NAME : PS_ALIGN;
  default:
    return p->sort;
  }
}

// Input sections of a chunk, in the order they were matched; each
// remembers its statement (by is->rank: 1 + its index in w->inputs) and
// its pattern's sort (none for a statement of whole files).
static void rank_by(struct ctx *ctx, struct isec *is, struct script_stmt *s,
                    struct sec_pattern *p) {
  is->rank = s->input_index;
  is->sort = (void *)p != (void *)s ? pattern_sort(ctx, p) : PS_NONE;
  is->file_sorted = s->file_sort == PS_NAME;
  is->script_keep = s->keep;
}

static void rank_isec(struct walk *w, struct isec *is, i32 k,
                      struct sec_pattern *p) {
  rank_by(w->ctx, is, w->inputs.v[k], p);
}

static void place_isec(struct walk *w, struct isec *is, i32 k,
                       struct sec_pattern *p, u32 type, u64 flags,
                       u64 entsize) {
  rank_isec(w, is, k, p);
  add_isec(w->ctx, out_chunk(w->ctx, w->owner.v[k]), is, type, flags,
           entsize);
}

// Where a script's statements put a file's COMMON section (create_commons'
// home; arg: the walk).
static struct chunk *script_common_home(struct ctx *ctx, void *arg,
                                        struct isec *is, u32 kind) {
  static const char *const names[] = {"COMMON", ".tcommon", "LARGE_COMMON"};
  struct walk *w = arg;
  struct sec_pattern *p;
  w->flags = SHF_ALLOC | SHF_WRITE | (kind == 1 ? SHF_TLS : 0);
  i32 k = first_match(w, is->file, names[kind], &p);
  if (k < 0 || !w->owner.v[k] ||
      ((struct out_stmt *)w->owner.v[k])->discard) {
    // An orphan COMMON: GNU ld puts it in .bss (or makes one).
    struct chunk *c = chunk_named(ctx, kind == 1 ? ".tbss" : ".bss");
    if (!c)
      c = new_chunk(ctx, kind == 1 ? ".tbss" : ".bss", CK_REGULAR,
                    SHT_NOBITS, 0, 1);
    is->rank = UINT32_MAX;
    return c;
  }
  struct out_stmt *os = w->owner.v[k];
  is->rank = (u32)k + 1;
  is->sort = pattern_sort(ctx, p);
  return out_chunk(ctx, os);
}

// The names GNU ld gives the linker's own input sections.
static bool synthetic_matches(struct walk *w, struct chunk *c, i32 *k) {
  const char *names[2] = {synthetic_map_name(w->ctx, c), NULL};
  if (c->kind == CK_GOT)
    names[1] = ".igot";
  if (c->kind == CK_GOTPLT && !w->ctx->cfg.pie)
    names[1] = ".igot.plt";
  for (int n = 0; n < 2 && names[n]; n++) {
    struct sec_pattern *p;
    w->flags = c->flags;
    *k = first_match(w, NULL, names[n], &p);
    if (*k >= 0)
      return true;
  }
  return false;
}

// bfd's view of a section's flags, for MEMORY attributes and orphans.
static u32 ra_flags(const struct chunk *c) {
  u32 f = 0;
  if (c->flags & SHF_ALLOC)
    f |= RA_ALLOC;
  if (!(c->flags & SHF_WRITE))
    f |= RA_READONLY;
  if (c->type != SHT_NOBITS)
    f |= RA_LOAD;
  if (c->flags & SHF_EXECINSTR)
    f |= RA_CODE;
  else if (c->type != SHT_NOBITS)
    f |= RA_DATA;
  return f;
}

// Where orphans go, as GNU ld's ldelf_place_orphan places them: each is
// of a class, whose place is the script's section of the class's name,
// or failing that the last section of the same flags and ELF type (bfd's
// type: the linker's .iplt or .got.plt has none; the
// first such found stays the class's place); the first orphan of a
// class goes right after its place, the next ones after the orphan
// before them of that class.
enum { PL_TEXT, PL_RODATA, PL_TDATA, PL_DATA, PL_BSS, PL_REL, PL_NOTE,
       PL_NONALLOC, PL_COUNT };

struct orphan_places {
  struct chunk *anchor[PL_COUNT];  // the class's place, once known
  struct chunk *last[PL_COUNT];    // the class's last orphan
};

static u32 orphan_class(const struct chunk *c) {
  if (!(c->flags & SHF_ALLOC))
    return PL_NONALLOC;
  if (c->type == SHT_NOTE)
    return PL_NOTE;
  if (c->type == SHT_NOBITS && !(c->flags & SHF_TLS))
    return PL_BSS;
  if (c->flags & SHF_TLS)
    return PL_TDATA;
  if (c->flags & SHF_WRITE)
    return PL_DATA;
  if (c->type == SHT_RELA || c->type == SHT_REL)
    return PL_REL;
  return c->flags & SHF_EXECINSTR ? PL_TEXT : PL_RODATA;
}

static const char *const place_names[PL_COUNT] = {
    ".text", ".rodata", ".tdata", ".data", ".bss", ".rela.dyn", ".interp",
    ".comment"};

// bfd's flags that must agree for a section to be an orphan's kin.
static bool same_flags(const struct chunk *a, const struct chunk *b) {
  u64 m = SHF_ALLOC | SHF_WRITE | SHF_EXECINSTR | SHF_TLS;
  return (a->flags & m) == (b->flags & m) &&
         (a->type == SHT_NOBITS) == (b->type == SHT_NOBITS);
}

// A chunk with something in it: bfd has an output section for it.  (The
// notes the linker makes are known now; its other sections count.)
static bool has_section(struct ctx *ctx, const struct chunk *c) {
  if (c->kind == CK_BUILD_ID)
    return build_id_size(ctx) != 0;
  if (c->kind == CK_PROPERTY)
    return property_note_size(ctx) != 0;
  return c->kind != CK_REGULAR || c->isecs.len || c->nc_joined ||
         (c->stmt && out_has_data(c->stmt));
}

// GNU ld's second choice of place, by class, when no section has the
// orphan's flags and type: code after code even if writable, read-only
// data after any read-only section (code too), data after any loaded
// section, TLS after TLS, zero-fill after anything allocated.
static bool akin(u32 k, const struct chunk *x, const struct chunk *c) {
  bool alloc = x->flags & SHF_ALLOC, tls = x->flags & SHF_TLS;
  bool loaded = x->type != SHT_NOBITS;
  switch (k) {
  case PL_TEXT:
    return alloc && loaded && !tls && (x->flags & SHF_EXECINSTR);
  case PL_RODATA: case PL_NOTE: case PL_REL:
    return alloc && loaded && !tls && !(x->flags & SHF_WRITE);
  case PL_TDATA:
    return alloc && tls;
  case PL_DATA:
    return alloc && loaded && !tls;
  case PL_BSS:
    return alloc;
  }
  return !alloc && same_flags(x, c);
}

// Where a TLS orphan goes when no section has its flags and type (GNU
// ld's lang_output_section_find_by_flags): after the last TLS section,
// but a .tdata kind before a .tbss; with none, after the last loaded
// section (".tdata can go after .data").
static struct chunk *tls_place(struct ctx *ctx, struct vec *order,
                               const struct chunk *c) {
  struct chunk *found = NULL;
  bool seen_tls = false;
  for (u32 i = 0; i < order->len; i++) {
    struct chunk *x = order->v[i];
    if (!has_section(ctx, x) || x->kind == CK_EHDR)
      continue;
    if ((x->flags & (SHF_ALLOC | SHF_TLS)) == (SHF_ALLOC | SHF_TLS)) {
      if (x->type == SHT_NOBITS && c->type != SHT_NOBITS)
        break;
      found = x;
      seen_tls = true;
    } else if (seen_tls) {
      break;
    } else if ((x->flags & SHF_ALLOC) && x->type != SHT_NOBITS) {
      found = x;
    }
  }
  return found;
}

// Where the first allocated relocation orphan goes (GNU ld's
// output_rel_find; bfd names it .rela.dyn): after the last read-only
// section before the first .rel* one, else the last allocated one, else
// the last.
static struct chunk *rel_place(struct ctx *ctx, struct vec *order) {
  struct chunk *last = NULL, *alloc = NULL, *ro = NULL;
  for (u32 i = 1; i < order->len; i++) {
    struct chunk *x = order->v[i];
    if (!strncmp(x->name, ".rel", 4))
      break;
    last = x;
    if (has_section(ctx, x) && (x->flags & SHF_ALLOC)) {
      alloc = x;
      if (!(x->flags & SHF_WRITE))
        ro = x;
    }
  }
  return ro ? ro : alloc ? alloc : last;
}

// The index in ORDER after which orphan C goes.
static i32 orphan_after(struct ctx *ctx, struct orphan_places *pl,
                        struct vec *order, struct chunk *c) {
  u32 k = orphan_class(c);
  // A note goes after the last note of its alignment, so that PT_NOTE
  // covers runs of one alignment (GNU ld 2.40).
  if (k == PL_NOTE) {
    i32 at = -1;
    for (u32 i = 0; i < order->len; i++) {
      struct chunk *x = order->v[i];
      if (x->type == SHT_NOTE && (x->flags & SHF_ALLOC) &&
          x->align == c->align && has_section(ctx, x))
        at = (i32)i;
    }
    if (at >= 0)
      return at;
  }
  if (pl->last[k]) {
    for (u32 i = 0; i < order->len; i++)
      if (order->v[i] == pl->last[k])
        return (i32)i;
  }
  struct chunk *after = pl->anchor[k];
  for (u32 i = 0; !after && i < order->len; i++) {
    struct chunk *x = order->v[i];
    if (x->stmt && !strcmp(x->name, place_names[k]))
      after = pl->anchor[k] = x;
  }
  if (!after && k == PL_REL)
    after = pl->anchor[k] = rel_place(ctx, order);
  if (!after) {
    // The last section of the same flags and ELF type, which becomes the
    // class's place; else, for this orphan, the last akin one of the
    // same type, then of the same flags, then akin (GNU ld's
    // lang_output_section_find_by_flags with the type check, then
    // without).
    for (int step = 0; step < 4 && !after; step++) {
      if (step == 1 && k == PL_TDATA) {
        after = tls_place(ctx, order, c);
        break;
      }
      for (u32 i = 0; i < order->len; i++) {
        struct chunk *x = order->v[i];
        if (!has_section(ctx, x) || x->kind == CK_EHDR)
          continue;
        bool flags = step == 0 || step == 2 ? same_flags(x, c) : akin(k, x, c);
        if (flags && (step >= 2 || synthetic_bfd_type(ctx, x) ==
                                       synthetic_bfd_type(ctx, c)))
          after = x;
      }
      if (step == 0)
        pl->anchor[k] = after;
    }
  }
  i32 at = -1;
  for (u32 i = 0; after && i < order->len; i++)
    if (order->v[i] == after)
      at = (i32)i;
  // No kin: an allocated orphan goes first (GNU ld's "after *ABS*", the
  // first statement: after the ELF header, order's first), another last.
  if (at < 0)
    at = c->flags & SHF_ALLOC ? 0 : (i32)order->len - 1;
  return at;
}

static void place_orphan(struct ctx *ctx, struct orphan_places *pl,
                         struct vec *order, struct chunk *c) {
  // Debugging information has no place of its kind (ldelf_place_orphan):
  // it goes last as it comes, and other orphans do not follow it.
  if (!(c->flags & SHF_ALLOC) && is_debugging_name(c->name)) {
    vec_push(ctx, order, c);
    return;
  }
  u32 at = (u32)(orphan_after(ctx, pl, order, c) + 1);
  // The section whose regions and program headers it takes: the one it
  // follows, or through earlier orphans the statement they follow.
  struct chunk *a = at > 1 && (c->flags & SHF_ALLOC) ? order->v[at - 1] : NULL;
  c->orphan_after = a && !a->stmt ? a->orphan_after : a;
  vec_push(ctx, order, c);
  memmove(&order->v[at + 1], &order->v[at],
          (u64)(order->len - 1 - at) * sizeof(void *));
  order->v[at] = c;
  // A note the link turns out not to have (no property, no build id)
  // is none that GNU ld places, so no later orphan follows it.
  if ((c->kind != CK_PROPERTY && c->kind != CK_BUILD_ID) ||
      has_section(ctx, c))
    pl->last[orphan_class(c)] = c;
}

// Orphans into ORDER (whose first entry stands for the ELF header), one
// after the other.
void place_orphans(struct ctx *ctx, struct vec *order, struct vec *orphans) {
  struct orphan_places pl = {{0}, {0}};
  for (u32 i = 0; i < orphans->len; i++)
    place_orphan(ctx, &pl, order, orphans->v[i]);
}

static const char *sort_name(struct isec *is) {
  return is->is_common ? "COMMON" : isec_name(is);
}

// SORT_BY_NAME on files: by file name, an archive member by its
// archive's, then its own (GNU ld's wild_sort).
static int cmp_file_names(struct objfile *x, struct objfile *y) {
  bool xa = x->entry && x->entry->kind == E_ARCHIVE;
  bool ya = y->entry && y->entry->kind == E_ARCHIVE;
  int c = strcmp(xa ? x->entry->ar->name : x->name,
                 ya ? y->entry->ar->name : y->name);
  if (c || (!xa && !ya))
    return c;
  const char *xn, *yn;
  u32 xl = file_own_name(x, &xn), yl = file_own_name(y, &yn);
  c = memcmp(xn, yn, xl < yl ? xl : yl);
  return c ? c : (xl > yl) - (xl < yl);
}

// Sorts each description's sections as its pattern asks, keeping input
// order otherwise (and for equal keys).
static int cmp_script_isec(const void *a, const void *b) {
  struct isec *x = *(struct isec *const *)a, *y = *(struct isec *const *)b;
  if (x->rank != y->rank)
    return x->rank < y->rank ? -1 : 1;
  u8 s = x->sort;
  int c = x->file_sorted && x->file != y->file
              ? cmp_file_names(x->file, y->file)
              : 0;
  if (c)
    return c;
  if (s == PS_NAME || s == PS_NAME_ALIGN)
    c = strcmp(sort_name(x), sort_name(y));
  if (!c && (s == PS_ALIGN || s == PS_NAME_ALIGN || s == PS_ALIGN_NAME) &&
      x->align != y->align)
    c = x->align > y->align ? -1 : 1;
  if (!c && s == PS_ALIGN_NAME)
    c = strcmp(sort_name(x), sort_name(y));
  if (c)
    return c;
  // Input order: files, then sections (a file's COMMON after them).
  if (x->file->priority != y->file->priority)
    return x->file->priority < y->file->priority ? -1 : 1;
  return x->shndx < y->shndx ? -1 : x->shndx > y->shndx;
}

void sort_script_inputs(struct ctx *ctx, struct chunk *c) {
  vec_sort(&c->isecs, cmp_script_isec);
  // SORT_BY_INIT_PRIORITY: each run of its sections, by priority.
  for (u32 i = 0; i < c->isecs.len;) {
    struct isec *is = c->isecs.v[i];
    u32 j = i + 1;
    while (j < c->isecs.len &&
           ((struct isec *)c->isecs.v[j])->rank == is->rank)
      j++;
    if (is->sort == PS_INIT_PRIORITY)
      sort_init_priority(ctx, (struct isec **)c->isecs.v + i, j - i);
    i = j;
  }
}

static bool stays_empty(struct ctx *ctx, struct chunk *c);

// Whether an output section's statement holds a data command (BYTE,
// LONG, ...).
bool out_has_data(const struct out_stmt *os) {
  for (u32 i = 0; i < os->body.len; i++)
    if (((struct script_stmt *)os->body.v[i])->kind == SS_DATA)
      return true;
  return false;
}

// Whether a section's first statement that is not an input section
// description is a data command: bfd then makes the section read-only
// (map_input_to_output_sections: an assignment or a fill first makes it
// with no flags, and the data command's make it writable).  A section
// an earlier expression names with ADDR or LOADADDR is made by that, as
// by an assignment; mld does not look for those.
static bool out_data_first(const struct out_stmt *os) {
  for (u32 i = 0; i < os->body.len; i++) {
    enum stmt_kind k = ((struct script_stmt *)os->body.v[i])->kind;
    if (k != SS_INPUT)
      return k == SS_DATA;
  }
  return false;
}

// The flags of a section data statements alone make: allocated, and
// writable unless a data statement comes first (bfd makes the section
// read-only for it, an input statement before it writable).
u64 data_only_flags(const struct out_stmt *os) {
  return SHF_ALLOC | (out_data_first(os) ? 0 : SHF_WRITE);
}

// ONLY_IF_RO and ONLY_IF_RW: a description whose sections are not all
// read-only (all writable) is dropped, and its sections go to the
// descriptions after it, as in GNU ld; repeated until none is dropped.
static void check_constraints(struct walk *w) {
  struct ctx *ctx = w->ctx;
  bool any = false;
  for (u32 i = 0; i < w->outs.len; i++)
    any |= ((struct out_stmt *)w->outs.v[i])->constraint != 0;
  while (any) {
    for (u32 i = 0; i < w->outs.len; i++)
      ((struct out_stmt *)w->outs.v[i])->violated = false;
    for (u32 fi = 0; fi < ctx->objs.len; fi++) {
      struct objfile *f = ctx->objs.v[fi];
      for (u32 i = 1; i < f->shnum; i++) {
        if (!f->isecs[i])
          continue;
        struct sec_pattern *p;
        w->flags = SH_FLAGS(shdr_at(f, i));
        i32 k = first_match(w, f, section_name(f, i), &p);
        struct out_stmt *os = k >= 0 ? w->owner.v[k] : NULL;
        if (!os || !os->constraint)
          continue;
        bool writable = SH_FLAGS(shdr_at(f, i)) & SHF_WRITE;
        os->violated |= os->constraint == 1 ? writable : !writable;
      }
    }
    any = false;
    for (u32 i = 0; i < w->outs.len; i++) {
      struct out_stmt *os = w->outs.v[i];
      if (os->violated && !os->disabled)
        os->disabled = any = true;
    }
    if (any)
      index_inputs(w);
  }
}

// A PIE's dynamic relocations for input section NAME are, in GNU ld, an
// input section .rela<NAME> of its own, which the script places: most
// scripts put them all in .rela.dyn (`*(.rela.*)'), U-Boot's puts those
// of its EFI run-time code apart (`.efi_runtime_rel : {
// *(.rel*.efi_runtime) ... }').  An input section whose .rela<NAME> a
// statement other than .rela.dyn's takes first sends its dynamic
// relocations there: that statement becomes a CK_RELA_PART chunk
// (dynamic.c), which must hold nothing else.  Those no statement takes
// stay in .rela.dyn (GNU ld would make orphans of them).  GNU ld makes
// one .rela<NAME> per NAME, in the order the files and their sections
// come; the script places them in the order of the descriptions that
// take them (part_names).
struct part_name {
  const char *name;            // NAME
  i32 k;                       // the input description that takes it
  u32 seq;                     // the order it came in
};

static int cmp_part_name(const void *a, const void *b) {
  const struct part_name *x = *(struct part_name *const *)a;
  const struct part_name *y = *(struct part_name *const *)b;
  if (x->k != y->k)
    return x->k < y->k ? -1 : 1;
  return x->seq < y->seq ? -1 : x->seq > y->seq;
}

static void split_dynamic_relocs(struct ctx *ctx, struct walk *w) {
  for (u32 fi = 0; fi < ctx->objs.len; fi++) {
    struct objfile *f = ctx->objs.v[fi];
    for (u32 i = 1; i < f->shnum; i++) {
      struct isec *is = f->isecs[i];
      if (!is || !is->nrels || !is->osec ||
          !(SH_FLAGS(shdr_at(f, i)) & SHF_ALLOC))
        continue;
      struct sec_pattern *p;
      w->flags = SHF_ALLOC;
      const char *name = arena_printf(ctx, ".rela%s", isec_name(is));
      i32 k = first_match(w, NULL, name, &p);
      struct out_stmt *os = k >= 0 ? w->owner.v[k] : NULL;
      if (!os || os->discard || (os->chunk && os->chunk->kind == CK_RELA_DYN))
        continue;
      struct chunk *c = os->chunk;
      if (!c || c->kind != CK_RELA_PART) {
        if (c && (c->kind != CK_REGULAR || c->isecs.len))
          fatal(ctx, "%s:%u: output section %s holds the dynamic "
                "relocations of %s and other sections, which mld does not "
                "support", os->file, os->line, os->name, name + 5);
        if (ctx->rela_parts.len == UINT8_MAX)
          fatal(ctx, "%s:%u: more than %u output sections of dynamic "
                "relocations: not supported", os->file, os->line,
                UINT8_MAX);
        struct chunk *r = new_chunk(ctx, os->name, CK_RELA_PART, SHT_RELA,
                                    SHF_ALLOC, 8);
        r->entsize = sizeof(Elf64_Rela);
        r->stmt = os;
        r->synth_input = (u32)k + 1;
        if (c) {
          c->name = "";        // the empty placeholder goes
          c->stmt = NULL;
        }
        os->chunk = c = r;
        vec_push(ctx, &ctx->rela_parts, r);
      }
      is->rela_part = (u8)part_index(ctx, c);
      bool known = false;
      for (u32 n = 0; n < c->part_names.len && !known; n++)
        known = !strcmp(((struct part_name *)c->part_names.v[n])->name,
                        name + 5);
      if (!known) {
        struct part_name *pn = arena_alloc(ctx, sizeof(*pn));
        pn->name = name + 5;
        pn->k = k;
        pn->seq = c->part_names.len;
        vec_push(ctx, &c->part_names, pn);
      }
    }
  }
  // Then just the names (const char *), in that order.
  for (u32 i = 0; i < ctx->rela_parts.len; i++) {
    struct vec *v = &((struct chunk *)ctx->rela_parts.v[i])->part_names;
    vec_sort(v, cmp_part_name);
    for (u32 n = 0; n < v->len; n++)
      v->v[n] = (void *)((struct part_name *)v->v[n])->name;
  }
}

// Whether a section SHF_LINK_ORDER ties, through its chain of linked-to
// sections, to one /DISCARD/ or COMDAT took: GNU ld then discards it too
// (ldelf_before_place_orphans).
static bool link_chain_discarded(struct walk *w, struct objfile *f, u32 i) {
  u64 keep = w->flags;
  bool gone = false;
  for (u32 n = 0, l = SH_LINK(shdr_at(f, i)); !gone && n < f->shnum &&
       l && l < f->shnum; n++) {
    const u8 *lsh = shdr_at(f, l);
    struct sec_pattern *p;
    w->flags = SH_FLAGS(lsh);
    i32 k = first_match(w, f, section_name(f, l), &p);
    gone = (f->discarded && f->discarded[l]) ||
           (k >= 0 && ((struct out_stmt *)w->owner.v[k])->discard);
    if (!(SH_FLAGS(lsh) & SHF_LINK_ORDER))
      break;
    l = SH_LINK(lsh);
  }
  w->flags = keep;
  return gone;
}

// Checks the memory regions each output statement names and makes its
// chunk, in the script's order (empty ones too, for now).
static void declare_outputs(struct walk *w) {
  struct ctx *ctx = w->ctx;
  for (u32 i = 0; i < w->outs.len; i++) {
    struct out_stmt *os = w->outs.v[i];
    const char *r[2] = {os->region, os->lma_region};
    for (int k = 0; k < 2; k++)
      if (r[k] && !find_region(ctx, r[k]))
        fatal(ctx, "%s:%u: memory region `%s' not declared", os->file,
              os->line, r[k]);
    if (!os->discard && !os->disabled)
      out_chunk(ctx, os);
  }
}

//
// --enable-non-contiguous-regions: GNU ld gives an input section to each
// description that matches it (lang_add_section); laid out, one that
// would overflow its output section's region leaves it for the next
// (size_input_section).
//

struct nc_cand {
  struct isec *is;
  struct chunk *c;             // the description's output section
  struct script_stmt *s;       // the description, and its pattern
  struct sec_pattern *p;       // that matched
  bool fixed;                  // is cannot move (movable)
};

// Whether an input section may go elsewhere once laid out: nothing made
// from it before depends on its output section.  (Another that would
// go stays, and its region's overflow is reported with nc_unmoved.)
static bool movable(const struct isec *is, u64 flags) {
  return !is->eh && !is->is_common && !is->compressed && !is->reverse &&
         !is->rela_part &&
         !(flags & (SHF_MERGE | SHF_LINK_ORDER | SHF_TLS));
}

// The descriptions after k that take is as well: each one's output
// section gets is's flags and alignment, as in GNU ld, and is may go
// there (if movable).
static void add_candidates(struct walk *w, struct isec *is, const char *name,
                           i32 k, const u8 *sh) {
  struct ctx *ctx = w->ctx;
  for (u32 j = (u32)k + 1; j < w->inputs.len; j++) {
    struct out_stmt *os = w->owner.v[j];
    struct sec_pattern *p;
    if (!os || os->discard || os->disabled ||
        !(p = match(w->inputs.v[j], is->file, name, w->flags)))
      continue;
    struct chunk *c = out_chunk(ctx, os);
    if (c == is->osec)
      continue;                // one output section takes it once
    join_chunk(c, is, SH_TYPE(sh), SH_FLAGS(sh), SH_ENTSIZE(sh),
               !c->isecs.len && !c->nc_joined);
    c->nc_joined = true;
    is->script_keep |= ((struct script_stmt *)w->inputs.v[j])->keep;
    struct nc_cand *n = arena_alloc(ctx, sizeof(*n));
    *n = (struct nc_cand){is, c, w->inputs.v[j], p,
                          !movable(is, SH_FLAGS(sh))};
    vec_push(ctx, &ctx->nc_cands, n);
    if (!is->nc_next)
      is->nc_next = ctx->nc_cands.len;
  }
  // A KEEP that takes it makes it SEC_KEEP, and with it every output
  // section it is given to, which then stays (settle_script_chunk).
  for (u32 i = is->nc_next; is->script_keep && i && i <= ctx->nc_cands.len;
       i++)
    ((struct nc_cand *)ctx->nc_cands.v[i - 1])->c->keep_empty = true;
}

// The candidate of is after its description, or NULL: a section's are
// listed together in statement order (add_candidates), is->nc_next the
// next one's place.
static struct nc_cand *next_candidate(struct ctx *ctx, struct isec *is) {
  return is->nc_next ? ctx->nc_cands.v[is->nc_next - 1] : NULL;
}

// Sends input section I of F to the first description that matches it,
// to /DISCARD/, or, an orphan, to the output section of its name or a
// new one (pushed on ORPHANS).
static void assign_input(struct walk *w, struct objfile *f, u32 i,
                         struct vec *orphans) {
  struct ctx *ctx = w->ctx;
  struct isec *is = f->isecs[i];
  const u8 *sh = shdr_at(f, i);
  const char *name = section_name(f, i);
  struct sec_pattern *p;
  w->flags = SH_FLAGS(sh);
  if (!is) {
    // The inputs' properties: an orphan unless a statement names them.
    if (ctx->cfg.orphan_handling != OH_PLACE &&
        f == ctx->prop_note_file && first_match(w, f, name, &p) < 0)
      property_orphan(ctx, f, i);
    return;
  }
  if ((SH_FLAGS(sh) & SHF_LINK_ORDER) && link_chain_discarded(w, f, i)) {
    discard_input(ctx, f, i);
    return;
  }
  i32 k = first_match(w, f, name, &p);
  if (k >= 0 && ((struct out_stmt *)w->owner.v[k])->discard) {
    discard_input(ctx, f, i);    // /DISCARD/
    return;
  }
  refuse_mbind(ctx, f, i, "with a -T script");
  if (k >= 0) {
    place_isec(w, is, k, p, SH_TYPE(sh), SH_FLAGS(sh), SH_ENTSIZE(sh));
    if (ctx->cfg.non_contiguous_regions)
      add_candidates(w, is, name, k, sh);
    if (copied_in_reverse(name, is->osec->name)) {
      is->reverse = true;
      if (is->size % 8)
        error(ctx, "%s: size of section %s is not multiple of address "
              "size", f->name, name);
    }
    return;
  }
  // An orphan: into the script's section of its name, or its own.
  if (ctx->cfg.orphan_handling != OH_PLACE && !orphan(ctx, f, i, name))
    return;
  struct chunk *c = chunk_named(ctx, name);
  if (c && c->kind == CK_REGULAR)
    c = orphan_home(ctx, c, SH_TYPE(sh), SH_FLAGS(sh));
  if (!c || c->kind != CK_REGULAR) {
    c = new_chunk(ctx, name, CK_REGULAR, SHT_PROGBITS, 0, 1);
    vec_push(ctx, orphans, c);
  }
  is->rank = UINT32_MAX;
  is->sort = PS_NONE;
  add_isec(ctx, c, is, SH_TYPE(sh), SH_FLAGS(sh), SH_ENTSIZE(sh));
}

// The file bfd puts its own sections in (.got, .iplt, ...: its dynobj),
// whose orphans they join (ldlang's lang_place_orphans walks each file's
// sections, then the next file's): on AArch64 the first with a
// relocation that needs them (sections --gc-sections collects count:
// mld has not collected yet); else the one whose property note is kept,
// or the first; in a PIE the first.  -1: none.
static i32 dynobj_file(struct ctx *ctx) {
  // A PIE's dynamic sections are made in the first input as it is read
  // (elf_link_add_object_symbols), before any of this.
  bool pie = ctx->cfg.pie;
  bool (*makes)(u32, bool) = pie ? NULL : ctx->arch->makes_dynobj;
  struct objfile *props = pie ? NULL : ctx->prop_note_file;
  for (u32 fi = 0; fi < ctx->objs.len; fi++) {
    struct objfile *f = ctx->objs.v[fi];
    if (f->binary || f->lto)
      continue;
    if (!makes && (!props || f == props))
      return (i32)fi;
    for (u32 k = 1; makes && k < f->shnum; k++) {
      struct isec *is = f->isecs[k];
      if (!is || !is->nrels || !(SH_FLAGS(shdr_at(f, k)) & SHF_ALLOC))
        continue;
      for (u32 r = 0; r < is->nrels; r++) {
        u64 info = rd64(is->rels + (u64)r * sizeof(Elf64_Rela) + 8);
        if (makes(ELF64_R_TYPE(info), ELF64_R_SYM(info) >= f->first_global))
          return (i32)fi;
      }
    }
  }
  return -1;
}

// Every input section of every file to its output section
// (assign_input), in file and section order.
static void assign_inputs(struct walk *w, struct vec *orphans) {
  struct ctx *ctx = w->ctx;
  i32 dynobj = dynobj_file(ctx);
  index_chunks(ctx, true);     // orphans find their kin by name
  for (u32 fi = 0; fi < ctx->objs.len; fi++) {
    struct objfile *f = ctx->objs.v[fi];
    for (u32 i = 1; i < f->shnum; i++)
      assign_input(w, f, i, orphans);
    if ((i32)fi == dynobj)
      w->linker_orphans = orphans->len;
  }
  if (dynobj < 0)
    w->linker_orphans = orphans->len;
  index_chunks(ctx, false);
}

// The output section bfd's own .data.rel.ro goes to (in a PIE it makes
// one in its dynobj, _bfd_elf_create_dynamic_sections): the statement's
// that takes an input of that name, or an orphan's of that name.
static struct chunk *dynrelro_home(struct walk *w) {
  struct sec_pattern *p;
  w->flags = SHF_ALLOC | SHF_WRITE;
  i32 k = first_match(w, NULL, ".data.rel.ro", &p);
  struct out_stmt *os = k >= 0 ? w->owner.v[k] : NULL;
  if (!os)
    return chunk_named(w->ctx, ".data.rel.ro");
  return os->discard ? NULL : os->chunk;
}

// COMMON symbols to the sections of the statements that take them, and
// the section of LARGE_COMMON kept when a statement names it.
static void place_commons(struct walk *w) {
  struct ctx *ctx = w->ctx;
  create_commons(ctx, script_common_home, w);
  struct sec_pattern *lp;
  i32 lk = ctx->large_common_seen
               ? first_match(w, NULL, "LARGE_COMMON", &lp) : -1;
  if (lk >= 0 && w->owner.v[lk] &&
      !((struct out_stmt *)w->owner.v[lk])->discard)
    keep_large_common_home(ctx, out_chunk(ctx, w->owner.v[lk]));
}

// Synthetic chunk C of kind K, which no statement names, to ORPHANS,
// after the orphans of the file bfd makes its sections in.
static void synthetic_orphan(struct walk *w, struct chunk *c, u32 k,
                             struct vec *orphans) {
  struct ctx *ctx = w->ctx;
  // The inputs' properties are the first file's note (GNU ld merges
  // them into it), which comes before its other orphans.
  u32 at = orphans->len;
  switch (k) {
  case CK_PROPERTY:
    at = 0;
    w->linker_orphans++;
    break;
  case CK_BUILD_ID: case CK_PACKAGE: case CK_EH_FRAME_HDR:
    break;                     // ldelf's, in the first input
  default:
    at = w->linker_orphans++;  // bfd's, in its dynobj
  }
  // An orphan is named after its input (.iplt), but bfd names an
  // allocated relocation orphan .rela.dyn (joining a statement of
  // that name, which mld does not do: the name then stays).
  if (k == CK_IPLT)
    c->name = synthetic_map_name(ctx, c);
  if (k == CK_RELA_IPLT && !ctx->synth[CK_RELA_DYN] &&
      !chunk_named(ctx, ".rela.dyn"))
    c->name = ".rela.dyn";
  vec_push(ctx, orphans, c);
  memmove(&orphans->v[at + 1], &orphans->v[at],
          (u64)(orphans->len - 1 - at) * sizeof(void *));
  orphans->v[at] = c;
}

// Synthetic chunk C of kind K into the statement of input description
// AT that names it: discarded, laid out among its inputs, joined with
// another of the linker's sections, or in the statement's place.
static void synthetic_in_statement(struct walk *w, struct chunk *c, u32 k,
                                   i32 at) {
  struct ctx *ctx = w->ctx;
  struct out_stmt *os = w->owner.v[at];
  if (os->discard) {
    // Gone; whether that may be is known once it is sized
    // (size_synthetic).
    c->discarded = true;
    return;
  }
  // Among input sections (Trusted Firmware-A's `.rodata : { ...
  // *(.got) ... }'): the .got is laid out there as one of them
  // (place_linker_inputs; size_synthetic gives the section its flags);
  // any other of the linker's sections must stay empty.
  if (os->chunk && os->chunk->isecs.len) {
    struct chunk *in = os->chunk;
    if (k != CK_GOT) {
      c->discarded = true;
      c->lost_to = in;
      return;
    }
    c->home = in;
    c->synth_input = (u32)at + 1;
    in->holds_linker = true;
    return;
  }
  // Two of the linker's sections in one statement (".rela.dyn : {
  // *(.rela.*) }", ".got : { *(.got .got.plt) }"): the later one takes
  // it; the earlier one must then stay empty (size_synthetic).
  // .got and .got.plt: one (size_gotplt), in the statement's order.
  if (k == CK_GOTPLT && os->chunk && os->chunk == ctx->synth[CK_GOT]) {
    ctx->script_got_join = (u32)at + 1 >= os->chunk->synth_input ? 1 : 2;
    return;
  }
  if (os->chunk && os->chunk->kind != CK_REGULAR) {
    os->chunk->discarded = true;
    os->chunk->lost_to = c;
  }
  // The synthetic chunk takes the statement's place and name.
  if (os->chunk && os->chunk->kind == CK_REGULAR)
    os->chunk->name = "";    // the empty placeholder goes
  c->name = os->name;
  c->stmt = os;
  c->synth_input = (u32)at + 1;
  if (os->chunk)
    os->chunk->stmt = NULL;
  os->chunk = c;
}

// The linker's own sections, in the statements that name them, taken
// in the order GNU ld makes them, which its orphans keep: a PIE's
// .dynsym and .dynstr before the hash tables, .dynamic before .got.
static void place_synthetics(struct walk *w, struct vec *orphans) {
  struct ctx *ctx = w->ctx;
  static const u8 made[] = {
      CK_EHDR, CK_EH_FRAME, CK_INTERP, CK_PACKAGE, CK_PROPERTY, CK_BUILD_ID,
      CK_RELA_IPLT, CK_IPLT, CK_PLTGOT, CK_EH_FRAME_HDR, CK_VERDEF,
      CK_VERSYM, CK_DYNSYM, CK_DYNSTR, CK_HASH,
      CK_GNU_HASH, CK_RELA_DYN, CK_RELA_PART, CK_RELR_DYN, CK_DYNAMIC,
      CK_GOT, CK_GOTPLT, CK_EMIT_RELA, CK_SYMTAB, CK_SYMTAB_SHNDX, CK_STRTAB,
      CK_SHSTRTAB,
  };
  _Static_assert(sizeof(made) == CK_NKINDS - 1, "a kind is missing");
  create_synthetic(ctx);
  for (u32 m = 0; m < sizeof(made); m++) {
    u32 k = made[m];
    struct chunk *c = ctx->synth[k];
    if (!c || k == CK_EHDR || k == CK_SYMTAB || k == CK_SYMTAB_SHNDX ||
        k == CK_STRTAB || k == CK_SHSTRTAB || k == CK_EH_FRAME)
      continue;
    i32 at;
    if (synthetic_matches(w, c, &at))
      synthetic_in_statement(w, c, k, at);
    else
      synthetic_orphan(w, c, k, orphans);
  }
}

// The output order: the script's sections, orphans after their kin, the
// symbol and string tables last; each chunk's order is set from it.
static void order_chunks(struct walk *w, struct vec *orphans) {
  struct ctx *ctx = w->ctx;
  struct vec order = {0};
  vec_push(ctx, &order, ctx->synth[CK_EHDR]);
  for (u32 i = 0; i < w->outs.len; i++) {
    struct out_stmt *os = w->outs.v[i];
    if (os->chunk && os->chunk->stmt == os)
      vec_push(ctx, &order, os->chunk);
  }
  // Orphans see the sections data statements alone make (below) as
  // bfd's map_input_to_output_sections has made them.
  for (u32 i = 1; i < order.len; i++) {
    struct chunk *c = order.v[i];
    if (c->kind == CK_REGULAR && c->stmt && !c->isecs.len &&
        out_has_data(c->stmt))
      c->flags = data_only_flags(c->stmt);
  }
  place_orphans(ctx, &order, orphans);
  for (u32 k = CK_SYMTAB; k <= CK_SHSTRTAB; k++)
    if (ctx->synth[k])
      vec_push(ctx, &order, ctx->synth[k]);
  for (u32 i = 0; i < order.len; i++)
    ((struct chunk *)order.v[i])->order = i + 1;
  ctx->chunks = order;
}

// The type of an output section from its inputs (joined_type) in the
// order GNU ld adds them: statement by statement, each one's as it sorts
// them (the list's order once sorted), not file by file.  (Sections the
// linker's or inputs it may take gave a type stay as they are.)
static void retype_script_chunk(struct chunk *c) {
  if (!c->isecs.len || c->holds_linker || c->nc_joined)
    return;
  for (u32 i = 0; i < c->isecs.len; i++)
    c->type = joined_type(c->type, input_type(c->isecs.v[i]), !i);
}

// Sorts the inputs of regular chunk C and settles its type and flags
// from its statement (data commands alone, NOLOAD, INFO, READONLY,
// TYPE); the first section of .eh_frame inputs becomes the .eh_frame.
static void settle_script_chunk(struct ctx *ctx, struct chunk *c) {
  sort_script_inputs(ctx, c);
  retype_script_chunk(c);
  // An input KEEP takes makes the output section stay, empty or not (bfd
  // gives it SEC_KEEP, which strip_excluded_output_sections respects).
  for (u32 i = 0; i < c->isecs.len && !c->keep_empty; i++)
    c->keep_empty = ((struct isec *)c->isecs.v[i])->script_keep;
  // Data commands alone make a section of contents (bfd's flags for
  // it: allocated, loaded; writable unless a data command comes first,
  // out_data_first); "." moved alone, one of room only (allocated, not
  // loaded: SHT_NOBITS, as GNU ld makes it).
  if (c->stmt && !c->isecs.len && !c->nc_joined && !stays_empty(ctx, c)) {
    c->flags = data_only_flags(c->stmt);
    c->type = out_has_data(c->stmt) ? SHT_PROGBITS : SHT_NOBITS;
  }
  if (c->stmt && (c->stmt->type == OT_NOLOAD))
    c->type = SHT_NOBITS;
  bfd_made_section(ctx, c);
  if (c->stmt && (c->stmt->type == OT_INFO || c->stmt->type == OT_COPY ||
                  c->stmt->type == OT_OVERLAY)) {
    // Not allocated, so not SHT_NOBITS (bfd's elf_fake_sections): the
    // file holds the .bss inputs' zeros.
    c->flags &= ~(u64)SHF_ALLOC;
    if (c->type == SHT_NOBITS)
      c->type = SHT_PROGBITS;
  }
  if (c->stmt && c->stmt->type == OT_READONLY)
    c->flags &= ~(u64)SHF_WRITE;
  // (TYPE = N) types a section of data commands alone: one with
  // inputs has theirs (bfd copies it first, and keeps it).
  if (script_typed(c))
    c->type = c->stmt->sh_type;

  if (c->isecs.len && !strcmp(isec_name(c->isecs.v[0]), ".eh_frame") &&
      !ctx->synth[CK_EH_FRAME]) {
    c->kind = CK_EH_FRAME;
    c->synth_input = ((struct isec *)c->isecs.v[0])->rank;
    ctx->synth[CK_EH_FRAME] = c;
  }
  set_array_type(c);
}

void script_chunks(struct ctx *ctx) {
  struct script *sc = ctx->script;
  struct walk w = {.ctx = ctx};
  collect(&w, &sc->stmts, NULL);
  index_inputs(&w);
  check_constraints(&w);

  struct vec orphans = {0};
  declare_outputs(&w);
  assign_inputs(&w, &orphans);
  ctx->dynrelro_home = dynrelro_home(&w);
  place_commons(&w);
  place_synthetics(&w, &orphans);
  if (ctx->synth[CK_RELA_DYN])
    split_dynamic_relocs(ctx, &w);
  order_chunks(&w, &orphans);

  for (u32 i = 0; i < ctx->chunks.len; i++) {
    struct chunk *c = ctx->chunks.v[i];
    if (c->kind == CK_REGULAR)
      settle_script_chunk(ctx, c);
  }
  create_emit_relocs(ctx);    // -q: .rela<NAME> after each NAME
  ctx->hdr_order.len = 0;
  for (u32 i = 0; i < ctx->chunks.len; i++)
    vec_push(ctx, &ctx->hdr_order, ctx->chunks.v[i]);
}

//
// -r with a -T script: relocatable.c makes the sections
//

// The script's input section descriptions, ready for script_home.
struct walk *script_walk(struct ctx *ctx) {
  struct walk *w = arena_alloc(ctx, sizeof(*w));
  memset(w, 0, sizeof(*w));
  w->ctx = ctx;
  collect(w, &ctx->script->stmts, NULL);
  index_inputs(w);
  return w;
}

// The statement input section I of F goes to (its rank and sort set as
// script_chunks sets them), or NULL: an orphan, or with *discard set,
// /DISCARD/ (also when a section it is linked to goes there).  A member
// of a section group (GROUPED) matches /DISCARD/ only: bfd's
// unique_section_p keeps -r's groups whole.
struct out_stmt *script_home(struct walk *w, struct objfile *f, u32 i,
                             bool grouped, bool *discard) {
  const u8 *sh = shdr_at(f, i);
  struct sec_pattern *p = NULL;
  *discard = false;
  w->flags = SH_FLAGS(sh);
  if ((SH_FLAGS(sh) & SHF_LINK_ORDER) && link_chain_discarded(w, f, i)) {
    *discard = true;
    return NULL;
  }
  const char *name = section_name(f, i);
  i32 k = grouped ? -1 : first_match(w, f, name, &p);
  for (u32 j = 0; grouped && k < 0 && j < w->inputs.len; j++) {
    struct out_stmt *os = w->owner.v[j];
    if (usable(w, j) && os && os->discard &&
        (p = match(w->inputs.v[j], f, name, w->flags)))
      k = (i32)j;
  }
  struct out_stmt *os = k < 0 ? NULL : w->owner.v[k];
  if (!os)
    return NULL;
  *discard = os->discard;
  if (os->discard)
    return NULL;
  if (f->isecs[i])
    rank_isec(w, f->isecs[i], k, p);
  return os;
}

//
// Symbols
//

typedef void name_fn(struct ctx *ctx, struct expr *node, const char *name,
                     void *arg);

// Every name the script's expressions use, in statement order.
static bool is_provide(const struct script_stmt *s) {
  return s->kind == SS_ASSIGN &&
         (s->provide == PV_PROVIDE || s->provide == PV_PROVIDE_HIDDEN);
}

// FN for every name the expressions of STMTS use; with PROVIDES, those of
// PROVIDE statements are not walked but gathered there.
static void each_name_but(struct ctx *ctx, struct vec *stmts, name_fn *fn,
                          void *arg, struct vec *provides) {
  for (u32 i = 0; i < stmts->len; i++) {
    struct script_stmt *s = stmts->v[i];
    if (provides && is_provide(s)) {
      vec_push(ctx, provides, s);
      continue;
    }
    expr_symbols(ctx, s->e, fn, arg);
    if (s->kind != SS_OUTPUT)
      continue;
    struct out_stmt *os = s->os;
    struct expr *e[] = {os->addr, os->lma, os->align, os->subalign, os->fill};
    for (u32 k = 0; k < sizeof(e) / sizeof(*e); k++)
      expr_symbols(ctx, e[k], fn, arg);
    each_name_but(ctx, &os->body, fn, arg, provides);
  }
}

static void each_name(struct ctx *ctx, struct vec *stmts, name_fn *fn,
                      void *arg) {
  each_name_but(ctx, stmts, fn, arg, NULL);
}

static void add_name(struct ctx *ctx, struct expr *node, const char *name,
                     void *arg) {
  (void)node;
  vec_push(ctx, arg, (void *)name);
}

static void find_name(struct ctx *ctx, struct expr *node, const char *name,
                      void *arg) {
  (void)ctx;
  (void)node;
  const char **want = arg;
  if (*want && !strcmp(*want, name))
    *want = NULL;
}

// Whether expression E uses NAME.
static bool expr_names(struct ctx *ctx, struct expr *e, const char *name) {
  const char *want = name;
  expr_symbols(ctx, e, find_name, &want);
  return !want;
}

static bool script_uses(const struct vec *names, const char *name) {
  for (u32 i = 0; i < names->len; i++)
    if (!strcmp(names->v[i], name))
      return true;
  return false;
}

// USED: the names the script's expressions use.  GNU ld enters each in
// its hash table as it evaluates it, so that a PROVIDE defines a symbol
// the script alone refers to (`LONG (bar)' ... `PROVIDE (bar = .)').
//
// Whether a PROVIDE is needed, GNU ld decides when it first evaluates
// the script, as it opens the inputs (etree_provide: the name must be
// new or undefined then).  An assignment before it has defined the name
// by then if its value was known (a constant), or, whatever its value,
// if the name was new (GNU ld gives a new name a fake 0 "so that it can
// be seen by other expressions"); never if it uses the name itself.
// SEEN: the names the statements walked so far used or assigned.
static void define_assigned(struct ctx *ctx, struct vec *stmts,
                            const struct vec *used, struct vec *seen,
                            bool top) {
  for (u32 i = 0; i < stmts->len; i++) {
    struct script_stmt *s = stmts->v[i];
    if (s->kind == SS_OUTPUT) {
      struct out_stmt *os = s->os;
      struct expr *e[] = {os->addr, os->lma, os->align, os->subalign,
                          os->fill};
      for (u32 k = 0; k < sizeof(e) / sizeof(*e); k++)
        expr_symbols(ctx, e[k], add_name, seen);
      define_assigned(ctx, &os->body, used, seen, false);
    }
    if (s->kind != SS_ASSIGN || !strcmp(s->sym, ".")) {
      expr_symbols(ctx, s->e, add_name, seen);
      continue;
    }
    struct symbol *sym = sym_find_str(ctx, s->sym);
    bool provide = is_provide(s);
    bool self = expr_names(ctx, s->e, s->sym);
    bool was_new = !script_uses(seen, s->sym);
    expr_symbols(ctx, s->e, add_name, seen);
    vec_push(ctx, seen, (void *)s->sym);
    // PROVIDE defines a symbol only if the link refers to it and nothing
    // defines it.
    bool script_def = sym && (sym->flags & SF_LINKER) &&
                      sym->symidx >> 1 == W_SCRIPT;
    if (provide && (sym ? sym->state != SYM_UNDEF &&
                              (!script_def || sym_aux(ctx, sym)->early)
                        : !script_uses(used, s->sym))) {
      // Not needed, but PROVIDE_HIDDEN still hides a symbol the link
      // has (GNU ld's bfd_elf_record_link_assignment).
      if (sym && s->provide == PV_PROVIDE_HIDDEN) {
        struct sym_aux *aux = sym_aux(ctx, sym);
        if (sym->file && !aux->script_local) {
          aux->script_local = true;
          vec_push(ctx, &ctx->script_locals, sym);
        }
        if (sym->visibility != STV_INTERNAL)
          sym->visibility = STV_HIDDEN;
      }
      continue;
    }
    if (!sym)
      sym = sym_intern(ctx, s->sym, strlen(s->sym));
    else if (!provide && s->op == '=' && !self)
      warn_script_redefinition(ctx, sym, s->file, s->line);
    s->target = sym;
    if ((sym->flags & SF_LINKER) && sym->symidx >> 1 == W_SCRIPT) {
      sym_aux(ctx, sym)->const_known = false;  // not its one assignment
      continue;                // assigned before: the same symbol
    }
    // A --defsym before the script is an assignment GNU ld made before
    // it: DEFINED sees it, and the script's own starts from its value.
    bool defsym = (sym->flags & SF_LINKER) && sym->symidx >> 1 == W_DEFSYM;
    bool by_object = (sym->state != SYM_UNDEF && sym->file) || defsym;
    if (defsym) {
      struct expr_value dv;
      struct sym_aux *da = sym_aux(ctx, sym);
      if (da->expr && expr_is_constant(da->expr) &&
          eval_expr(ctx, da->expr, da->defsym_text, true, &dv))
        sym->value = dv.v;
    }
    bool listed = defsym;      // in ctx->linker_syms already
    struct objfile *prior_file = NULL;
    u32 prior_symidx = 0;
    if (self && sym->state == SYM_DEFINED && sym->file) {
      prior_file = sym->file;
      prior_symidx = sym->symidx;
    }
    sym->state = SYM_DEFINED;
    sym->flags |= SF_LINKER;
    sym->binding = STB_GLOBAL;
    sym->type = STT_NOTYPE;
    sym->file = NULL;
    if (s->provide == PV_PROVIDE_HIDDEN || s->provide == PV_HIDDEN) {
      sym->visibility = STV_HIDDEN;
      sym->flags |= SF_SCRIPT_HIDDEN;
    }
    struct sym_aux *aux = sym_aux(ctx, sym);
    aux->osec = NULL;
    aux->early = !self && (expr_is_constant(s->e) || (was_new && !provide));
    // A constant's value is known at once (x86-64's GOTPCRELX relaxation
    // looks at it when relocations are scanned, as GNU ld does); not in
    // an output section, where it is relative to the section.
    struct expr_value cv;
    aux->const_known = top && !provide && s->op == '=' &&
                       expr_is_constant(s->e) &&
                       eval_expr(ctx, s->e, s->file, true, &cv) && !cv.sec;
    if (aux->const_known)
      aux->const_value = cv.v;
    aux->by_object = by_object;
    aux->prior_file = prior_file;
    aux->prior_symidx = prior_symidx;
    sym->symidx = (u32)W_SCRIPT << 1;
    if (!listed)
      vec_push(ctx, &ctx->linker_syms, sym);
  }
}

// The names of USED (see define_assigned).  GNU ld evaluates a PROVIDE's
// expression only when the PROVIDE is needed (an input refers to its
// name, or an expression evaluated so far uses it), so a name that only
// an unneeded PROVIDE uses is not used: the PROVIDEs' names are added
// until no other PROVIDE becomes needed.
static void script_used_names(struct ctx *ctx, struct vec *used) {
  struct vec provides = {0};
  each_name_but(ctx, &ctx->script->stmts, add_name, used, &provides);
  for (bool grew = true; grew;) {
    grew = false;
    for (u32 i = 0; i < provides.len; i++) {
      struct script_stmt *s = provides.v[i];
      if (!s)
        continue;
      struct symbol *sym = sym_find_str(ctx, s->sym);
      if (sym ? sym->state != SYM_UNDEF : !script_uses(used, s->sym))
        continue;
      expr_symbols(ctx, s->e, add_name, used);
      provides.v[i] = NULL;
      grew = true;
    }
  }
}

static void bind_name(struct ctx *ctx, struct expr *node, const char *name,
                      void *arg) {
  (void)arg;
  // A name only looked up makes no symbol (GNU ld: no hash table entry);
  // one that no file and no assignment defines is reported when used.
  expr_bind(node, sym_find_str(ctx, name));
}

static bool assigns(struct vec *stmts, const char *name) {
  for (u32 i = 0; i < stmts->len; i++) {
    struct script_stmt *s = stmts->v[i];
    if ((s->kind == SS_ASSIGN && !strcmp(s->sym, name)) ||
        (s->kind == SS_OUTPUT && assigns(&s->os->body, name)))
      return true;
  }
  return false;
}

// Whether the -T script assigns NAME (then GNU ld's own definition of
// __ehdr_start, made only for a name still undefined, never comes).
bool script_assigns(struct ctx *ctx, const char *name) {
  return ctx->script && assigns(&ctx->script->stmts, name);
}

void define_script_symbols(struct ctx *ctx) {
  if (!ctx->script)
    return;
  struct vec used = {0};
  script_used_names(ctx, &used);
  // A MEMORY region's ORIGIN and LENGTH count as uses too (GNU ld's
  // first lang_do_memory_regions pass enters their names).
  struct vec *r = &ctx->script->regions;
  for (u32 i = 0; i < r->len; i++) {
    struct mem_region *m = r->v[i];
    expr_symbols(ctx, m->origin_e, add_name, &used);
    expr_symbols(ctx, m->length_e, add_name, &used);
  }
  struct vec seen = {0};
  define_assigned(ctx, &ctx->script->stmts, &used, &seen, true);
  // The symbols each expression names, bound once.
  each_name(ctx, &ctx->script->stmts, bind_name, NULL);
  for (u32 i = 0; i < r->len; i++) {
    struct mem_region *m = r->v[i];
    expr_symbols(ctx, m->origin_e, bind_name, NULL);
    expr_symbols(ctx, m->length_e, bind_name, NULL);
  }
}

//
// Addresses
//

struct lay {
  struct ctx *ctx;
  bool final;                  // the last walk: errors are said
  bool changed;                // an address or symbol moved this walk
  // --enable-non-contiguous-regions: the section whose "." move_on
  // sent to its region's end, nothing placed since, and its size.
  struct chunk *nc_jumped;
  u64 nc_size_end;
  struct script_dot d;
  struct chunk *prev;          // the last allocated section laid out
  bool after_dot;              // a top-level ". =" since it
  // Where the next section without an address starts: "." as the last
  // top-level statement or allocated section left it (GNU ld's default
  // memory region's "current").  A section that is not allocated moves
  // "." but not this.
  u64 free;
  struct chunk *default_last_lma; // last_lma of GNU ld's default region
  struct data_segment ds;
};

static u64 value_of(struct lay *l, struct script_stmt *s,
                    struct expr_value *v) {
  const char *what = arena_printf(l->ctx, "%s:%u", s->file, s->line);
  eval_script_expr(l->ctx, s->e, what, !l->final, &l->d, v);
  return v->v;
}

static void set_symbol(struct lay *l, struct script_stmt *s) {
  struct expr_value v;
  struct symbol *sym = s->target;
  if (!sym)
    return;                    // a PROVIDE not needed: not evaluated
  struct sym_aux *aux = sym_aux(l->ctx, sym);
  // An object's symbol assigned from itself: in the last walk only (GNU
  // ld's "no self assignment until the final phase"); until then it is
  // the object's (prior_value).
  if (aux->prior_file && !l->final)
    return;
  l->d.used = false;
  value_of(l, s, &v);
  aux->walk = l->ctx->script_walk;
  u64 val = v.v;
  struct chunk *sec = v.sec;
  if (!sec && v.plain && l->d.in_section && l->d.sec) {
    // A number inside an output section is relative to it.
    sec = l->d.sec;
    val += sec->addr;
  } else if (!sec && v.plain) {
    // A plain number outside is absolute.
  }
  // An absolute value made from "." outside output sections, a number
  // too (". > 0": GNU ld's comparisons keep rel_from_abs): the symbol is
  // relative to "."'s section in the output, but absolute in expressions
  // (GNU ld's rel_from_abs, made relative only by ldexp_finalize_syms).
  bool from_abs = !sec && l->d.used && !l->d.in_section;
  if (from_abs)                // section_for_dot: before all, the first
    sec = l->d.sec ? l->d.sec : l->d.near;
  if (s->op != '=') {
    u64 old = sym->value;
    switch (s->op) {
    case '+': val = old + v.v; break;
    case '-': val = old - v.v; break;
    case '*': val = old * v.v; break;
    case '/': val = v.v ? old / v.v : 0; break;
    case '&': val = old & v.v; break;
    case '|': val = old | v.v; break;
    case 'L': val = v.v < 64 ? old << v.v : 0; break;
    case 'R': val = v.v < 64 ? old >> v.v : 0; break;
    }
    sec = aux->osec;
  }
  if (sym->value != val)
    l->changed = true;
  sym->value = val;
  s->value = val;
  // The type of the one symbol the expression names, if it names one
  // (GNU ld's bfd_copy_link_hash_symbol_type).
  sym->type = v.type;
  aux->osec = sec;
  if (s->op == '=')
    aux->rel_from_abs = from_abs;
  if (sec)
    sym->flags &= ~SF_ABS;
  else
    sym->flags |= SF_ABS;
}

// ". = VALUE".
static void move_dot(struct lay *l, struct script_stmt *s) {
  struct expr_value v;
  value_of(l, s, &v);
  u64 to = v.v;
  // ". += X" is ". = . + X": a value of "."'s own section adds its
  // offset (GNU ld: same-section arithmetic works on offsets).
  u64 by = v.sec && v.sec == l->d.sec ? v.v - v.sec->addr : v.v;
  if (s->op != '=')
    to = l->d.dot + (s->op == '+' ? by : -by);
  else if (!v.sec && v.plain && l->d.sec)
    to = l->d.sec->addr + v.v;
  if (l->d.sec && to < l->d.dot) {
    if (l->final)
      fatal(l->ctx, "%s:%u: cannot move location counter backwards (from "
            "%016llx to %016llx)", s->file, s->line,
            (unsigned long long)l->d.dot, (unsigned long long)to);
    to = l->d.dot;
  }
  // Kernels live at the top (0xffffffff81000000); only the last pages,
  // where rounding an address up would wrap, are refused.
  if (to > image_limit(l->ctx))
    fatal(l->ctx, "%s:%u: location counter moved to 0x%llx, too near the "
          "end of the address space", s->file, s->line,
          (unsigned long long)to);
  l->d.dot = to;
  s->value = to;
}

static void check_assert(struct lay *l, struct script_stmt *s) {
  struct expr_value v;
  value_of(l, s, &v);
  if (l->final && !v.v)
    error(l->ctx, "%s", s->msg);
}

// Data commands and fills, written once the sections are (write_script_data).
struct script_data {
  struct chunk *c;
  u64 off;
  u32 size;                    // 1, 2, 4, 8; 0: a fill of len bytes
  u64 len;
  u64 value;
  const struct fill *fill;     // a fill's pattern
};

static void add_data(struct lay *l, struct chunk *c, u64 off, u32 size,
                     u64 value) {
  if (!l->final)
    return;
  struct script_data *d = arena_alloc(l->ctx, sizeof(*d));
  *d = (struct script_data){c, off, size, size, value, NULL};
  c->has_script_data = true;
  vec_push(l->ctx, &l->ctx->script_data, d);
}

// A gap of LEN bytes at OFF in C filled with FILL (none if NULL).
static void add_fill(struct lay *l, struct chunk *c, u64 off, u64 len,
                     const struct fill *fill) {
  if (!l->final || !len || !fill)
    return;
  struct script_data *d = arena_alloc(l->ctx, sizeof(*d));
  *d = (struct script_data){c, off, 0, len, 0, fill};
  c->has_script_data = true;
  vec_push(l->ctx, &l->ctx->script_data, d);
}

// A stub section made by stubs.c or errata.c follows its section,
// aligned to 8 as GNU ld aligns its stub sections; the gap gets the
// section's fill, if it has one.
static void place_stubs(struct lay *l, struct chunk *c, struct isec *is,
                        const struct fill *fill) {
  if (!is->stubs || !is->stubs->size)
    return;
  u64 at = align_up(l->d.dot, 8);
  if (at > l->d.dot)
    add_fill(l, c, l->d.dot - c->addr, at - l->d.dot, fill);
  l->d.dot = at;
  is->stubs->offset = l->d.dot - c->addr;
  l->d.dot += is->stubs->size;
  if (c->align < 8)
    c->align = 8;
}

// The first allocated section emitted from chunk index NEXT on, or DFLT.
static struct chunk *next_alloc(struct ctx *ctx, u32 next,
                                struct chunk *dflt) {
  for (u32 k = next; k < ctx->chunks.len; k++) {
    struct chunk *c = ctx->chunks.v[k];
    if ((c->flags & SHF_ALLOC) && is_emitted(c))
      return c;
  }
  return dflt;
}

// The linker's sections that statement S of C names among its inputs
// (their home is C), after the statement's own inputs.
static void place_linker_inputs(struct lay *l, struct chunk *c,
                                struct script_stmt *s,
                                const struct fill *fill) {
  for (u32 k = CK_REGULAR + 1; k < CK_NKINDS; k++) {
    struct chunk *g = l->ctx->synth[k];
    if (!g || g->home != c || g->synth_input != s->input_index)
      continue;
    u64 at = align_up(l->d.dot, g->align ? g->align : 1);
    if (g->size && at > l->d.dot)
      add_fill(l, c, l->d.dot - c->addr, at - l->d.dot, fill);
    if (g->size)
      l->d.dot = at + g->size;
    g->addr = at;
  }
}

// Input section is of c, aligned to at, would overflow c's region: it
// goes to the next description that takes it, and "." to the region's
// end, so that no later input fits either; the section's size stays
// where it was (GNU ld's size_input_section).  Only in the first
// layout, before stubs and errata veneers are placed by input section.
// False if it stays: the overflow is reported, or, where GNU ld would
// drop it (no description left, or "." at the end after a move), mld's
// error.  is leaves c's list when c is laid out (nc_compact).
static bool move_on(struct lay *l, struct chunk *c, struct isec *is,
                    u64 at) {
  struct ctx *ctx = l->ctx;
  struct nc_cand *n = next_candidate(ctx, is);
  if (!n) {
    if ((l->final || l->nc_jumped == c) && !ctx->nc_dropped)
      ctx->nc_dropped = is;
    return false;
  }
  if (n->fixed || is->fold || ctx->nc_layouts) {
    if (l->final && !ctx->nc_unmoved)
      ctx->nc_unmoved = is;
    return false;
  }
  u32 i = is->nc_next;         // 1 + n's place: the next one's, or none
  is->nc_next = i < ctx->nc_cands.len &&
                        ((struct nc_cand *)ctx->nc_cands.v[i])->is == is
                    ? i + 1 : 0;
  rank_by(ctx, is, n->s, n->p);
  is->osec = n->c;
  vec_push(ctx, &n->c->isecs, is);
  n->c->nc_unsorted = true;
  c->nc_moved_out = true;
  if (l->nc_jumped != c) {
    l->nc_jumped = c;
    l->nc_size_end = at;
  }
  l->d.dot = c->region->origin + c->region->length;
  ctx->nc_moved = true;
  return true;
}

// Before c is laid out: the inputs that moved in, in their places.
// After: those that moved out, off its list.
static void nc_sort(struct ctx *ctx, struct chunk *c) {
  if (!c->nc_unsorted)
    return;
  c->nc_unsorted = false;
  for (u32 i = 1; i < c->isecs.len; i++)
    if (cmp_script_isec(&c->isecs.v[i - 1], &c->isecs.v[i]) > 0) {
      sort_script_inputs(ctx, c);
      return;
    }
}

// Something was placed in c after move_on's jump: its size runs to
// "." again.
static void nc_placed(struct lay *l, struct chunk *c) {
  if (l->nc_jumped == c)
    l->nc_jumped = NULL;
}

static void nc_compact(struct chunk *c) {
  if (!c->nc_moved_out)
    return;
  u32 n = 0;
  for (u32 i = 0; i < c->isecs.len; i++)
    if (((struct isec *)c->isecs.v[i])->osec == c)
      c->isecs.v[n++] = c->isecs.v[i];
  c->isecs.len = n;
  c->nc_moved_out = false;
}

// ALIGN (N) or SUBALIGN (N) of output section NAME as GNU ld takes it
// (exp_get_power): the least power of two not below N, 1 for 0; past
// 2^63, bfd's error (said if REPORT) and 1.
u64 script_alignment(struct ctx *ctx, const char *name, u64 v, bool report) {
  if (v <= 1)
    return 1;
  if (v > (u64)1 << 63) {
    if (report)
      error(ctx, "%s: alignment power %d of section `%s' is too big",
            ctx->cfg.output, v == UINT64_MAX ? -1 : 64, name);
    return 1;
  }
  return (u64)1 << (64 - __builtin_clzll(v - 1));
}

// Lays out output section statement BODY of C from l->d.dot (c->addr).
static void lay_body(struct lay *l, struct chunk *c, struct out_stmt *os,
                     struct vec *body, const struct fill *fill) {
  if (c->type == SHT_NOBITS)
    fill = NULL;
  struct ctx *ctx = l->ctx;
  u64 subalign = 0;
  if (os && os->subalign) {
    struct expr_value v;
    eval_script_expr(ctx, os->subalign, os->file, !l->final, &l->d, &v);
    subalign = script_alignment(ctx, c->name, v.v, false);
  }
  for (u32 i = 0; i < body->len; i++) {
    struct script_stmt *s = body->v[i];
    switch (s->kind) {
    case SS_INPUT:
      if (c->kind != CK_REGULAR) {
        // The linker's own section (or .eh_frame, which ehframe.c
        // sizes) where its description is.
        if (s->input_index == c->synth_input)
          l->d.dot = align_up(l->d.dot, c->align ? c->align : 1) + c->size;
        break;
      }
      for (u32 k = 0; k < c->isecs.len; k++) {
        struct isec *is = c->isecs.v[k];
        if (is->rank != s->input_index)
          continue;
        if (is->osec != c)
          continue;            // moved on (move_on)
        u64 a = subalign ? subalign : is->align;
        u64 at = align_up(l->d.dot, a ? a : 1);
        if (ctx->cfg.non_contiguous_regions && c->region &&
            at + is->size > c->region->origin + c->region->length &&
            move_on(l, c, is, at))
          continue;
        nc_placed(l, c);
        if (at > l->d.dot)
          add_fill(l, c, l->d.dot - c->addr, at - l->d.dot, fill);
        is->offset = at - c->addr;
        l->d.dot = at + is->size;
        place_stubs(l, c, is, fill);
      }
      if (c->holds_linker)
        place_linker_inputs(l, c, s, fill);
      break;
    case SS_ASSIGN:
      if (!strcmp(s->sym, ".")) {
        u64 from = l->d.dot;
        nc_placed(l, c);
        move_dot(l, s);
        if (l->d.dot > from)
          add_fill(l, c, from - c->addr, l->d.dot - from, fill);
      } else {
        set_symbol(l, s);
      }
      break;
    case SS_DATA: {
      struct expr_value v;
      value_of(l, s, &v);
      nc_placed(l, c);
      add_data(l, c, l->d.dot - c->addr, s->size, v.v);
      l->d.dot += s->size;
      // Data makes contents, but not in a (NOLOAD) section.
      if (c->type == SHT_NOBITS && !(c->stmt && c->stmt->type == OT_NOLOAD))
        c->type = SHT_PROGBITS;
      break;
    }
    case SS_FILL: {
      struct expr_value v;
      value_of(l, s, &v);
      fill = c->type == SHT_NOBITS ? NULL : expr_fill(ctx, s->e, v.v);
      break;
    }
    case SS_ASSERT:
      check_assert(l, s);
      break;
    case SS_OUTPUT:
      break;
    }
  }
}

// The orphans' input sections, and those of an output section that came
// in as orphans, after what the statements placed, with the section's
// fill (FILL) in the gaps.
static void lay_rest(struct lay *l, struct chunk *c,
                     const struct fill *fill) {
  if (c->type == SHT_NOBITS)
    fill = NULL;
  for (u32 k = 0; k < c->isecs.len; k++) {
    struct isec *is = c->isecs.v[k];
    if (is->rank != UINT32_MAX)
      continue;
    u64 at = align_up(l->d.dot, is->align ? is->align : 1);
    if (at > l->d.dot)
      add_fill(l, c, l->d.dot - c->addr, at - l->d.dot, fill);
    is->offset = at - c->addr;
    l->d.dot = at + is->size;
    place_stubs(l, c, is, fill);
  }
}

// The first region whose attributes take C (GNU ld's lang_memory_default,
// for which a writable section, zero-fill too, is data), or NULL.
static struct mem_region *default_region(struct ctx *ctx, struct chunk *c) {
  u32 f = ra_flags(c);
  if ((f & (RA_ALLOC | RA_READONLY | RA_CODE)) == RA_ALLOC)
    f |= RA_DATA;
  struct vec *v = &ctx->script->regions;
  for (u32 i = 0; i < v->len; i++) {
    struct mem_region *r = v->v[i];
    if (r->real != r || !r->has_attrs)
      continue;
    if ((r->flags_in & f) && !(r->flags_out & f))
      return r;
  }
  return NULL;
}

static struct mem_region *region_named(struct lay *l, struct out_stmt *os,
                                       const char *name) {
  struct mem_region *r = find_region(l->ctx, name);
  if (!r)
    fatal(l->ctx, "%s:%u: memory region `%s' not declared", os->file,
          os->line, name);
  return r;
}

// Whether C will have no bytes: GNU ld removes it, but its assignments
// still see the location counter where it would be.
static bool stays_empty(struct ctx *ctx, struct chunk *c) {
  if (c->kind != CK_REGULAR && c->kind != CK_EH_FRAME)
    return !c->size && !c->keep_empty;
  if (c->kind == CK_EH_FRAME && c->size)
    return false;              // (ehframe.c sized it: the records kept)
  for (u32 i = 0; c->kind == CK_REGULAR && i < c->isecs.len; i++)
    if (((struct isec *)c->isecs.v[i])->size)
      return false;
  for (u32 k = CK_REGULAR + 1; c->holds_linker && k < CK_NKINDS; k++) {
    struct chunk *g = ctx->synth[k];
    if (g && g->home == c && g->size)
      return false;
  }
  // Data, or an assignment to "." other than GNU ld's few that move
  // nothing (dot_assignment_keeps), make a section.
  if (c->stmt && out_has_data(c->stmt))
    return false;
  struct vec *body = c->stmt ? &c->stmt->body : NULL;
  for (u32 i = 0; body && i < body->len; i++) {
    struct script_stmt *s = body->v[i];
    if (s->kind == SS_ASSIGN && !strcmp(s->sym, ".") &&
        dot_assignment_keeps(ctx, s->op, s->e))
      return false;
  }
  return !c->keep_empty;
}

// The load address, once the section is sized, as GNU ld's
// lang_size_sections_1 sets it: AT (LMA); else AT> REGION's next free
// address, aligned as the section only in its own runtime region (else
// to ALIGN (N) alone), or after the section's start moved as much with
// ALIGN_WITH_INPUT; else the previous section's LMA-VMA relation,
// aligned as the section (with an address: to ALIGN (N) alone), unless
// "." moved back below that section ("dot moved backwards": LMA = VMA).
// The previous section is the last one in the section's runtime region
// (REGION; NULL: GNU ld's default region) without a load region of its
// own (track_lma).  OWN is ALIGN (N)'s value, or 1.
static u64 load_delta(struct lay *l, struct chunk *c, struct mem_region *region,
                      struct mem_region *lma_region, u64 vma, u64 align,
                      u64 own, u64 dotdelta) {
  struct ctx *ctx = l->ctx;
  struct out_stmt *os = c->stmt;
  bool alloc = (c->flags & SHF_ALLOC) != 0;
  struct expr_value v;
  if (os && os->lma) {
    eval_script_expr(ctx, os->lma, os->file, !l->final, &l->d, &v);
    return v.v - vma;
  }
  if (lma_region) {
    u64 lma = lma_region->cur;
    if (os && os->align_with_input)
      lma += dotdelta;
    else
      lma = align_up(lma, lma_region == region ? align : own);
    return lma - vma;
  }
  struct chunk *last = region ? region->last_lma : l->default_last_lma;
  if (!last || !alloc)
    return 0;
  if (vma < last->addr && c->size && vma + c->size <= last->addr) {
    if (l->final && last->lma_delta && !c->backwards_said) {
      warn(ctx, "dot moved backwards before `%s'", c->name);
      c->backwards_said = true;
    }
    return 0;
  }
  // An OVERLAY's section after the first: loaded after the one before.
  u64 lma = os && os->overlay == OV_NEXT
                ? last->addr + last->lma_delta + last->size
                : vma + last->lma_delta;
  return align_up(lma, os && os->addr ? own : align) - vma;
}

// C, laid out in REGION without a load region, is the section the next
// ones there take their LMA-VMA relation from if it has bytes, or its
// LMA is not its VMA, or it is not below the last one (GNU ld's rule:
// then -Ttext's empty sections do not count).
static void track_lma(struct lay *l, struct chunk *c,
                      struct mem_region *region) {
  struct chunk **last = region ? &region->last_lma : &l->default_last_lma;
  if (!(c->flags & SHF_ALLOC))
    return;
  if (c->size || (!*last && c->lma_delta) ||
      (*last && c->addr >= (*last)->addr) ||
      (c->stmt && c->stmt->overlay == OV_FIRST))
    *last = c;
}

static void lay_empty(struct lay *l, struct chunk *c) {
  u64 save = l->d.dot;
  struct out_stmt *os = c->stmt;
  // A section that defines symbols is kept (GNU ld's manual, "Output
  // Section Discarding"): aligned as ALIGN (N) asks too, and the location
  // counter goes on from its address.  Any other keeps the counter where
  // it was; its own address is still its ADDR () (ld-scripts/data's
  // `.other 0x2000 : {}').
  bool kept = false;
  for (u32 i = 0; os && i < os->body.len && !kept; i++) {
    struct script_stmt *s = os->body.v[i];
    kept = s->kind == SS_ASSIGN && strcmp(s->sym, ".") &&
           s->target;          // (a PROVIDE not needed defines nothing)
  }
  u64 align = c->isecs.len && c->align ? c->align : 1;
  struct expr_value v;
  if (kept && os->align &&
      eval_script_expr(l->ctx, os->align, os->file, !l->final, &l->d, &v)) {
    u64 a = script_alignment(l->ctx, c->name, v.v, l->final);
    if (a > align)
      align = a;
  }
  // Where its region has come, GNU ld's default one (free) if it names
  // none: lang_size_sections_1 sizes a removed section too, and its
  // symbols see that address.
  c->region = os && os->region ? find_region(l->ctx, os->region) : NULL;
  c->addr = align_up(c->region ? c->region->cur : l->free, align);
  if (os && os->addr &&
      eval_script_expr(l->ctx, os->addr, os->file, !l->final, &l->d, &v))
    c->addr = v.v;
  if (kept)
    save = c->addr;
  l->d.dot = c->addr;
  l->d.sec = c;
  l->d.in_section = true;
  if (c->stmt)
    lay_body(l, c, c->stmt, &c->stmt->body, NULL);
  c->size = 0;
  l->d.sec = NULL;
  l->d.in_section = false;
  // Of empty inputs, it has bfd's section until the sizing is done: its
  // load address, which the next section's may follow (ld-elf/orphan-10:
  // an orphan after an empty ".data : AT (0x300)").
  if ((c->flags & SHF_ALLOC) && c->isecs.len) {
    struct mem_region *region = c->region, *lma_region = NULL;
    if (!region && l->ctx->script->regions.len && !(os && os->addr))
      region = default_region(l->ctx, c);
    if (os && os->lma_region)
      lma_region = region_named(l, os, os->lma_region);
    c->lma_delta = load_delta(l, c, region, lma_region, c->addr, align, 1, 0);
    if (!lma_region)
      track_lma(l, c, region);
  }
  l->d.dot = save;
}

// An allocated section that MEMORY's regions leave in GNU ld's default
// region, with no address of its own: a fatal error (lang_size_sections_1,
// lest it land far from the regions), a warning with --no-check-sections.
static void unplaced_in_memory(struct ctx *ctx, struct chunk *c) {
  const char *m = "no memory region specified for loadable section `%s'";
  if (ctx->cfg.no_check_sections)
    warn(ctx, m, c->name);
  else
    fatal(ctx, m, c->name);
}

static void lay_section(struct lay *l, struct chunk *c) {
  struct ctx *ctx = l->ctx;
  struct out_stmt *os = c->stmt;
  nc_sort(ctx, c);
  if (stays_empty(ctx, c)) {
    lay_empty(l, c);
    nc_compact(c);
    return;
  }

  bool alloc = (c->flags & SHF_ALLOC) != 0;
  u64 align = c->align ? c->align : 1;
  struct expr_value v;
  l->d.sec = NULL;
  // SUBALIGN (N): every input aligned to N, and so the section.
  if (os && os->subalign && c->isecs.len) {
    eval_script_expr(ctx, os->subalign, os->file, !l->final, &l->d, &v);
    align = c->align = script_alignment(ctx, c->name, v.v, l->final);
  }
  u64 own_align = 1;            // ALIGN (N), if given
  if (os && os->align) {
    eval_script_expr(ctx, os->align, os->file, !l->final, &l->d, &v);
    own_align = script_alignment(ctx, c->name, v.v, l->final);
    if (own_align > align)
      align = own_align;
    c->align = align;
  }
  u64 vma, dotdelta = 0, start;
  bool started = alloc && section_start_of(ctx, c->name, &start);
  c->at_address = (os && os->addr) || started;
  // A section given no region takes the first whose attributes match
  // it, unless it has an address (GNU ld's lang_memory_default).
  // An allocated orphan takes the regions of the section it follows
  // (GNU ld's lang_insert_orphan), where that one names them.
  struct mem_region *region = NULL, *lma_region = NULL;
  struct out_stmt *ros = os;
  if (!os && c->orphan_after && c->orphan_after->stmt &&
      c->orphan_after->stmt->region && !c->at_address)
    ros = c->orphan_after->stmt;
  if (ros && ros->region)
    region = region_named(l, ros, ros->region);
  else if (alloc && ctx->script->regions.len && !c->at_address)
    region = default_region(ctx, c);
  if (ros && ros->lma_region)
    lma_region = region_named(l, ros, ros->lma_region);
  c->region = region;
  if (l->final && alloc && !region && !c->at_address &&
      ctx->script->regions.len && !chunk_is_tbss(c))
    unplaced_in_memory(ctx, c);
  if (started) {
    vma = start;
  } else if (os && os->addr) {
    eval_script_expr(ctx, os->addr, os->file, !l->final, &l->d, &v);
    vma = v.v;
  } else if (region) {
    vma = align_up(region->cur, align);
    dotdelta = vma - region->cur;
  } else if (!alloc && !os) {
    vma = 0;                   // an orphan: GNU ld gives it address 0
  } else {
    vma = align_up(l->free, align);
    dotdelta = vma - l->free;
  }
  u64 old_addr = c->addr, old_size = c->size;
  c->addr = vma;
  // Between DATA_SEGMENT_ALIGN and DATA_SEGMENT_RELRO_END: RELRO.
  if (alloc)
    c->relro = l->ds.in_relro;
  u64 save = l->d.dot;
  l->d.dot = vma;
  l->d.sec = c;
  l->d.in_section = true;
  if (c->kind == CK_REGULAR || c->kind == CK_EH_FRAME) {
    const struct fill *fill = NULL;
    if (os && os->fill) {
      eval_script_expr(ctx, os->fill, os->file, !l->final, &l->d, &v);
      fill = expr_fill(ctx, os->fill, v.v);
    }
    if (os)
      lay_body(l, c, os, &os->body, fill);
    lay_rest(l, c, fill);
    if (c->kind == CK_EH_FRAME)
      l->d.dot = vma + c->size;  // sized by ehframe.c
    else
      c->size = (l->nc_jumped == c ? l->nc_size_end : l->d.dot) - vma;
    nc_placed(l, c);
    nc_compact(c);
  } else {
    if (os)
      lay_body(l, c, os, &os->body, NULL);
    if (l->d.dot < vma + c->size)
      l->d.dot = vma + c->size;
  }
  l->d.sec = NULL;
  l->d.in_section = false;
  c->lma_delta =
      load_delta(l, c, region, lma_region, vma, align, own_align, dotdelta);
  if (!lma_region)
    track_lma(l, c, region);
  if (c->addr != old_addr || c->size != old_size)
    l->changed = true;
  // A section that is not allocated has the address it was given, and
  // moves "." past it (GNU ld's lang_size_sections_1), but not where the
  // next section starts; an orphan moves nothing.
  if (!alloc) {
    l->d.dot = os ? vma + c->size : save;
    return;
  }
  u64 end = vma + c->size;
  if (chunk_is_tbss(c))
    l->d.dot = save > vma ? save : vma;
  else
    l->d.dot = end;
  // An OVERLAY's last section: "." past the largest of them.
  if (os && os->update_dot &&
      eval_script_expr(ctx, os->update_dot, os->file, !l->final, &l->d, &v))
    l->d.dot = v.v;
  if (!region)
    l->free = l->d.dot;
  // The regions' next free addresses, as GNU ld moves them: past the
  // section, but .tbss takes no room (its start); the load region moves
  // for a section with contents, or aligned with its input.
  u64 taken = chunk_is_tbss(c) ? 0 : c->size;
  if (region) {
    region->cur = os && os->update_dot ? l->d.dot : vma + taken;
    if (l->final && region->cur > region->origin + region->length &&
        !region->overflow_said) {
      gnu_error(ctx, "%s section `%s' will not fit in region `%s'",
            ctx->cfg.output, c->name, region->name);
      region->overflow_said = true;
    }
  }
  if (lma_region && lma_region != region &&
      (c->type != SHT_NOBITS || (os && os->align_with_input))) {
    u64 lend = vma + c->lma_delta + taken;
    lma_region->cur = lend;
    if (l->final && lend > lma_region->origin + lma_region->length &&
        !lma_region->overflow_said) {
      gnu_error(ctx, "%s section `%s' will not fit in region `%s'",
            ctx->cfg.output, c->name, lma_region->name);
      lma_region->overflow_said = true;
    }
  }
  if (is_emitted(c) || c->isecs.len) {
    l->prev = c;
    l->after_dot = false;
  }
}

// Lays out the chunks from *next on: through UPTO (a statement's), or
// (UPTO NULL) the orphans there.
static void lay_until(struct lay *l, u32 *next, struct chunk *upto) {
  struct ctx *ctx = l->ctx;
  while (*next < ctx->chunks.len) {
    struct chunk *c = ctx->chunks.v[*next];
    if (!upto && c->stmt)
      return;
    ++*next;
    if (is_table_of_link(c))
      continue;
    lay_section(l, c);
    if (c == upto)
      return;
  }
}

// Whether orphans go before top-level statement I, an assignment to ".".
static bool orphans_before_dot(struct ctx *ctx, u32 i) {
  struct vec *v = &ctx->script->stmts;
  for (u32 k = i + 1; k < v->len; k++) {
    struct script_stmt *s = v->v[k];
    if (s->kind != SS_OUTPUT)
      continue;
    struct chunk *c = s->os->chunk;
    return !c || c->stmt != s->os || !c->isecs.len || (c->flags & SHF_ALLOC);
  }
  return false;
}

// One walk of the whole script.
static void walk_script(struct lay *l) {
  struct ctx *ctx = l->ctx;
  struct script *sc = ctx->script;
  ctx->script_walk++;          // DEFINED: what this walk assigned so far
  for (u32 i = 0; i < sc->regions.len; i++) {
    struct mem_region *r = sc->regions.v[i];
    if (r->real != r)
      continue;
    struct expr_value v;
    eval_script_expr(ctx, r->origin_e, r->name, false, NULL, &v);
    r->origin = v.v;
    eval_script_expr(ctx, r->length_e, r->name, false, NULL, &v);
    r->length = v.v;
    r->cur = r->origin;
    r->last_lma = NULL;
    r->overflow_said = false;
  }
  l->d.dot = 0;
  l->d.sec = NULL;
  l->d.ds = &l->ds;
  l->prev = NULL;
  l->after_dot = false;
  l->free = 0;
  l->default_last_lma = NULL;
  l->ds.seen = l->ds.relro_seen = l->ds.end_seen = l->ds.in_relro = false;
  // Chunks in output order; statements outside sections between them.
  u32 next = 1;                // the next chunk (0 is the ELF header)
  // Orphans placed first (after *ABS*) go after the script's first ". ="
  // when no section statement comes before it (insert_os_after's
  // ignore_first).
  bool first_dot = true;
  for (u32 i = 0; i <= sc->stmts.len; i++) {
    struct script_stmt *s = i < sc->stmts.len ? sc->stmts.v[i] : NULL;
    if (s && s->kind == SS_OUTPUT)
      first_dot = false;
    // Orphans and sections up to this statement's.
    struct chunk *upto = s && s->kind == SS_OUTPUT ? s->os->chunk : NULL;
    if (s && s->kind == SS_OUTPUT && (!upto || upto->stmt != s->os))
      continue;                // discarded, or lent to another
    if (s && s->kind != SS_OUTPUT) {
      // Top-level "." belongs to the section before, or after ". =" the
      // one after, unless that comes after an assignment to end
      // (GNU ld's section_for_dot).
      struct chunk *for_dot = l->prev;
      if (l->after_dot) {
        struct chunk *n = next_alloc(ctx, next, NULL);
        if (n && !(l->prev && n->stmt && n->stmt->after_end))
          for_dot = n;
      }
      l->d.sec = NULL;
      if (s->kind == SS_ASSIGN && !strcmp(s->sym, ".")) {
        // GNU ld inserts orphans before the first assignment to "." that
        // follows their section, unless the next section is one with
        // contents that is not allocated (insert_os_after).
        if (orphans_before_dot(ctx, i) && !first_dot)
          lay_until(l, &next, NULL);
        first_dot = false;
        move_dot(l, s);
        l->after_dot = true;
      } else if (s->kind == SS_ASSIGN) {
        struct script_dot keep = l->d;
        // "." is relative to that section here (GNU ld's section_for_dot).
        l->d.sec = for_dot && l->d.dot >= for_dot->addr ? for_dot : NULL;
        if (for_dot && l->after_dot && for_dot != l->prev)
          l->d.sec = for_dot;
        // And ORIGIN (): before any section, the first one.
        l->d.near = for_dot ? for_dot : next_alloc(ctx, next, NULL);
        set_symbol(l, s);
        l->d = keep;
      } else if (s->kind == SS_ASSERT) {
        check_assert(l, s);
      }
      l->free = l->d.dot;
      continue;
    }
    lay_until(l, &next, upto);
  }
}

// The script's layout, at a given program header count: walked until no
// address moves, then once more (FINAL) saying what is wrong.
static void settle(struct lay *l) {
  for (int pass = 0;; pass++) {
    l->changed = false;
    walk_script(l);
    if ((!l->changed && pass > 0) || pass == 8)
      break;
  }
}

// Where DATA_SEGMENT_ALIGN puts the writable part, as GNU ld chooses
// (lang_size_relro_segment, lang_size_segment): with RELRO sections, as
// high as lets the RELRO part end on a maximum page, each RELRO section
// from the last moved up as far as its alignment allows; otherwise on a
// common page if that saves one.  Sets ctx->relro_start and relro_end.
static void place_data_segment(struct lay *l) {
  struct ctx *ctx = l->ctx;
  struct data_segment *ds = &l->ds;
  ctx->relro_start = ctx->relro_end = 0;
  if (!ds->seen)
    return;
  bool relro = !ctx->cfg.z_norelro && ds->relro_seen && ctx->relro_by_rw_copy;
  for (u32 i = 0; !ctx->cfg.z_norelro && ds->relro_seen &&
                  i < ctx->chunks.len; i++) {
    struct chunk *c = ctx->chunks.v[i];
    relro |= c->relro && is_emitted(c) && !chunk_is_tbss(c) && c->size;
  }
  u64 maxp = ds->maxpage, first_dot = ds->dot;
  u64 first_base = align_up(first_dot, maxp) + (first_dot & (maxp - 1));
  if (relro) {
    u64 base1 = align_up(first_dot, maxp);
    ds->mode = DS_RELRO;
    ds->base = base1;
    settle(l);
    u64 desired = relro_start_for(ctx, base1, ds->relro_exp,
                                  ds->relro_offset, maxp);
    if (desired >= base1) {
      ds->base = desired;
      ds->relro_adjust = true;
      settle(l);
      ctx->relro_start = desired;
      ctx->relro_end = align_up(ds->relro_exp + ds->relro_offset, maxp);
      return;
    }
    ds->mode = DS_FIRST;
    ds->relro_adjust = false;
    settle(l);
  }
  u64 common = ds->commonpage, end = ds->end;
  u64 first = -first_base & (common - 1), last = end & (common - 1);
  if (ds->end_seen && first && last &&
      (first_base & ~(common - 1)) != (end & ~(common - 1)) &&
      first + last <= common) {
    ds->mode = DS_COMMON;
    settle(l);
  }
}

static void script_pass(struct ctx *ctx, u32 nphdr, bool final) {
  ctx->synth[CK_EHDR]->size =
      sizeof(Elf64_Ehdr) + (u64)nphdr * sizeof(Elf64_Phdr);
  struct lay l = {.ctx = ctx};
  l.d.ds = &l.ds;
  l.ds.mode = DS_FIRST;
  settle(&l);
  place_data_segment(&l);
  u64 relro_start = ctx->relro_start, relro_end = ctx->relro_end;
  ctx->script_data.len = 0;
  l.final = final;
  walk_script(&l);
  ctx->relro_start = relro_start;
  ctx->relro_end = relro_end;
  plan_segments(ctx);
}

// By how much each region overflowed, once all is in and checked (GNU
// ld's lang_check_section_addresses ends so).
void report_region_overflow(struct ctx *ctx) {
  for (u32 i = 0; ctx->script && i < ctx->script->regions.len; i++) {
    struct mem_region *r = ctx->script->regions.v[i];
    if (r->real != r || !r->overflow_said)
      continue;
    u64 over = r->cur - r->origin - r->length;
    gnu_error(ctx, "region `%s' overflowed by %llu byte%s", r->name,
              (unsigned long long)over, over == 1 ? "" : "s");
  }
  if (ctx->nc_dropped)
    error(ctx, "--enable-non-contiguous-regions: %s: section %s fits in no "
          "region of an output section that takes it (GNU ld leaves it "
          "out)", ctx->nc_dropped->file->name, isec_name(ctx->nc_dropped));
  if (ctx->nc_unmoved)
    error(ctx, "--enable-non-contiguous-regions: %s: section %s would "
          "go to a later output section, which mld does not do for a "
          "section of TLS, SHF_MERGE, SHF_LINK_ORDER, .eh_frame, COMMON, "
          "compressed debugging or one --icf folded, nor once stubs or "
          "erratum veneers are placed", ctx->nc_unmoved->file->name,
          isec_name(ctx->nc_unmoved));
}

// The output sections walked so far: GNU ld knows a section's address
// once it has placed it, and its load address just after.
struct known_addrs {
  struct vec vma, lma;         // const char *: section names
  const char *bad;             // a name not known yet, or NULL
};

static void check_placed(const char *name, bool loadaddr, void *arg) {
  struct known_addrs *p = arg;
  if (!p->bad && !script_uses(loadaddr ? &p->lma : &p->vma, name))
    p->bad = name;
}

// An output section's address or AT () that takes ADDR () or LOADADDR ()
// of a section the script places later (or LOADADDR of its own, or its
// address its own ADDR) has no value when GNU ld needs it: its errors
// (lang_size_sections_1's exp_get_vma and "load base").  Names of no
// output section are left to the evaluation's own error.
static void check_forward_refs(struct ctx *ctx, struct vec *stmts,
                               struct known_addrs *p, const struct vec *outs) {
  for (u32 i = 0; i < stmts->len; i++) {
    struct script_stmt *s = stmts->v[i];
    if (s->kind != SS_OUTPUT)
      continue;
    struct out_stmt *os = s->os;
    p->bad = NULL;
    expr_sections(os->addr, check_placed, p);
    if (p->bad && script_uses(outs, p->bad))
      error(ctx, "%s:%u: non constant or forward reference address "
            "expression for section %s", os->file, os->line, os->name);
    vec_push(ctx, &p->vma, (void *)os->name);
    p->bad = NULL;
    expr_sections(os->lma, check_placed, p);
    if (p->bad && script_uses(outs, p->bad))
      error(ctx, "%s:%u: nonconstant expression for load base", os->file,
            os->line);
    vec_push(ctx, &p->lma, (void *)os->name);
  }
}

static void output_names(struct ctx *ctx, struct vec *stmts,
                         struct vec *out) {
  for (u32 i = 0; i < stmts->len; i++) {
    struct script_stmt *s = stmts->v[i];
    if (s->kind == SS_OUTPUT)
      vec_push(ctx, out, (void *)s->os->name);
  }
}

void script_addresses(struct ctx *ctx) {
  struct vec outs = {0};
  struct known_addrs known = {0};
  output_names(ctx, &ctx->script->stmts, &outs);
  check_forward_refs(ctx, &ctx->script->stmts, &known, &outs);
  checkpoint(ctx);
  u32 nphdr = estimate_segments(ctx);
  // A section that moved to another region in the last walk (move_on)
  // is laid out without it on the next; each moves on at most once per
  // later description that takes it.
  for (u32 moves = 0;; moves++) {
    for (int tries = 0;; tries++) {
      script_pass(ctx, nphdr, false);
      if (ctx->nsegs == nphdr || (tries >= 3 && ctx->nsegs < nphdr))
        break;
      if (tries == 9)
        fatal(ctx, "internal error: program header count does not converge");
      nphdr = ctx->nsegs;
    }
    ctx->nc_moved = false;
    script_pass(ctx, nphdr, true);
    if (!ctx->nc_moved)
      break;
    if (moves > ctx->nc_cands.len)
      fatal(ctx, "internal error: --enable-non-contiguous-regions does not "
            "settle");
  }
  ctx->nc_layouts++;
}

// Where c's data statements and fills are, for fill_code_gaps.
struct span *script_spans(struct ctx *ctx, struct chunk *c, u32 *n) {
  struct span *v = arena_alloc(ctx, (ctx->script_data.len + 1) * sizeof(*v));
  *n = 0;
  for (u32 i = 0; i < ctx->script_data.len; i++) {
    struct script_data *d = ctx->script_data.v[i];
    if (d->c == c)
      v[(*n)++] = (struct span){d->off, d->len};
  }
  return v;
}

void write_script_data(struct ctx *ctx, u8 *buf) {
  for (u32 i = 0; i < ctx->script_data.len; i++) {
    struct script_data *d = ctx->script_data.v[i];
    if (!is_emitted(d->c) || d->c->type == SHT_NOBITS)
      continue;
    u8 *p = buf + d->c->offset + d->off;
    if (d->size) {
      u64 v = d->value;
      for (u32 k = 0; k < d->size; k++)
        p[k] = (u8)(v >> (8 * k));   // little-endian targets only
      continue;
    }
    // A fill: its pattern repeated from the gap's start (GNU ld), where
    // the file's zeros are not that already.
    const struct fill *f = d->fill;
    bool zero = true;
    for (u32 k = 0; k < f->len; k++)
      zero &= !f->bytes[k];
    if (!zero)
      fill_pattern(p, d->len, f->bytes, f->len);
  }
}

//
// INSERT AFTER|BEFORE: a script's sections in the built-in layout
//
// The script's output sections go right after (before) the built-in
// layout's section of that name, in its order, after the orphans that
// follow that section, as GNU ld inserts them.  An input section goes to
// one of them unless a rule of the built-in layout that comes before
// them claims it.  Their addresses are the built-in layout's; the
// symbols their statements assign are evaluated afterwards, walking each
// section's inputs.

static struct walk *insert_walk(struct ctx *ctx) {
  struct script *sc = ctx->script;
  if (!sc->walk) {
    struct walk *w = arena_alloc(ctx, sizeof(*w));
    memset(w, 0, sizeof(*w));
    w->ctx = ctx;
    collect(w, &sc->stmts, NULL);
    index_inputs(w);
    for (u32 i = 0; i < w->outs.len; i++) {
      struct out_stmt *os = w->outs.v[i];
      if (os->addr || os->lma || os->lma_region || os->region ||
          os->phdrs.len || os->type != OT_NORMAL || os->constraint)
        fatal(ctx, "%s:%u: %s: with INSERT, an output section's address, "
              "type, regions, program headers and constraints are not "
              "supported", os->file, os->line, os->name);
      for (u32 k = 0; k < os->body.len; k++) {
        struct script_stmt *s = os->body.v[k];
        if (s->kind == SS_DATA || s->kind == SS_FILL ||
            (s->kind == SS_ASSIGN && !strcmp(s->sym, ".")))
          fatal(ctx, "%s:%u: with INSERT, data commands and assignments to "
                "\".\" in an output section are not supported", s->file,
                s->line);
      }
    }
    if (sc->has_phdrs || sc->regions.len)
      fatal(ctx, "%s: INSERT with PHDRS or MEMORY is not supported",
            ((struct out_stmt *)w->outs.v[0])->file);
    sc->walk = w;
  }
  return sc->walk;
}

// The output section order key of the anchor, 0 if unknown yet.
static u32 insert_anchor(struct ctx *ctx) {
  const char *name = ctx->script->insert_name;
  for (u32 i = 0; i < ctx->chunks.len; i++) {
    struct chunk *c = ctx->chunks.v[i];
    if (!c->stmt && c->order && !strcmp(c->name, name))
      return c->order;
  }
  return script_order(ctx, name);
}

struct chunk *inserted_chunk(struct ctx *ctx, struct objfile *f,
                             const char *name, u32 default_order) {
  if (!ctx->script->insert_name)
    return NULL;
  struct walk *w = insert_walk(ctx);
  struct sec_pattern *p;
  w->flags = 0;                // (INSERT: the built-in layout's inputs)
  i32 k = first_match(w, f, name, &p);
  if (k < 0)
    return NULL;
  // A rule of the built-in layout before the insertion point wins.
  u32 anchor = script_order(ctx, ctx->script->insert_name);
  if (anchor && default_order != UINT32_MAX &&
      (ctx->script->insert_after ? default_order <= anchor
                                 : default_order < anchor))
    return NULL;
  struct out_stmt *os = w->owner.v[k];
  if (!os)
    fatal(ctx, "%s: an input section description outside an output section",
           ((struct script_stmt *)w->inputs.v[k])->file);
  if (os->discard)
    fatal(ctx, "%s:%u: /DISCARD/ with INSERT is not supported", os->file,
          os->line);
  return out_chunk(ctx, os);
}

void order_inserted(struct ctx *ctx) {
  // INSERT into a script (place_insert) put the statements before an
  // assignment to "." in front of an output section taken to be
  // allocated: bfd puts them after it when that section has inputs and
  // is not allocated.
  struct out_stmt *g = ctx->script->insert_guess;
  if (g && g->chunk && g->chunk->isecs.len &&
      !(g->chunk->flags & SHF_ALLOC))
    fatal(ctx, "%s:%u: INSERT before the assignment to \".\" that comes "
          "before %s, which is not allocated: not supported", g->file,
          g->line, g->name);
  if (!ctx->script->insert_name)
    return;
  struct walk *w = insert_walk(ctx);
  u32 anchor = insert_anchor(ctx);
  if (!anchor)
    fatal(ctx, "INSERT %s %s: the built-in layout has no such output "
          "section", ctx->script->insert_after ? "AFTER" : "BEFORE",
          ctx->script->insert_name);
  u32 n = 0;
  for (u32 i = 0; i < w->outs.len; i++) {
    struct out_stmt *os = w->outs.v[i];
    if (os->discard)
      continue;
    struct chunk *c = out_chunk(ctx, os);
    c->order = ctx->script->insert_after ? anchor + 0xff00 + n
                                         : anchor - 0x100 + n;
    if (++n == 0x100)
      fatal(ctx, "INSERT: more than 255 output sections");
    // Inputs in the order of their descriptions, then of the files.
    for (u32 k = 0; k < c->isecs.len; k++) {
      struct isec *is = c->isecs.v[k];
      struct sec_pattern *p;
      w->flags = is->file && is->shndx && is->shndx < is->file->shnum
                     ? SH_FLAGS(shdr_at(is->file, is->shndx))
                     : c->flags;
      i32 d = first_match(w, is->file, isec_name(is), &p);
      is->rank = d >= 0 ? (u32)d + 1 : UINT32_MAX;
      is->script_keep = d >= 0 && ((struct script_stmt *)w->inputs.v[d])->keep;
    }
  }
}

// The inserted statements' symbols and assertions, the built-in layout
// done: "." walks each section's inputs as laid out.  Also the
// assignments of implicit scripts (plain inputs), which come after the
// built-in layout's statements: "." is past its last section.
void insert_symbols(struct ctx *ctx) {
  if (!ctx->script || script_layout(ctx))
    return;
  struct lay l = {.ctx = ctx, .final = true};
  ctx->script_walk++;
  // "." at the insertion point: past the section before the first
  // inserted one.
  u32 first = UINT32_MAX;
  for (u32 i = 0; i < ctx->chunks.len; i++) {
    struct chunk *c = ctx->chunks.v[i];
    if (c->stmt && c->order < first)
      first = c->order;
  }
  u64 dot = 0;
  for (u32 i = 0; i < ctx->chunks.len; i++) {
    struct chunk *c = ctx->chunks.v[i];
    if (!c->stmt && (c->flags & SHF_ALLOC) && c->kind != CK_EHDR &&
        is_emitted(c) && c->order < first)
      dot = c->addr + (chunk_is_tbss(c) ? 0 : c->size);
  }
  struct vec *v = &ctx->script->stmts;
  for (u32 i = 0; i < v->len; i++) {
    struct script_stmt *s = v->v[i];
    if (s->kind == SS_OUTPUT) {
      struct chunk *c = s->os->chunk;
      if (!c || s->os->discard)
        continue;
      if (is_emitted(c))
        dot = c->addr;
      l.d.dot = dot;
      l.d.sec = c;
      l.d.in_section = true;
      struct vec *b = &s->os->body;
      for (u32 k = 0; k < b->len; k++) {
        struct script_stmt *t = b->v[k];
        if (t->kind == SS_INPUT) {
          for (u32 j = 0; j < c->isecs.len; j++) {
            struct isec *is = c->isecs.v[j];
            if (is->rank == t->input_index)
              l.d.dot = isec_addr(is) + is->size;
          }
        } else if (t->kind == SS_ASSIGN) {
          set_symbol(&l, t);
        } else if (t->kind == SS_ASSERT) {
          check_assert(&l, t);
        }
      }
      l.d.in_section = false;
      l.d.sec = NULL;
      if (is_emitted(c))
        dot = c->addr + c->size;
      l.prev = c;
      continue;
    }
    l.d.dot = dot;
    l.d.sec = l.prev;
    if (s->kind == SS_ASSIGN && strcmp(s->sym, "."))
      set_symbol(&l, s);
    else if (s->kind == SS_ASSERT)
      check_assert(&l, s);
    else if (s->kind == SS_ASSIGN)
      fatal(ctx, "%s:%u: with INSERT, assignments to \".\" are not "
            "supported", s->file, s->line);
  }
}

//
// NOCROSSREFS (A B ...): no section of A, B, ... may refer to a symbol of
// another of them; NOCROSSREFS_TO (T A B ...): none of A, B, ... to T.
// Each relocation of their input sections is looked at, in place, once
// sections have their output sections.
//

static bool listed(const struct vec *names, u32 from, const char *name) {
  for (u32 i = from; i < names->len; i++)
    if (!strcmp(names->v[i], name))
      return true;
  return false;
}

// The output section relocation R of IS refers to, and the name of what
// it refers to.
static struct chunk *rel_target(struct ctx *ctx, struct isec *is,
                                const u8 *r, const char **name) {
  struct objfile *f = is->file;
  u32 idx = ELF64_R_SYM(rd64(r + 8));
  *name = "";
  if (!idx || idx >= f->nsyms)
    return NULL;
  struct esym s;
  read_sym(f, idx, &s);
  if (idx >= f->first_global) {
    struct symbol *sym = f->globals[idx - f->first_global];
    if (!sym || sym->state != SYM_DEFINED)
      return NULL;
    *name = sym->name;
    struct isec *t = sym_isec(ctx, sym);
    return t ? t->osec : NULL;
  }
  u32 shndx = sym_shndx(f, idx, &s);
  if (shndx == SHN_UNDEF || shndx >= f->shnum || !f->isecs[shndx])
    return NULL;
  *name = ELF64_ST_TYPE(s.st_info) == STT_SECTION ? section_name(f, shndx)
                                                  : sym_name(f, &s);
  return f->isecs[shndx]->osec;
}

static void check_list(struct ctx *ctx, const struct vec *names, bool to) {
  for (u32 i = 0; i < ctx->chunks.len; i++) {
    struct chunk *c = ctx->chunks.v[i];
    // The sections whose references count: all of a NOCROSSREFS list, or
    // a NOCROSSREFS_TO list's but its first.
    if (!has_inputs(c) || !listed(names, to ? 1 : 0, c->name))
      continue;
    for (u32 k = 0; k < c->isecs.len; k++) {
      struct isec *is = c->isecs.v[k];
      for (u32 j = 0; j < is->nrels; j++) {
        const u8 *r = is->rels + (u64)j * sizeof(Elf64_Rela);
        const char *name;
        struct chunk *t = rel_target(ctx, is, r, &name);
        if (!t || t == c)
          continue;
        bool bad = to ? !strcmp(t->name, names->v[0])
                      : listed(names, 0, t->name) && strcmp(t->name, c->name);
        if (bad)
          error(ctx, "%s:(%s+0x%llx): prohibited cross reference from %s to "
                "`%s' in %s", is->file->name, isec_name(is),
                (unsigned long long)rd64(r), c->name, name, t->name);
      }
    }
  }
}

// A reference to a symbol of a discarded input section (/DISCARD/): GNU
// ld's error where discarded_action says so.
// Whether section shndx of f is one /DISCARD/ took or one
// dropped_with_defs (-S's, .gnu.warning.SYM): a symbol defined there is
// not in the output.  (Not a lost COMDAT copy, whose references other
// rules settle.)
static bool discarded_def_section(struct ctx *ctx, struct objfile *f,
                                  u32 shndx) {
  if (shndx >= f->shnum)
    return false;
  if (f->script_discarded && f->script_discarded[shndx])
    return true;
  return ctx->defs_dropped && dropped_input(f, shndx) &&
         dropped_with_defs(ctx, section_name(f, shndx),
                           SH_FLAGS(shdr_at(f, shndx)));
}

void check_discarded_refs(struct ctx *ctx) {
  if (!ctx->script_discards && !ctx->defs_dropped)
    return;
  for (u32 i = 0; i < ctx->objs.len; i++) {
    struct objfile *f = ctx->objs.v[i];
    for (u32 k = 1; k < f->shnum; k++) {
      struct isec *is = f->isecs[k];
      if (!is || !is->live || !is->osec || !is->nrels ||
          !(discarded_action(is) & DA_COMPLAIN))
        continue;
      for (u32 j = 0; j < is->nrels; j++) {
        u32 idx = ELF64_R_SYM(rd64(is->rels + (u64)j * sizeof(Elf64_Rela) + 8));
        struct objfile *df = f;
        u32 di = idx;
        if (idx >= f->nsyms)
          continue;
        if (idx >= f->first_global) {
          struct symbol *sym = f->globals[idx - f->first_global];
          if (!sym || sym->state != SYM_DEFINED || !sym->file ||
              (sym->flags & SF_LINKER))
            continue;
          df = sym->file;
          di = sym->symidx;
        }
        if (!df->script_discarded && !ctx->defs_dropped)
          continue;
        struct esym s;
        read_sym(df, di, &s);
        u32 shndx = sym_shndx(df, di, &s);
        // (Not a reference to a stripped section by its own symbol, which
        // only debugging sections make: parse_file_sections.)
        if (shndx != SHN_UNDEF && discarded_def_section(ctx, df, shndx) &&
            (ELF64_ST_TYPE(s.st_info) != STT_SECTION ||
             (df->script_discarded && df->script_discarded[shndx])))
          discarded_ref_error(ctx, is, df, di, shndx);
      }
    }
  }
}

void check_cross_refs(struct ctx *ctx) {
  if (!ctx->script)
    return;
  for (u32 i = 0; i < ctx->script->nocrossrefs.len; i++)
    check_list(ctx, ctx->script->nocrossrefs.v[i], false);
  for (u32 i = 0; i < ctx->script->nocrossrefs_to.len; i++)
    check_list(ctx, ctx->script->nocrossrefs_to.v[i], true);
}
