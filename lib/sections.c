// sections.c: input sections and the output sections they go to.
//
// GNU ld's default linker script decides, by name, which output section an
// input section joins and in what order output sections appear; mld
// encodes that script's rules here in C.  An input section that no rule
// names is an orphan and is placed as GNU ld places orphans: after the
// last output section of its kind (.text for code, .rodata for read-only
// data, .tdata for TLS, .data for writable data, .bss for zero-fill,
// .comment for non-allocated sections), in the order orphans appear.

#include "mld.h"

#include <fnmatch.h>

#include <stdlib.h>

// --verbose: the layout above, in the order of the output sections, with
// the input sections each takes (GNU ld's script's rules, which
// script_rule implements).
static const struct {
  const char *out, *inputs;
  bool x86_only;
} layout_text[] = {
    {"(ELF header, program headers)", "", false},
    {".note.gnu.property", "the inputs' properties, merged", false},
    {".note.gnu.build-id", "--build-id", false},
    {".note.*", "allocated notes (orphans), 4-aligned after 8-aligned", false},
    {".rela.plt", "IRELATIVE relocations of the IFUNCs", false},
    {".init", ".init", false},
    {".plt", "an entry per IFUNC", false},
    {".text", ".text.unlikely .text.*_unlikely .text.unlikely.*, then "
              ".text.exit .text.exit.*, then .text.startup .text.startup.*, "
              "then .text.hot .text.hot.*, then SORT(.text.sorted.*), then "
              ".text .stub .text.* .gnu.linkonce.t.*, then .gnu.warning "
              "(emptied)", false},
    {".fini", ".fini", false},
    {".rodata", ".rodata .rodata.* .gnu.linkonce.r.*", false},
    {".rodata1", ".rodata1", false},
    {".eh_frame_hdr", "--eh-frame-hdr", false},
    {".eh_frame", ".eh_frame .eh_frame.* (one copy of each CIE)", false},
    {".gcc_except_table", ".gcc_except_table .gcc_except_table.*", false},
    {"(writable segment, RELRO part)", "", false},
    {".tdata", ".tdata .tdata.* .gnu.linkonce.td.*", false},
    {".tbss", ".tbss .tbss.* .gnu.linkonce.tb.*, then .tcommon", false},
    {".preinit_array", ".preinit_array", false},
    {".init_array", "SORT_BY_INIT_PRIORITY(.init_array.* .ctors.*), then "
                    ".init_array and .ctors except crtbegin/crtend's", false},
    {".fini_array", "SORT_BY_INIT_PRIORITY(.fini_array.* .dtors.*), then "
                    ".fini_array and .dtors except crtbegin/crtend's", false},
    {".ctors", "crtbegin's .ctors, then crtend's", false},
    {".dtors", "crtbegin's .dtors, then crtend's", false},
    {".jcr", ".jcr", false},
    {".data.rel.ro", ".data.rel.ro.local* .gnu.linkonce.d.rel.ro.local.*, "
                     "then .data.rel.ro .data.rel.ro.* "
                     ".gnu.linkonce.d.rel.ro.*", false},
    {".got", "GOT entries (and .got.plt with -z now)", false},
    {"(end of RELRO)", "", false},
    {".got.plt", "reserved words, then the IFUNC slots", false},
    {".data", ".data .data.* .gnu.linkonce.d.*", false},
    {".data1", ".data1", false},
    {".bss", ".dynbss .bss .bss.* .gnu.linkonce.b.*, then COMMON", false},
    {".lbss", ".dynlbss .lbss .lbss.* .gnu.linkonce.lb.*, then "
              "LARGE_COMMON", true},
    {".lrodata", ".lrodata .lrodata.* .gnu.linkonce.lr.*", true},
    {".ldata", ".ldata .ldata.* .gnu.linkonce.l.*", true},
    {"(not loaded)", "", false},
    {".comment", ".comment", false},
    {".debug_*", "each debugging section by name, in GNU ld's order; "
                 ".debug_line also .debug_line.* .debug_line_end, "
                 ".debug_info also .gnu.linkonce.wi.*", false},
    {".gnu.attributes", ".gnu.attributes", false},
    {".symtab .strtab .shstrtab", "", false},
};

void print_layout(FILE *fp, const struct arch *arch) {
  fprintf(fp, "mld's built-in layout for %s (GNU ld's default script, "
          "encoded in C):\n", arch->emulation);
  for (u32 i = 0; i < sizeof(layout_text) / sizeof(*layout_text); i++) {
    if (layout_text[i].x86_only && !arch->shn_large_common)
      continue;
    if (layout_text[i].inputs[0])
      fprintf(fp, "  %-18s %s\n", layout_text[i].out, layout_text[i].inputs);
    else
      fprintf(fp, "  %s\n", layout_text[i].out);
  }
  fputs("  orphans go after the last output section of their kind; "
        "--sort-section\n  sorts each rule's inputs\n", fp);
}

static const char *const debug_names[] = {
    ".stab", ".stabstr", ".stab.excl", ".stab.exclstr", ".stab.index",
    ".stab.indexstr", "" /* .comment */, ".gnu.build.attributes", ".debug",
    ".line",
    ".debug_srcinfo", ".debug_sfnames", ".debug_aranges", ".debug_pubnames",
    ".debug_info", ".debug_abbrev", ".debug_line", ".debug_frame",
    ".debug_str", ".debug_loc", ".debug_macinfo", ".debug_weaknames",
    ".debug_funcnames", ".debug_typenames", ".debug_varnames",
    ".debug_pubtypes", ".debug_ranges", ".debug_addr", ".debug_line_str",
    ".debug_loclists", ".debug_macro", ".debug_names", ".debug_rnglists",
    ".debug_str_offsets", ".debug_sup",
};
_Static_assert(O_COMMENT == O_DEBUG + 6, ".comment is debug_names[6]");

// NAME or NAME.* (the script's "NAME .NAME.*" pair).
static bool is_or_dot(const char *s, const char *name) {
  u64 n = strlen(name);
  return !strncmp(s, name, n) && (s[n] == 0 || s[n] == '.');
}

// SORT_BY_INIT_PRIORITY's key, as GNU ld reads it: the number after the
// last dot (.init_array.NNNNN), 65535 minus it for .ctors.NNNNN and
// .dtors.NNNNN (they run in reverse), or -1 if that is not a number in
// [0, INT32_MAX], e.g. for .ctors.70000.
i64 init_priority(const char *name) {
  const char *dot = strrchr(name, '.');
  if (!dot || dot[1] < '0' || dot[1] > '9')
    return -1;
  char *end;
  unsigned long v = strtoul(dot + 1, &end, 10);
  if (*end)
    return -1;
  if (dot == name + 6 && (starts(name, ".ctors") || starts(name, ".dtors")))
    v = 65535 - v;               // unsigned: past 65535 it is out of range
  return v <= INT32_MAX ? (i64)v : -1;
}

struct rule {
  const char *name;   // output section
  u32 order;
  u32 rank;           // sort key of the input section inside it
  bool keep;          // in a KEEP: the output section stays, if empty
};

