// synthetic.c: sections the linker makes itself.
//
// .got (addresses and TP offsets, all known at link time in a static
// executable), .got.plt (three reserved words, then one slot per IFUNC),
// .plt (the IPLT: one jump through its slot per IFUNC), .rela.plt (one
// IRELATIVE per IFUNC, which the C library's static start-up code applies
// between __rela_iplt_start and __rela_iplt_end), .note.gnu.property,
// .note.gnu.build-id, .note.package, .eh_frame_hdr, .symtab, .strtab and
// .shstrtab, and the ELF header's chunk.
//
// Each is one descriptor in the table at the end (mold's chunks, as a C
// table): its name, type, flags and place in the output, when and how it
// is sized, how it is written, its sh_link and sh_info.  create_synthetic
// makes the chunks, size_synthetic and write_synthetic run the hooks in
// the table's order, so a section sized or written from another (.got.plt
// joining .got, .eh_frame_hdr listing .eh_frame's FDEs) comes after it.

#include "mld.h"

#include <stdlib.h>

static bool prop_kept(struct ctx *ctx, u32 k) {
  const struct gnu_prop *p = &ctx->props[k];
  bool all = p->nfiles == ctx->nprop_files;
  switch (prop_merge(ctx, p->type)) {
  case PM_AND:
    return all && p->value;
  case PM_OR_AND:
    return all;
  case PM_ANY:
  case PM_MAX:
    return p->nfiles != 0;
  case PM_OR:                  // GNU ld drops it when no bit is left,
    return p->value != 0 || p->cleared;  // not when an option cleared it
  case PM_NONE:
    return false;
  }
  return false;
}

// A property's bytes in the note: its type and size, then its data (4
// bytes, 8 for GNU_PROPERTY_STACK_SIZE, none for
// GNU_PROPERTY_NO_COPY_ON_PROTECTED), padded to 8.
static u32 prop_bytes(u32 type) {
  return type == GNU_PROPERTY_NO_COPY_ON_PROTECTED ? 8 : 16;
}

static u32 kept_props(struct ctx *ctx, u32 *bytes) {
  u32 n = 0;
  *bytes = 0;
  for (u32 k = 0; k < ctx->nprops; k++)
    if (prop_kept(ctx, k)) {
      n++;
      *bytes += prop_bytes(ctx->props[k].type);
    }
  return n;
}

u32 build_id_size(struct ctx *ctx) {
  switch (ctx->cfg.build_id) {
  case BUILD_ID_NONE: return 0;
  case BUILD_ID_SHA1: return 20;
  case BUILD_ID_MD5: case BUILD_ID_UUID: return 16;
  case BUILD_ID_HEX: return ctx->cfg.build_id_hex_len;
  }
  return 0;
}

// .note.gnu.property's size: 0 if no property is kept.
u64 property_note_size(struct ctx *ctx) {
  u32 bytes;
  return kept_props(ctx, &bytes) ? 16 + bytes : 0;
}

static void size_property(struct ctx *ctx, struct chunk *c) {
  c->size = property_note_size(ctx);
}

static void size_build_id(struct ctx *ctx, struct chunk *c) {
  u32 b = build_id_size(ctx);
  c->size = b ? 16 + align_up(b, 4) : 0;
}

// FDO's packaging note: the JSON and its NUL, padded to 4 (the padded
// size is the descriptor's size, as GNU ld writes it).
static void size_package(struct ctx *ctx, struct chunk *c) {
  c->size = 16 + align_up(strlen(ctx->cfg.package_metadata) + 1, 4);
}

// -z now with RELRO: GNU ld's script puts .got.plt and .igot.plt at the
// start of .got (".got : { *(.got.plt) *(.igot.plt) *(.got) *(.igot) }"),
// all of it read-only after relocation.
bool gotplt_in_got(struct ctx *ctx) {
  // GNU ld's own -z now script does it; a -T script says where .got.plt
  // goes (script_got_join).
  if (script_layout(ctx))
    return ctx->script_got_join != 0;
  return ctx->cfg.z_now && !ctx->cfg.z_norelro;
}

// A target with reserved .got words (AArch64) makes .got and the reserved
// .got.plt words together, as GNU ld does; IFUNC slots alone get no
// reserved words there.
// A static PIE's always has the reserved words, for _DYNAMIC.
static bool keep_got(struct ctx *ctx) {
  return ctx->got_entries ||
         (ctx->arch->got_reserved && (ctx->got_referenced || ctx->cfg.dynamic));
}

// bfd gives the output sections holding its .got and .got.plt an entry
// size when they have something (and .got.plt its reserved words).
static void size_got(struct ctx *ctx, struct chunk *c) {
  c->size = keep_got(ctx) ? (ctx->arch->got_reserved + ctx->got_entries) * 8
                          : 0;
  c->entsize = !c->size ? 0 : ctx->cfg.dynamic ? 8 : ctx->arch->got_entsize;
}

// Sized after .got, which it may join.
static void size_gotplt(struct ctx *ctx, struct chunk *c) {
  u64 niplt = ctx->iplt_syms.len;
  bool reserve = ctx->arch->got_reserved
                     ? keep_got(ctx)
                     : ctx->got_entries || niplt || ctx->got_referenced;
  c->size = ((reserve ? ctx->arch->got_plt_reserved : 0) + niplt) * 8;
  c->entsize = reserve ? 8 : 0;
  ctx->got_base = 0;
  if (gotplt_in_got(ctx)) {
    struct chunk *got = ctx->synth[CK_GOT];
    c->home = got;
    if (ctx->script_got_join == 1)
      c->home_off = got->size;
    else
      ctx->got_base = c->size;
    got->size += c->size;
    if (reserve)
      got->entsize = 8;
  }
}

// A static PIE's PLT starts with a first entry (PLT0), if it has others,
// or if .plt.got has (GNU ld makes PLT0 with the first entry of either).
static void size_iplt(struct ctx *ctx, struct chunk *c) {
  u64 n = ctx->iplt_syms.len;
  c->size = n || ctx->pltgot_syms.len ? ctx->plt_header + n * ctx->iplt_size
                                      : 0;
}

// One IRELATIVE per IFUNC (an undefined weak symbol's entry has none),
// numbered as GNU ld numbers them: in PLT order on AArch64; on x86-64
// from the end back as bfd_elf_final_link finishes the symbols: the
// globals it made local (its first walk of the hash table), the local
// IFUNCs (output_arch_local_syms), then the other globals.
// An executable that is not a PIE has the IRELATIVE of an IFUNC's GOT
// entry without a PLT entry (need_ifunc) there too, from the start up
// (GNU ld's elf_append_rela) as it finishes the symbols.
static int finish_pass(struct ctx *ctx, struct symbol *sym) {
  if (!ctx->arch->irelative_descending)
    return 0;
  return sym->binding == STB_LOCAL && sym->file ? 1
         : forced_local(ctx, sym)               ? 0
                                                : 2;
}

static void size_rela_iplt(struct ctx *ctx, struct chunk *c) {
  // Those IFUNCs' 64-bit addresses in writable data come first.
  ctx->ifunc_words = 0;
  for (u32 i = 0; i < ctx->ifunc_syms.len; i++) {
    struct symbol *sym = ctx->ifunc_syms.v[i];
    if (!(sym->flags & SF_NEEDS_IPLT))
      ctx->ifunc_words += ctx->aux[sym->aux].ifunc_words;
  }
  // Then the GOT entries, in GOT order (its walk, locals last) by pass.
  struct vec got = {0};
  for (u32 i = 0; !ctx->cfg.pie && i < ctx->ifunc_syms.len; i++) {
    struct symbol *sym = ctx->ifunc_syms.v[i];
    if ((sym->flags & (SF_NEEDS_IPLT | SF_NEEDS_GOT)) != SF_NEEDS_GOT)
      continue;
    vec_push(ctx, &got, sym);
    u32 k = got.len - 1;       // (few: sorted by insertion)
    for (; k && ctx->aux[((struct symbol *)got.v[k - 1])->aux].got_idx >
                    ctx->aux[sym->aux].got_idx;
         k--)
      got.v[k] = got.v[k - 1];
    got.v[k] = sym;
  }
  ctx->got_irel_syms.len = 0;
  for (int pass = 0; pass < 3; pass++)
    for (u32 i = 0; i < got.len; i++)
      if (finish_pass(ctx, got.v[i]) == pass)
        vec_push(ctx, &ctx->got_irel_syms, got.v[i]);
  // An entry that GNU ld sizes but never fills (need_dead_plt) leaves an
  // R_*_NONE, first: the IRELATIVEs are numbered from the end back.
  u64 total = ctx->ifunc_words + ctx->n_irelative + ctx->got_irel_syms.len +
              ctx->n_dead_plt;
  c->size = total * sizeof(Elf64_Rela);
  u32 n = ctx->iplt_syms.len, k = 0;
  ctx->irel_index = arena_alloc(ctx, (u64)n * sizeof(u32) + 1);
  for (int pass = 0; pass < 3; pass++)
    for (u32 i = 0; i < n; i++) {
      struct symbol *sym = ctx->iplt_syms.v[i];
      if ((sym->flags & SF_NEEDS_IPLT) && finish_pass(ctx, sym) == pass)
        ctx->irel_index[i] = ctx->arch->irelative_descending
                                 ? (u32)(total - 1 - k++)
                                 : k++;
    }
}

static bool want_pltgot(struct ctx *ctx) {
  return ctx->weak_plt;
}

static void size_pltgot(struct ctx *ctx, struct chunk *c) {
  c->size = (u64)ctx->pltgot_syms.len * 8;   // x86-64's entries
}

static void write_pltgot(struct ctx *ctx, struct chunk *c, u8 *buf) {
  for (u32 i = 0; i < ctx->pltgot_syms.len; i++)
    ctx->arch->write_pltgot(ctx, buf + c->offset + (u64)i * 8,
                            c->addr + (u64)i * 8,
                            got_entry_addr(ctx, ctx->pltgot_syms.v[i]));
}

// A section's flags as BFD sees them, for nearby_shndx.
enum { B_ALLOC = 1, B_TLS = 2, B_LOAD = 4, B_READONLY = 8, B_CODE = 16 };

static u32 bfd_flags(struct chunk *c) {
  if (!c || (c->kind == CK_REGULAR && !c->isecs.len))
    return 0;                  // a script section no input made
  u32 f = 0;
  if (c->flags & SHF_ALLOC)
    f |= B_ALLOC | (c->type != SHT_NOBITS ? B_LOAD : 0);
  if (c->flags & SHF_TLS)
    f |= B_TLS;
  if (!(c->flags & SHF_WRITE))
    f |= B_READONLY;
  if (c->flags & SHF_EXECINSTR)
    f |= B_CODE;
  return f;
}

