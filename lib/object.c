// object.c: ELF relocatable objects, viewed in place.
//
// parse_object() validates the ELF header and the section header table,
// finds the symbol table and its string table, and checks that every
// section's bytes lie inside the file.  Nothing is copied: later passes read
// section headers, symbols and relocations straight from the mapping, using
// the accessors here, which assume only what parse_object() checked.

#include "mld.h"

bool is_elf_object(const u8 *data, u64 size) {
  return size >= sizeof(Elf64_Ehdr) && !memcmp(data, ELFMAG, SELFMAG);
}

const struct arch *arch_for_machine(u16 machine) {
  if (machine == EM_X86_64)
    return &arch_x86_64;
  if (machine == EM_AARCH64)
    return &arch_aarch64;
  return NULL;
}

static const char *machine_name(u16 m) {
  switch (m) {
  case EM_X86_64: return "x86-64";
  case EM_AARCH64: return "AArch64";
  case EM_386: return "i386";
  case EM_ARM: return "ARM";
  case EM_RISCV: return "RISC-V";
  case EM_PPC64: return "PowerPC64";
  case EM_S390: return "s390";
  default: return "an unknown machine";
  }
}

struct objfile *new_objfile(struct ctx *ctx, const char *name, const u8 *data,
                            u64 size) {
  struct objfile *f = arena_alloc(ctx, sizeof(*f));
  f->name = name;
  f->data = data;
  f->size = size;
  f->crt = crt_kind(name);
  return f;
}

// NAME matches *STEM.o, or *STEM?.o if one_more is set.
static bool glob_suffix(const char *name, const char *stem, bool one_more) {
  u64 n = strlen(name), s = strlen(stem) + 2 + one_more;   // + ".o"
  return n >= s && !strncmp(name + n - s, stem, strlen(stem)) &&
         !strcmp(name + n - 2, ".o");
}

// The patterns of the default script's EXCLUDE_FILE and .ctors
// statements; * matches any string, '/' included.
enum crt_kind crt_kind(const char *name) {
  if (glob_suffix(name, "crtbegin", false))
    return CRT_BEGIN;
  if (glob_suffix(name, "crtbegin", true))
    return CRT_BEGIN_X;
  if (glob_suffix(name, "crtend", false) || glob_suffix(name, "crtend", true))
    return CRT_END;
  return CRT_NONE;
}

// True if [off, off+len) lies inside the file.
static bool in_file(struct objfile *f, u64 off, u64 len) {
  u64 end;
  return !__builtin_add_overflow(off, len, &end) && end <= f->size;
}

// Checks F's ELF header: a 64-bit little-endian relocatable object of a
// supported machine, the link's (which the first object sets).
static bool check_ehdr(struct ctx *ctx, struct objfile *f) {
  const u8 *d = f->data;
  if (f->size < SELFMAG || memcmp(d, ELFMAG, SELFMAG)) {
    error(ctx, "%s: not an ELF object: file format not recognized", f->name);
    return false;
  }
  if (!is_elf_object(d, f->size)) {
    error(ctx, "%s: file is too short to be an ELF object", f->name);
    return false;
  }
  if (d[EI_CLASS] != ELFCLASS64) {
    error(ctx, "%s: unsupported ELF class %u (only 64-bit objects can be "
          "linked)", f->name, d[EI_CLASS]);
    return false;
  }
  if (d[EI_DATA] != ELFDATA2LSB) {
    error(ctx, "%s: big-endian objects are not supported", f->name);
    return false;
  }
  u16 type = rd16(d + offsetof(Elf64_Ehdr, e_type));
  if (type == ET_DYN) {
    const char *why = ctx->cfg.dynamic_linker
                          ? arena_printf(ctx, "-dynamic-linker %s",
                                         ctx->cfg.dynamic_linker)
                      : ctx->cfg.interp_search_shared ? "-pie"
                                                      : NULL;
    if (why)
      error(ctx, "%s: a shared object: a dynamic link (%s, no -static), "
            "which mld cannot make; link with -static", f->name, why);
    else
      error(ctx, "%s: attempted static link of dynamic object", f->name);
    return false;
  }
  if (type != ET_REL) {
    error(ctx, "%s: not a relocatable object (ELF type %u)", f->name, type);
    return false;
  }
  u16 machine = rd16(d + offsetof(Elf64_Ehdr, e_machine));
  const struct arch *arch = arch_for_machine(machine);
  if (f->binary && machine == EM_NONE)
    arch = ctx->arch;          // whatever the link's turns out to be
  else if (ctx->arch && ctx->arch->e_machine != machine) {
    error(ctx, "%s: %s object is incompatible with the %s output",
          f->name, machine_name(machine), ctx->arch->name);
    return false;
  }
  if (!arch && !f->binary) {
    error(ctx, "%s: unsupported architecture: %s (e_machine %u)", f->name,
          machine_name(machine), machine);
    return false;
  }
  if (!ctx->arch)
    ctx->arch = arch;
  if (rd32(d + offsetof(Elf64_Ehdr, e_version)) != EV_CURRENT) {
    error(ctx, "%s: unsupported ELF version", f->name);
    return false;
  }
  return true;
}