// Maps an input section to its output section by the default script.
// Returns false if no rule names it (an orphan).  Every pattern starts
// with a dot and a letter, so each test first looks at that letter (C):
// a name is compared only with the patterns it could match, in the
// script's order.
static bool script_rule(struct ctx *ctx, struct objfile *f, const char *n,
                        struct rule *r) {
  r->rank = 0;
  r->keep = false;
  if (n[0] != '.')
    return false;
  char c = n[1];
#define OUT(nm, ord) do { r->name = nm; r->order = KEY(ord); return true; } while (0)
  // The script KEEPs these inputs: the output section stays where one
  // exists, empty or emptied (bfd's SEC_KEEP, which
  // strip_excluded_output_sections respects).
#define OUT_KEEP(nm, ord) do { r->keep = true; OUT(nm, ord); } while (0)
  if ((c == 't' && (starts(n, ".text.") || !strcmp(n, ".text"))) ||
      (c == 's' && !strcmp(n, ".stub")) ||
      (c == 'g' && (starts(n, ".gnu.linkonce.t.") ||
                    !strcmp(n, ".gnu.warning")))) {
    // The ranks' patterns are .text.X...: X tells them apart.
    u64 len = strlen(n);
    char x = len > 6 && c == 't' ? n[6] : 0;
    if ((x == 'u' && is_or_dot(n, ".text.unlikely")) ||
        (c == 't' && len >= 9 && n[5] == '.' && n[len - 9] == '_' &&
         !strcmp(n + len - 9, "_unlikely")))
      r->rank = 0;
    else if (x == 'e' && is_or_dot(n, ".text.exit"))
      r->rank = 1;
    else if (x == 's' && is_or_dot(n, ".text.startup"))
      r->rank = 2;
    else if (x == 'h' && is_or_dot(n, ".text.hot"))
      r->rank = 3;
    else if (x == 's' && starts(n, ".text.sorted."))
      r->rank = 4;
    else if (c == 'g' && !strcmp(n, ".gnu.warning"))
      r->rank = 6;             // emptied (parse_file_sections)
    else
      r->rank = 5;
    OUT(".text", O_TEXT);
  }
  if (c == 'i' && !strcmp(n, ".init"))
    OUT_KEEP(".init", O_INIT);
  if (c == 'f' && !strcmp(n, ".fini"))
    OUT_KEEP(".fini", O_FINI);
  if ((c == 'r' && is_or_dot(n, ".rodata")) ||
      (c == 'g' && starts(n, ".gnu.linkonce.r.")))
    OUT(".rodata", O_RODATA);
  if (c == 'r' && !strcmp(n, ".rodata1"))
    OUT(".rodata1", O_RODATA1);
  if (c == 'e' && !strcmp(n, ".eh_frame"))
    OUT_KEEP(".eh_frame", O_EH_FRAME);
  if (c == 'g' && is_or_dot(n, ".gcc_except_table"))
    OUT(".gcc_except_table", O_GCC_EXCEPT);
  if ((c == 't' && is_or_dot(n, ".tdata")) ||
      (c == 'g' && starts(n, ".gnu.linkonce.td.")))
    OUT(".tdata", O_TDATA);
  if ((c == 't' && (is_or_dot(n, ".tbss") || !strcmp(n, ".tcommon"))) ||
      (c == 'g' && starts(n, ".gnu.linkonce.tb."))) {
    r->rank = !strcmp(n, ".tcommon");
    OUT(".tbss", O_TBSS);
  }
  if (c == 'p' && !strcmp(n, ".preinit_array"))
    OUT_KEEP(".preinit_array", O_PREINIT);
  // .init_array: first SORT_BY_INIT_PRIORITY(.init_array.* .ctors.*)
  // (rank 0, sorted by sort_init_priority), then .init_array and .ctors,
  // except crt files' .ctors, in input order; .fini_array alike.
  if ((c == 'i' && starts(n, ".init_array.")) ||
      (c == 'c' && starts(n, ".ctors.")))
    OUT_KEEP(".init_array", O_INIT_ARRAY);
  if ((c == 'f' && starts(n, ".fini_array.")) ||
      (c == 'd' && starts(n, ".dtors.")))
    OUT_KEEP(".fini_array", O_FINI_ARRAY);
  if ((c == 'i' && !strcmp(n, ".init_array")) ||
      (c == 'c' && !strcmp(n, ".ctors") && f->crt == CRT_NONE)) {
    r->rank = 1;
    OUT_KEEP(".init_array", O_INIT_ARRAY);
  }
  if ((c == 'f' && !strcmp(n, ".fini_array")) ||
      (c == 'd' && !strcmp(n, ".dtors") && f->crt == CRT_NONE)) {
    r->rank = 1;
    OUT_KEEP(".fini_array", O_FINI_ARRAY);
  }
  // What is left for .ctors: *crtbegin.o's, *crtbegin?.o's, *crtend*.o's.
  if (c == 'c' && !strcmp(n, ".ctors")) {
    r->rank = f->crt;
    OUT_KEEP(".ctors", O_CTORS);
  }
  if (c == 'd' && !strcmp(n, ".dtors")) {
    r->rank = f->crt;
    OUT_KEEP(".dtors", O_DTORS);
  }
  if (c == 'j' && !strcmp(n, ".jcr"))
    OUT_KEEP(".jcr", O_JCR);
  if ((c == 'd' && starts(n, ".data.rel.ro.local")) ||
      (c == 'g' && starts(n, ".gnu.linkonce.d.rel.ro.local."))) {
    OUT(".data.rel.ro", O_DATA_REL_RO);
  }
  if ((c == 'd' && is_or_dot(n, ".data.rel.ro")) ||
      (c == 'g' && starts(n, ".gnu.linkonce.d.rel.ro."))) {
    r->rank = 1;
    OUT(".data.rel.ro", O_DATA_REL_RO);
  }
  if ((c == 'd' && is_or_dot(n, ".data")) ||
      (c == 'g' && starts(n, ".gnu.linkonce.d.")))
    OUT(".data", O_DATA);
  if (c == 'd' && !strcmp(n, ".data1"))
    OUT(".data1", O_DATA1);
  if ((c == 'b' && is_or_dot(n, ".bss")) ||
      (c == 'g' && starts(n, ".gnu.linkonce.b.")) ||
      (c == 'd' && !strcmp(n, ".dynbss")))
    OUT(".bss", O_BSS);
  if (ctx->arch->shn_large_common) {
    // GNU ld's x86-64 script: the large-model sections follow .bss,
    // LARGE_COMMON at the end of .lbss (see create_chunks).
    if ((c == 'l' && is_or_dot(n, ".lbss")) ||
        (c == 'g' && starts(n, ".gnu.linkonce.lb.")) ||
        (c == 'd' && !strcmp(n, ".dynlbss")))
      OUT(".lbss", O_LBSS);
    if ((c == 'l' && is_or_dot(n, ".lrodata")) ||
        (c == 'g' && starts(n, ".gnu.linkonce.lr.")))
      OUT(".lrodata", O_LRODATA);
    if ((c == 'l' && is_or_dot(n, ".ldata")) ||
        (c == 'g' && starts(n, ".gnu.linkonce.l.")))
      OUT(".ldata", O_LDATA);
  }
  if (c == 'c' && !strcmp(n, ".comment"))
    OUT(".comment", O_COMMENT);
  // .debug_line also takes .debug_line.* (-gdwarf-sections) and
  // .debug_line_end, .debug_info .gnu.linkonce.wi.*, in input order.
  // (The debugging names start .s, .g, .d or .l.)
  if (c != 's' && c != 'g' && c != 'd' && c != 'l')
    return false;
  const char *dn = n;
  if (starts(n, ".debug_line.") || !strcmp(n, ".debug_line_end"))
    dn = ".debug_line";
  else if (starts(n, ".gnu.linkonce.wi."))
    dn = ".debug_info";
  for (u32 i = 0; i < sizeof(debug_names) / sizeof(*debug_names); i++)
    if (debug_names[i][0] && !strcmp(dn, debug_names[i]))
      OUT(debug_names[i], O_DEBUG + i);
  if (c == 'g' && !strcmp(n, ".gnu.attributes"))
    OUT(".gnu.attributes", O_GNU_ATTRIBUTES);
#undef OUT_KEEP
#undef OUT
  return false;
}

// Where the default script puts output section NAME (0: it does not name
// it), for symbols of sections that no input makes.
u32 script_order(struct ctx *ctx, const char *name) {
  struct objfile none = {0};
  struct rule r;
  return script_rule(ctx, &none, name, &r) && !strcmp(r.name, name) ? r.order
                                                                    : 0;
}

u32 script_point(enum script_point p) {
  static const u32 at[] = {KEY(O_INIT), KEY(O_RODATA), KEY(O_TDATA),
                           KEY(O_ADDRESSED)};
  return at[p];
}

static void index_chunk(struct ctx *ctx, struct chunk *c);

struct chunk *new_chunk(struct ctx *ctx, const char *name, enum chunk_kind k,
                        u32 type, u64 flags, u64 align) {
  struct chunk *c = arena_alloc(ctx, sizeof(*c));
  c->name = name;
  c->kind = k;
  c->type = type;
  c->flags = flags;
  c->align = align ? align : 1;
  vec_push(ctx, &ctx->chunks, c);
  index_chunk(ctx, c);
  return c;
}

static bool named_regular(const struct chunk *c, const char *name) {
  return c->kind == CK_REGULAR && !c->unique && !strcmp(c->name, name);
}

// While create_chunks places every input section, every chunk is in a
// table by name, in creation order along each chain: a lookup finds what
// the walk through every chunk would, without it (a link of 65,000
// orphans took 20 s of walks).
static void chain_chunk(struct ctx *ctx, struct chunk *c) {
  u64 j = hash_name(c->name, strlen(c->name)) & ctx->chunk_index_mask;
  c->hash_next = NULL;
  if (ctx->chunk_tails[j])
    ctx->chunk_tails[j]->hash_next = c;
  else
    ctx->chunk_index[j] = c;
  ctx->chunk_tails[j] = c;
}

// Sizes the table for N chunks (a power of two, at least N) and fills it.
static void build_chunk_index(struct ctx *ctx, u32 n) {
  u32 size = 1024;
  while (size < n)
    size *= 2;
  ctx->chunk_index = arena_alloc(ctx, (u64)size * sizeof(struct chunk *));
  ctx->chunk_tails = arena_alloc(ctx, (u64)size * sizeof(struct chunk *));
  ctx->chunk_index_mask = size - 1;
  for (u32 i = 0; i < ctx->chunks.len; i++)
    chain_chunk(ctx, ctx->chunks.v[i]);
}

// Starts the table (ON) or ends it: names may change once it ends.
void index_chunks(struct ctx *ctx, bool on) {
  ctx->chunk_index = NULL;
  if (on)
    build_chunk_index(ctx, ctx->chunks.len);
}

// The chunks whose names hash as NAME's, first of a chain along
// hash_next, while the table is on.
struct chunk *chunk_chain(struct ctx *ctx, const char *name) {
  return ctx->chunk_index[hash_name(name, strlen(name)) &
                          ctx->chunk_index_mask];
}

static void index_chunk(struct ctx *ctx, struct chunk *c) {
  if (!ctx->chunk_index)
    return;
  if (ctx->chunks.len > ctx->chunk_index_mask + 1)
    build_chunk_index(ctx, 2 * (ctx->chunk_index_mask + 1));
  else
    chain_chunk(ctx, c);
}

static struct chunk *find_chunk(struct ctx *ctx, const char *name) {
  if (ctx->chunk_index) {
    for (struct chunk *c = chunk_chain(ctx, name); c; c = c->hash_next)
      if (named_regular(c, name))
        return c;
    return NULL;
  }
  for (u32 i = 0; i < ctx->chunks.len; i++) {
    struct chunk *c = ctx->chunks.v[i];
    if (named_regular(c, name))
      return c;
  }
  return NULL;
}

// Whether an orphan of TYPE and FLAGS may join output section C of its
// name, as in GNU ld's ldelf_place_orphan: C has no input yet, or both
// are allocated or neither, both loaded (not NOBITS) or neither, and of
// one ELF type.
static bool orphan_fits(const struct chunk *c, u32 type, u64 flags) {
  if (c->mbind)
    return false;              // only mbind_home's
  if (!c->isecs.len)
    return true;
  bool alloc = flags & SHF_ALLOC;
  if (alloc != ((c->flags & SHF_ALLOC) != 0))
    return false;
  if (alloc && (type == SHT_NOBITS) != (c->type == SHT_NOBITS))
    return false;
  return c->type == type;
}

// The output section an orphan joins: FIRST (the first of its name) or a
// later one of that name that fits it; NULL if it needs one of its own.
struct chunk *orphan_home(struct ctx *ctx, struct chunk *first, u32 type,
                          u64 flags) {
  if (!first || orphan_fits(first, type, flags))
    return first;
  for (u32 i = 0; i < ctx->chunks.len; i++) {
    struct chunk *c = ctx->chunks.v[i];
    if (c != first && named_regular(c, first->name) &&
        orphan_fits(c, type, flags))
      return c;
  }
  return NULL;
}

// Where mld does not place an allocated SHF_GNU_MBIND input as GNU ld
// does (its node's own section and PT_GNU_MBIND segment): refused.
void refuse_mbind(struct ctx *ctx, struct objfile *f, u32 i,
                  const char *where) {
  u64 flags = SH_FLAGS(shdr_at(f, i));
  if ((flags & (SHF_GNU_MBIND | SHF_ALLOC)) == (SHF_GNU_MBIND | SHF_ALLOC))
    fatal(ctx, "%s: %s: an SHF_GNU_MBIND section %s: not supported",
          f->name, section_name(f, i), where);
}

