// reloc.c: what architecture files share when they read relocations.
//
// Relocation tables are read in place; these helpers turn a relocation's
// symbol index into S (the symbol's address), check bounds, and format
// overflow errors in GNU ld's words.

#include "mld.h"

#include <stdlib.h>

#include <pthread.h>

// A section --icf folded is where the one it was folded into is.
u64 isec_addr(struct isec *is) {
  if (is->fold)
    is = is->fold;
  return is->osec ? is->osec->addr + is->offset : 0;
}

const char *isec_name(struct isec *is) {
  if (is->is_common)
    return "COMMON";
  if (is->eh && is->eh->unwinds)      // the linker's (plt_unwind_info)
    return ".eh_frame";
  return section_name(is->file, is->shndx);
}

// A struct symbol for a local symbol, made the first time a local needs a
// GOT entry or an IPLT entry, so slot allocation treats all symbols alike.
// The relocation scan makes them; should a section relocated on several
// threads (output.c) still need one, the lock keeps the arena whole.
static pthread_mutex_t local_lock = PTHREAD_MUTEX_INITIALIZER;

struct symbol *local_symbol(struct ctx *ctx, struct objfile *f, u32 symidx) {
  struct symbol **locals = __atomic_load_n(&f->locals, __ATOMIC_ACQUIRE);
  struct symbol *found =
      locals ? __atomic_load_n(&locals[symidx], __ATOMIC_ACQUIRE) : NULL;
  if (found)
    return found;
  pthread_mutex_lock(&local_lock);
  if (!f->locals)
    __atomic_store_n(&f->locals,
                     arena_alloc(ctx, (u64)f->first_global * sizeof(void *)),
                     __ATOMIC_RELEASE);
  if (!f->locals[symidx]) {
    struct esym s;
    read_sym(f, symidx, &s);
    struct symbol *sym = arena_alloc(ctx, sizeof(*sym));
    sym->name = sym_name(f, &s);
    sym->namelen = strlen(sym->name);
    sym->file = f;
    sym->symidx = symidx;
    sym->state = SYM_DEFINED;
    sym->binding = STB_LOCAL;
    sym->type = ELF64_ST_TYPE(s.st_info);
    sym->shn_abs = s.st_shndx == SHN_ABS;
    __atomic_store_n(&f->locals[symidx], sym, __ATOMIC_RELEASE);
  }
  pthread_mutex_unlock(&local_lock);
  return f->locals[symidx];
}

struct symbol *reloc_symbol(struct ctx *ctx, struct objfile *f, u32 symidx) {
  if (symidx >= f->first_global)
    return f->globals[symidx - f->first_global];
  return local_symbol(ctx, f, symidx);
}

// Validates relocation i of is: its symbol index and that `width` bytes
// at `off` lie inside the section.
// What is wrong with relocation (off, width, symidx) of is, if anything.
enum reloc_problem reloc_problem(struct isec *is, u64 off, u32 width,
                                 u32 symidx) {
  struct objfile *f = is->file;
  if (symidx >= f->nsyms)
    return RP_SYMBOL_INDEX;
  if (symidx >= f->first_global && !f->globals[symidx - f->first_global])
    return RP_BAD_SYMBOL;
  if (!is->data || off > is->size || width > is->size - off)
    return RP_OUTSIDE;
  // A section copied in reverse moves whole 8-byte entries.
  if (is->reverse && (off & 7) + width > 8)
    return RP_REVERSED;
  return RP_NONE;
}

bool check_reloc(struct ctx *ctx, struct isec *is, u32 i, u64 off, u32 width,
                 u32 symidx) {
  struct objfile *f = is->file;
  switch (reloc_problem(is, off, width, symidx)) {
  case RP_NONE:
    return true;
  case RP_SYMBOL_INDEX:
    error(ctx, "%s:(%s): relocation %u has a bad symbol index %u", f->name,
          isec_name(is), i, symidx);
    break;
  case RP_BAD_SYMBOL:
    error(ctx, "%s:(%s): relocation %u refers to a bad symbol", f->name,
          isec_name(is), i);
    break;
  case RP_OUTSIDE:
    error(ctx, "%s:(%s+0x%llx): relocation %u is outside the section",
          f->name, isec_name(is), (unsigned long long)off, i);
    break;
  case RP_REVERSED:
    error(ctx, "%s:(%s+0x%llx): relocation %u crosses a pointer entry of a "
          "section whose entries are copied in reverse", f->name,
          isec_name(is), (unsigned long long)off, i);
    break;
  }
  return false;
}