// Sets F's section header table and count (extended numbering
// included) once the table fits in the file; *SHSTRNDX gets the index
// of the section name table.
static bool read_shdr_table(struct ctx *ctx, struct objfile *f,
                            u32 *shstrndx) {
  const u8 *d = f->data;
  u64 shoff = rd64(d + offsetof(Elf64_Ehdr, e_shoff));
  u32 shnum = rd16(d + offsetof(Elf64_Ehdr, e_shnum));
  *shstrndx = rd16(d + offsetof(Elf64_Ehdr, e_shstrndx));
  u16 shentsize = rd16(d + offsetof(Elf64_Ehdr, e_shentsize));
  if (shoff == 0) {
    error(ctx, "%s: object has no section header table", f->name);
    return false;
  }
  if (shentsize != sizeof(Elf64_Shdr)) {
    error(ctx, "%s: bad e_shentsize %u", f->name, shentsize);
    return false;
  }
  if (!in_file(f, shoff, sizeof(Elf64_Shdr))) {
    error(ctx, "%s: section header table is past the end of the file",
          f->name);
    return false;
  }
  f->shdrs = d + shoff;
  // Extended numbering: counts that do not fit live in section 0.
  if (shnum == 0)
    shnum = SH_SIZE(f->shdrs) > UINT32_MAX ? UINT32_MAX
                                            : (u32)SH_SIZE(f->shdrs);
  if (*shstrndx == SHN_XINDEX)
    *shstrndx = SH_LINK(f->shdrs);
  if (shnum == 0 || !in_file(f, shoff, (u64)shnum * sizeof(Elf64_Shdr))) {
    error(ctx, "%s: section header table (%u entries) does not fit in the "
          "file", f->name, shnum);
    return false;
  }
  f->shnum = shnum;
  return true;
}

// Checks every section's alignment, and that its contents lie inside
// the file.
static bool check_sections(struct ctx *ctx, struct objfile *f) {
  for (u32 i = 1; i < f->shnum; i++) {
    const u8 *sh = shdr_at(f, i);
    u64 align = SH_ALIGN(sh);
    if (align > 1 && !is_pow2(align)) {
      error(ctx, "%s: section %u: alignment %llu is not a power of two",
            f->name, i, (unsigned long long)align);
      return false;
    }
    if (align >= (1ULL << 32)) {
      error(ctx, "%s: section %u: alignment %llu is too large", f->name, i,
            (unsigned long long)align);
      return false;
    }
    if (SH_TYPE(sh) != SHT_NOBITS && !in_file(f, SH_OFFSET(sh), SH_SIZE(sh))) {
      error(ctx, "%s: section %u: contents (offset %llu, size %llu) are "
            "past the end of the file", f->name, i,
            (unsigned long long)SH_OFFSET(sh), (unsigned long long)SH_SIZE(sh));
      return false;
    }
  }
  return true;
}

// Sets F's section name table, section SHSTRNDX, once it is a
// NUL-terminated string table.
static bool read_shstrtab(struct ctx *ctx, struct objfile *f, u32 shstrndx) {
  // Section 0 is never the name table (its header is not checked above).
  if (shstrndx == SHN_UNDEF || shstrndx >= f->shnum ||
      SH_TYPE(shdr_at(f, shstrndx)) != SHT_STRTAB) {
    error(ctx, "%s: bad section name string table index %u", f->name,
          shstrndx);
    return false;
  }
  const u8 *ss = shdr_at(f, shstrndx);
  f->shstrtab = (const char *)f->data + SH_OFFSET(ss);
  f->shstrtab_size = SH_SIZE(ss);
  if (!f->shstrtab_size || f->shstrtab[f->shstrtab_size - 1]) {
    error(ctx, "%s: section name string table is not NUL-terminated",
          f->name);
    return false;
  }
  return true;
}