// An allocated SHF_GNU_MBIND orphan (bfd: not in a relocatable link)
// goes to the output section of its node (sh_info) and kind, named
// .mbind.text, .mbind.rodata, .mbind.data or .mbind.bss by its kind
// (GNU ld's ldelf_place_orphan): that section, or NULL and *NAME.
static struct chunk *mbind_home(struct ctx *ctx, u32 node, u32 type,
                                u64 flags, const char **name) {
  bool bss = type == SHT_NOBITS, ro = !(flags & SHF_WRITE),
       code = flags & SHF_EXECINSTR;
  for (u32 i = 0; i < ctx->chunks.len; i++) {
    struct chunk *c = ctx->chunks.v[i];
    if (c->mbind == node && bss == (c->type == SHT_NOBITS) &&
        ro == !(c->flags & SHF_WRITE) && code == !!(c->flags & SHF_EXECINSTR))
      return c;
  }
  *name = bss ? ".mbind.bss" : !ro ? ".mbind.data"
          : !code ? ".mbind.rodata" : ".mbind.text";
  return NULL;
}

// The anchor of an orphan section, from its flags and type.
// GNU ld puts a debugging orphan after every section its script names,
// and other unallocated orphans after .comment.
static u32 orphan_order(const char *name, u32 type, u64 flags, u64 align) {
  if (!(flags & SHF_ALLOC))
    return is_debugging_name(name) ? O_DEBUG_ORPHAN : O_COMMENT;
  if (type == SHT_NOTE)
    return align >= 8 ? O_NOTE8 : O_NOTE4;
  if (type == SHT_NOBITS && !(flags & SHF_TLS))
    return O_BSS;
  if (flags & SHF_TLS)
    return O_TDATA;
  if (flags & SHF_WRITE)
    return O_DATA;
  if (type == SHT_RELA || type == SHT_REL)
    return O_RELA_PLT - 1;
  if (!(flags & SHF_EXECINSTR))
    return O_RODATA;
  return O_TEXT;
}

// The option giving output section NAME an address (-Ttext, -Tdata,
// -Tbss, --section-start): its index in section_starts, or -1.
static i32 start_index(struct ctx *ctx, const char *name) {
  struct vec *v = &ctx->cfg.section_starts;
  for (u32 k = 0; k < v->len; k++)
    if (!strcmp(((struct section_start *)v->v[k])->name, name))
      return k;
  return -1;
}

bool section_start_of(struct ctx *ctx, const char *name, u64 *addr) {
  i32 k = start_index(ctx, name);
  if (k < 0)
    return false;
  *addr = ((struct section_start *)ctx->cfg.section_starts.v[k])->addr;
  return true;
}

// The output section an orphan anchor stands for.
static const char *anchor_name(u32 anchor) {
  switch (anchor) {
  case O_TEXT: return ".text";
  case O_RODATA: return ".rodata";
  case O_TDATA: return ".tdata";
  case O_DATA: return ".data";
  case O_BSS: return ".bss";
  }
  return "";
}

// The order key of a new orphan output section, as GNU ld 2.40 places
// orphans (ldelf_place_orphan, lang_insert_orphan):
// - One given an address joins the output statement the option made, at
//   the end of the script, and its section is among the first headers.
// - Otherwise it goes after its anchor, the script section of its kind,
//   in the statements and, among the section headers, in bfd's list of
//   output sections.  That list starts with the sections given an
//   address, in the order of the options, then come the others; with
//   --build-id, the first of these is a note.  GNU ld puts an orphan
//   whose anchor is followed by a note in that list, once it has placed
//   a note orphan, after the last note instead, in the statements too:
//   orphans of the last section given an address move to the first page,
//   behind .note.ABI-tag (crt1.o's), and before .rela.plt.  A consistent
//   rule, so mld follows it.
// *follows is set to 1 + the index of an anchor given an address whose
// header the orphan's follows.
static u32 orphan_key(struct ctx *ctx, const char *name, u32 anchor,
                      u32 *seq, bool notes_seen, u32 *follows) {
  *follows = 0;
  i32 k = start_index(ctx, name);
  if (k >= 0 && anchor != O_COMMENT && anchor != O_DEBUG_ORPHAN)
    return KEY(O_ADDRESSED) + k;
  i32 a = start_index(ctx, anchor_name(anchor));
  if (a >= 0 && a + 1 == (i32)ctx->cfg.section_starts.len && notes_seen &&
      ctx->cfg.build_id != BUILD_ID_NONE)
    return KEY(O_AFTER_NOTES) + 1 + (*seq)++;
  if (a >= 0)
    *follows = a + 1;
  return KEY(anchor) + 1 + (*seq)++;
}

// GNU ld places an orphan by the flags of every input it will hold, not
// only the first's (ldelf_place_orphan looks at the later sections of its
// name): read-only data joined by writable data goes with the data.
static void place_by_all_inputs(struct ctx *ctx) {
  for (u32 i = 0; i < ctx->chunks.len; i++) {
    struct chunk *c = ctx->chunks.v[i];
    if (!c->orphan_seq || !c->isecs.len)
      continue;
    struct isec *first = c->isecs.v[0];
    u32 seq = c->orphan_seq - 1;
    c->order = orphan_key(ctx, c->name,
                          orphan_order(c->name, c->type, c->flags,
                                       first->align),
                          &seq, c->orphan_notes_seen, &c->hdr_follows);
  }
}

// A debugging section -S (and -s) leaves out: what bfd counts as
// debugging (SEC_DEBUGGING), not allocated.
bool stripped_debug_section(struct ctx *ctx, const char *name, u64 flags) {
  return (ctx->cfg.strip == STRIP_ALL || ctx->cfg.strip == STRIP_DEBUG) &&
         !(flags & SHF_ALLOC) && is_debugging_name(name);
}

// Section shndx of f, which the link left out for what it is (-S's
// debugging sections, SHF_EXCLUDE ones, ...), not as a lost COMDAT copy
// (whose symbols and references other rules settle).  Known once
// parse_sections has made the file's sections.
// A section the link leaves out whose named symbols are "defined in
// discarded section" to a reference: -S's debugging sections and, in a
// final link, each .gnu.warning.SYM, which GNU ld excludes once it has
// taken its message (elf_link_add_object_symbols).
bool dropped_with_defs(struct ctx *ctx, const char *name, u64 flags) {
  return stripped_debug_section(ctx, name, flags) ||
         (starts(name, ".gnu.warning.") && !ctx->cfg.relocatable);
}

bool dropped_input(struct objfile *f, u32 shndx) {
  return f->isecs && shndx != SHN_UNDEF && shndx < f->shnum &&
         !f->isecs[shndx] && !(f->discarded && f->discarded[shndx]);
}

static bool dropped_section(struct ctx *ctx, struct objfile *f, u32 i,
                            const char *name, u32 type, u64 flags) {
  switch (type) {
  case SHT_NULL: case SHT_SYMTAB: case SHT_RELA:
  case SHT_REL: case SHT_GROUP: case SHT_SYMTAB_SHNDX:
    return true;
  case SHT_STRTAB:             // any but the file's own (.stabstr) is
    if (own_string_table(f, i))  // a section (bfd_section_from_shdr)
      return true;
    break;
  }
  if (type == 0x6fff4c03)       // SHT_LLVM_ADDRSIG
    return true;
  // -r keeps them, for the final link to drop (GNU ld).
  if ((flags & SHF_EXCLUDE) && !ctx->cfg.relocatable)
    return true;
  if (f->discarded && f->discarded[i])
    return true;
  if (!strcmp(name, ".note.GNU-stack") || !strcmp(name, ".note.gnu.property"))
    return true;
  // GNU ld drops the inputs' build IDs, with --build-id or not
  // (ldelf_after_open); the output has its own, if asked.  -r keeps
  // them (with --build-id, refused in parse_file_sections).
  if (!strcmp(name, ".note.gnu.build-id") && !ctx->cfg.relocatable)
    return true;
  // GCC's LTO bytecode: GNU ld's default script discards it, its -r
  // script has no /DISCARD/ and keeps it for the final link.
  if (starts(name, ".gnu.lto_") && !ctx->cfg.relocatable)
    return true;
  // .gnu.warning.SYM in a final link; -r refuses .gnu.warning itself
  // (check_kept).
  if (starts(name, ".gnu.warning.") ? !ctx->cfg.relocatable
                                    : ctx->cfg.relocatable &&
                                      !strcmp(name, ".gnu.warning"))
    return true;
  return stripped_debug_section(ctx, name, flags);
}

// How GNU ld merges a property of this type (elf-properties.c and the
// target's): the bits all inputs have (AND; kept if some remain), the
// bits any has (OR; kept unless none), the bits any has but only if all
// have the property (OR_AND), present if any input has it (ANY), or the
// largest value (MAX); others are left out.  A target may have rules
// of its own (x86's two old ISA properties).
enum prop_merge prop_merge(const struct ctx *ctx, u32 type) {
  if (type == GNU_PROPERTY_STACK_SIZE)
    return PM_MAX;
  if (type == GNU_PROPERTY_NO_COPY_ON_PROTECTED)
    return PM_ANY;
  enum prop_merge own = ctx->arch->prop_merge ? ctx->arch->prop_merge(type)
                                              : PM_NONE;
  if (own != PM_NONE)
    return own;
  if ((type >= 0xc0000000 && type < 0xc0008000) ||
      (type >= 0xb0000000 && type < 0xb0008000))
    return PM_AND;
  if ((type >= 0xc0008000 && type < 0xc0010000) ||
      (type >= 0xb0008000 && type < 0xb0010000))
    return PM_OR;
  if (type >= 0xc0010000 && type < 0xc0018000)
    return PM_OR_AND;
  return PM_NONE;              // not merged: left out
}

// .note.gnu.property: properties of all inputs merged as GNU ld does.
// AND-type properties survive only if every input has them; OR-type ones
// are ORed; OR_AND ones are ORed but survive only if every input has them.
// The merged property of this type, made if absent (NULL when the table
// is full: more kinds than any target defines).
struct gnu_prop *gnu_property(struct ctx *ctx, u32 type) {
  u32 k;
  for (k = 0; k < ctx->nprops; k++)
    if (ctx->props[k].type == type)
      return &ctx->props[k];
  if (k == sizeof(ctx->props) / sizeof(*ctx->props))
    return NULL;
  ctx->props[k].type = type;
  ctx->props[k].value = prop_merge(ctx, type) == PM_AND ? 0xffffffff : 0;
  ctx->props[k].nfiles = 0;
  ctx->nprops++;
  return &ctx->props[k];
}