// The section GNU ld gives a symbol whose own output section was removed
// (empty, or never made): the kept section before or after the place the
// section had (order), whichever would have been in the same segment, the
// later one when that gives the symbol a non-negative offset.
static u32 nearby_shndx(struct ctx *ctx, u32 order, u32 self, u64 addr) {
  // Before place_nonalloc numbers the sections (.symtab's sizing walk),
  // no index is known, nor needed: not a walk over every section for
  // each symbol.
  struct chunk *shstrtab = ctx->synth[CK_SHSTRTAB];
  if (shstrtab && !shstrtab->shndx)
    return 0;
  struct chunk *prev = NULL, *next = NULL;
  for (u32 i = 0; i < ctx->chunks.len; i++) {
    struct chunk *x = ctx->chunks.v[i];
    // (bfd makes .symtab and the string tables after it looks.)
    if (!x->shndx || x->kind == CK_EMIT_RELA || is_table_of_link(x))
      continue;
    if (x->order < order)
      prev = x;
    else if (x->order > order && !next)
      next = x;
  }
  if (!prev)
    return next ? next->shndx : OUT_SHN_ABS;
  if (!next)
    return prev->shndx;
  u32 p = bfd_flags(prev), n = bfd_flags(next);
  struct chunk *best = next;
  if ((p ^ n) & (B_ALLOC | B_TLS | B_LOAD)) {
    if (((n ^ self) & (B_ALLOC | B_TLS)) || ((p & B_LOAD) && !(n & B_LOAD)))
      best = prev;
  } else if ((p ^ n) & B_READONLY) {
    if ((n ^ self) & B_READONLY)
      best = prev;
  } else if ((p ^ n) & B_CODE) {
    if ((n ^ self) & B_CODE)
      best = prev;
  } else if (addr < next->addr) {
    best = prev;
  }
  return best->shndx;
}

// The output section index for a symbol in chunk c (at addr).
static u32 out_shndx(struct ctx *ctx, struct chunk *c, u64 addr) {
  if (!c)
    return OUT_SHN_ABS;
  if (c->home && c->home->shndx)
    return c->home->shndx;    // its bytes are there
  if (c->shndx)
    return c->shndx;
  return nearby_shndx(ctx, c->order, bfd_flags(c), addr);
}

// One symbol of .symtab, written (w->sym set) or counted: with extended
// numbering, a section index from SHN_LORESERVE up goes to .symtab_shndx,
// st_shndx being SHN_XINDEX.
void symw_put(struct symw *w, const char *name, u32 len, u8 info, u8 other,
              u32 shndx, u64 value, u64 size) {
  u8 type = ELF64_ST_TYPE(info);
  if (w->uniq && len && ELF64_ST_BIND(info) == STB_LOCAL &&
      type != STT_FILE && type != STT_SECTION)
    name = unique_local_name(w->ctx, w->uniq, name, &len);
  if (w->names && len && !w->sym) {
    struct symw_name *m = arena_alloc(w->ctx, sizeof(*m));
    *m = (struct symw_name){{name, len, 0, NULL}, w->n};
    vec_push(w->ctx, w->names, m);
  }
  u64 at = w->name_off ? w->name_off[w->n] : w->strpos;
  if (w->sym) {
    bool x = !(shndx & OUT_SHN_SPECIAL) && shndx >= SHN_LORESERVE;
    wr_esym(w->sym + (u64)w->n * sizeof(Elf64_Sym), len ? at : 0,
            info, other, x ? SHN_XINDEX : (u16)shndx, value, size);
    if (w->shndx)
      wr32(w->shndx + (u64)w->n * 4, x ? shndx : 0);
    if (len) {                 // (a tail: the same bytes again)
      memcpy(w->str + at, name, len);
      w->str[at + len] = 0;
    }
  }
  w->n++;
  if (len)
    w->strpos += len + 1;
  w->gnu |= type == STT_GNU_IFUNC || ELF64_ST_BIND(info) == STB_GNU_UNIQUE;
  w->nfiles += type == STT_FILE && len;
  w->file_syms += type == STT_FILE;
}

// --retain-symbols-file: whether the list names the symbol.  Section
// symbols and the stubs' symbols are not looked up (GNU ld keeps them).
static bool retained(struct ctx *ctx, const char *name) {
  return ctx->cfg.strip != STRIP_SOME ||
         table_find(&ctx->cfg.retain, name, strlen(name));
}

static void put(struct symw *w, const char *name, u8 info, u8 other,
                u32 shndx, u64 value, u64 size) {
  symw_put(w, name, strlen(name), info, other, shndx, value, size);
}

static u64 tls_adjust(struct ctx *ctx, u8 type, u64 value) {
  return type == STT_TLS ? value - ctx->tls_start : value;
}

static void put_global_named(struct ctx *ctx, struct symw *w,
                             struct symbol *sym, bool as_local);

// A global symbol, or one made local: -z unique-symbol renames neither
// (GNU ld renames only symbols without a hash table entry).
static void put_global(struct ctx *ctx, struct symw *w,
                       struct symbol *sym, bool as_local) {
  struct name_counts *uniq = w->uniq;
  w->uniq = NULL;
  put_global_named(ctx, w, sym, as_local);
  w->uniq = uniq;
}

// A global symbol's entry as .symtab (and .dynsym) list it, made local
// if as_local.
void global_esym(struct ctx *ctx, struct symbol *sym, bool as_local,
                 struct out_sym *o) {
  u8 bind = as_local ? STB_LOCAL : sym->binding;
  o->other = (as_local ? STV_DEFAULT : sym->visibility) | sto_merged(sym);
  o->name = sym->name;
  if (sym->flags & SF_LINKER) {
    struct chunk *c = ctx->aux[sym->aux].osec;
    bool made = is_dynobj_symbol(sym);
    // A version's symbol is an object, whatever a script assigned it.
    struct vers_node *t = ctx->aux[sym->aux].version;
    u8 type = made || (t && t->sym == sym) ? STT_OBJECT : sym->type;
    // (Not another made an object: a version's symbol, versions.c.)
    bool dynobj = made && ctx->cfg.pie && ctx->arch->pie_dynobj_syms_abs;
    o->shndx = dynobj ? OUT_SHN_ABS
            : c ? out_shndx(ctx, c, sym->value)
            : ctx->aux[sym->aux].order
                ? nearby_shndx(ctx, ctx->aux[sym->aux].order, 0, sym->value)
                : OUT_SHN_ABS;
    o->info = ELF64_ST_INFO(bind, type);
    o->value = tls_adjust(ctx, type, sym->value);
    o->size = ctx->aux[sym->aux].shadow_size;
    return;
  }
  struct esym s;
  read_sym(sym->file, sym->symidx, &s);
  if (s.st_name < sym->file->strtab_size)
    o->name = sym->file->strtab + s.st_name;
  u8 type = ELF64_ST_TYPE(s.st_info);
  struct isec *is = sym_isec(ctx, sym);
  o->shndx = is ? out_shndx(ctx, is->osec, sym->value) : OUT_SHN_ABS;
  // A COMMON symbol given room is an object (STT_COMMON too, as bfd
  // writes it).
  if (is && is->is_common && (type == STT_NOTYPE || type == STT_COMMON))
    type = STT_OBJECT;
  o->info = ELF64_ST_INFO(bind, type);
  o->value = tls_adjust(ctx, type, sym->value);
  o->size = s.st_size;
}

static void put_global_named(struct ctx *ctx, struct symw *w,
                             struct symbol *sym, bool as_local) {
  if (ctx->sym_out)
    ctx->sym_out[sym->seq] = w->n;
  struct out_sym o;
  global_esym(ctx, sym, as_local, &o);
  put(w, o.name, o.info, o.other, o.shndx, o.value, o.size);
}

// GNU ld's script makes these locals (PROVIDE_HIDDEN, _GLOBAL_OFFSET_TABLE_).
static bool is_hidden(struct symbol *sym) {
  return sym->flags & SF_SCRIPT_HIDDEN;
}

// A defined global of file f (its symbol k) that .symtab lists: not one
// of a collected or discarded section.  Nor one of a .gnu.warning
// section, which bfd excludes, unless its output section was removed as
// empty: bfd then moves the symbol to a nearby section, which is not
// excluded (_bfd_fix_excluded_sec_syms).
static bool global_listed(struct ctx *ctx, struct objfile *f, u32 k,
                          struct symbol *sym) {
  if (sym->state == SYM_UNDEF || sym->file != f || sym->symidx != k ||
      (sym->flags & SF_LINKER))
    return false;
  struct isec *is = sym_isec(ctx, sym);
  if (is && is->warning && is->osec && is_emitted(is->osec))
    return false;
  return (is ? is->osec != NULL : !sym_in_dropped_section(sym)) &&
         retained(ctx, sym->name);
}

// In a static PIE GNU ld makes a hidden or internal global a local when
// a call names it (it would have had a PLT entry), or when it would be
// exported (dynsym.c).  So is one a script's PROVIDE_HIDDEN hid, needed
// or not.
bool forced_local(struct ctx *ctx, struct symbol *sym) {
  if (sym->aux && (ctx->aux[sym->aux].script_local ||
                   ctx->aux[sym->aux].export_local))
    return true;
  return ctx->cfg.pie && (sym->ref_flags & REF_PLT_CALL) &&
         (sym->visibility == STV_HIDDEN || sym->visibility == STV_INTERNAL);
}

// GNU ld lists _GLOBAL_OFFSET_TABLE_ only with its GOT section (which
// may be among a script section's inputs).
static bool got_symbol_unlisted(struct ctx *ctx, struct symbol *sym) {
  if (sym != ctx->got_symbol)
    return false;
  // AArch64's .got without words of its own (IFUNC slots of .got.plt
  // in it): GNU ld has none.
  if (!ctx->arch->gotplt_is_got_symbol && !keep_got(ctx))
    return true;
  struct chunk *c = ctx->aux[sym->aux].osec;
  if (c && c->home && (c->home->kind != CK_REGULAR || c->size))
    c = c->home;
  // (No section at all: a script discarded it; unless the script or
  // --defsym gave the symbol its value.)
  enum where w = sym->symidx >> 1;
  return c ? !is_emitted(c) : w != W_SCRIPT && w != W_DEFSYM;
}

// A hidden linker symbol .symtab lists (as a local).
static bool hidden_listed(struct ctx *ctx, struct symbol *sym) {
  return is_hidden(sym) && !got_symbol_unlisted(ctx, sym) &&
         retained(ctx, sym->name);
}

// GNU ld gives an object without an STT_FILE symbol one, named after the
// file (its base name, or an archive member's base name), before the
// first of its local symbols it lists (-r's too).
void put_file_symbol(struct symw *w, struct objfile *f) {
  // An object the LTO plugin made gets one without a name (its own
  // names a temporary file; GNU ld drops it for reproducible builds).
  if (f->lto_output) {
    symw_put(w, "", 0, ELF64_ST_INFO(STB_LOCAL, STT_FILE), 0, OUT_SHN_ABS, 0, 0);
    w->nfiles++;
    return;
  }
  const char *name;
  u32 len = file_own_name(f, &name);
  for (u32 i = len; i > 0; i--) {
    if (name[i - 1] == '/') {
      len -= i;
      name += i;
      break;
    }
  }
  symw_put(w, name, len, ELF64_ST_INFO(STB_LOCAL, STT_FILE), 0, OUT_SHN_ABS, 0, 0);
}

// bfd's names of assembler-internal labels: ".L...", "..." and "_.L_...",
// and "L<digits>" followed by ^A or ^B (fake and dollar/local labels).
bool is_local_label(const char *name) {
  if (name[0] == '.' && (name[1] == 'L' || name[1] == '.'))
    return true;
  if (!strncmp(name, "_.L_", 4))
    return true;
  if (name[0] != 'L' || name[1] < '0' || name[1] > '9')
    return false;
  u32 i = 2;
  while (name[i] >= '0' && name[i] <= '9')
    i++;
  return name[i] == 1 || name[i] == 2;
}

// Returns the symbol's index.
static u32 put_local(struct symw *w, struct objfile *f,
                     bool *have_file, const char *name, const struct esym *s,
                     u32 shndx, u64 value) {
  if (ELF64_ST_TYPE(s->st_info) == STT_FILE)
    *have_file = true;
  else if (!*have_file) {
    put_file_symbol(w, f);
    *have_file = true;
  }
  put(w, name, s->st_info, s->st_other, shndx, value, s->st_size);
  return w->n - 1;
}