void reloc_target(struct ctx *ctx, struct objfile *f, u32 symidx,
                  struct reloc_sym *out) {
  reloc_target_addend(ctx, f, symidx, NULL, out);
}

// As reloc_target; a section symbol's addend into a merged section is
// an offset in the input and is folded into S (GNU ld's rule).
void reloc_target_addend(struct ctx *ctx, struct objfile *f, u32 symidx,
                         i64 *addend, struct reloc_sym *out) {
  memset(out, 0, sizeof(*out));
  struct esym s;
  if (symidx >= f->first_global) {
    struct symbol *sym = f->globals[symidx - f->first_global];
    out->sym = sym;
    out->name = sym->name;
    if (sym->state == SYM_DEFINED) {
      out->S = sym->value;
      out->defined = true;
      out->abs = sym_is_abs(sym);
      out->is_ifunc = sym_is_ifunc(sym);
    } else {
      out->undef_weak = true;
    }
    return;
  }
  read_sym(f, symidx, &s);
  out->file = f;               // the name is looked up only for messages
  out->symidx = symidx;
  out->local_section = ELF64_ST_TYPE(s.st_info) == STT_SECTION;
  out->size = s.st_size;
  u32 shndx = sym_shndx(f, symidx, &s);
  if (s.st_shndx == SHN_ABS) {        // not an index through SHN_XINDEX
    out->S = s.st_value;
    out->defined = true;
    out->abs = true;
  } else if (shndx != SHN_UNDEF && shndx < f->shnum && f->isecs &&
             f->isecs[shndx] && f->isecs[shndx]->osec) {
    struct isec *is = f->isecs[shndx];
    if (is->min && out->local_section && addend) {
      out->S = isec_offset_addr(is, s.st_value + *addend);
      *addend = 0;
    } else {
      out->S = isec_sym_addr(is, &s);
    }
    out->defined = true;
  }
  if (ELF64_ST_TYPE(s.st_info) == STT_GNU_IFUNC && out->defined) {
    out->is_ifunc = true;
    out->sym = local_symbol(ctx, f, symidx);
  }
}

// The section of local section symbol symidx of f if that section is in
// the output (and the symbol's value), else NULL: the target that
// debugging information is made of.
struct isec *section_symbol_isec(struct objfile *f, u32 symidx, u64 *value) {
  if (symidx >= f->first_global || symidx >= f->nsyms || !f->isecs)
    return NULL;
  const u8 *e = f->symtab + (u64)symidx * sizeof(Elf64_Sym);
  u32 shndx = rd16(e + offsetof(Elf64_Sym, st_shndx));
  if (sym_type(f, symidx) != STT_SECTION ||
      shndx == SHN_UNDEF || shndx >= SHN_LORESERVE || shndx >= f->shnum)
    return NULL;
  struct isec *is = f->isecs[shndx];
  if (!is || !is->osec)
    return NULL;
  *value = rd64(e + offsetof(Elf64_Sym, st_value));
  return is;
}

// reloc_target_addend's answer for such a symbol, without filling a
// reloc_sym: sets *S, folding *A into it for a merged section as
// reloc_target_addend does; false, with nothing set, for other targets.
bool section_symbol_target(struct objfile *f, u32 symidx, i64 *A, u64 *S) {
  u64 value;
  struct isec *is = section_symbol_isec(f, symidx, &value);
  if (!is)
    return false;
  if (is->min) {
    *S = isec_offset_addr(is, value + *A);
    *A = 0;
  } else {
    *S = isec_addr(is) + value;
  }
  return true;
}