// Whether every input's properties held an AND-type feature bit: the
// property was in all of them and the merged value keeps the bit.
bool every_input_has(struct ctx *ctx, u32 type, u32 bit) {
  for (u32 k = 0; k < ctx->nprops; k++)
    if (ctx->props[k].type == type)
      return ctx->props[k].nfiles == ctx->nprop_files &&
             (ctx->props[k].value & bit);
  return false;
}

// -z ibt, -z force-bti and the like: the AND-type property holds the
// bits whatever the inputs said, as though every input had them.
void force_feature(struct ctx *ctx, u32 type, u32 bits) {
  struct gnu_prop *p = gnu_property(ctx, type);
  if (!p)
    return;
  u64 all = p->nfiles == ctx->nprop_files ? p->value : 0;
  p->value = all | bits;
  p->nfiles = ctx->nprop_files;
}

// One file's properties: a type seen in several of its notes has its
// values ORed (bfd's _bfd_elf_get_property, then |=), before the file's
// value is merged with the others'.
struct file_prop {
  u32 type;
  u64 value;
};

static void read_properties(struct ctx *ctx, struct objfile *f) {
  ctx->nprop_files++;
  u32 report = 0;
  struct file_prop fp[32];
  u32 nfp = 0;
  for (u32 i = 1; i < f->shnum; i++) {
    const u8 *sh = shdr_at(f, i);
    if (SH_TYPE(sh) != SHT_NOTE ||
        strcmp(section_name(f, i), ".note.gnu.property"))
      continue;
    if (!ctx->prop_note_file) {
      ctx->prop_note_file = f;
      ctx->prop_note_shndx = i;
    }
    const u8 *p = f->data + SH_OFFSET(sh);
    u64 size = SH_SIZE(sh);
    u64 pos = 0;
    while (pos + 12 <= size) {
      u32 namesz = rd32(p + pos), descsz = rd32(p + pos + 4);
      u32 ntype = rd32(p + pos + 8);
      u64 desc = pos + 12 + align_up(namesz, 4);
      if (desc > size || descsz > size - desc)
        break;
      if (ntype == NT_GNU_PROPERTY_TYPE_0 && namesz == 4 &&
          !memcmp(p + pos + 12, "GNU", 4)) {
        u64 q = desc;
        while (q + 8 <= desc + descsz) {
          u32 pt = rd32(p + q), pd = rd32(p + q + 4);
          if (pd > desc + descsz - q - 8)
            break;
          // GNU_PROPERTY_NO_COPY_ON_PROTECTED has no data and
          // GNU_PROPERTY_STACK_SIZE 8 bytes; the others GNU ld merges
          // hold 4.
          bool stack = pt == GNU_PROPERTY_STACK_SIZE;
          if ((pd == 4 && !stack) || (pd == 8 && stack) ||
              (pd == 0 && pt == GNU_PROPERTY_NO_COPY_ON_PROTECTED)) {
            u32 k = 0;
            while (k < nfp && fp[k].type != pt)
              k++;
            if (k == nfp && nfp < sizeof(fp) / sizeof(*fp))
              fp[nfp++] = (struct file_prop){pt, 0};
            if (k < nfp && stack && rd64(p + q + 8) > fp[k].value)
              fp[k].value = rd64(p + q + 8);
            else if (k < nfp && pd == 4)
              fp[k].value |= rd32(p + q + 8);
          }
          q += align_up(8 + pd, 8);
        }
      }
      pos = desc + align_up(descsz, 4);
    }
  }
  for (u32 k = 0; k < nfp; k++) {
    struct gnu_prop *gp = gnu_property(ctx, fp[k].type);
    if (gp) {
      enum prop_merge how = prop_merge(ctx, fp[k].type);
      if (how == PM_AND)
        gp->value &= fp[k].value;
      else if (how == PM_MAX)
        gp->value = fp[k].value > gp->value ? fp[k].value : gp->value;
      else
        gp->value |= fp[k].value;
      gp->nfiles++;
    }
    if (ctx->arch->report_prop && fp[k].type == ctx->arch->report_prop)
      report = fp[k].value;
  }
  if (ctx->arch->file_properties)
    ctx->arch->file_properties(ctx, f, report);
}

// For each member of a losing COMDAT group, the winning group's member of
// the same name, and for a losing .gnu.linkonce.* section the winner (a
// section, or a group's one member), if its size is the same, and if
// that went too, what it went for (GNU ld's kept_section and
// _bfd_elf_check_kept_section): references from debug information to
// the discarded copy go to it.
//
// The winner of section m of f: section ks of *w; 0 if none.
static u32 winner_of(struct objfile *f, u32 m, struct objfile **w) {
  struct symbol *g = f->lost_to[m];
  if (!f->discarded[m] || !g || !g->file || !g->file->isecs)
    return 0;
  *w = g->file;
  const u8 *gsh = shdr_at(*w, g->symidx);
  const char *name = section_name(f, m);
  u32 ks = 0;
  if (SH_TYPE(gsh) != SHT_GROUP) {       // a .gnu.linkonce.* section
    ks = g->symidx;
  } else if (!(SH_FLAGS(shdr_at(f, m)) & SHF_GROUP)) {
    ks = single_member(*w, g->symidx);   // a linkonce lost to a group
  } else {
    const u8 *p = (*w)->data + SH_OFFSET(gsh);
    for (u64 k = 1; k < SH_SIZE(gsh) / 4 && !ks; k++) {
      u32 s = rd32(p + k * 4);
      if (s < (*w)->shnum && !strcmp(section_name(*w, s), name))
        ks = s;
    }
  }
  return ks && SH_SIZE(shdr_at(*w, ks)) == SH_SIZE(shdr_at(f, m)) ? ks : 0;
}

// On all threads, each file's: the winners that stayed.  A winner that
// went too is left for kept_chains (chained[fi] set).
static void find_kept_sections(struct ctx *ctx, void *arg, u32 fi) {
  u8 *chained = arg;
  struct objfile *f = ctx->objs.v[fi];
  if (!f->lost_to)
    return;
  f->kept = arena_alloc(ctx, (u64)f->shnum * sizeof(struct isec *));
  for (u32 m = 1; m < f->shnum; m++) {
    struct objfile *w;
    u32 ks = winner_of(f, m, &w);
    if (ks && w->discarded && w->discarded[ks])
      chained[fi] = 1;
    else if (ks)
      f->kept[m] = w->isecs[ks];
  }
}

// Then, in file order, the winners that went too: what they went for, as
// a walk of the files in order finds it (a later file's, or a later
// section's of the same file, not yet found).
static void kept_chains(struct ctx *ctx, const u8 *chained) {
  u32 *pos = arena_alloc(ctx, ((u64)ctx->next_priority + 1) * sizeof(u32));
  for (u32 fi = 0; fi < ctx->objs.len; fi++)
    pos[((struct objfile *)ctx->objs.v[fi])->priority] = fi;
  for (u32 fi = 0; fi < ctx->objs.len; fi++) {
    struct objfile *f = ctx->objs.v[fi];
    for (u32 m = 1; chained[fi] && m < f->shnum; m++) {
      struct objfile *w;
      u32 ks = winner_of(f, m, &w);
      if (!ks || !w->discarded || !w->discarded[ks])
        continue;
      bool found = w == f ? ks < m : pos[w->priority] < fi;
      f->kept[m] = found && w->kept ? w->kept[ks] : NULL;
    }
  }
}

// GNU ld's default script has a writable copy of the exception-handling
// output sections inside the RELRO part (".eh_frame : ONLY_IF_RW { ... }"
// and the like).  Its search for a RELRO section walks their patterns too,
// so an input section they match keeps RELRO on even though it goes to
// the read-only copy (ld/ldlang.c, lang_find_relro_sections).
static bool in_rw_exception_section(const char *name) {
  static const char *const exact_or_dot[] = {".eh_frame", ".sframe",
                                             ".gcc_except_table"};
  for (u32 i = 0; i < sizeof(exact_or_dot) / sizeof(*exact_or_dot); i++) {
    u64 n = strlen(exact_or_dot[i]);
    if (!strncmp(name, exact_or_dot[i], n) && (!name[n] || name[n] == '.'))
      return true;
  }
  return !strcmp(name, ".gnu_extab") ||
         !strncmp(name, ".exception_ranges", 17);
}

// What parse_file_sections finds in a file, for parse_sections to take
// in file order.
enum {
  PF_STACK_NOTE = 1,           // a .note.GNU-stack
  PF_STACK_X = 2,              // an executable one
  PF_COMPRESSED = 4,           // a compressed section
  PF_RELRO_RW_COPY = 8,        // an allocated section GNU ld's RELRO
                               // exceptions copy read-write
  PF_DROPPED_DEFS = 16,        // a section dropped_with_defs defines a
                               // symbol (not its section symbol)
};

struct parse_job {
  struct symbol *lto_slim;
  u8 *found;                   // per file: PF_*
};

// File f's relocation sections, attached to the sections they relocate.
static void attach_relocations(struct ctx *ctx, struct objfile *f,
                               struct isec **isecs) {
  for (u32 i = 1; i < f->shnum; i++) {
    const u8 *sh = shdr_at(f, i);
    if (SH_TYPE(sh) != SHT_RELA)
      continue;
    struct isec *target = isecs[SH_INFO(sh)];
    if (!target || target->warning)  // nothing of it is written
      continue;
    if (target->rels) {
      error(ctx, "%s: section %u has two relocation sections", f->name,
            SH_INFO(sh));
      continue;
    }
    target->rels = f->data + SH_OFFSET(sh);
    target->nrels = SH_SIZE(sh) / sizeof(Elf64_Rela);
    if (target->nrels && !f->symtab) {
      error(ctx, "%s: relocations but no symbol table", f->name);
      target->nrels = 0;
    }
  }
}