// -q: a local that relocations name though .symtab's rules left it out
// (an .LC label of a mergeable section, or any local with -x or -X):
// GNU ld lists it after the file's other locals (emitrelocs.c finds them).
struct local_put {
  struct symw *w;
  bool *have_file;
};

static void put_reloc_local(struct ctx *ctx, void *arg, struct objfile *f,
                            u32 k, struct isec *is) {
  struct local_put *lp = arg;
  struct esym s;
  read_sym(f, k, &s);
  const char *name = sym_name(f, &s);
  if (!is) {
    f->out_locals[k] = put_local(lp->w, f, lp->have_file, name, &s,
                                 OUT_SHN_ABS, s.st_value);
    return;
  }
  u64 value = tls_adjust(ctx, ELF64_ST_TYPE(s.st_info), isec_sym_addr(is, &s));
  f->out_locals[k] = put_local(lp->w, f, lp->have_file, name, &s,
                               out_shndx(ctx, is->osec, value), value);
}

// Each object's locals and each one's globals, the bulk of .symtab, are
// put on all threads: a count per file when sizing, then each file's
// entries and names at the place the counts give it when writing.  -q
// numbers symbols as they are put (sym_out, out_locals): one thread.
enum part { PART_LOCALS, PART_GLOBALS };

static void put_file_locals(struct ctx *ctx, struct symw *w,
                            struct objfile *f) {
  bool have_file = false;
  for (u32 k = 1; f->writes_contents && ctx->cfg.discard != DISCARD_ALL &&
                  k < f->first_global;
       k++) {
    struct esym s;
    read_sym(f, k, &s);
    u8 type = ELF64_ST_TYPE(s.st_info);
    const char *name = sym_name(f, &s);
    if (type == STT_SECTION || !name[0] || !retained(ctx, name))
      continue;
    u32 shndx = sym_shndx(f, k, &s);
    u32 *out = f->out_locals ? &f->out_locals[k] : &(u32){0};
    if (type == STT_FILE && f->lto_output)
      continue;
    if (type == STT_FILE || shndx == SHN_ABS) {
      *out = put_local(w, f, &have_file, name, &s, OUT_SHN_ABS, s.st_value);
      continue;
    }
    if (shndx == SHN_UNDEF || shndx >= f->shnum)
      continue;
    struct isec *is = f->isecs[shndx];
    // Locals of removed (empty) output sections are dropped.
    if (!is || !is->osec || !is_emitted(is->osec))
      continue;
    // Internal labels: -X drops them, --discard-none keeps them, and by
    // default they are dropped from mergeable sections only.
    if (ctx->cfg.discard != DISCARD_NONE && is_local_label(name) &&
        (ctx->cfg.discard == DISCARD_LOCALS ||
         (SH_FLAGS(shdr_at(f, shndx)) & SHF_MERGE)))
      continue;
    *out = put_local(w, f, &have_file, name, &s, is->osec->shndx,
                     tls_adjust(ctx, type, isec_sym_addr(is, &s)));
  }
  if (ctx->cfg.emit_relocs && f->writes_contents) {
    // No STT_FILE symbol is made for these (GNU ld).
    have_file = true;
    struct local_put lp = {w, &have_file};
    emit_relocs_locals(ctx, f, !w->sym, put_reloc_local, &lp);
  }
}

static void put_file_globals(struct ctx *ctx, struct symw *w,
                             struct objfile *f) {
  for (u32 k = f->first_global; k < f->nsyms; k++) {
    struct symbol *sym = f->globals[k - f->first_global];
    if (sym && global_listed(ctx, f, k, sym) && !forced_local(ctx, sym))
      put_global(ctx, w, sym, false);
  }
}

static void put_file_part(struct ctx *ctx, struct symw *w,
                          struct objfile *f, enum part part) {
  if (part == PART_LOCALS)
    put_file_locals(ctx, w, f);
  else
    put_file_globals(ctx, w, f);
}

struct part_job {
  struct symw *w;
  enum part part;
};

static void put_part_of(struct ctx *ctx, void *arg, u32 i) {
  struct part_job *j = arg;
  struct objfile *f = ctx->objs.v[i];
  struct symtab_part *p = &f->symtab_parts[j->part];
  struct symw fw = {0};
  if (j->w->sym) {             // writing: at the place sizing gave it
    fw.sym = j->w->sym;
    fw.shndx = j->w->shndx;
    fw.str = j->w->str;
    fw.n = p->at;
    fw.strpos = p->stroff;
  }
  put_file_part(ctx, &fw, f, j->part);
  if (!j->w->sym) {
    p->n = fw.n;
    p->strbytes = fw.strpos;
    p->gnu = fw.gnu;
    p->nfiles = fw.nfiles;
  }
}

// The files in the order GNU ld relocates them and lists their locals:
// as their sections first come in the output (bfd_elf_final_link's walk
// of each output section's inputs), then the others, which list none.
struct objfile **files_in_output_order(struct ctx *ctx) {
  struct objfile **v = arena_alloc(ctx, ((u64)ctx->objs.len + 1) *
                                            sizeof(*v));
  u8 *seen = arena_alloc(ctx, (u64)ctx->next_priority + 1);
  u32 n = 0;
  for (u32 i = 0; i < ctx->chunks.len; i++) {
    struct chunk *c = ctx->chunks.v[i];
    if (!has_inputs(c) || !is_emitted(c))
      continue;
    for (u32 k = 0; k < c->isecs.len; k++) {
      struct objfile *f = ((struct isec *)c->isecs.v[k])->file;
      if (!seen[f->priority]) {
        seen[f->priority] = 1;
        v[n++] = f;
      }
    }
  }
  for (u32 i = 0; i < ctx->objs.len; i++) {
    struct objfile *f = ctx->objs.v[i];
    if (!seen[f->priority]) {
      seen[f->priority] = 1;
      v[n++] = f;
    }
  }
  return v;
}

static void put_file_parts(struct ctx *ctx, struct symw *w,
                           enum part part) {
  struct objfile **order = part == PART_LOCALS
                               ? files_in_output_order(ctx)
                               : (struct objfile **)ctx->objs.v;
  if (ctx->cfg.emit_relocs || w->uniq) {
    for (u32 i = 0; i < ctx->objs.len; i++)
      put_file_part(ctx, w, order[i], part);
    return;
  }
  struct part_job j = {w, part};
  if (!w->sym)
    parallel_for(ctx, ctx->objs.len, put_part_of, &j);
  for (u32 i = 0; i < ctx->objs.len; i++) {
    struct symtab_part *p = &order[i]->symtab_parts[part];
    p->at = w->n;
    p->stroff = w->strpos;
    w->n += p->n;
    w->strpos += p->strbytes;
    w->gnu |= p->gnu;
    w->nfiles += p->nfiles;
  }
  if (w->sym)
    parallel_for(ctx, ctx->objs.len, put_part_of, &j);
}

// With --gc-sections GNU ld lists an undefined symbol that a strong
// reference from a kept section left (one whose uses were all relaxed
// away, as __tls_get_addr's), once and after the defined ones; no
// undefined weak one, none that only collected sections named, and none
// at all without --gc-sections.  Found when sizing.
static void collect_gc_undefined(struct ctx *ctx) {
  for (u32 i = 0; i < ctx->objs.len; i++) {
    struct objfile *f = ctx->objs.v[i];
    for (u32 k = f->first_global; k < f->nsyms; k++) {
      struct symbol *sym = f->globals[k - f->first_global];
      if (!sym || sym->state != SYM_UNDEF)
        continue;
      if ((sym->ref_flags & SF_REF_STRONG) &&
          (sym->ref_flags & REF_GC_LIVE) && !(sym->flags & SF_IN_SYMTAB) &&
          !(sym->ref_flags & REF_DISCARDED_DEF) &&
          !(ctx->sym_out && ctx->sym_out[sym->seq]))
        vec_push(ctx, &ctx->undef_syms, sym);
      sym->flags |= SF_IN_SYMTAB;
    }
  }
}

// GNU ld lists the undefined names it made itself: each -u symbol that
// nothing defined, and the entry symbol asked for but not found.
static void collect_root_undefined(struct ctx *ctx) {
  for (u32 i = 0; i <= ctx->cfg.undefined.len; i++) {
    struct symbol *sym = i < ctx->cfg.undefined.len
                             ? sym_find_str(ctx, ctx->cfg.undefined.v[i])
                             : ctx->entry_undef;
    if (!sym || sym->state != SYM_UNDEF || (sym->flags & SF_IN_SYMTAB) ||
        (sym->ref_flags & REF_DISCARDED_DEF) ||
        (ctx->sym_out && ctx->sym_out[sym->seq]))
      continue;
    sym->flags |= SF_IN_SYMTAB;
    vec_push(ctx, &ctx->undef_syms, sym);
  }
}

// GNU ld writes section symbols on AArch64, and with -q on x86-64 too;
// not for -q's own .rela.SECTION.
static void put_section_symbols(struct ctx *ctx, struct symw *w) {
  if (!ctx->arch->section_symbols && !ctx->cfg.emit_relocs)
    return;
  for (u32 i = 0; i < ctx->hdr_order.len; i++) {
    struct chunk *c = ctx->hdr_order.v[i];
    if (c->kind != CK_EHDR && is_emitted(c) && !is_table_of_link(c) &&
        c->kind != CK_EMIT_RELA) {
      c->sym_index = w->n;
      put(w, "", ELF64_ST_INFO(STB_LOCAL, STT_SECTION), 0, c->shndx,
          c->addr, 0);
    }
  }
}

// The linker's own hidden symbols are locals, after an STT_FILE without
// a name if the inputs' locals had STT_FILE symbols (none with -x), in
// the order of GNU ld's walk of its hash table; with .dynamic (a static
// PIE, as any ET_DYN), so are the inputs' hidden and internal globals.
static void put_hidden_locals(struct ctx *ctx, struct symw *w) {
  u32 nhidden = 0;
  u64 cap = ctx->linker_syms.len + ctx->script_locals.len;
  for (u32 i = 0; ctx->cfg.dynamic && i < ctx->objs.len; i++) {
    struct objfile *f = ctx->objs.v[i];
    cap += f->nsyms - f->first_global;
  }
  struct order_key *hidden = arena_alloc(ctx, cap * sizeof(*hidden) + 1);
  for (u32 i = 0; i < ctx->linker_syms.len; i++) {
    struct symbol *sym = ctx->linker_syms.v[i];
    if (hidden_listed(ctx, sym) ||
        (!is_hidden(sym) && retained(ctx, sym->name) && forced_local(ctx, sym)))
      hidden[nhidden++] = (struct order_key){
          .order = BFD_WALK, .sym = sym};
  }
  for (u32 i = 0; ctx->cfg.dynamic && i < ctx->objs.len; i++) {
    struct objfile *f = ctx->objs.v[i];
    for (u32 k = f->first_global; k < f->nsyms; k++) {
      struct symbol *sym = f->globals[k - f->first_global];
      if (sym && global_listed(ctx, f, k, sym) && forced_local(ctx, sym))
        hidden[nhidden++] = (struct order_key){
            .order = BFD_WALK, .sym = sym};
    }
  }
  for (u32 i = 0; !ctx->cfg.dynamic && i < ctx->script_locals.len; i++) {
    struct symbol *sym = ctx->script_locals.v[i];
    if (global_listed(ctx, sym->file, sym->symidx, sym))
      hidden[nhidden++] = (struct order_key){.order = BFD_WALK, .sym = sym};
  }
  bfd_walk_orders(ctx, hidden, nhidden);
  qsort(hidden, nhidden, sizeof(*hidden), cmp_order_key);
  if (nhidden && w->nfiles)
    put(w, "", ELF64_ST_INFO(STB_LOCAL, STT_FILE), 0, OUT_SHN_ABS, 0, 0);
  for (u32 i = 0; i < nhidden; i++)
    put_global(ctx, w, hidden[i].sym, true);
}