// The debugging-information fast path of apply_relocs: relocation
// (off, symidx, A) of is, a width-byte word against a local section
// symbol, written to out if the section is in the output, nothing is
// wrong with the relocation and (4 bytes) the value lies in [lo,
// UINT32_MAX].  False if not written: the general path then gives the
// value or the message.
bool put_section_word(struct isec *is, u8 *out, u64 off, u32 width,
                      u32 symidx, i64 A, i64 lo) {
  u64 S;
  if (reloc_problem(is, off, width, symidx) != RP_NONE ||
      !section_symbol_target(is->file, symidx, &A, &S))
    return false;
  i64 v = S + A;
  u8 *loc = out + isec_out_offset(is, off);
  if (width == 8)
    wr64(loc, v);
  else if (v >= lo && v <= (i64)UINT32_MAX)
    wr32(loc, v);
  else
    return false;
  return true;
}

// What GNU ld does with a relocation in is against a symbol of a
// discarded section, a COMDAT group's losing copy or what /DISCARD/ took
// (bfd's elf_action_discarded): from debugging information it goes to the
// kept copy of the same name and size if there is one (DA_PRETEND); from
// .eh_frame, .gcc_except_table and .sframe it passes; from any other
// section it is an error (DA_COMPLAIN), and would go to the kept copy too.
u32 discarded_action(struct isec *is) {
  const char *name = isec_name(is);
  bool alloc = SH_FLAGS(shdr_at(is->file, is->shndx)) & SHF_ALLOC;
  if (!alloc && is_debugging_name(name))
    return DA_PRETEND;
  if (!strcmp(name, ".eh_frame") || !strcmp(name, ".gcc_except_table") ||
      !strcmp(name, ".sframe"))
    return 0;
  return DA_COMPLAIN | DA_PRETEND;
}

// The winner's section of the same name and size that stands for section
// shndx of f, which lost its COMDAT group (find_kept_sections), if the
// output has it; else NULL.
struct isec *kept_copy(struct objfile *f, u32 shndx) {
  struct isec *k = f->kept && shndx != SHN_UNDEF && shndx < f->shnum
                       ? f->kept[shndx] : NULL;
  return k && k->osec ? k : NULL;
}

// The kept copy GNU ld pretends a named local symbol in section shndx of
// is's file is in, for the relocation in is that names it, when is lets
// that pass (debugging information: DA_PRETEND without DA_COMPLAIN, whose
// error ends the link).  NULL: none.  -r and -q list the symbol there,
// after the file's locals (elf_link_input_bfd).
struct isec *pretended_copy(struct isec *is, u32 shndx) {
  return discarded_action(is) == DA_PRETEND ? kept_copy(is->file, shndx)
                                            : NULL;
}

// GNU ld's error for a relocation in is against symbol symidx of df,
// defined in df's discarded section shndx.
void discarded_ref_error(struct ctx *ctx, struct isec *is, struct objfile *df,
                         u32 symidx, u32 shndx) {
  struct esym s;
  read_sym(df, symidx, &s);
  const char *name = ELF64_ST_TYPE(s.st_info) == STT_SECTION
                         ? section_name(df, shndx)
                         : sym_name(df, &s);
  error(ctx, "`%s' referenced in section `%s' of %s: defined in discarded "
        "section `%s' of %s", name, section_label(ctx, is->file, is->shndx),
        is->file->name, section_label(ctx, df, shndx), df->name);
}

// A relocation in is against a local symbol (rs) that is not defined in
// the output: if its section lost its COMDAT group and is does not let
// that pass, GNU ld's error.
void check_discarded_local(struct ctx *ctx, struct isec *is,
                           const struct reloc_sym *rs) {
  struct objfile *f = rs->file;
  if (rs->defined || rs->sym || !f || !f->discarded)
    return;
  struct esym s;
  read_sym(f, rs->symidx, &s);
  u32 shndx = sym_shndx(f, rs->symidx, &s);
  if (lost_copy(f, shndx) && (discarded_action(is) & DA_COMPLAIN))
    discarded_ref_error(ctx, is, f, rs->symidx, shndx);
}

