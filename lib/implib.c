// implib.c: --out-implib=FILE, an import library, as GNU ld 2.40 writes
// one for ELF output (bfd's elf_output_implib).
//
// It is a relocatable object with no sections but .symtab, .strtab and
// .shstrtab.  Its symbols are the global and weak definitions of the
// output's .symtab, in GNU ld's order for them there (its walk of its
// hash table, bfd_walk_order), each made absolute with the value it
// has there (an address; a TLS offset; in -r output, the offset in its
// section) and its type, size, binding and visibility.  Left out, as bfd
// leaves out linker_def and ldscript_def symbols: those the linker or a
// script defines (_end, __ehdr_start, --defsym, PROVIDE), but for
// __start_SEC and __stop_SEC and the versions' own symbols, which GNU
// ld's ELF back end defines as input symbols.  A link with none is GNU ld's error, and fails.
//
// The symbols are read back from the finished image, so the library
// says what the output says whichever writer made its .symtab.  Written
// as the other files a link writes besides its output (the map, the
// dependency file).

#include "mld.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <unistd.h>

// Whether GNU ld puts output symbol NAME (SYM) in an import library: not
// one the linker or a script defined, nor one a .gnu.warning.NAME
// section still waited on a reference for when it joined (glibc's
// dlopen): bfd's hash table has a warning entry for it, which its filter
// does not see through.
static bool implib_listed(const char *name, struct symbol *sym) {
  if (sym && (sym->flags & SF_WARNING))
    return false;
  if (!sym || !(sym->flags & SF_LINKER))
    return true;
  u32 where = sym->symidx >> 1;
  if (where == W_VERSION)      // bfd adds them as any symbol
    return true;
  if (where != W_START && where != W_END)
    return false;
  const char *sec = start_stop_target(name);
  return sec && is_c_identifier(sec);
}

// The output's .symtab and its string table, from the section headers
// write_headers (or the -r writer) left in the image; false if none.
static bool image_symtab(const u8 *img, u64 filesize, const u8 **sym,
                         u64 *nsyms, u32 *first_global, const char **str,
                         u64 *strsize) {
  u64 shoff = rd64(img + offsetof(Elf64_Ehdr, e_shoff));
  u64 shnum = rd16(img + offsetof(Elf64_Ehdr, e_shnum));
  if (!shoff || shoff > filesize)
    return false;
  if (!shnum)                  // extended numbering: in section header 0
    shnum = rd64(img + shoff + offsetof(Elf64_Shdr, sh_size));
  for (u64 i = 1; i < shnum; i++) {
    const u8 *sh = img + shoff + i * sizeof(Elf64_Shdr);
    if (rd32(sh + offsetof(Elf64_Shdr, sh_type)) != SHT_SYMTAB)
      continue;
    u32 link = rd32(sh + offsetof(Elf64_Shdr, sh_link));
    const u8 *ssh = img + shoff + (u64)link * sizeof(Elf64_Shdr);
    *sym = img + rd64(sh + offsetof(Elf64_Shdr, sh_offset));
    *nsyms = rd64(sh + offsetof(Elf64_Shdr, sh_size)) / sizeof(Elf64_Sym);
    *first_global = rd32(sh + offsetof(Elf64_Shdr, sh_info));
    *str = (const char *)img + rd64(ssh + offsetof(Elf64_Shdr, sh_offset));
    *strsize = rd64(ssh + offsetof(Elf64_Shdr, sh_size));
    return true;
  }
  return false;
}

struct implib_sym {
  u64 order;                   // GNU ld's walk of its hash table
  u32 seq;                     // then .symtab's order
  const u8 *esym;              // in the output's .symtab
};

static int cmp_implib_sym(const void *x, const void *y) {
  const struct implib_sym *a = x, *b = y;
  if (a->order != b->order)
    return a->order < b->order ? -1 : 1;
  return (a->seq > b->seq) - (a->seq < b->seq);
}