// Stub sections (stubs.c) as GNU ld lists them: $x (the target's code
// mapping symbol) at the start, then each used erratum veneer's
// e843419@..., each erratum 835769 veneer's and each stub's __foo_veneer
// with a $x, and a long stub's data word's $d.
static void put_stub_locals(struct ctx *ctx, struct symw *w,
                            struct stub_sec *ss) {
  const struct arch *arch = ctx->arch;
  u32 shndx = out_shndx(ctx, ss->after->osec, 0);
  u8 notype = ELF64_ST_INFO(STB_LOCAL, STT_NOTYPE);
  u8 func = ELF64_ST_INFO(STB_LOCAL, STT_FUNC);
  if (arch->code_symbol)
    put(w, arch->code_symbol, notype, 0, shndx, stub_sec_addr(ss), 0);
  for (u32 k = 0; k < ss->errata.len; k++) {
    struct erratum *e = ss->errata.v[k];
    if (e->name)
      put(w, e->name, func, 0, shndx, e843419_veneer_addr(ctx, ss, k),
          arch->veneer_size);
  }
  for (u32 k = 0; k < ss->macs.len; k++) {
    struct mac_veneer *v = ss->macs.v[k];
    u64 a = mac_veneer_addr(ctx, ss, k);
    put(w, arena_printf(ctx, "__erratum_835769_veneer_%u", v->num), func, 0,
        shndx, a, arch->veneer_size);
    if (arch->code_symbol)
      put(w, arch->code_symbol, notype, 0, shndx, a, 0);
  }
  for (u32 k = 0; k < ss->stubs.len; k++) {
    struct stub *st = ss->stubs.v[k];
    u64 a = stub_addr(ctx, st);
    put(w, st->name, func, 0, shndx, a,
        st->is_long ? arch->long_stub_size : arch->stub_insn_size);
    if (arch->code_symbol)
      put(w, arch->code_symbol, notype, 0, shndx, a, 0);
    if (st->is_long && arch->data_symbol)  // the long form's offset word
      put(w, arch->data_symbol, notype, 0, shndx, a + arch->long_stub_data,
          0);
  }
}

// The linker's own globals after the inputs', in the order of GNU ld's
// walk among themselves (GNU ld mixes them with the inputs' globals:
// ordering those too would take the whole table's model on one thread).
static void put_linker_globals(struct ctx *ctx, struct symw *w) {
  u32 nlinker = 0;
  struct order_key *lk =
      arena_alloc(ctx, (u64)ctx->linker_syms.len * sizeof(*lk) + 1);
  for (u32 i = 0; i < ctx->linker_syms.len; i++) {
    struct symbol *sym = ctx->linker_syms.v[i];
    if (!is_hidden(sym) && retained(ctx, sym->name) && !forced_local(ctx, sym))
      lk[nlinker++] = (struct order_key){.order = BFD_WALK, .sym = sym};
  }
  bfd_walk_orders(ctx, lk, nlinker);
  for (u32 i = 0; i < nlinker; i++)      // the names bfd never met: as made
    if (lk[i].order == (u64)UINT32_MAX + 1)
      lk[i].order += i;
  qsort(lk, nlinker, sizeof(*lk), cmp_order_key);
  for (u32 i = 0; i < nlinker; i++)
    put_global(ctx, w, lk[i].sym, false);
}

// Undefined: those --gc-sections leaves, -u's and the entry's, and with
// -q those relocations name (emit_relocs_locals), weak ones weak.
static void put_undefined(struct ctx *ctx, struct symw *w) {
  for (u32 i = 0; i < ctx->undef_syms.len; i++) {
    struct symbol *sym = ctx->undef_syms.v[i];
    if (!retained(ctx, sym->name))
      continue;
    if (ctx->sym_out)
      ctx->sym_out[sym->seq] = w->n;
    u8 bind = sym->ref_flags & SF_REF_STRONG ? STB_GLOBAL : STB_WEAK;
    put(w, sym->name, ELF64_ST_INFO(bind, sym->type),
        sym->visibility | sto_merged(sym),
        SHN_UNDEF, 0, 0);
  }
}

// The one walk over everything .symtab holds: with w->sym NULL it only
// counts, so sizing and writing cannot disagree.  The order is GNU ld's
// by kind: section symbols (where the target writes them), each object's
// locals (as -x/-X/--discard-none choose), the linker's hidden symbols
// after an unnamed STT_FILE, the stubs' locals, then the globals; hidden
// globals of objects stay global.
static void walk_symtab(struct ctx *ctx, struct symw *w) {
  // -q: the indices relocations take, found again by each walk.
  if (ctx->sym_out) {
    memset(ctx->sym_out, 0, (ctx->symbols.seen + 1) * sizeof(u32));
    for (u32 i = 0; i < ctx->objs.len; i++) {
      struct objfile *f = ctx->objs.v[i];
      memset(f->out_locals, 0, ((u64)f->first_global + 1) * sizeof(u32));
    }
  }
  if (ctx->cfg.z_unique_symbol) {
    w->ctx = ctx;
    w->uniq = arena_alloc(ctx, sizeof(*w->uniq));
  }
  put(w, "", 0, 0, 0, 0, 0);
  put_section_symbols(ctx, w);
  put_file_parts(ctx, w, PART_LOCALS);
  put_hidden_locals(ctx, w);
  for (u32 i = 0; i < ctx->stub_secs.len; i++) {
    struct stub_sec *ss = ctx->stub_secs.v[i];
    if (ss->size)
      put_stub_locals(ctx, w, ss);
  }
  // A static PIE's PLT, last (GNU ld's AArch64 mapping symbol).
  struct chunk *plt = ctx->synth[CK_IPLT];
  if (ctx->cfg.pie && ctx->arch->code_symbol && plt->size)
    put(w, ctx->arch->code_symbol,
        ELF64_ST_INFO(STB_LOCAL, STT_NOTYPE), 0, plt->shndx, plt->addr, 0);
  ctx->symtab_nlocal = w->n;
  put_file_parts(ctx, w, PART_GLOBALS);
  if (ctx->cfg.gc_sections && !w->sym)
    collect_gc_undefined(ctx);
  if (!w->sym)
    collect_root_undefined(ctx);
  put_linker_globals(ctx, w);
  put_undefined(ctx, w);
}

// GNU ld lists an object's local symbols when it copies one of its
// sections into the output: not for a file whose only kept sections go
// to zero-fill output sections (.bss, .tbss) or were collected.
static void mark_writing_files(struct ctx *ctx) {
  for (u32 i = 0; i < ctx->objs.len; i++) {
    struct objfile *f = ctx->objs.v[i];
    for (u32 k = 1; k < f->shnum && !f->writes_contents; k++) {
      struct isec *is = f->isecs[k];
      f->writes_contents = is && is->live && is->osec &&
                           is->osec->type != SHT_NOBITS &&
                           is_emitted(is->osec) && !(is->mout && !is->mout->n);
    }
  }
}

// .strtab is sized and written with .symtab, in one walk.
static void size_symtab(struct ctx *ctx, struct chunk *c) {
  mark_writing_files(ctx);
  struct chunk *str = ctx->synth[CK_STRTAB];
  if (ctx->cfg.strip == STRIP_ALL) {
    c->size = str->size = 0;
    return;
  }
  if (ctx->cfg.emit_relocs) {
    ctx->sym_out = arena_alloc(ctx, (ctx->symbols.seen + 1) * sizeof(u32));
    for (u32 i = 0; i < ctx->objs.len; i++) {
      struct objfile *f = ctx->objs.v[i];
      f->out_locals = arena_alloc(ctx, ((u64)f->first_global + 1) *
                                           sizeof(u32));
    }
  }
  struct symw w = {0};
  w.strpos = 1;
  walk_symtab(ctx, &w);
  // GNU ld marks the GNU extensions in EI_OSABI when .symtab has them,
  // or an input has SHF_GNU_MBIND sections.
  ctx->gnu_osabi = w.gnu || ctx->mbind_input;
  c->size = (u64)w.n * sizeof(Elf64_Sym);
  str->size = w.strpos;
}

// bfd's order for suffix merging (strrevcmp): by the strings read from
// their ends, a shorter one before those it ends.
static int cmp_str_tail(const void *x, const void *y) {
  const struct bfd_str *a = *(struct bfd_str *const *)x;
  const struct bfd_str *b = *(struct bfd_str *const *)y;
  u32 la = a->len, lb = b->len;
  for (; la && lb; la--, lb--)
    if (a->s[la - 1] != b->s[lb - 1])
      return (u8)a->s[la - 1] - (u8)b->s[lb - 1];
  return (la > lb) - (la < lb);
}

// A string table laid out as bfd's elf-strtab.c does: the N distinct
// strings of p in the order they were met, from offset 1, but one that
// ends another kept string is that one's tail.  Sets each one's off and
// returns the table's size.
u64 bfd_strtab_layout(struct ctx *ctx, struct bfd_str **p, u32 n) {
  struct bfd_str **t = arena_alloc(ctx, ((u64)n + 1) * sizeof(*t));
  memcpy(t, p, (u64)n * sizeof(*t));
  // From the longest tail down, each string that ends the last one kept
  // becomes its tail.
  qsort(t, n, sizeof(*t), cmp_str_tail);
  struct bfd_str *kept = n ? t[n - 1] : NULL;
  for (u32 i = n ? n - 1 : 0; i-- > 0;) {
    struct bfd_str *b = t[i];
    b->in = NULL;
    if (b->len < kept->len &&
        !memcmp(kept->s + kept->len - b->len, b->s, b->len))
      b->in = kept;
    else
      kept = b;
  }
  if (n)
    t[n - 1]->in = NULL;
  u64 pos = 1;
  for (u32 i = 0; i < n; i++)
    if (!p[i]->in) {
      p[i]->off = (u32)pos;
      pos += p[i]->len + 1;
    }
  for (u32 i = 0; i < n; i++)
    if (p[i]->in)
      p[i]->off = p[i]->in->off + (p[i]->in->len - p[i]->len);
  return pos;
}

struct met_str {
  struct bfd_str *str;
  u32 i;                       // where it was met
};

static int cmp_met_str(const void *x, const void *y) {
  const struct met_str *a = x, *b = y;
  u32 n = a->str->len < b->str->len ? a->str->len : b->str->len;
  int c = memcmp(a->str->s, b->str->s, n);
  if (c || a->str->len != b->str->len)
    return c ? c
             : (a->str->len > b->str->len) - (a->str->len < b->str->len);
  return (a->i > b->i) - (a->i < b->i);
}

// bfd_strtab_layout for the N strings of p in the order they were met,
// the same string perhaps more than once (bfd keeps each once, where
// first met).  Sets each one's off; returns the table's size.
u64 bfd_strtab_layout_met(struct ctx *ctx, struct bfd_str **p, u32 n) {
  struct met_str *sorted = arena_alloc(ctx, ((u64)n + 1) * sizeof(*sorted));
  for (u32 i = 0; i < n; i++)
    sorted[i] = (struct met_str){p[i], i};
  qsort(sorted, n, sizeof(*sorted), cmp_met_str);
  // Each string's first meeting stands for the others.
  struct bfd_str **first = arena_alloc(ctx, ((u64)n + 1) * sizeof(*first));
  for (u32 k = 0; k < n; k++) {
    bool same = k && sorted[k - 1].str->len == sorted[k].str->len &&
                !memcmp(sorted[k - 1].str->s, sorted[k].str->s,
                        sorted[k].str->len);
    first[sorted[k].i] =
        same ? (first[sorted[k - 1].i] ? first[sorted[k - 1].i]
                                       : sorted[k - 1].str)
             : NULL;
  }
  struct bfd_str **kept = arena_alloc(ctx, ((u64)n + 1) * sizeof(*kept));
  u32 m = 0;
  for (u32 i = 0; i < n; i++)
    if (!first[i])
      kept[m++] = p[i];
  u64 size = bfd_strtab_layout(ctx, kept, m);
  for (u32 i = 0; i < n; i++)
    if (first[i])
      p[i]->off = first[i]->off;
  return size;
}