// Whether file f defines a symbol in a section it dropped that a
// reference must not reach (check_discarded_refs then looks: a pass over
// every relocation).  A debugging section's own symbol is all -g objects
// define there, and is not one; nor is a local of a .gnu.warning.SYM
// section (glibc's link_warning names each of its sections so, and
// nothing refers to them), but a global there is.
static bool defines_in_dropped(struct ctx *ctx, struct objfile *f,
                               struct isec **isecs) {
  for (u32 k = 1; k < f->nsyms; k++) {
    struct esym s;
    read_sym(f, k, &s);
    u32 shndx = sym_shndx(f, k, &s);
    if (ELF64_ST_TYPE(s.st_info) != STT_SECTION && shndx != SHN_UNDEF &&
        shndx < f->shnum && !isecs[shndx] &&
        (k >= f->first_global ||
         !starts(section_name(f, shndx), ".gnu.warning.")) &&
        dropped_with_defs(ctx, section_name(f, shndx),
                          SH_FLAGS(shdr_at(f, shndx))))
      return true;
  }
  return false;
}

// File f's sections into isecs[shnum]: an isec for each one that stays,
// with the relocation section attached, and in *warning the first named
// .gnu.warning, kept or not (0: none).  Returns what parse_sections
// takes in file order (PF_*).
static u8 parse_file(struct ctx *ctx, struct objfile *f, struct isec **isecs,
                     u32 *warning) {
  u8 found = 0;
  bool warning_seen = false;
  *warning = 0;
  for (u32 i = 1; i < f->shnum; i++) {
    const u8 *sh = shdr_at(f, i);
    const char *name = section_name(f, i);
    if (!*warning && !strcmp(name, ".gnu.warning"))
      *warning = i;
    u32 type = SH_TYPE(sh);
    u64 flags = SH_FLAGS(sh);
    if (!strcmp(name, ".note.GNU-stack"))
      found |= PF_STACK_NOTE | (flags & SHF_EXECINSTR ? PF_STACK_X : 0);
    // GNU ld's -r puts the inputs' build IDs and its own in one
    // section, which mld does not.
    if (ctx->cfg.relocatable && ctx->cfg.build_id != BUILD_ID_NONE &&
        !strcmp(name, ".note.gnu.build-id"))
      error(ctx, "%s: -r --build-id with an input's .note.gnu.build-id: "
            "not supported", f->name);
    if (dropped_section(ctx, f, i, name, type, flags)) {
      if (dropped_with_defs(ctx, name, flags))
        found |= PF_DROPPED_DEFS;  // for now: any symbol in it, below
      continue;
    }
    struct isec *is = arena_alloc(ctx, sizeof(*is));
    is->file = f;
    is->shndx = i;
    is->size = SH_SIZE(sh);
    is->align = SH_ALIGN(sh) ? SH_ALIGN(sh) : 1;
    is->data = type == SHT_NOBITS ? NULL : f->data + SH_OFFSET(sh);
    is->live = true;
    isecs[i] = is;
    // The file's .gnu.warning (the first by that name, as GNU ld looks
    // it up) has given its message (warn_linked_objects).  It stays,
    // empty, so that its symbols keep their addresses; bfd excludes it,
    // which leaves its globals out of .symtab (ldelf_before_allocation;
    // global_listed).  Its locals are listed as any others.
    if (!strcmp(name, ".gnu.warning") && !ctx->cfg.relocatable &&
        !warning_seen) {
      warning_seen = true;
      is->size = 0;
      is->warning = true;
    }
    if (compressed_input(f, i, name, flags)) {
      is->compressed = true;   // named by parse_sections
      found |= PF_COMPRESSED;
    }
    if ((flags & SHF_ALLOC) && is->size && in_rw_exception_section(name))
      found |= PF_RELRO_RW_COPY;
  }
  attach_relocations(ctx, f, isecs);
  if (found & PF_DROPPED_DEFS) {
    found &= ~PF_DROPPED_DEFS;
    if (defines_in_dropped(ctx, f, isecs))
      found |= PF_DROPPED_DEFS;
  }
  return found;
}

// A file's sections, parsed while resolution goes on: a stream's item
// (parallel.c), added as the file joins the link (parse_ahead), and run
// on the other threads.  It reads only what the file's own arrival
// settled (its COMDAT losers) and keeps its results aside, where
// parse_sections takes them: nothing resolution reads changes.  Its
// .eh_frame waits for decompression if it has compressed sections.
//
// An item may instead be an archive member to bring into memory before
// resolution extracts it (warm_ahead), tagged by its pointer's low bit.
// Once resolution is over, those left are passed over.
struct warm_item {
  struct archive *ar;
  u64 off;
};

static void parse_ahead_item(struct ctx *ctx, void *arg, void *item) {
  (void)arg;
  if ((uintptr_t)item & 1) {
    struct warm_item *w = (void *)((uintptr_t)item - 1);
    if (!__atomic_load_n(&ctx->resolution_over, __ATOMIC_RELAXED))
      archive_warm_member(w->ar, w->off);
    return;
  }
  struct objfile *f = item;
  struct isec **isecs = arena_alloc(ctx, (u64)f->shnum * sizeof(*isecs));
  u8 found = parse_file(ctx, f, isecs, &f->ahead_warning);
  f->ahead_eh = !(found & PF_COMPRESSED);
  if (f->ahead_eh)
    parse_eh_sections(ctx, f, isecs);
  f->ahead_found = found;
  f->ahead_isecs = isecs;
}

void start_parsing_ahead(struct ctx *ctx) {
  ctx->parse_ahead = stream_open(ctx, parse_ahead_item, NULL);
}

void parse_ahead(struct ctx *ctx, struct objfile *f) {
  if (ctx->parse_ahead)
    stream_add(ctx, ctx->parse_ahead, f);
}

// Archive AR's member at OFF may be extracted soon (scan_archive).
void warm_ahead(struct ctx *ctx, struct archive *ar, u64 off) {
  if (!ctx->parse_ahead)
    return;
  struct warm_item *w = arena_alloc(ctx, sizeof(*w));
  *w = (struct warm_item){ar, off};
  stream_add(ctx, ctx->parse_ahead, (void *)((uintptr_t)w | 1));
}

// Once no file joins the link: what is left is parsed on all threads;
// the results wait for parse_sections.
void finish_parsing_ahead(struct ctx *ctx) {
  if (ctx->parse_ahead) {
    __atomic_store_n(&ctx->resolution_over, true, __ATOMIC_RELAXED);
    stream_close(ctx, ctx->parse_ahead);
    ctx->parse_ahead = NULL;
  }
}

// File fi's sections, on all threads (a file's own): those parse_ahead
// found, unless a slim LTO object may be among the files.
static void parse_file_sections(struct ctx *ctx, void *arg, u32 fi) {
  struct parse_job *j = arg;
  struct objfile *f = ctx->objs.v[fi];
  if (f->ahead_isecs && !j->lto_slim) {
    f->isecs = f->ahead_isecs;
    f->eh_parsed = f->ahead_eh;
    j->found[fi] = f->ahead_found;
    return;
  }
  f->eh_parsed = false;
  f->isecs = arena_alloc(ctx, (u64)f->shnum * sizeof(struct isec *));
  for (u32 k = f->first_global; j->lto_slim && k < f->nsyms; k++)
    if (f->globals[k - f->first_global] == j->lto_slim) {
      error(ctx, "%s: object contains only LTO bytecode (built with "
            "-flto); mld does not do link-time optimization: rebuild "
            "without -flto or with -ffat-lto-objects", f->name);
      break;
    }
  u32 warning;
  j->found[fi] = parse_file(ctx, f, f->isecs, &warning);
}

void parse_sections(struct ctx *ctx) {
  finish_parsing_ahead(ctx);
  bool any_stack_note = false;
  // A slim LTO object (gcc marks it with __gnu_lto_slim) holds only
  // compiler IR, which mld cannot link; a fat one also has real code.
  // -r combines its sections as any others (GNU ld complains only when
  // it links one, elf_link_add_object_symbols).
  struct parse_job j = {
      ctx->cfg.relocatable ? NULL : sym_find_str(ctx, "__gnu_lto_slim"),
      arena_alloc(ctx, (u64)ctx->objs.len + 1)};
  parallel_for(ctx, ctx->objs.len, parse_file_sections, &j);
  for (u32 fi = 0; fi < ctx->objs.len; fi++) {
    struct objfile *f = ctx->objs.v[fi];
    u8 found = j.found[fi];
    read_properties(ctx, f);   // merged in file order
    // GNU ld 2.40's rule (bfd_elf_size_dynamic_sections): an executable
    // .note.GNU-stack makes the stack executable, and so does an input
    // without the note where the target defaults to one; PT_GNU_STACK is
    // written only if some input has the note (or -z stack-size).
    if (f->shnum > 1 && !ctx->stack_x_note) {
      any_stack_note |= (found & PF_STACK_NOTE) != 0;
      if (found & PF_STACK_X)
        ctx->stack_x_note = f;
      if (!(found & PF_STACK_NOTE) && ctx->arch->default_execstack)
        ctx->stack_no_note = f;
    }
    for (u32 i = 1; (found & PF_COMPRESSED) && i < f->shnum; i++) {
      if (!f->isecs[i] || !f->isecs[i]->compressed)
        continue;
      const char *name = section_name(f, i);
      if (name[1] == 'z') {    // .zdebug_*: .debug_* once decompressed
        if (!f->names)
          f->names = arena_alloc(ctx, (u64)f->shnum * sizeof(*f->names));
        f->names[i] = arena_printf(ctx, ".%s", name + 2);
      }
      vec_push(ctx, &ctx->compressed, f->isecs[i]);
    }
    ctx->relro_by_rw_copy |= (found & PF_RELRO_RW_COPY) != 0;
    ctx->defs_dropped |= (found & PF_DROPPED_DEFS) != 0;
  }
  decompress_inputs(ctx);     // their sizes count from here on
  u8 *chained = arena_alloc(ctx, (u64)ctx->objs.len + 1);
  parallel_for(ctx, ctx->objs.len, find_kept_sections, chained);
  kept_chains(ctx, chained);
  ctx->iplt_size = ctx->arch->iplt_size;
  ctx->iplt_align = ctx->arch->iplt_align;
  ctx->iplt_slot_bias = ctx->arch->iplt_slot_bias;
  // A static PIE has GNU ld's lazy PLT, even for IFUNCs alone.
  if (ctx->cfg.pie) {
    ctx->plt_header = ctx->arch->plt_header_size;
    ctx->iplt_size = ctx->arch->plt_size;
    ctx->iplt_align = 16;
    ctx->iplt_slot_bias = ctx->arch->plt_slot_bias;
  }
  // -z stack-size=N where an input has properties: the stack size
  // property is N if that is larger (GNU ld's
  // _bfd_elf_link_setup_gnu_properties).
  struct gnu_prop *sp;
  if (ctx->cfg.z_stack_size && ctx->prop_note_file &&
      (sp = gnu_property(ctx, GNU_PROPERTY_STACK_SIZE))) {
    if (ctx->cfg.z_stack_size > sp->value)
      sp->value = ctx->cfg.z_stack_size;
    sp->nfiles += !sp->nfiles;
  }
  // Properties the command line adds (x86 -z ibt, ...); they may choose
  // another form of PLT entry.
  if (ctx->arch->finish_properties)
    ctx->arch->finish_properties(ctx);
  // The other target's keywords, as GNU ld ignores them.
  if (ctx->arch->e_machine != EM_X86_64)
    for (u32 i = 0; i < ctx->cfg.z_x86.len; i++)
      warn(ctx, "-z %s ignored", (const char *)ctx->cfg.z_x86.v[i]);
  if (ctx->arch->e_machine != EM_AARCH64 && ctx->cfg.z_force_bti)
    warn(ctx, "-z force-bti ignored");
  if (ctx->arch->e_machine != EM_AARCH64 && ctx->cfg.z_pac_plt)
    warn(ctx, "-z pac-plt ignored");
  bool x = ctx->stack_x_note || ctx->stack_no_note;
  ctx->stack = !any_stack_note && !ctx->cfg.z_stack_size ? STACK_NONE
               : x                                        ? STACK_X
                                                          : STACK_NX;
}