// A reference from debug information (in is) to a local symbol whose
// section is not in the output.  As GNU ld does, it goes to the kept copy
// of a discarded COMDAT section of the same name and size (rs->S is set,
// and false returned: apply it as usual); otherwise the field at loc gets
// GNU ld's tombstone, 0, or 1 in .debug_ranges where 0 would end a list,
// and true is returned.
bool debug_dead_ref(struct isec *is, struct reloc_sym *rs, u8 *loc,
                    u32 width) {
  if (rs->defined || rs->sym || !rs->file)
    return false;
  const char *name = isec_name(is);
  if (!is_debugging_name(name))
    return false;
  struct objfile *f = rs->file;
  struct esym s;
  read_sym(f, rs->symidx, &s);
  u32 shndx = sym_shndx(f, rs->symidx, &s);
  if (shndx == SHN_UNDEF || shndx >= f->shnum)
    return false;
  struct isec *kept = kept_copy(f, shndx);
  if (kept) {
    rs->S = isec_offset_addr(kept, s.st_value);
    rs->defined = true;
    return false;
  }
  u64 tomb = !strcmp(name, ".debug_ranges");
  if (width == 8)
    wr64(loc, tomb);
  else if (width == 4)
    wr32(loc, tomb);
  else if (width == 2)
    wr16(loc, tomb);
  else if (width == 1)
    loc[0] = tomb;
  return true;
}

// The address of a symbol an input defines in is: its offset there, or
// where GNU ld moves it in an edited .eh_frame (its globals, and its
// locals of type NOTYPE and OBJECT).
u64 isec_sym_addr(struct isec *is, const struct esym *s) {
  if (is->eh && (ELF64_ST_BIND(s->st_info) != STB_LOCAL ||
                 s->st_info <= ELF64_ST_INFO(STB_LOCAL, STT_OBJECT)))
    return eh_symbol_addr(is, s->st_value,
                          ELF64_ST_BIND(s->st_info) != STB_LOCAL);
  return isec_offset_addr(is, s->st_value);
}

// The address of local symbol symidx of f, once sections have addresses.
u64 local_sym_addr(struct objfile *f, u32 symidx) {
  struct esym s;
  read_sym(f, symidx, &s);
  u32 shndx = sym_shndx(f, symidx, &s);
  if (s.st_shndx == SHN_ABS)
    return s.st_value;
  if (shndx == SHN_UNDEF || shndx >= f->shnum || !f->isecs ||
      !f->isecs[shndx] || !f->isecs[shndx]->osec)
    return 0;
  return isec_sym_addr(f->isecs[shndx], &s);
}

// The name of a relocation's symbol, for messages: a section symbol is
// named after its section.
const char *reloc_sym_name(const struct reloc_sym *rs) {
  if (rs->name || !rs->file)
    return rs->name ? rs->name : "";
  struct esym s;
  read_sym(rs->file, rs->symidx, &s);
  u32 shndx = sym_shndx(rs->file, rs->symidx, &s);
  if (rs->local_section && shndx == SHN_UNDEF)
    return "*UND*";            // GNU ld's name for it
  if (rs->local_section && shndx < rs->file->shnum)
    return section_name(rs->file, shndx);
  return sym_name(rs->file, &s);
}

// Z, the size of the symbol a relocation refers to (R_*_SIZE*): read
// from the defining file only when asked, as few relocations need it.
u64 reloc_sym_size(const struct reloc_sym *rs) {
  if (!rs->sym || !rs->sym->file || rs->sym->state != SYM_DEFINED)
    return rs->size;
  struct esym d;
  read_sym(rs->sym->file, rs->sym->symidx, &d);
  return d.st_size;
}