// The library's bytes for the N symbols at KEPT of the output's SYM.
static u8 *implib_image(struct ctx *ctx, const u8 *img,
                        const struct implib_sym *kept, u32 n, const char *str,
                        u64 *size) {
  // Names laid out as bfd lays out a string table: one that ends another
  // is its tail.
  struct bfd_str *names = arena_alloc(ctx, ((u64)n + 1) * sizeof(*names));
  struct bfd_str **np = arena_alloc(ctx, ((u64)n + 1) * sizeof(*np));
  for (u32 i = 0; i < n; i++) {
    const char *s = str + rd32(kept[i].esym + offsetof(Elf64_Sym, st_name));
    names[i] = (struct bfd_str){s, (u32)strlen(s), 0, NULL};
    np[i] = &names[i];
  }
  u64 strsize = bfd_strtab_layout(ctx, np, n);
  static const char shstr[] = "\0.symtab\0.strtab\0.shstrtab";
  u64 symoff = sizeof(Elf64_Ehdr);
  u64 symsize = ((u64)n + 1) * sizeof(Elf64_Sym);
  u64 stroff = symoff + symsize, shstroff = stroff + strsize;
  u64 shoff = align_up(shstroff + sizeof(shstr), 8);
  *size = shoff + 4 * sizeof(Elf64_Shdr);
  u8 *p = arena_alloc(ctx, *size);   // zeroed
  // bfd's own header: the machine copied, not the OS/ABI.
  wr_ehdr_common(p, ET_REL, rd16(img + offsetof(Elf64_Ehdr, e_machine)),
                 shoff, false);
  wr_ehdr_sections(p, p + shoff, 4, 3);
  for (u32 i = 0; i < n; i++) {
    const u8 *s = kept[i].esym;
    wr_esym(p + symoff + ((u64)i + 1) * sizeof(Elf64_Sym), names[i].off,
            s[offsetof(Elf64_Sym, st_info)], s[offsetof(Elf64_Sym, st_other)],
            SHN_ABS, rd64(s + offsetof(Elf64_Sym, st_value)),
            rd64(s + offsetof(Elf64_Sym, st_size)));
    if (!names[i].in)
      memcpy(p + stroff + names[i].off, names[i].s, names[i].len);
  }
  memcpy(p + shstroff, shstr, sizeof(shstr));
  const struct shdr_fields sh[3] = {
      {1, SHT_SYMTAB, 0, 0, symoff, symsize, 2, 1, 8, sizeof(Elf64_Sym)},
      {9, SHT_STRTAB, 0, 0, stroff, strsize, 0, 0, 1, 0},
      {17, SHT_STRTAB, 0, 0, shstroff, sizeof(shstr), 0, 0, 1, 0},
  };
  for (u32 k = 0; k < 3; k++)
    wr_shdr(p + shoff + (k + 1) * sizeof(Elf64_Shdr), &sh[k]);
  return p;
}

void write_implib(struct ctx *ctx, const u8 *img, u64 filesize) {
  const char *path = ctx->cfg.out_implib;
  if (!path)
    return;
  const u8 *sym = NULL;
  const char *str = NULL;
  u64 nsyms = 0, strsize = 0;
  u32 first = 0;
  image_symtab(img, filesize, &sym, &nsyms, &first, &str, &strsize);
  struct implib_sym *kept = arena_alloc(ctx, (nsyms + 1) * sizeof(*kept));
  u32 n = 0;
  bool versioned = false;
  for (u64 i = first; i < nsyms; i++) {
    const u8 *s = sym + i * sizeof(Elf64_Sym);
    u8 bind = ELF64_ST_BIND(s[offsetof(Elf64_Sym, st_info)]);
    u16 shndx = rd16(s + offsetof(Elf64_Sym, st_shndx));
    u32 name = rd32(s + offsetof(Elf64_Sym, st_name));
    if ((bind != STB_GLOBAL && bind != STB_WEAK && bind != STB_GNU_UNIQUE) ||
        shndx == SHN_UNDEF || shndx == SHN_COMMON ||
        (shndx && shndx == ctx->arch->shn_large_common) || name >= strsize)
      continue;
    struct symbol *g = sym_find_str(ctx, str + name);
    if (!implib_listed(str + name, g))
      continue;
    kept[n] = (struct implib_sym){
        g ? bfd_walk_order(ctx, g) : (u64)UINT32_MAX + 1, n, s};
    versioned |= strstr(str + name, "@@") != NULL;
    n++;
  }
  // A default version's definition is NAME@@VERSION in bfd's table.
  for (u32 i = 0; versioned && i < n; i++) {
    const char *nm = str + rd32(kept[i].esym + offsetof(Elf64_Sym, st_name));
    kept[i].order = bfd_walk_key(ctx, nm, (u32)strlen(nm), kept[i].order);
  }
  qsort(kept, n, sizeof(*kept), cmp_implib_sym);
  if (!n) {                    // in GNU ld's words, all three
    error(ctx, "%s: no symbol found for import library", path);
    error(ctx, "%s: failed to generate import library", path);
    error(ctx, "final link failed: no symbols");
    return;
  }
  u64 size;
  u8 *p = implib_image(ctx, img, kept, n, str, &size);
  FILE *fp = fopen(path, "w");
  if (!fp) {
    error(ctx, "cannot open import library %s: %s", path, strerror(errno));
    return;
  }
  fwrite(p, 1, size, fp);
  close_report(ctx, fp, "import library", path);
}

// GNU ld replaces an existing import library when the link starts (bfd
// unlinks a regular file it opens for writing): a link that fails leaves
// none behind, not the last one.
void remove_old_implib(struct ctx *ctx) {
  struct stat st;
  const char *path = ctx->cfg.out_implib;
  if (path && lstat(path, &st) == 0 &&
      (S_ISREG(st.st_mode) || S_ISLNK(st.st_mode)))
    unlink(path);
}