// An input section's type as it joins an output section (COMMON: NOBITS).
u32 input_type(const struct isec *is) {
  return is->is_common ? SHT_NOBITS : SH_TYPE(shdr_at(is->file, is->shndx));
}

// The type of an output section of type have once one more input of type
// t joins it: the first one's, then NOBITS gives way to any other.
u32 joined_type(u32 have, u32 t, bool first) {
  return first || (have == SHT_NOBITS && t != SHT_NOBITS) ? t : have;
}

// What an input section (is, with its type, flags and entsize) makes of
// the output section c it joins: the first one's type and flags, then
// any input's flags added, SHF_MERGE kept only if all agree, the largest
// alignment.
void join_chunk(struct chunk *c, const struct isec *is, u32 type, u64 flags,
                u64 entsize, bool first) {
  c->link_order |= (flags & SHF_LINK_ORDER) != 0;
  c->type = joined_type(c->type, type, first);
  if (first) {
    c->flags = flags & ~(u64)(SHF_GROUP | SHF_COMPRESSED);
    c->entsize = entsize;
  } else {
    if ((c->flags & (SHF_MERGE | SHF_STRINGS)) !=
            (flags & (SHF_MERGE | SHF_STRINGS)) || c->entsize != entsize) {
      c->flags &= ~(u64)(SHF_MERGE | SHF_STRINGS);
      c->entsize = 0;
    }
    c->flags |= flags & ~(u64)(SHF_GROUP | SHF_MERGE | SHF_STRINGS |
                               SHF_COMPRESSED);
  }
  if (is->align > c->align)
    c->align = is->align;
}

void add_isec(struct ctx *ctx, struct chunk *c, struct isec *is, u32 type,
              u64 flags, u64 entsize) {
  join_chunk(c, is, type, flags, entsize, !c->isecs.len && !c->nc_joined);
  is->osec = c;
  vec_push(ctx, &c->isecs, is);
}

static struct chunk *regular_chunk(struct ctx *ctx, const char *name,
                                   u32 order) {
  struct chunk *c = find_chunk(ctx, name);
  if (!c) {
    c = new_chunk(ctx, name, CK_REGULAR, SHT_PROGBITS, 0, 1);
    c->order = order;
    if (order == KEY(O_BSS) || order == KEY(O_LDATA))
      c->tail_align = 8;
    if (order == KEY(O_LRODATA) || order == KEY(O_LDATA))
      c->script_addr = order == KEY(O_LRODATA) ? SA_LRODATA : SA_LDATA;
  }
  return c;
}

static int cmp_isec(const void *a, const void *b) {
  const struct isec *x = *(struct isec *const *)a;
  const struct isec *y = *(struct isec *const *)b;
  if (x->rank != y->rank)
    return x->rank < y->rank ? -1 : 1;
  if (x->file->priority != y->file->priority)
    return x->file->priority < y->file->priority ? -1 : 1;
  return x->shndx < y->shndx ? -1 : x->shndx > y->shndx;
}

// --sort-section=name|alignment, as GNU ld applies it to each input
// section statement of its script that is not sorted already (an already
// sorted one gets the other key second): the statements' inputs, among
// themselves, by name, or by alignment from the largest, ties in input
// order (GNU ld's tree puts an equal key after).  .init and .fini are left
// alone, and so are orphans and SORT_BY_INIT_PRIORITY's inputs.
enum sort_key { BY_NONE, BY_NAME, BY_ALIGN, BY_NAME_ALIGN };

// The chunk's key for its inputs, once per chunk (chunk_sort_key), then
// per input: SORT(.text.sorted.*) (rank 4) has name first, and
// SORT_BY_INIT_PRIORITY's inputs (rank 0 of .init_array/.fini_array) are
// sorted later, by sort_init_priority.
static u8 chunk_sort_key(struct ctx *ctx, const struct chunk *c) {
  if (!c->from_script || !strcmp(c->name, ".init") ||
      !strcmp(c->name, ".fini"))
    return BY_NONE;
  return ctx->cfg.sort_section == SORT_SECTION_NAME        ? BY_NAME
         : ctx->cfg.sort_section == SORT_SECTION_ALIGNMENT ? BY_ALIGN
                                                           : BY_NONE;
}

static enum sort_key sort_key(const struct isec *is) {
  const struct chunk *c = is->osec;
  if (c->sorted_by_priority && is->rank == 4)
    return c->sort_key == BY_ALIGN ? BY_NAME_ALIGN : BY_NAME;
  if (c->rank0_by_priority && is->rank == 0)
    return BY_NONE;
  return c->sort_key;
}

static int cmp_by_key(const void *a, const void *b) {
  const struct isec *x = *(struct isec *const *)a;
  const struct isec *y = *(struct isec *const *)b;
  if (x->rank == y->rank) {
    enum sort_key k = sort_key(x);
    int c = 0;
    if (k == BY_NAME || k == BY_NAME_ALIGN)
      c = strcmp(isec_name((struct isec *)x), isec_name((struct isec *)y));
    if (!c && (k == BY_ALIGN || k == BY_NAME_ALIGN) && x->align != y->align)
      c = x->align > y->align ? -1 : 1;
    if (c)
      return c;
  }
  return cmp_isec(a, b);
}

// SORT_BY_INIT_PRIORITY as GNU ld 2.40 does it.  It inserts the sections
// one by one, in input order, into a binary search tree (an equal key goes
// right) and reads the tree in order.  Keys compare by init_priority, or
// by name if the priorities are equal or one of them is -1.
struct prio_key {
  struct isec *is;
  const char *name;
  i64 prio;
  u32 seq;                     // input order
};

static int cmp_init_priority(const struct prio_key *a,
                             const struct prio_key *b) {
  if (a->prio >= 0 && b->prio >= 0 && a->prio != b->prio)
    return a->prio < b->prio ? -1 : 1;
  return strcmp(a->name, b->name);
}

static int cmp_prio_key(const void *a, const void *b) {
  const struct prio_key *x = a, *y = b;
  int c = cmp_init_priority(x, y);
  if (c)
    return c;
  return x->seq < y->seq ? -1 : x->seq > y->seq;
}

// The tree's order, for keys that are not a consistent order (a section
// without a priority is compared by name with all, by priority with none,
// so a < b < c < a can happen).  Writes the order of k's indices to out.
static void tree_order(struct ctx *ctx, struct prio_key *k, u32 n, u32 *out) {
  const u32 none = UINT32_MAX;
  u32 *left = arena_alloc(ctx, (u64)n * sizeof(u32));
  u32 *right = arena_alloc(ctx, (u64)n * sizeof(u32));
  u32 *stack = arena_alloc(ctx, (u64)n * sizeof(u32));
  for (u32 i = 0; i < n; i++)
    left[i] = right[i] = none;
  for (u32 i = 1; i < n; i++) {
    u32 t = 0;
    for (;;) {
      u32 *next = cmp_init_priority(&k[i], &k[t]) < 0 ? &left[t] : &right[t];
      if (*next == none) {
        *next = i;
        break;
      }
      t = *next;
    }
  }
  u32 sp = 0, m = 0;
  for (u32 t = 0; t != none || sp;) {
    while (t != none) {
      stack[sp++] = t;
      t = left[t];
    }
    t = stack[--sp];
    out[m++] = t;
    t = right[t];
  }
}

// Sorts v[0, n), in input order, as SORT_BY_INIT_PRIORITY.  While every
// section has a priority the keys are a consistent order, and the tree
// gives what a stable sort gives, without its quadratic worst case.
void sort_init_priority(struct ctx *ctx, struct isec **v, u32 n) {
  if (n < 2)
    return;
  struct prio_key *k = arena_alloc(ctx, (u64)n * sizeof(*k));
  bool all_numbered = true;
  for (u32 i = 0; i < n; i++) {
    k[i].is = v[i];
    k[i].name = section_name(v[i]->file, v[i]->shndx);
    k[i].prio = init_priority(k[i].name);
    k[i].seq = i;
    all_numbered &= k[i].prio >= 0;
  }
  if (all_numbered) {
    qsort(k, n, sizeof(*k), cmp_prio_key);
    for (u32 i = 0; i < n; i++)
      v[i] = k[i].is;
    return;
  }
  u32 *order = arena_alloc(ctx, (u64)n * sizeof(u32));
  tree_order(ctx, k, n, order);
  for (u32 i = 0; i < n; i++)
    v[i] = k[order[i]].is;
}

// GNU ld copies .ctors and .ctors.* in .init_array, and .dtors and
// .dtors.* in .fini_array, as arrays of pointers in reverse order: .ctors
// lists ran from the end, .init_array runs from the start.
bool copied_in_reverse(const char *in, const char *out) {
  if (!(starts(in, ".ctors") && !strcmp(out, ".init_array")) &&
      !(starts(in, ".dtors") && !strcmp(out, ".fini_array")))
    return false;
  return in[6] == 0 || in[6] == '.';
}