// What a relocation refers to, in GNU ld's words (ldmain.c's
// reloc_overflow): "symbol `S' defined in SECTION section in FILE" (an
// absolute one's file is the output), "undefined symbol `S'", or for a
// local symbol or a section "`NAME'".
const char *gnu_reloc_target(struct ctx *ctx, const struct reloc_sym *rs) {
  const char *name = reloc_sym_name(rs);
  struct symbol *sym = rs->sym;
  if (!sym)
    return arena_printf(ctx, "`%s'", name);
  if (sym->state == SYM_UNDEF)
    return arena_printf(ctx, "undefined symbol `%s'", name);
  struct isec *is = sym->state == SYM_DEFINED && sym->file &&
                            !(sym->flags & SF_LINKER)
                        ? sym_isec(ctx, sym)
                        : NULL;
  if (sym_is_abs(sym))
    return arena_printf(ctx, "symbol `%s' defined in *ABS* section in %s",
                        name, ctx->cfg.output);
  if (sym->state == SYM_COMMON || (is && is->is_common))
    return arena_printf(ctx, "symbol `%s' defined in COMMON section in %s",
                        name, sym->file->name);
  if (is)
    return arena_printf(ctx, "symbol `%s' defined in %s section in %s", name,
                        isec_name(is), sym->file->name);
  return arena_printf(ctx, "symbol `%s'", name);
}

// GNU ld's words, after its place of the reference (gnu_place: the
// function, the source line or the section and offset), then the value
// and the range.
void reloc_overflow(struct ctx *ctx, struct isec *is, u64 off, u32 type,
                    const struct reloc_sym *rs, i64 val, i64 lo, i64 hi) {
  soft_error(ctx, "%srelocation truncated to fit: %s against %s (value "
             "0x%llx is not in [%lld, %lld])",
             gnu_place(ctx, is->file, is->shndx, off),
             ctx->arch->reloc_name(type), gnu_reloc_target(ctx, rs),
             (unsigned long long)val, (long long)lo, (long long)hi);
}

struct rel_key {
  u64 offset;
  u64 index;
};

static int cmp_rel_key(const void *a, const void *b) {
  const struct rel_key *x = a, *y = b;
  if (x->offset != y->offset)
    return x->offset < y->offset ? -1 : 1;
  return x->index < y->index ? -1 : x->index > y->index;
}

// A stable sort of n relocations by r_offset, through keys.
static void key_sort_relocs(struct ctx *ctx, u8 *p, u64 n) {
  struct rel_key *keys = arena_alloc(ctx, n * sizeof(*keys));
  for (u64 i = 0; i < n; i++)
    keys[i] = (struct rel_key){rd64(p + 24 * i), i};
  qsort(keys, n, sizeof(*keys), cmp_rel_key);
  u8 *copy = arena_alloc(ctx, n * 24);
  memcpy(copy, p, n * 24);
  for (u64 i = 0; i < n; i++)
    memcpy(p + 24 * i, copy + 24 * keys[i].index, 24);
}

// GNU ld sorts each output relocation section by r_offset, equal offsets
// keeping their order (elf_link_adjust_relocs' insertion sort): -r's and
// --emit-relocs'.  They come nearly sorted, so an insertion sort (a
// binary search in the sorted prefix) moves little and needs no memory;
// one that would move much is sorted through keys instead.
void sort_relocs_by_offset(struct ctx *ctx, u8 *p, u64 n) {
  const u64 sz = sizeof(Elf64_Rela);
  u64 moved = 0;
  for (u64 i = 1; i < n; i++) {
    u64 off = rd64(p + i * sz);
    if (rd64(p + (i - 1) * sz) <= off)
      continue;
    u64 lo = 0, hi = i - 1;    // the first entry above off
    while (lo < hi) {
      u64 mid = lo + (hi - lo) / 2;
      if (rd64(p + mid * sz) > off)
        hi = mid;
      else
        lo = mid + 1;
    }
    moved += i - lo;
    if (moved > 8 * n) {       // (the prefix is sorted, stably: the same)
      key_sort_relocs(ctx, p, n);
      return;
    }
    u8 tmp[sizeof(Elf64_Rela)];
    memcpy(tmp, p + i * sz, sz);
    memmove(p + (lo + 1) * sz, p + lo * sz, (i - lo) * sz);
    memcpy(p + lo * sz, tmp, sz);
  }
}