// Names in the order bfd meets them, each once (see size_shstrtab).
struct sh_name {
  struct bfd_str str;
  u32 first;                   // where it was met
  bool used;                   // an emitted section has it
};

static int cmp_sh_name(const void *x, const void *y) {
  const struct sh_name *a = *(struct sh_name *const *)x;
  const struct sh_name *b = *(struct sh_name *const *)y;
  int c = strcmp(a->str.s, b->str.s);
  return c ? c : (a->first > b->first) - (a->first < b->first);
}

static bool shstrtab_has(struct chunk *c, const struct chunk *sh) {
  return c->kind != CK_EHDR && (is_emitted(c) || c == sh);
}

// Sized after .symtab and .strtab, whose names it holds if they are
// emitted.  Laid out as GNU ld's (bfd's elf-strtab.c): ".symtab",
// ".strtab" and ".shstrtab" met first, then each section's name in
// header order; each name once, and a name that ends another one only
// as that one's tail.  Sets each section's name_off.
static void size_shstrtab(struct ctx *ctx, struct chunk *sh) {
  static const char *const first_names[3] = {".symtab", ".strtab",
                                             ".shstrtab"};
  struct chunk *first[3] = {ctx->synth[CK_SYMTAB], ctx->synth[CK_STRTAB], sh};
  u32 cap = ctx->hdr_order.len + 3, n = 0;
  struct sh_name *v = arena_alloc(ctx, cap * sizeof(*v));
  struct sh_name **p = arena_alloc(ctx, cap * sizeof(*p));
  struct chunk **of = arena_alloc(ctx, cap * sizeof(*of)); // NULL: unused
  for (u32 k = 0; k < cap; k++) {
    struct chunk *c = k < 3 ? first[k] : ctx->hdr_order.v[k - 3];
    bool used = c && shstrtab_has(c, sh);
    if (k >= 3 && (!used || c == first[0] || c == first[1] || c == sh))
      continue;                // the first three are met once, always
    const char *s = k < 3 ? first_names[k] : c->name;
    v[n] = (struct sh_name){{s, (u32)strlen(s), 0, NULL}, n, used};
    of[n] = used ? c : NULL;
    p[n] = &v[n];
    n++;
  }
  // One entry per name: the first met, used if any section uses it.
  qsort(p, n, sizeof(*p), cmp_sh_name);
  struct sh_name **repr = arena_alloc(ctx, cap * sizeof(*repr));
  for (u32 i = 0; i < n; i++) {
    bool same = i && !strcmp(p[i]->str.s, p[i - 1]->str.s);
    repr[p[i]->first] = same ? repr[p[i - 1]->first] : p[i];
    repr[p[i]->first]->used |= p[i]->used;
  }
  struct bfd_str **kept = arena_alloc(ctx, cap * sizeof(*kept));
  u32 m = 0;
  for (u32 i = 0; i < n; i++)
    if (repr[i] == &v[i] && v[i].used)
      kept[m++] = &v[i].str;
  sh->size = bfd_strtab_layout(ctx, kept, m);
  for (u32 i = 0; i < n; i++)
    if (of[i])
      of[i]->name_off = repr[i]->str.off;
}

// .symtab_shndx, when .symtab's index leaves too few 16-bit indices for
// the sections after it (bfd's assign_section_numbers): a word per
// symbol, the section index of one from SHN_LORESERVE up, else 0.
static void size_symtab_shndx(struct ctx *ctx, struct chunk *c) {
  struct chunk *symtab = ctx->synth[CK_SYMTAB];
  u32 n = 1;                   // .symtab's index
  for (u32 i = 0; i < ctx->hdr_order.len; i++) {
    struct chunk *x = ctx->hdr_order.v[i];
    if (x == symtab)
      break;
    n += x->kind != CK_EHDR && is_emitted(x);
  }
  c->size = is_emitted(symtab) && n + 1 > ((SHN_LORESERVE - 2) & 0xffff)
                ? symtab->size / sizeof(Elf64_Sym) * 4
                : 0;
}

static void symtab_shndx_shdr(struct ctx *ctx, struct chunk *c, u32 *link,
                              u32 *info) {
  (void)c;
  *link = ctx->synth[CK_SYMTAB]->shndx;
  *info = 0;
}

static void write_symtab(struct ctx *ctx, struct chunk *c, u8 *buf) {
  struct chunk *x = ctx->synth[CK_SYMTAB_SHNDX];
  struct symw w = {0};
  w.sym = buf + c->offset;
  w.shndx = x && is_emitted(x) ? buf + x->offset : NULL;
  w.str = (char *)buf + ctx->synth[CK_STRTAB]->offset;
  w.strpos = 1;
  w.str[0] = 0;
  walk_symtab(ctx, &w);
}

static void symtab_shdr(struct ctx *ctx, struct chunk *c, u32 *link,
                        u32 *info) {
  (void)c;
  *link = ctx->synth[CK_STRTAB]->shndx;
  *info = ctx->symtab_nlocal;
}

// Each emitted section's name where size_shstrtab put it (a tail of
// another name is written again over the same bytes).
static void write_shstrtab(struct ctx *ctx, struct chunk *c, u8 *buf) {
  char *sh = (char *)buf + c->offset;
  sh[0] = 0;
  for (u32 i = 0; i < ctx->chunks.len; i++) {
    struct chunk *x = ctx->chunks.v[i];
    if (shstrtab_has(x, c))
      memcpy(sh + x->name_off, x->name, strlen(x->name) + 1);
  }
}

// A note's header: namesz 4, descsz, type, name.
static u8 *note_header(u8 *p, u32 descsz, u32 type, const char *name) {
  wr32(p, 4);
  wr32(p + 4, descsz);
  wr32(p + 8, type);
  memcpy(p + 12, name, 4);
  return p + 16;
}

// The merged properties at p (property_note_size bytes), in ascending
// type order.
void write_property_note(struct ctx *ctx, u8 *p) {
  u32 bytes, n = kept_props(ctx, &bytes);
  p = note_header(p, bytes, NT_GNU_PROPERTY_TYPE_0, "GNU");
  u32 last = 0;
  for (u32 done = 0; done < n; done++) {
    u32 best = UINT32_MAX, bk = 0;
    for (u32 k = 0; k < ctx->nprops; k++)
      if (prop_kept(ctx, k) && ctx->props[k].type < best &&
          (done == 0 || ctx->props[k].type > last)) {
        best = ctx->props[k].type;
        bk = k;
      }
    wr32(p, best);
    if (best == GNU_PROPERTY_NO_COPY_ON_PROTECTED) {
      wr32(p + 4, 0);
    } else if (best == GNU_PROPERTY_STACK_SIZE) {
      wr32(p + 4, 8);
      wr64(p + 8, ctx->props[bk].value);
    } else {
      wr32(p + 4, 4);
      wr32(p + 8, (u32)ctx->props[bk].value);
    }
    p += prop_bytes(best);
    last = best;
  }
}

static void write_property(struct ctx *ctx, struct chunk *c, u8 *buf) {
  write_property_note(ctx, buf + c->offset);
}

static void write_package(struct ctx *ctx, struct chunk *c, u8 *buf) {
  const char *json = ctx->cfg.package_metadata;
  u8 *p = note_header(buf + c->offset, c->size - 16,
                      0xcafe1a7e /* FDO_PACKAGING_METADATA */, "FDO");
  memset(p, 0, c->size - 16);
  memcpy(p, json, strlen(json));
}

// The build ID note's header at p; the descriptor is filled last, by
// fill_build_id.
void write_build_id_header(struct ctx *ctx, u8 *p) {
  note_header(p, build_id_size(ctx), NT_GNU_BUILD_ID, "GNU");
}

static void write_build_id(struct ctx *ctx, struct chunk *c, u8 *buf) {
  write_build_id_header(ctx, buf + c->offset);
}

static void write_got(struct ctx *ctx, struct chunk *got, u8 *buf) {
  const struct arch *arch = ctx->arch;
  if (ctx->cfg.dynamic && arch->got_reserved)
    wr64(buf + got->offset + ctx->got_base, ctx->synth[CK_DYNAMIC]->addr);
  for (u32 i = 0; i < ctx->got_syms.len; i++) {
    struct symbol *sym = ctx->got_syms.v[i];
    if (sym->flags & SF_GOT_IS_GOTPLT)
      continue;
    u64 v = sym->state == SYM_DEFINED ? sym->value : 0;
    if (sym->flags & SF_NEEDS_IPLT)
      v = iplt_entry_addr(ctx, sym);
    else if (sym_is_ifunc(sym))
      v = 0;                   // its IRELATIVE fills it (GNU ld's 0)
    wr64(buf + chunk_file_offset(got, got_entry_addr(ctx, sym)), v);
  }
  for (u32 i = 0; i < ctx->gottp_syms.len; i++) {
    struct symbol *sym = ctx->gottp_syms.v[i];
    // An undefined weak TLS symbol is at address 0, so its entry holds
    // the TP offset of 0, as in GNU ld; 0 if there is no TLS block.
    u64 addr = sym->state == SYM_DEFINED ? sym->value : 0;
    wr64(buf + chunk_file_offset(got, gottp_entry_addr(ctx, sym)),
         sym->state == SYM_DEFINED || ctx->tls_first
             ? arch->tp_offset(ctx, addr) : 0);
  }
  // General-dynamic pairs: module 1 (the executable's TLS block) and the
  // offset in it, S - the block's start (GNU ld's values).
  for (u32 i = 0; i < ctx->gotgd_syms.len; i++) {
    struct symbol *sym = ctx->gotgd_syms.v[i];
    if (!has_gotgd(ctx, sym))
      continue;
    u64 at = chunk_file_offset(got, gotgd_entry_addr(ctx, sym));
    u64 addr = sym->state == SYM_DEFINED ? sym->value : 0;
    wr64(buf + at, 1);
    wr64(buf + at + 8, addr - ctx->tls_start);
  }
}

// Whether PLT entry i is an IFUNC's (else an undefined weak symbol's).
static bool plt_entry_ifunc(struct ctx *ctx, u32 i) {
  return ((struct symbol *)ctx->iplt_syms.v[i])->flags & SF_NEEDS_IPLT;
}

// An IRELATIVE at rela: the word at offset gets what resolver returns.
static u8 *put_irelative(struct ctx *ctx, u8 *rela, u64 offset, u64 resolver) {
  wr64(rela, offset);
  wr64(rela + 8, ELF64_R_INFO(0, ctx->arch->r_irelative));
  wr64(rela + 16, resolver);
  return rela + sizeof(Elf64_Rela);
}

// IFUNC slots are the last words of .got.plt, after any reserved ones.
static u64 iplt_slot_addr(struct ctx *ctx, u32 i) {
  struct chunk *gp = ctx->synth[CK_GOTPLT];
  return gp->addr + gp->size - (u64)(ctx->iplt_syms.len - i) * 8;
}