// Output sections given an address by -Ttext and the like.  A name that
// is no output section changes nothing, but for orphan_key.
static void place_section_starts(struct ctx *ctx) {
  struct vec *v = &ctx->cfg.section_starts;
  for (u32 k = 0; k < v->len; k++) {
    struct section_start *s = v->v[k];
    for (u32 i = 0; i < ctx->chunks.len; i++) {
      struct chunk *c = ctx->chunks.v[i];
      if (c->kind != CK_EHDR && (c->flags & SHF_ALLOC) && !c->unique &&
          !strcmp(c->name, s->name)) {
        c->fixed = true;
        c->fixed_addr = s->addr;
        c->hdr_start = k + 1;
        break;
      }
    }
  }
}

// The section headers in GNU ld's order, that of bfd's list of output
// sections (see orphan_key): without --build-id and .interp the notes,
// which GNU ld then puts at the front (ldelf_place_orphan places them
// after .interp's section, the list's head when there is none); the
// sections given an address, each followed by the orphans after it; then
// the others.
static int hdr_rank(struct ctx *ctx, const struct chunk *c) {
  if (c->kind == CK_EHDR)
    return 0;
  if (ctx->cfg.build_id == BUILD_ID_NONE && !ctx->cfg.interp &&
      c->type == SHT_NOTE && (c->flags & SHF_ALLOC) && !c->hdr_start)
    return 1;
  return c->hdr_start || c->hdr_follows ? 2 : 3;
}

struct hdr_key {
  struct chunk *c;
  int rank;
  u32 start, pos;
};

static int cmp_hdr_key(const void *a, const void *b) {
  const struct hdr_key *x = a, *y = b;
  if (x->rank != y->rank)
    return x->rank - y->rank;
  if (x->start != y->start)
    return x->start < y->start ? -1 : 1;
  return x->pos < y->pos ? -1 : x->pos > y->pos;
}

static void order_headers(struct ctx *ctx) {
  u32 n = ctx->chunks.len;
  struct hdr_key *k = arena_alloc(ctx, (u64)n * sizeof(*k));
  for (u32 i = 0; i < n; i++) {
    struct chunk *c = ctx->chunks.v[i];
    k[i] = (struct hdr_key){c, hdr_rank(ctx, c),
                            c->hdr_start ? c->hdr_start : c->hdr_follows, i};
  }
  qsort(k, n, sizeof(*k), cmp_hdr_key);
  ctx->hdr_order.len = 0;
  for (u32 i = 0; i < n; i++)
    vec_push(ctx, &ctx->hdr_order, k[i].c);
}

static int cmp_chunk(const void *a, const void *b) {
  const struct chunk *x = *(struct chunk *const *)a;
  const struct chunk *y = *(struct chunk *const *)b;
  return x->order < y->order ? -1 : x->order > y->order;
}

// --unique=PATTERN: the input section gets an output section of its own,
// whatever the script says.
static bool unique_pattern(struct ctx *ctx, const char *name) {
  for (u32 i = 0; i < ctx->cfg.unique.len; i++)
    if (!fnmatch(ctx->cfg.unique.v[i], name, 0))
      return true;
  return false;
}

// Where the default script puts a file's COMMON section (KIND 0: COMMON,
// 1: .tcommon, 2: LARGE_COMMON).
static struct chunk *common_home(struct ctx *ctx, void *arg, struct isec *is,
                                 u32 kind) {
  (void)arg;
  (void)is;
  struct chunk *c = kind == 2 ? regular_chunk(ctx, ".lbss", KEY(O_LBSS))
                    : regular_chunk(ctx, kind ? ".tbss" : ".bss",
                                    KEY(kind ? O_TBSS : O_BSS));
  c->from_script = true;       // *(COMMON): sorted by --sort-section
  return c;
}

// .init_array, .fini_array and .preinit_array: their section types, and
// sh_entsize 8 (arrays of pointers), as GNU ld writes them.
void set_array_type(struct chunk *c) {
  if (!strcmp(c->name, ".init_array"))
    c->type = SHT_INIT_ARRAY;
  else if (!strcmp(c->name, ".fini_array"))
    c->type = SHT_FINI_ARRAY;
  else if (!strcmp(c->name, ".preinit_array"))
    c->type = SHT_PREINIT_ARRAY;
  if (c->type == SHT_INIT_ARRAY || c->type == SHT_FINI_ARRAY ||
      c->type == SHT_PREINIT_ARRAY)
    c->entsize = 8;
}

// A large COMMON symbol that became ordinary leaves GNU ld's LARGE_COMMON
// input section, empty, in the output section that takes it (.lbss, or
// a script's), and so keeps that section.
void keep_large_common_home(struct ctx *ctx, struct chunk *c) {
  if (!c->isecs.len) {
    c->type = SHT_NOBITS;
    c->flags = SHF_ALLOC | SHF_WRITE | ctx->arch->shf_large;
  }
  c->keep_empty = true;
}

void create_commons(struct ctx *ctx,
                    struct chunk *(*home)(struct ctx *ctx, void *arg,
                                          struct isec *is, u32 kind),
                    void *arg) {
  const struct arch *arch = ctx->arch;
  // COMMON symbols, as GNU ld places them: each file's own COMMON section
  // (.tcommon for TLS, LARGE_COMMON for x86-64 large ones) holds the
  // symbols whose largest definition it has, in ctx->commons' order,
  // each aligned, the section as aligned as its most aligned symbol;
  // these sections follow every .bss input.
  struct isec **own =
      arena_alloc(ctx, ((u64)ctx->next_priority + 1) * 3 * sizeof(*own));
  for (u32 i = 0; i < ctx->commons.len; i++) {
    struct symbol *sym = ctx->commons.v[i];
    struct esym s;
    read_sym(sym->file, sym->symidx, &s);
    bool tls = ELF64_ST_TYPE(s.st_info) == STT_TLS;
    u32 shndx = sym_shndx(sym->file, sym->symidx, &s);
    bool large = arch->shn_large_common && shndx == arch->shn_large_common &&
                 !(sym->flags & SF_SMALL_COMMON);
    u32 kind = tls ? 1 : large ? 2 : 0;
    struct isec **slot = &own[(u64)sym->file->priority * 3 + kind];
    struct isec *is = *slot;
    if (!is) {
      is = *slot = arena_alloc(ctx, sizeof(*is));
      is->file = sym->file;
      is->shndx = sym->file->shnum + kind;  // sorts after real sections
      is->align = 1;
      is->live = true;
      is->is_common = true;
      is->rank = 100000;
      struct chunk *c = home(ctx, arg, is, kind);
      add_isec(ctx, c, is, SHT_NOBITS,
               SHF_ALLOC | SHF_WRITE | (tls ? SHF_TLS : 0) |
                   (large ? arch->shf_large : 0),
               0);
    }
    u64 align = sym->value > 1 ? sym->value : 1;
    if (align > is->align)
      is->align = align;
    if (is->align > is->osec->align)
      is->osec->align = is->align;
    // The symbol now lives in this section, at its offset (aux->addend).
    u64 off = align_up(is->size, align);
    sym_aux(ctx, sym)->addend = (i64)off;
    is->size = off + s.st_size;
    sym->state = SYM_DEFINED;
    sym->value = 0;
    sym_aux(ctx, sym)->isec = is;
  }

}

// Input section k of f goes nowhere, as a script's /DISCARD/ says (or
// --orphan-handling=discard): what refers to it is checked
// (check_discarded_refs).
void discard_input(struct ctx *ctx, struct objfile *f, u32 k) {
  f->isecs[k] = NULL;
  if (!f->script_discarded)
    f->script_discarded = arena_alloc(ctx, f->shnum);
  f->script_discarded[k] = 1;
  ctx->script_discards = true;
}

// --orphan-handling: input section k of f, which no statement of the
// script (GNU ld's default one, or -T's) names, is about to go to output
// section OUT.  Reported as GNU ld reports it (ldlang_place_orphan);
// false for discard: it goes nowhere.
bool orphan(struct ctx *ctx, struct objfile *f, u32 k, const char *out) {
  const char *name = section_name(f, k);
  switch (ctx->cfg.orphan_handling) {
  case OH_WARN:
    warn(ctx, "orphan section `%s' from `%s' being placed in section `%s'",
         name, f->name, out);
    break;
  case OH_ERROR:
    error(ctx, "unplaced orphan section `%s' from `%s'", name, f->name);
    break;
  case OH_DISCARD:
    discard_input(ctx, f, k);
    return false;
  }
  return true;
}

// The first input's .note.gnu.property, which GNU ld keeps to hold the
// merged properties (mld makes its own): an orphan too.  Discarded, no
// property is written.
void property_orphan(struct ctx *ctx, struct objfile *f, u32 k) {
  if (f == ctx->prop_note_file && k == ctx->prop_note_shndx &&
      !orphan(ctx, f, k, ".note.gnu.property"))
    ctx->nprops = 0;
}

// -N: GNU ld makes .text writable (the output section of that name), in
// its default layout or a script's (lang_process).
static void omagic_text(struct ctx *ctx) {
  struct chunk *text = find_chunk(ctx, ".text");
  if (ctx->cfg.omagic && text)
    text->flags |= SHF_WRITE;
}

