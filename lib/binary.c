// binary.c: the raw binary format (GNU ld's -b binary, --oformat binary).
//
// `-b binary FILE` (--format=binary) makes an object of FILE's bytes, as
// BFD's binary back end does: one section .data (writable, aligned to 1)
// holding them, a section symbol, and three globals named after the path
// as given, each character other than a letter or digit made '_':
// _binary_PATH_start and _binary_PATH_end at its two ends, and the
// absolute _binary_PATH_size.  The object's headers are written in the
// room map_file_after leaves before the file's bytes, so the object is an
// ordinary ELF relocatable file to everything after this, and the bytes
// stay mapped in place.  Its machine is the link's, or EM_NONE while no
// input has decided it (parse_object then leaves the choice to the next).

// `--oformat binary` (or a script's OUTPUT_FORMAT(binary)) writes the
// loaded sections of the image, without headers or symbols: each at its
// load address less the lowest one, the gaps zero, as BFD's binary back
// end writes them.  The layout is the ELF one with SIZEOF_HEADERS 0; the
// ELF image is made in memory (output.c) and this part of it written.

#include "mld.h"

#include <errno.h>
#include <sys/mman.h>
#include <unistd.h>

enum { BIN_SHNUM = 5, BIN_NSYMS = 5 };

static const char bin_shstrtab[] = "\0.data\0.symtab\0.strtab\0.shstrtab";
enum { SHN_DATA_NAME = 1, SHN_SYMTAB_NAME = 7, SHN_STRTAB_NAME = 15,
       SHN_SHSTRTAB_NAME = 23 };

// "_binary_" PATH SUFFIX, PATH mangled as BFD does.
static u32 put_name(char *dst, const char *path, const char *suffix) {
  u32 n = sprintf(dst, "_binary_%s%s", path, suffix);
  for (char *p = dst + strlen("_binary_"), *e = dst + n - strlen(suffix);
       p < e; p++)
    if (!(*p >= 'a' && *p <= 'z') && !(*p >= 'A' && *p <= 'Z') &&
        !(*p >= '0' && *p <= '9'))
      *p = '_';
  return n + 1;
}

// The object made of PATH (SHOWN as the command line named it), or NULL
// after an error.
struct objfile *binary_object(struct ctx *ctx, const char *path,
                              const char *shown) {
  static const char *const suffix[3] = {"_start", "_end", "_size"};
  u64 strsize = 1;
  for (u32 i = 0; i < 3; i++)
    strsize += strlen("_binary_") + strlen(shown) + strlen(suffix[i]) + 1;
  u64 symoff = sizeof(Elf64_Ehdr) + BIN_SHNUM * sizeof(Elf64_Shdr);
  u64 stroff = symoff + BIN_NSYMS * sizeof(Elf64_Sym);
  u64 shstroff = stroff + strsize;
  u64 head = align_up(shstroff + sizeof(bin_shstrtab),
                      sysconf(_SC_PAGESIZE));
  struct mapping *m = map_file_after(ctx, path, head);
  if (!m)
    return NULL;
  u8 *d = (u8 *)m->data - head;
  u64 size = m->size;

  wr_ehdr_common(d, ET_REL, ctx->arch ? ctx->arch->e_machine : EM_NONE,
                 sizeof(Elf64_Ehdr), false);
  wr16(d + offsetof(Elf64_Ehdr, e_shnum), BIN_SHNUM);
  wr16(d + offsetof(Elf64_Ehdr, e_shstrndx), BIN_SHNUM - 1);
  const struct shdr_fields sh[BIN_SHNUM] = {
      {0},
      {SHN_DATA_NAME, SHT_PROGBITS, SHF_ALLOC | SHF_WRITE, 0, head, size, 0,
       0, 1, 0},
      {SHN_SYMTAB_NAME, SHT_SYMTAB, 0, 0, symoff,
       BIN_NSYMS * sizeof(Elf64_Sym), 3, 2, 8, sizeof(Elf64_Sym)},
      {SHN_STRTAB_NAME, SHT_STRTAB, 0, 0, stroff, strsize, 0, 0, 1, 0},
      {SHN_SHSTRTAB_NAME, SHT_STRTAB, 0, 0, shstroff, sizeof(bin_shstrtab),
       0, 0, 1, 0},
  };
  for (u32 i = 0; i < BIN_SHNUM; i++)
    wr_shdr(d + sizeof(Elf64_Ehdr) + i * sizeof(Elf64_Shdr), &sh[i]);

  u8 *sym = d + symoff;
  char *str = (char *)d + stroff;
  wr_esym(sym + sizeof(Elf64_Sym), 0, ELF64_ST_INFO(STB_LOCAL, STT_SECTION),
          STV_DEFAULT, 1, 0, 0);
  u32 name = 1;
  for (u32 i = 0; i < 3; i++) {
    wr_esym(sym + (2 + i) * sizeof(Elf64_Sym), name,
            ELF64_ST_INFO(STB_GLOBAL, STT_NOTYPE), STV_DEFAULT,
            i == 2 ? SHN_ABS : 1, i ? size : 0, 0);
    name += put_name(str + name, shown, suffix[i]);
  }
  memcpy(d + shstroff, bin_shstrtab, sizeof(bin_shstrtab));

  struct objfile *f = new_objfile(ctx, shown, d, head + size);
  f->binary = true;
  m->obj = f;
  return parse_object(ctx, f) ? f : NULL;
}

// Whether chunk C has bytes in a raw image.
static bool in_raw_image(const struct chunk *c) {
  return c->shndx && (c->flags & SHF_ALLOC) && c->type != SHT_NOBITS &&
         c->size;
}

void write_raw_image(struct ctx *ctx, int fd) {
  u64 low = UINT64_MAX, high = 0;
  for (u32 i = 0; i < ctx->chunks.len; i++) {
    struct chunk *c = ctx->chunks.v[i];
    if (!in_raw_image(c))
      continue;
    u64 lma = c->addr + c->lma_delta;
    low = lma < low ? lma : low;
    high = lma + c->size > high ? lma + c->size : high;
  }
  if (!high)
    return;                    // nothing loaded: an empty file
  u8 *img = mmap(NULL, high - low, PROT_READ | PROT_WRITE,
                 MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
  if (img == MAP_FAILED)
    fatal(ctx, "cannot write output file %s: %s (a raw image of 0x%llx "
          "bytes, from 0x%llx)", ctx->cfg.output, strerror(errno),
          (unsigned long long)(high - low), (unsigned long long)low);
  for (u32 i = 0; i < ctx->chunks.len; i++) {
    struct chunk *c = ctx->chunks.v[i];
    if (in_raw_image(c))
      memcpy(img + (c->addr + c->lma_delta - low), ctx->out_buf + c->offset,
             c->size);
  }
  write_output_bytes(ctx, fd, img, high - low);
  munmap(img, high - low);
}