static void write_iplt(struct ctx *ctx, struct chunk *c, u8 *buf) {
  const struct arch *arch = ctx->arch;
  if (ctx->cfg.pie)
    arch->write_plt_header(ctx, buf + c->offset, c->addr,
                           ctx->synth[CK_GOTPLT]->addr);
  for (u32 i = 0; i < ctx->iplt_syms.len; i++) {
    u64 at = ctx->plt_header + (u64)i * ctx->iplt_size, addr = c->addr + at;
    if (!ctx->cfg.pie) {
      arch->write_iplt(ctx, buf + c->offset + at, addr,
                       iplt_slot_addr(ctx, i));
    } else if (plt_entry_ifunc(ctx, i)) {
      arch->write_plt(ctx, buf + c->offset + at, addr, iplt_slot_addr(ctx, i),
                      ctx->irel_index[i], c->addr);
    } else if (!sym_aux(ctx, ctx->iplt_syms.v[i])->dead_plt) {
      // An entry that never binds keeps its lazy part as GNU ld's
      // template has it: index 0, a jump to the next entry.
      arch->write_plt(ctx, buf + c->offset + at, addr, iplt_slot_addr(ctx, i),
                      0, addr + ctx->iplt_size);
    }
  }
}

// Before IRELATIVE runs, each slot holds its IPLT entry (or the IPLT's
// start), as in GNU ld.
static void write_gotplt(struct ctx *ctx, struct chunk *c, u8 *buf) {
  struct chunk *iplt = ctx->synth[CK_IPLT];
  // A static PIE's first reserved word holds _DYNAMIC (x86-64's; AArch64
  // has it in .got), with no relocation, as in GNU ld.
  if (ctx->cfg.pie && !ctx->arch->got_reserved &&
      c->size >= 8 * (u64)ctx->arch->got_plt_reserved && c->size)
    wr64(buf + c->offset, ctx->synth[CK_DYNAMIC]->addr);
  for (u32 i = 0; i < ctx->iplt_syms.len; i++) {
    u64 entry = iplt->addr + ctx->plt_header + (u64)i * ctx->iplt_size;
    if (!plt_entry_ifunc(ctx, i))
      continue;                // an undefined weak symbol's: 0
    wr64(buf + chunk_file_offset(c, iplt_slot_addr(ctx, i)),
         ctx->iplt_slot_bias < 0 ? iplt->addr
                                  : entry + (u64)ctx->iplt_slot_bias);
  }
}


// The 64-bit addresses of IFUNCs without a PLT entry in writable data of
// an executable that is not a PIE (x86-64's need_ifunc_word), each an
// IRELATIVE at the start of .rela.iplt: FN for each, as GNU ld
// relocates its inputs (files in the order their sections first come in
// the output, sections and relocations in order).
typedef void ifunc_word_fn(struct ctx *ctx, void *arg, struct isec *is,
                           u64 P, u64 resolver, const struct reloc_sym *rs);

static void each_ifunc_word(struct ctx *ctx, ifunc_word_fn *fn, void *arg) {
  struct objfile **order = files_in_output_order(ctx);
  u64 n = 0;
  for (u32 i = 0; i < ctx->objs.len; i++) {
    struct objfile *f = order[i];
    for (u32 k = 1; k < f->shnum; k++) {
      struct isec *is = f->isecs[k];
      if (!is || !is->live || !is->osec || !(is->osec->flags & SHF_ALLOC) ||
          !(SH_FLAGS(shdr_at(f, k)) & SHF_WRITE) ||
          (SH_FLAGS(shdr_at(f, k)) & SHF_EXECINSTR))
        continue;
      for (u32 r = 0; r < is->nrels; r++) {
        const u8 *e = is->rels + (u64)r * sizeof(Elf64_Rela);
        u32 symidx = ELF64_R_SYM(rd64(e + 8));
        if (ctx->arch->data_reloc_kind(ELF64_R_TYPE(rd64(e + 8))) !=
                DR_ABS64 || symidx >= f->nsyms)
          continue;
        i64 A = (i64)rd64(e + 16);
        struct reloc_sym rs;
        reloc_target_addend(ctx, f, symidx, &A, &rs);
        if (!rs.is_ifunc || !rs.sym || (rs.sym->flags & SF_NEEDS_IPLT) ||
            n++ >= ctx->ifunc_words)
          continue;
        fn(ctx, arg, is, isec_addr(is) + isec_out_offset(is, rd64(e)),
           rs.sym->value + A, &rs);
      }
    }
  }
}

static void put_ifunc_word(struct ctx *ctx, void *arg, struct isec *is,
                           u64 P, u64 resolver, const struct reloc_sym *rs) {
  (void)is;
  (void)rs;
  u8 **rela = arg;
  *rela = put_irelative(ctx, *rela, P, resolver);
}

static void report_ifunc_word(struct ctx *ctx, void *arg, struct isec *is,
                              u64 P, u64 resolver,
                              const struct reloc_sym *rs) {
  (void)arg;
  report_relative_line(ctx, true, P, resolver, reloc_sym_name(rs),
                       section_label(ctx, is->file, is->shndx),
                       is->file->name);
}

// -z report-relative-reloc: .rela.iplt's IRELATIVE relocations as GNU ld
// makes them: those of IFUNC addresses in data as it relocates the
// inputs, then the PLT slots' as it finishes the symbols (the reverse
// of their numbering on x86-64, write_rela_iplt).  An IFUNC's GOT entry
// it fills without a word.
void report_rela_iplt(struct ctx *ctx) {
  if (!ctx->cfg.pie && ctx->ifunc_words)
    each_ifunc_word(ctx, report_ifunc_word, NULL);
  u32 n = ctx->iplt_syms.len;
  u32 total = ctx->synth[CK_RELA_IPLT]
                  ? (u32)(ctx->synth[CK_RELA_IPLT]->size / sizeof(Elf64_Rela))
                  : 0;
  i64 *at = arena_alloc(ctx, ((u64)total + 1) * sizeof(i64));
  for (u32 k = 0; k < total; k++)
    at[k] = -1;
  for (u32 i = 0; i < n; i++)
    if (plt_entry_ifunc(ctx, i) && ctx->irel_index[i] < total)
      at[ctx->irel_index[i]] = i;
  const char *sec = ctx->cfg.pie ? ".rela.plt" : ".rela.iplt";
  for (u32 j = 0; j < total; j++) {
    u32 k = ctx->arch->irelative_descending ? total - 1 - j : j;
    if (at[k] < 0)
      continue;
    struct symbol *sym = ctx->iplt_syms.v[at[k]];
    report_relative_line(ctx, true, iplt_slot_addr(ctx, (u32)at[k]),
                         sym->value, sym->name, sec, ctx->cfg.output);
  }
}

static void write_rela_iplt(struct ctx *ctx, struct chunk *c, u8 *buf) {
  for (u32 i = 0; i < ctx->iplt_syms.len; i++)
    if (plt_entry_ifunc(ctx, i))
      put_irelative(ctx, buf + c->offset +
                             (u64)ctx->irel_index[i] * sizeof(Elf64_Rela),
                    iplt_slot_addr(ctx, i),
                    ((struct symbol *)ctx->iplt_syms.v[i])->value);
  u8 *rela = buf + c->offset;
  if (ctx->ifunc_words)
    each_ifunc_word(ctx, put_ifunc_word, &rela);
  for (u32 i = 0; i < ctx->got_irel_syms.len; i++) {
    struct symbol *sym = ctx->got_irel_syms.v[i];
    rela = put_irelative(ctx, rela, got_entry_addr(ctx, sym), sym->value);
  }
}

// Its sh_info is bfd's, by name (write_headers).
static void rela_iplt_shdr(struct ctx *ctx, struct chunk *c, u32 *link,
                           u32 *info) {
  (void)c;
  (void)info;
  *link = ctx->cfg.pie ? reloc_symtab_shndx(ctx)
                       : ctx->synth[CK_SYMTAB]->shndx;
}

static bool want_package(struct ctx *ctx) {
  return ctx->cfg.package_metadata != NULL;
}

// An orphan note after the first file's sections (create_chunks).
static void setup_package(struct ctx *ctx, struct chunk *c) {
  c->order = ctx->package_order;
}

static void setup_iplt(struct ctx *ctx, struct chunk *c) {
  c->align = ctx->iplt_align;
  if (script_layout(ctx) && ctx->arch->plt_input_align)
    c->align = ctx->arch->plt_input_align;
  if (ctx->cfg.pie)
    c->entsize = ctx->arch->plt_entsize;
}

static void setup_got(struct ctx *ctx, struct chunk *c) {
  (void)ctx;
  c->relro = true;
}

static bool want_interp(struct ctx *ctx) {
  return ctx->cfg.interp != NULL;
}

static const char *interp_path(struct ctx *ctx) {
  return *ctx->cfg.interp ? ctx->cfg.interp : ctx->arch->default_interp;
}

static void size_interp(struct ctx *ctx, struct chunk *c) {
  c->size = strlen(interp_path(ctx)) + 1;
}

static void write_interp(struct ctx *ctx, struct chunk *c, u8 *buf) {
  memcpy(buf + c->offset, interp_path(ctx), c->size);
}

static bool want_dynamic(struct ctx *ctx) {
  return ctx->cfg.dynamic;
}

static bool want_hash(struct ctx *ctx) {
  return ctx->cfg.dynamic && (ctx->cfg.hash_style & HASH_SYSV);
}

static bool want_gnu_hash(struct ctx *ctx) {
  return ctx->cfg.dynamic && (ctx->cfg.hash_style & HASH_GNU);
}

// x86-64's GNU ld 2.40 makes DT_RELR; AArch64's warns that the option is
// ignored.
static bool want_relr(struct ctx *ctx) {
  return ctx->cfg.pie && ctx->cfg.pack_relative_relocs && ctx->arch->relr;
}

static void setup_dynamic(struct ctx *ctx, struct chunk *c) {
  (void)ctx;
  c->relro = true;
}

// The synthetic sections, one descriptor each, indexed by kind.  A
// section is made unless its wanted hook says no, sized by its size
// hook at its stage of the link, written by its write hook when it has
// bytes, and its sh_link/sh_info come from its shdr hook (else 0).
// .eh_frame is an output section of input sections that is rewritten:
// create_chunks makes it, from the inputs, with its kind.
struct synthetic {
  const char *name;
  u32 type;
  u64 flags;
  u32 align, entsize;
  u32 order;                   // O_*: its place in GNU ld's layout
  const char *map_name;        // -Map: the input section GNU ld shows
  bool from_inputs;            // made by create_chunks, not here
  bool per_section;            // one chunk per output section (not in
                               // ctx->synth): the hooks run for each
  bool discardable;            // /DISCARD/ may take it whatever it holds
  enum size_stage stage;
  bool (*wanted)(struct ctx *ctx);
  void (*setup)(struct ctx *ctx, struct chunk *c);
  void (*size)(struct ctx *ctx, struct chunk *c);
  void (*write)(struct ctx *ctx, struct chunk *c, u8 *buf);
  void (*shdr)(struct ctx *ctx, struct chunk *c, u32 *link, u32 *info);
};