// The output section of the built-in layout that input section I of F
// (IS) goes to, made if need be, or NULL: an orphan discarded.  Orphans
// are keyed in order of appearance (*ORPHAN_SEQ); *NOTES_SEEN is set
// once a note orphan has been placed.
static struct chunk *builtin_home(struct ctx *ctx, struct objfile *f, u32 i,
                                  struct isec *is, u32 *orphan_seq,
                                  bool *notes_seen) {
  bool oh = ctx->cfg.orphan_handling != OH_PLACE;
  const u8 *sh = shdr_at(f, i);
  const char *name = section_name(f, i);
  u32 type = SH_TYPE(sh);
  u64 flags = SH_FLAGS(sh);
  struct rule r;
  struct chunk *c;
  bool unique = unique_pattern(ctx, name);
  // What GNU ld's default script does not name is an orphan (each
  // goes to an output section of its own name).
  if (unique || (ctx->cfg.unique_orphans &&
                 !script_rule(ctx, f, name, &r) &&
                 !(type == SHT_NOTE && (flags & SHF_ALLOC)))) {
    if (oh && !orphan(ctx, f, i, name))
      return NULL;
    // Placed as an orphan, after any section of its name.
    c = new_chunk(ctx, name, CK_REGULAR, SHT_PROGBITS, 0, 1);
    c->unique = true;
    c->order = KEY(orphan_order(name, type, flags, is->align)) + 1 +
               (*orphan_seq)++;
    is->rank = 0;
  } else if (type == SHT_NOTE && (flags & SHF_ALLOC)) {
    if (oh && strcmp(name, ".note.gnu.build-id") &&
        !orphan(ctx, f, i, name))
      return NULL;
    c = regular_chunk(ctx, name, 0);
    if (!c->order && start_index(ctx, name) >= 0) {
      c->order = KEY(O_ADDRESSED) + start_index(ctx, name);
    } else if (!c->order) {
      c->order =
          KEY(is->align >= 8 ? O_NOTE8 : O_NOTE4) + 1 + (*orphan_seq)++;
      *notes_seen = true;
    }
    if (!strcmp(name, ".note.gnu.build-id"))
      c->order = KEY(O_BUILD_ID);
    is->rank = 0;
  } else if (ctx->script &&
             (c = inserted_chunk(ctx, f, name,
                                 script_rule(ctx, f, name, &r)
                                     ? r.order
                                     : UINT32_MAX))) {
    // INSERT: a -T script's section, in the built-in layout.
  } else if (script_rule(ctx, f, name, &r)) {
    c = regular_chunk(ctx, r.name, r.order);
    c->from_script = true;
    c->keep_empty |= r.keep;
    is->rank = r.rank;
  } else {
    if (oh && !orphan(ctx, f, i, name))
      return NULL;
    const char *oname = name;
    u32 node = 0;
    if ((flags & (SHF_GNU_MBIND | SHF_ALLOC)) ==
        (SHF_GNU_MBIND | SHF_ALLOC)) {
      node = 1 + SH_INFO(sh);
      c = mbind_home(ctx, node, type, flags, &oname);
    } else {
      c = orphan_home(ctx, find_chunk(ctx, name), type, flags);
    }
    if (!c) {
      c = new_chunk(ctx, oname, CK_REGULAR, SHT_PROGBITS, 0, 1);
      c->mbind = node;
      c->orphan_seq = 1 + *orphan_seq;
      c->orphan_notes_seen = *notes_seen;
      c->order = orphan_key(ctx, oname,
                            orphan_order(oname, type, flags, is->align),
                            orphan_seq, *notes_seen, &c->hdr_follows);
    }
  }
  return c;
}

// Input section I of F into its output section of the built-in layout
// (builtin_home).
static void place_input(struct ctx *ctx, struct objfile *f, u32 i,
                        u32 *orphan_seq, bool *notes_seen) {
  struct isec *is = f->isecs[i];
  bool oh = ctx->cfg.orphan_handling != OH_PLACE;
  ctx->mbind_input |= (SH_FLAGS(shdr_at(f, i)) & SHF_GNU_MBIND) != 0;
  if (!is) {
    if (oh)
      property_orphan(ctx, f, i);
    return;
  }
  struct chunk *c = builtin_home(ctx, f, i, is, orphan_seq, notes_seen);
  if (!c)
    return;
  const u8 *sh = shdr_at(f, i);
  const char *name = section_name(f, i);
  if (!c->mbind)
    refuse_mbind(ctx, f, i, "that the built-in layout names");
  if (starts(name, ".text.sorted.") && !strcmp(c->name, ".text"))
    c->sorted_by_priority = true;
  add_isec(ctx, c, is, SH_TYPE(sh), SH_FLAGS(sh), SH_ENTSIZE(sh));
  if (copied_in_reverse(name, c->name)) {
    is->reverse = true;
    if (is->size % 8)
      error(ctx, "%s: size of section %s is not multiple of address "
            "size", f->name, name);
  }
}

// Every input section of every file into its output section, in file
// and section order, as the built-in layout (GNU ld's default script)
// places it.
static void place_inputs(struct ctx *ctx) {
  u32 orphan_seq = 0;          // orphans keep their order of appearance
  bool notes_seen = false;     // a note orphan has been placed
  index_chunks(ctx, true);

  for (u32 fi = 0; fi < ctx->objs.len; fi++) {
    struct objfile *f = ctx->objs.v[fi];
    for (u32 i = 1; i < f->shnum; i++)
      place_input(ctx, f, i, &orphan_seq, &notes_seen);
    // --package-metadata: GNU ld makes .note.package a section of the
    // first file, after that file's own, and places it as an orphan note.
    if (fi == 0 && ctx->cfg.package_metadata) {
      ctx->package_order = KEY(O_NOTE4) + 1 + orphan_seq++;
      notes_seen = true;
    }
  }
  index_chunks(ctx, false);    // chunks may change from here on
}

// The linker's inputs to the built-in layout: COMMON symbols, .lbss for
// LARGE_COMMON, and an x86-64 PIE's .eh_frame.
static void builtin_linker_inputs(struct ctx *ctx) {
  create_commons(ctx, common_home, NULL);
  if (ctx->large_common_seen)
    keep_large_common_home(ctx, regular_chunk(ctx, ".lbss", KEY(O_LBSS)));
  // An x86-64 PIE: GNU ld's own .eh_frame input (plt_unwind_info, aligned
  // to 8) makes the output section, empty when nothing else comes.
  if (plt_unwind_wanted(ctx)) {
    struct chunk *c = regular_chunk(ctx, ".eh_frame", KEY(O_EH_FRAME));
    if (!c->isecs.len)
      c->flags = SHF_ALLOC, c->align = 8;
    c->keep_empty = true;
  }
}

// Each node's section on pages of its own in a demand-paged output
// (bfd's get_program_header_size), if the node has a segment.
static void align_mbind_chunks(struct ctx *ctx) {
  for (u32 i = 0; !ctx->cfg.nmagic && !ctx->cfg.omagic &&
                  i < ctx->chunks.len; i++) {
    struct chunk *c = ctx->chunks.v[i];
    if (c->mbind && c->mbind - 1 <= PT_GNU_MBIND_NUM &&
        c->align < ctx->common_page_size)
      c->align = ctx->common_page_size;
  }
}

// Input sections inside each output section: by rule rank, then file
// order, then section index; then .init_array.N and the like by
// priority, among themselves (rank 0).  Also sets each section's array
// type and whether it is RELRO.
// cmp_isec's order at the cost of a pass or two, where it can be had
// so: the inputs in file and section order, as place_inputs adds them
// (then cmp_isec has no ties, and the order is each rank's inputs as
// they are), with few ranks (the built-in layout's).  False otherwise.
static bool sort_by_rank(struct ctx *ctx, struct vec *v) {
  enum { FEW_RANKS = 8 };
  if (v->len < 2)
    return true;
  u32 start[FEW_RANKS + 1] = {0};
  struct isec **is = (struct isec **)v->v;
  for (u32 k = 0; k < v->len; k++) {
    u32 p = is[k]->file->priority, q = k ? is[k - 1]->file->priority : 0;
    if (is[k]->rank >= FEW_RANKS ||
        (k && (q > p || (q == p && is[k - 1]->shndx >= is[k]->shndx))))
      return false;
    start[is[k]->rank + 1]++;
  }
  for (u32 r = 1; r <= FEW_RANKS; r++)
    start[r] += start[r - 1];
  struct isec **tmp = malloc((u64)v->len * sizeof(*tmp));
  if (!tmp)
    fatal(ctx, "out of memory sorting %u input sections", v->len);
  for (u32 k = 0; k < v->len; k++)
    tmp[start[is[k]->rank]++] = is[k];
  memcpy(is, tmp, (u64)v->len * sizeof(*tmp));
  free(tmp);
  return true;
}

static void sort_chunk_inputs(struct ctx *ctx) {
  for (u32 i = 0; i < ctx->chunks.len; i++) {
    struct chunk *c = ctx->chunks.v[i];
    if (c->kind != CK_REGULAR)
      continue;
    c->rank0_by_priority =
        !strcmp(c->name, ".init_array") || !strcmp(c->name, ".fini_array");
    c->sort_key = chunk_sort_key(ctx, c);
    if (c->sorted_by_priority || c->sort_key)
      vec_sort(&c->isecs, cmp_by_key);
    else if (!sort_by_rank(ctx, &c->isecs))
      vec_sort(&c->isecs, cmp_isec);
    if (c->rank0_by_priority) {
      u32 n = 0;
      while (n < c->isecs.len && ((struct isec *)c->isecs.v[n])->rank == 0)
        n++;
      sort_init_priority(ctx, (struct isec **)c->isecs.v, n);
    }
    set_array_type(c);
    static const char *const relro[] = {
        ".tdata", ".tbss", ".preinit_array", ".init_array", ".fini_array",
        ".ctors", ".dtors", ".jcr", ".data.rel.ro"};
    for (u32 k = 0; k < sizeof(relro) / sizeof(*relro); k++)
      if (!strcmp(c->name, relro[k]))
        c->relro = true;
  }
}

// .eh_frame is rewritten record by record: the first output section of
// that name (a --unique one too) is of that kind from here on.
static void mark_eh_frame(struct ctx *ctx) {
  for (u32 i = 0; i < ctx->chunks.len; i++) {
    struct chunk *c = ctx->chunks.v[i];
    if (c->kind == CK_REGULAR && !strcmp(c->name, ".eh_frame")) {
      c->kind = CK_EH_FRAME;
      ctx->synth[CK_EH_FRAME] = c;
      break;
    }
  }
}

void create_chunks(struct ctx *ctx) {
  if (script_layout(ctx)) {
    script_chunks(ctx);       // -T: the script's output sections
    omagic_text(ctx);
    return;
  }
  place_inputs(ctx);          // the built-in layout's output sections
  place_by_all_inputs(ctx);
  if (ctx->cfg.package_metadata && find_chunk(ctx, ".note.package"))
    error(ctx, "--package-metadata: an input has a .note.package section "
          "already");
  builtin_linker_inputs(ctx); // COMMON, .lbss, x86-64 PIE's .eh_frame
  align_mbind_chunks(ctx);
  create_synthetic(ctx);      // .got, notes, .symtab, ...
  if (ctx->script)
    order_inserted(ctx);      // INSERT: where the script's sections go
  if (ctx->cfg.z_execstack >= 0)
    ctx->stack = ctx->cfg.z_execstack ? STACK_X : STACK_NX;

  vec_sort(&ctx->chunks, cmp_chunk);
  place_section_starts(ctx);
  sort_chunk_inputs(ctx);
  mark_eh_frame(ctx);
  omagic_text(ctx);
  create_emit_relocs(ctx);    // -q: .rela<NAME> after each NAME
  order_headers(ctx);
}