// Checks section names and relocation sections, and finds the one
// symbol table: *SYMTAB_IDX is its index, or 0 if there is none.
static bool find_symtab(struct ctx *ctx, struct objfile *f,
                        u32 *symtab_idx) {
  u32 shnum = f->shnum;
  *symtab_idx = 0;
  for (u32 i = 1; i < shnum; i++) {
    const u8 *sh = shdr_at(f, i);
    if (SH_NAME(sh) >= f->shstrtab_size) {
      error(ctx, "%s: section %u: name offset %u is out of range", f->name,
            i, SH_NAME(sh));
      return false;
    }
    u32 t = SH_TYPE(sh);
    if (t == SHT_SYMTAB) {
      if (*symtab_idx) {
        error(ctx, "%s: more than one symbol table", f->name);
        return false;
      }
      *symtab_idx = i;
    } else if (t == SHT_RELA || t == SHT_REL) {
      if (t == SHT_REL) {
        error(ctx, "%s: section %u: SHT_REL relocations are not supported "
              "on this target", f->name, i);
        return false;
      }
      if (SH_ENTSIZE(sh) != sizeof(Elf64_Rela) ||
          SH_SIZE(sh) % sizeof(Elf64_Rela)) {
        error(ctx, "%s: section %u: bad relocation entry size", f->name, i);
        return false;
      }
      if (SH_INFO(sh) >= shnum) {
        error(ctx, "%s: section %u: relocated section index %u is out of "
              "range", f->name, i, SH_INFO(sh));
        return false;
      }
    }
  }

  // Relocation sections must name the symbol table.
  for (u32 i = 1; i < shnum; i++) {
    const u8 *sh = shdr_at(f, i);
    if (SH_TYPE(sh) == SHT_RELA && SH_SIZE(sh) &&
        (!*symtab_idx || SH_LINK(sh) != *symtab_idx)) {
      error(ctx, "%s: section %u: relocations refer to section %u, which is "
            "not the symbol table", f->name, i, SH_LINK(sh));
      return false;
    }
  }
  return true;
}

// Sets F's symbol table (section SYMTAB_IDX), its string table and its
// SHT_SYMTAB_SHNDX section, once their sizes and links are checked.
static bool read_symtab(struct ctx *ctx, struct objfile *f, u32 symtab_idx) {
  const u8 *d = f->data;
  const u8 *sh = shdr_at(f, symtab_idx);
  if (SH_ENTSIZE(sh) != sizeof(Elf64_Sym) || SH_SIZE(sh) % sizeof(Elf64_Sym)) {
    error(ctx, "%s: bad symbol table entry size", f->name);
    return false;
  }
  f->symtab = d + SH_OFFSET(sh);
  u64 n = SH_SIZE(sh) / sizeof(Elf64_Sym);
  if (n > UINT32_MAX) {
    error(ctx, "%s: too many symbols", f->name);
    return false;
  }
  f->nsyms = n;
  f->first_global = SH_INFO(sh);
  if (f->first_global > f->nsyms || (f->nsyms && f->first_global == 0)) {
    error(ctx, "%s: bad symbol table sh_info %u (%u symbols)", f->name,
          f->first_global, f->nsyms);
    return false;
  }
  u32 link = SH_LINK(sh);
  if (link == 0 || link >= f->shnum ||
      SH_TYPE(shdr_at(f, link)) != SHT_STRTAB) {
    error(ctx, "%s: symbol table's string table index %u is invalid",
          f->name, link);
    return false;
  }
  const u8 *st = shdr_at(f, link);
  f->strtab = (const char *)d + SH_OFFSET(st);
  f->strtab_size = SH_SIZE(st);
  if (!f->strtab_size || f->strtab[f->strtab_size - 1]) {
    error(ctx, "%s: symbol string table is not NUL-terminated", f->name);
    return false;
  }
  for (u32 i = 1; i < f->shnum; i++) {
    const u8 *x = shdr_at(f, i);
    if (SH_TYPE(x) == SHT_SYMTAB_SHNDX && SH_LINK(x) == symtab_idx) {
      if (SH_SIZE(x) < (u64)f->nsyms * 4) {
        error(ctx, "%s: SHT_SYMTAB_SHNDX section is too small", f->name);
        return false;
      }
      f->symtab_shndx = d + SH_OFFSET(x);
    }
  }
  return true;
}