static const struct synthetic synthetics[CK_NKINDS] = {
    // The ELF header and program headers: sized by the layout, written
    // last, with the section headers (write_headers).
    [CK_EHDR] = {"", SHT_NULL, SHF_ALLOC, 8, 0, O_EHDR, .map_name = NULL},
    [CK_EH_FRAME] = {".eh_frame", .from_inputs = true,
                     .stage = SIZE_BEFORE_LAYOUT, .size = size_eh_frame,
                     .write = write_eh_frame},
    [CK_INTERP] = {".interp", SHT_PROGBITS, SHF_ALLOC, 1, 0, O_INTERP,
                   .discardable = true, .stage = SIZE_BEFORE_LAYOUT, .wanted = want_interp,
                   .size = size_interp, .write = write_interp},
    [CK_PACKAGE] = {".note.package", SHT_NOTE, SHF_ALLOC, 4, 0, 0,
                    .discardable = true, .stage = SIZE_BEFORE_LAYOUT, .wanted = want_package,
                    .setup = setup_package,
                    .size = size_package, .write = write_package},
    [CK_PROPERTY] = {".note.gnu.property", SHT_NOTE, SHF_ALLOC, 8, 0,
                     O_NOTE8, .discardable = true, .stage = SIZE_BEFORE_LAYOUT,
                     .size = size_property, .write = write_property},
    [CK_BUILD_ID] = {".note.gnu.build-id", SHT_NOTE, SHF_ALLOC, 4, 0,
                     O_BUILD_ID, .discardable = true,
                     .stage = SIZE_BEFORE_LAYOUT,
                     .size = size_build_id, .write = write_build_id},
    [CK_RELA_IPLT] = {".rela.plt", SHT_RELA, SHF_ALLOC | SHF_INFO_LINK, 8,
                      sizeof(Elf64_Rela), O_RELA_PLT, ".rela.iplt",
                      .stage = SIZE_BEFORE_LAYOUT, .size = size_rela_iplt,
                      .write = write_rela_iplt, .shdr = rela_iplt_shdr},
    [CK_IPLT] = {".plt", SHT_PROGBITS, SHF_ALLOC | SHF_EXECINSTR, 0, 0,
                 O_PLT, ".iplt", .stage = SIZE_BEFORE_LAYOUT,
                 .setup = setup_iplt, .size = size_iplt, .write = write_iplt},
    [CK_PLTGOT] = {".plt.got", SHT_PROGBITS, SHF_ALLOC | SHF_EXECINSTR, 8, 8,
                   O_PLT_GOT, .stage = SIZE_BEFORE_LAYOUT,
                   .wanted = want_pltgot, .size = size_pltgot,
                   .write = write_pltgot},
    [CK_EH_FRAME_HDR] = {".eh_frame_hdr", SHT_PROGBITS, SHF_ALLOC, 4, 0,
                         O_EH_FRAME_HDR, .discardable = true,
                         .stage = SIZE_BEFORE_LAYOUT,
                         .size = size_eh_frame_hdr,
                         .write = write_eh_frame_hdr},
    [CK_GOT] = {".got", SHT_PROGBITS, SHF_ALLOC | SHF_WRITE, 8, 0, O_GOT,
                .stage = SIZE_BEFORE_LAYOUT, .setup = setup_got,
                .size = size_got, .write = write_got},
    [CK_GOTPLT] = {".got.plt", SHT_PROGBITS, SHF_ALLOC | SHF_WRITE, 8, 0,
                   O_GOT_PLT, .stage = SIZE_BEFORE_LAYOUT,
                   .size = size_gotplt, .write = write_gotplt},
    // A static PIE's (dynamic.c, dynsym.c).
    [CK_HASH] = {".hash", SHT_HASH, SHF_ALLOC, 8, 4, O_HASH,
                 .discardable = true, .stage = SIZE_BEFORE_LAYOUT, .wanted = want_hash,
                 .size = size_hash, .write = write_hash, .shdr = link_dynsym},
    [CK_GNU_HASH] = {".gnu.hash", SHT_GNU_HASH, SHF_ALLOC, 8, 0, O_GNU_HASH,
                     .discardable = true, .stage = SIZE_BEFORE_LAYOUT, .wanted = want_gnu_hash,
                     .size = size_gnu_hash, .write = write_gnu_hash,
                     .shdr = link_dynsym},
    [CK_DYNSYM] = {".dynsym", SHT_DYNSYM, SHF_ALLOC, 8, sizeof(Elf64_Sym),
                   O_DYNSYM, .discardable = true, .stage = SIZE_BEFORE_LAYOUT,
                   .wanted = want_dynamic,
                   .size = size_dynsym, .write = write_dynsym,
                   .shdr = dynsym_shdr},
    [CK_DYNSTR] = {".dynstr", SHT_STRTAB, SHF_ALLOC, 1, 0, O_DYNSTR,
                   .discardable = true, .stage = SIZE_BEFORE_LAYOUT, .wanted = want_dynamic,
                   .size = size_dynstr, .write = write_dynstr},
    // Not discardable with versions: GNU ld then fails ("could not find
    // section"), and DT_VERSYM would name indices nothing defines.
    [CK_VERSYM] = {".gnu.version", SHT_GNU_versym, SHF_ALLOC, 2, 2, O_VERSYM,
                   .stage = SIZE_BEFORE_LAYOUT,
                   .wanted = want_dynamic, .size = size_versym,
                   .write = write_versym, .shdr = versym_shdr},
    [CK_VERDEF] = {".gnu.version_d", SHT_GNU_verdef, SHF_ALLOC, 8, 0,
                   O_VERDEF, .stage = SIZE_BEFORE_LAYOUT,
                   .wanted = want_dynamic, .size = size_verdef,
                   .write = write_verdef, .shdr = verdef_shdr},
    [CK_RELA_DYN] = {".rela.dyn", SHT_RELA, SHF_ALLOC, 8, sizeof(Elf64_Rela),
                     O_RELA_DYN, .stage = SIZE_BEFORE_LAYOUT,
                     .wanted = want_dynamic, .size = size_rela_dyn,
                     .write = write_rela_dyn, .shdr = link_dynsym},
    // A script's .rela<NAME> taken apart (script_layout.c).
    [CK_RELA_PART] = {"", SHT_RELA, SHF_ALLOC, 8, sizeof(Elf64_Rela), 0,
                      .from_inputs = true, .per_section = true,
                      .stage = SIZE_BEFORE_LAYOUT, .size = size_rela_part,
                      .write = write_rela_part, .shdr = link_dynsym},
    // Sized by size_relr once the layout is done.
    [CK_RELR_DYN] = {".relr.dyn", SHT_RELR, SHF_ALLOC, 8, 8, O_RELR_DYN,
                     .wanted = want_relr, .write = write_relr_dyn},
    // After the sections its tags name.
    [CK_DYNAMIC] = {".dynamic", SHT_DYNAMIC, SHF_ALLOC | SHF_WRITE, 8, 16,
                    O_DYNAMIC, .discardable = true, .stage = SIZE_BEFORE_LAYOUT,
                    .wanted = want_dynamic, .setup = setup_dynamic,
                    .size = size_dynamic, .write = write_dynamic,
                    .shdr = link_dynstr},
    // -q: one per output section with relocations (emitrelocs.c).
    [CK_EMIT_RELA] = {"", SHT_RELA, SHF_INFO_LINK, 8, sizeof(Elf64_Rela), 0,
                      .from_inputs = true, .per_section = true,
                      .stage = SIZE_AFTER_LAYOUT, .size = size_emit_rela,
                      .write = write_emit_rela, .shdr = emit_rela_shdr},
    [CK_SYMTAB] = {".symtab", SHT_SYMTAB, 0, 8, sizeof(Elf64_Sym), O_SYMTAB,
                   .stage = SIZE_AFTER_LAYOUT, .size = size_symtab,
                   .write = write_symtab, .shdr = symtab_shdr},
    // Its section indexes, with extended numbering (written with it).
    [CK_SYMTAB_SHNDX] = {".symtab_shndx", SHT_SYMTAB_SHNDX, 0, 4, 4,
                         O_SYMTAB_SHNDX, .stage = SIZE_AFTER_LAYOUT,
                         .size = size_symtab_shndx,
                         .shdr = symtab_shndx_shdr},
    [CK_STRTAB] = {".strtab", SHT_STRTAB, 0, 1, 0, O_STRTAB,
                   .map_name = NULL},
    [CK_SHSTRTAB] = {".shstrtab", SHT_STRTAB, 0, 1, 0, O_SHSTRTAB,
                     .stage = SIZE_AFTER_LAYOUT, .size = size_shstrtab,
                     .write = write_shstrtab},
};

void create_synthetic(struct ctx *ctx) {
  for (u32 k = CK_REGULAR + 1; k < CK_NKINDS; k++) {
    const struct synthetic *d = &synthetics[k];
    if (d->from_inputs || (d->wanted && !d->wanted(ctx)))
      continue;
    struct chunk *c = new_chunk(ctx, d->name, k, d->type, d->flags, d->align);
    c->order = KEY(d->order);
    c->entsize = d->entsize;
    if (d->setup)
      d->setup(ctx, c);
    ctx->synth[k] = c;
  }
}

// The chunks of kind k: ctx->synth[k], or every chunk of a per-section
// kind, in output order.
static u32 kind_chunks(struct ctx *ctx, u32 k, u32 n, struct chunk **c) {
  if (!synthetics[k].per_section) {
    *c = n ? NULL : ctx->synth[k];
    return n + 1;
  }
  for (; n < ctx->chunks.len; n++) {
    *c = ctx->chunks.v[n];
    if ((*c)->kind == k)
      return n + 1;
  }
  *c = NULL;
  return n;
}

// The name GNU ld gives the linker's input section of kind c->kind.
static const char *own_name(const struct chunk *c) {
  const struct synthetic *d = &synthetics[c->kind];
  return d->map_name ? d->map_name : d->name;
}

// A script's /DISCARD/ may take the linker's own sections as GNU ld lets
// it: the discardable ones (notes, the .eh_frame index and a PIE's
// dynamic-linking sections: U-Boot keeps only .rela.dyn) whatever they
// hold, the others (.got, .got.plt, .iplt, .rela.iplt, .rela.dyn ...)
// only if nothing needs them, else it is GNU ld's error.  One whose
// script statement another took (lost_to) must stay empty too.
static bool must_stay_empty(const struct chunk *c) {
  return c->lost_to || !synthetics[c->kind].discardable;
}

void size_synthetic(struct ctx *ctx, enum size_stage stage) {
  for (u32 k = CK_REGULAR + 1; k < CK_NKINDS; k++) {
    if (synthetics[k].stage != stage || !synthetics[k].size)
      continue;
    struct chunk *c;
    for (u32 n = kind_chunks(ctx, k, 0, &c); c; n = kind_chunks(ctx, k, n, &c)) {
      if (!c->discarded || must_stay_empty(c))
        synthetics[k].size(ctx, c);
      // Among a script section's inputs (script_layout.c), it gives that
      // section its flags and alignment, as GNU ld's input section does
      // (one it always makes, even empty).
      struct chunk *in = c->home;
      if (in && in->kind == CK_REGULAR &&
          (c->size || (k == CK_GOT && ctx->arch->got_always))) {
        in->flags |= c->flags;
        in->align = c->align > in->align ? c->align : in->align;
        if (c->size && in->isecs.len <= 1)
          in->entsize = c->entsize;
      }
    }
    for (u32 n = kind_chunks(ctx, k, 0, &c); c; n = kind_chunks(ctx, k, n, &c)) {
      if (!c->discarded || !must_stay_empty(c) || !c->size)
        continue;
      if (c->lost_to && c->lost_to->kind == CK_REGULAR)
        error(ctx, "%s:%u: output section %s holds input sections and the "
              "linker's %s (0x%llx bytes), which mld does not support",
              c->lost_to->stmt->file, c->lost_to->stmt->line,
              c->lost_to->name, own_name(c), (unsigned long long)c->size);
      else if (c->lost_to)
        error(ctx, "%s:%u: output section %s holds the linker's %s and %s, "
              "which mld does not support", c->lost_to->stmt->file,
              c->lost_to->stmt->line, c->lost_to->name, own_name(c),
              own_name(c->lost_to));
      else
        error(ctx, "discarded output section: `%s'",
              synthetic_map_name(ctx, c));
    }
  }
}