// An object's headers, brought into memory on a helper thread before
// the pass that reads them in order (archive_warm_member, premap_inputs):
// the ELF header, the section headers, the symbol table and the string
// tables are read a cache line at a time, so that their pages are mapped
// and cached when parse_object and the symbol passes come.  It only
// reads, within the SIZE bytes at D, and says nothing: a bad object is
// found when it is parsed.
static u8 touch(const u8 *p, u64 n) {
  u8 x = 0;
  for (u64 i = 0; i < n; i += 64)
    x ^= p[i];
  return x;
}

void warm_object(const u8 *d, u64 size) {
  if (size < sizeof(Elf64_Ehdr) || memcmp(d, ELFMAG, SELFMAG))
    return;
  u64 shoff = rd64(d + offsetof(Elf64_Ehdr, e_shoff));
  u64 shnum = rd16(d + offsetof(Elf64_Ehdr, e_shnum));
  if (!shnum || shoff > size || (size - shoff) / sizeof(Elf64_Shdr) < shnum)
    return;
  const u8 *sh = d + shoff;
  volatile u8 sink = touch(sh, shnum * sizeof(Elf64_Shdr));
  for (u64 i = 1; i < shnum; i++) {
    const u8 *x = sh + i * sizeof(Elf64_Shdr);
    u32 type = SH_TYPE(x);
    u64 o = SH_OFFSET(x), n = SH_SIZE(x);
    if ((type == SHT_SYMTAB || type == SHT_STRTAB) && o <= size &&
        n <= size - o)
      sink ^= touch(d + o, n);
  }
  (void)sink;
}

bool parse_object(struct ctx *ctx, struct objfile *f) {
  if (f->parsed)
    return true;
  u32 shstrndx, symtab_idx;
  if (!check_ehdr(ctx, f) || !read_shdr_table(ctx, f, &shstrndx) ||
      !check_sections(ctx, f) || !read_shstrtab(ctx, f, shstrndx) ||
      !find_symtab(ctx, f, &symtab_idx))
    return false;
  if (symtab_idx && !read_symtab(ctx, f, symtab_idx))
    return false;
  f->parsed = true;
  return true;
}

// The symbol's section index, with SHN_XINDEX resolved.  Values that are
// neither special nor a valid index come back as they are; callers check.
u32 sym_shndx(struct objfile *f, u32 idx, const struct esym *s) {
  if (s->st_shndx == SHN_XINDEX)
    return f->symtab_shndx ? rd32(f->symtab_shndx + (u64)idx * 4) : UINT32_MAX;
  return s->st_shndx;
}

// The name GNU ld gives a file (bfd_get_filename): an archive member's own
// name, else its path; a span of f->name, returning its length.
u32 file_own_name(struct objfile *f, const char **name) {
  u32 len = strlen(f->name);
  const char *paren = strchr(f->name, '(');
  *name = f->name;
  if (paren && len && f->name[len - 1] == ')') {
    *name = paren + 1;
    len = (u32)(f->name + len - 1 - *name);
  }
  return len;
}

const char *sym_name(struct objfile *f, const struct esym *s) {
  if (s->st_name >= f->strtab_size)
    return "<bad symbol name>";
  return f->strtab + s->st_name;
}

// Only the names of sections 1 to shnum - 1 were checked by parse_object:
// section 0's sh_name is whatever the input holds, and no offset into
// .shstrtab may be taken from it.
// Whether section shndx of f is one of its own string tables (.strtab,
// .shstrtab), which are not sections to bfd; another (.stabstr) is.
bool own_string_table(struct objfile *f, u32 shndx) {
  const u8 *sh = shdr_at(f, shndx);
  const char *at = (const char *)f->data + SH_OFFSET(sh);
  return SH_TYPE(sh) == SHT_STRTAB && (at == f->strtab || at == f->shstrtab);
}

const char *section_name(struct objfile *f, u32 shndx) {
  if (shndx == 0 || shndx >= f->shnum)
    return "";
  if (f->names && f->names[shndx])
    return f->names[shndx];
  return f->shstrtab + SH_NAME(shdr_at(f, shndx));
}