void write_synthetic(struct ctx *ctx, u8 *buf) {
  for (u32 k = CK_REGULAR + 1; k < CK_NKINDS; k++) {
    if (!synthetics[k].write)
      continue;
    struct chunk *c;
    for (u32 n = kind_chunks(ctx, k, 0, &c); c; n = kind_chunks(ctx, k, n, &c))
      if (c->size)
        synthetics[k].write(ctx, c, buf);
  }
}

void synthetic_shdr(struct ctx *ctx, struct chunk *c, u32 *link, u32 *info) {
  if (synthetics[c->kind].shdr)
    synthetics[c->kind].shdr(ctx, c, link, info);
}

// The input section GNU ld makes for a linker's section, by which a
// script names it and -Map shows it: a static PIE's IFUNC entries are in
// its dynamic .plt, .rela.plt and .got.plt, an executable's in .iplt,
// .rela.iplt and .got.plt's .igot.plt part.
const char *synthetic_map_name(struct ctx *ctx, struct chunk *c) {
  if (ctx->cfg.pie && (c->kind == CK_IPLT || c->kind == CK_RELA_IPLT))
    return synthetics[c->kind].name;
  const char *n = synthetics[c->kind].map_name;
  if (!n && synthetics[c->kind].name && synthetics[c->kind].name[0])
    n = synthetics[c->kind].name;  // not a script statement's name
  return n ? n : c->name;
}

enum { LARGE = SHF_X86_64_LARGE };   // in x86-64's rows only

// bfd's table of the names of sections it gives an ELF type and flags
// when it makes them itself (elf.c's special_sections, x86-64's first):
// EXACT names alone, else the name or the name and ".SUFFIX" (DOT),
// else any name it starts (PREFIX).
enum { SP_EXACT, SP_DOT, SP_PREFIX };

static const struct special_name {
  const char *name;
  u8 match;
  u8 x86;                      // x86-64's own
  u32 type;
  u64 flags;
} special_names[] = {
    {".gnu.linkonce.lb", SP_DOT, 1, SHT_NOBITS, SHF_ALLOC | SHF_WRITE | LARGE},
    {".gnu.linkonce.lr", SP_DOT, 1, SHT_PROGBITS, SHF_ALLOC | LARGE},
    {".gnu.linkonce.lt", SP_DOT, 1, SHT_PROGBITS,
     SHF_ALLOC | SHF_EXECINSTR | LARGE},
    {".lbss", SP_DOT, 1, SHT_NOBITS, SHF_ALLOC | SHF_WRITE | LARGE},
    {".ldata", SP_DOT, 1, SHT_PROGBITS, SHF_ALLOC | SHF_WRITE | LARGE},
    {".lrodata", SP_DOT, 1, SHT_PROGBITS, SHF_ALLOC | LARGE},
    {".bss", SP_DOT, 0, SHT_NOBITS, SHF_ALLOC | SHF_WRITE},
    {".comment", SP_EXACT, 0, SHT_PROGBITS, 0},
    {".ctf", SP_EXACT, 0, SHT_PROGBITS, 0},
    {".data", SP_DOT, 0, SHT_PROGBITS, SHF_ALLOC | SHF_WRITE},
    {".data1", SP_EXACT, 0, SHT_PROGBITS, SHF_ALLOC | SHF_WRITE},
    {".debug", SP_EXACT, 0, SHT_PROGBITS, 0},
    {".debug_line", SP_EXACT, 0, SHT_PROGBITS, 0},
    {".debug_info", SP_EXACT, 0, SHT_PROGBITS, 0},
    {".debug_abbrev", SP_EXACT, 0, SHT_PROGBITS, 0},
    {".debug_aranges", SP_EXACT, 0, SHT_PROGBITS, 0},
    {".dynamic", SP_EXACT, 0, SHT_DYNAMIC, SHF_ALLOC},
    {".dynstr", SP_EXACT, 0, SHT_STRTAB, SHF_ALLOC},
    {".dynsym", SP_EXACT, 0, SHT_DYNSYM, SHF_ALLOC},
    {".fini", SP_EXACT, 0, SHT_PROGBITS, SHF_ALLOC | SHF_EXECINSTR},
    {".fini_array", SP_DOT, 0, SHT_FINI_ARRAY, SHF_ALLOC | SHF_WRITE},
    {".gnu.linkonce.b", SP_DOT, 0, SHT_NOBITS, SHF_ALLOC | SHF_WRITE},
    {".gnu.linkonce.n", SP_DOT, 0, SHT_NOBITS, SHF_ALLOC | SHF_WRITE},
    {".gnu.linkonce.p", SP_DOT, 0, SHT_PROGBITS, SHF_ALLOC | SHF_WRITE},
    {".gnu.lto_", SP_PREFIX, 0, SHT_PROGBITS, SHF_EXCLUDE},
    {".got", SP_EXACT, 0, SHT_PROGBITS, SHF_ALLOC | SHF_WRITE},
    {".gnu.version", SP_EXACT, 0, SHT_GNU_versym, 0},
    {".gnu.version_d", SP_EXACT, 0, SHT_GNU_verdef, 0},
    {".gnu.version_r", SP_EXACT, 0, SHT_GNU_verneed, 0},
    {".gnu.liblist", SP_EXACT, 0, 0x6ffffff7, SHF_ALLOC},   // SHT_GNU_LIBLIST
    {".gnu.conflict", SP_EXACT, 0, SHT_RELA, SHF_ALLOC},
    {".gnu.hash", SP_EXACT, 0, SHT_GNU_HASH, SHF_ALLOC},
    {".hash", SP_EXACT, 0, SHT_HASH, SHF_ALLOC},
    {".init", SP_EXACT, 0, SHT_PROGBITS, SHF_ALLOC | SHF_EXECINSTR},
    {".init_array", SP_DOT, 0, SHT_INIT_ARRAY, SHF_ALLOC | SHF_WRITE},
    {".interp", SP_EXACT, 0, SHT_PROGBITS, 0},
    {".line", SP_EXACT, 0, SHT_PROGBITS, 0},
    {".noinit", SP_DOT, 0, SHT_NOBITS, SHF_ALLOC | SHF_WRITE},
    {".note.GNU-stack", SP_EXACT, 0, SHT_PROGBITS, 0},
    {".note", SP_PREFIX, 0, SHT_NOTE, 0},
    {".persistent.bss", SP_EXACT, 0, SHT_NOBITS, SHF_ALLOC | SHF_WRITE},
    {".persistent", SP_DOT, 0, SHT_PROGBITS, SHF_ALLOC | SHF_WRITE},
    {".preinit_array", SP_DOT, 0, SHT_PREINIT_ARRAY, SHF_ALLOC | SHF_WRITE},
    {".plt", SP_EXACT, 0, SHT_PROGBITS, SHF_ALLOC | SHF_EXECINSTR},
    {".rodata", SP_DOT, 0, SHT_PROGBITS, SHF_ALLOC},
    {".rodata1", SP_EXACT, 0, SHT_PROGBITS, SHF_ALLOC},
    {".relr.dyn", SP_EXACT, 0, SHT_RELR, SHF_ALLOC},
    {".rela", SP_PREFIX, 0, SHT_RELA, 0},
    {".shstrtab", SP_EXACT, 0, SHT_STRTAB, 0},
    {".strtab", SP_EXACT, 0, SHT_STRTAB, 0},
    {".symtab", SP_EXACT, 0, SHT_SYMTAB, 0},
    {".text", SP_DOT, 0, SHT_PROGBITS, SHF_ALLOC | SHF_EXECINSTR},
    {".tbss", SP_DOT, 0, SHT_NOBITS, SHF_ALLOC | SHF_WRITE | SHF_TLS},
    {".tdata", SP_DOT, 0, SHT_PROGBITS, SHF_ALLOC | SHF_WRITE | SHF_TLS},
    {".zdebug_line", SP_EXACT, 0, SHT_PROGBITS, 0},
    {".zdebug_info", SP_EXACT, 0, SHT_PROGBITS, 0},
    {".zdebug_abbrev", SP_EXACT, 0, SHT_PROGBITS, 0},
    {".zdebug_aranges", SP_EXACT, 0, SHT_PROGBITS, 0},
};

// The ELF type bfd gives a section of NAME it makes (SHT_NULL: none),
// and in *flags the flags it starts with.  (Both targets use RELA:
// bfd's ".rel" prefix takes ".rel" and ".rel.*" only, the names ".rela"
// has not taken.)
u32 bfd_special_type(struct ctx *ctx, const char *name, u64 *flags) {
  bool x86 = ctx->arch->e_machine == EM_X86_64;
  *flags = 0;
  for (u32 i = 0; i < sizeof special_names / sizeof *special_names; i++) {
    const struct special_name *sp = &special_names[i];
    u64 n = strlen(sp->name);
    if ((sp->x86 && !x86) || strncmp(name, sp->name, n))
      continue;
    if (!name[n] || sp->match == SP_PREFIX ||
        (sp->match == SP_DOT && name[n] == '.')) {
      *flags = sp->flags;
      return sp->type;
    }
  }
  if (!strcmp(name, ".rel") || starts(name, ".rel."))
    return SHT_REL;
  return SHT_NULL;
}

// A script's section of data statements alone, or NOLOAD: bfd gives it
// the flags of its name in its table; one of data statements alone also
// the type there (a -r NOLOAD .plt stays SHT_PROGBITS), but NOBITS, which
// becomes PROGBITS with GNU ld's warning, and RELA or REL, which mld
// leaves PROGBITS (bfd would link it to .symtab).  A final link's NOLOAD
// section is NOBITS whatever its name.
void bfd_made_section(struct ctx *ctx, struct chunk *c) {
  bool data_only = c->stmt && !c->isecs.len && out_has_data(c->stmt);
  bool noload = c->stmt && c->stmt->type == OT_NOLOAD;
  if (!data_only && !noload)
    return;
  u64 flags;
  u32 type = bfd_special_type(ctx, c->name, &flags);
  c->flags |= flags;
  if (!data_only || !type || type == SHT_RELA || type == SHT_REL ||
      (noload && !ctx->cfg.relocatable))
    return;
  if (type == SHT_NOBITS) {
    warn(ctx, "section `%s' type changed to PROGBITS", c->name);
    type = SHT_PROGBITS;
  }
  c->type = type;
  if (type == SHT_INIT_ARRAY || type == SHT_FINI_ARRAY ||
      type == SHT_PREINIT_ARRAY)
    c->entsize = 8;
}

// The ELF type bfd gives an output section: its first input's; for one
// the linker makes (its own sections, one of a script's data statements
// alone), the type of its name in bfd's table, or none (.iplt, .got.plt,
// .plt.got, .eh_frame_hdr).  Orphans' kin must have theirs.
u32 synthetic_bfd_type(struct ctx *ctx, struct chunk *c) {
  u64 flags;
  if (c->kind == CK_REGULAR) {
    if (c->isecs.len) {
      return input_type(c->isecs.v[0]);
    }
    // (An input it may take gave it its type: add_candidates.)
    return c->stmt && !c->nc_joined ? bfd_special_type(ctx, c->name, &flags)
                                    : c->type;
  }
  if (synthetics[c->kind].from_inputs || c->kind == CK_EHDR ||
      !(c->flags & SHF_ALLOC))
    return c->type;
  return bfd_special_type(ctx, synthetic_map_name(ctx, c), &flags);
}
