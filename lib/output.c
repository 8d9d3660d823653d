// output.c: writing the executable.
//
// The file is sized up front, created as a temporary file beside the
// output path, filled through one shared mapping, and renamed over the
// output path only when complete.  Any error before the rename removes the
// temporary file, so a failed link leaves neither a truncated file nor a
// changed one at the output path.

#include "mld.h"

#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

void remove_temp_output(struct ctx *ctx) {
  if (ctx && ctx->tmp_path) {
    unlink(ctx->tmp_path);
    ctx->tmp_path = NULL;
  }
}

// Closes and unmaps an output left open by a link that stopped early.
void release_output(struct ctx *ctx) {
  remove_temp_output(ctx);
  if (ctx->out_buf)
    munmap(ctx->out_buf, ctx->filesize);
  ctx->out_buf = NULL;
  if (ctx->out_fd > 0)
    close(ctx->out_fd);
  ctx->out_fd = -1;
}

// Disk blocks are reserved (posix_fallocate) for the bytes that will be
// written, so a full disk is an error up front rather than a bus error
// later; alignment gaps, even inside an output section, stay holes, so a
// tiny input with a huge alignment cannot make mld allocate gigabytes.
// Ranges closer than 64 KiB are reserved together.
struct reserver {
  struct ctx *ctx;
  int fd;
  u64 start, end;
};

static void flush_range(struct reserver *r) {
  if (r->end > r->start) {
    int e = posix_fallocate(r->fd, r->start, r->end - r->start);
    if (e && e != EOPNOTSUPP && e != EINVAL)
      fatal(r->ctx, "cannot write output file %s: %s", r->ctx->cfg.output,
            strerror(e));
  }
  r->start = r->end = 0;
}

static void reserve(struct reserver *r, u64 off, u64 len) {
  if (!len)
    return;
  if (r->end > r->start && off >= r->start && off <= r->end + (64 << 10)) {
    if (off + len > r->end)
      r->end = off + len;
    return;
  }
  flush_range(r);
  r->start = off;
  r->end = off + len;
}

static void reserve_contents(struct ctx *ctx, int fd) {
  struct reserver r = {ctx, fd, 0, 0};
  for (u32 i = 0; i < ctx->chunks.len; i++) {
    struct chunk *c = ctx->chunks.v[i];
    if ((!c->shndx && c->kind != CK_EHDR) || c->type == SHT_NOBITS)
      continue;
    if (c->kind != CK_REGULAR || c->zdata) {
      reserve(&r, c->offset, c->size);
      continue;
    }
    for (u32 k = 0; k < c->isecs.len; k++) {
      struct isec *is = c->isecs.v[k];
      // Zero-fill pieces (a NOBITS or COMMON input in a PROGBITS output
      // section) are holes: their size is not bounded by any file.
      if (!is->data && !is->mout)
        continue;
      if (is->mout) {
        // A merged section whose pieces are far apart stays sparse.
        u64 bytes = 0;
        for (u32 p = 0; p < is->mout->n; p++)
          bytes += is->mout->len[p];
        if (bytes * 2 < is->size)
          continue;
      }
      reserve(&r, c->offset + is->offset, is->size);
      if (is->stubs)
        reserve(&r, c->offset + is->stubs->offset, is->stubs->size);
    }
  }
  reserve(&r, ctx->filesize - ctx->shdr_size, ctx->shdr_size);
  flush_range(&r);
}

void open_output(struct ctx *ctx, u64 filesize) {
  const char *out = ctx->cfg.output;
  struct stat st;
  if (stat(out, &st) == 0) {
    if (S_ISDIR(st.st_mode))
      fatal(ctx, "cannot open output file %s: Is a directory", out);
    for (u32 i = 0; i < ctx->mappings.len; i++) {
      struct mapping *m = ctx->mappings.v[i];
      if (m->dev == st.st_dev && m->ino == st.st_ino)
        fatal(ctx, "output file %s is also an input file", out);
    }
  }
  const char *slash = strrchr(out, '/');
  char *tmp = slash ? arena_printf(ctx, "%.*s/.mld-XXXXXX",
                                   (int)(slash - out), out)
                    : arena_printf(ctx, ".mld-XXXXXX");
  int fd = mkstemp(tmp);
  if (fd < 0)
    fatal(ctx, "cannot open output file %s: %s", out, strerror(errno));
  ctx->tmp_path = tmp;
  ctx->out_fd = fd;
  if (ftruncate(fd, filesize) < 0)
    fatal(ctx, "cannot write output file %s: %s", out, strerror(errno));
  reserve_contents(ctx, fd);
  void *p = mmap(NULL, filesize, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
  if (p == MAP_FAILED)
    fatal(ctx, "cannot map output file %s: %s", out, strerror(errno));
  ctx->out_buf = p;
}

void close_output(struct ctx *ctx) {
  const char *out = ctx->cfg.output;
  if (munmap(ctx->out_buf, ctx->filesize) < 0)
    fatal(ctx, "cannot write output file %s: %s", out, strerror(errno));
  ctx->out_buf = NULL;
  mode_t mask = umask(0);
  umask(mask);
  int fd = ctx->out_fd;
  ctx->out_fd = -1;
  // An object is not executable (GNU ld's -r output).
  mode_t mode = ctx->cfg.relocatable ? 0666 : 0777;
  if (fchmod(fd, mode & ~mask) < 0 || close(fd) < 0)
    fatal(ctx, "cannot write output file %s: %s", out, strerror(errno));
  if (rename(ctx->tmp_path, out) < 0)
    fatal(ctx, "cannot create output file %s: %s", out, strerror(errno));
  ctx->tmp_path = NULL;
}

static void write_headers(struct ctx *ctx, u8 *buf) {
  const struct arch *arch = ctx->arch;
  u32 nsh = 1;
  u32 shstrndx = 0;
  for (u32 i = 0; i < ctx->chunks.len; i++) {
    struct chunk *c = ctx->chunks.v[i];
    if (c->shndx >= nsh)
      nsh = c->shndx + 1;
    if (c == ctx->synth[CK_SHSTRTAB])
      shstrndx = c->shndx;
  }
  u64 shoff = ctx->filesize - (u64)nsh * sizeof(Elf64_Shdr);

  u8 *e = buf;
  wr_ehdr_common(e, ctx->cfg.pie ? ET_DYN : ET_EXEC, arch->e_machine, shoff,
                 ctx->gnu_osabi);
  wr64(e + offsetof(Elf64_Ehdr, e_entry), ctx->entry_addr);
  wr64(e + offsetof(Elf64_Ehdr, e_phoff), sizeof(Elf64_Ehdr));
  wr16(e + offsetof(Elf64_Ehdr, e_phentsize), sizeof(Elf64_Phdr));
  wr16(e + offsetof(Elf64_Ehdr, e_phnum), ctx->nsegs);
  wr16(e + offsetof(Elf64_Ehdr, e_shnum), nsh);
  wr16(e + offsetof(Elf64_Ehdr, e_shstrndx), shstrndx);

  for (u32 i = 0; i < ctx->nsegs; i++) {
    struct segment *s = &ctx->segs[i];
    u8 *p = buf + sizeof(Elf64_Ehdr) + (u64)i * sizeof(Elf64_Phdr);
    wr32(p + offsetof(Elf64_Phdr, p_type), s->type);
    wr32(p + offsetof(Elf64_Phdr, p_flags), s->flags);
    wr64(p + offsetof(Elf64_Phdr, p_offset), s->offset);
    wr64(p + offsetof(Elf64_Phdr, p_vaddr), s->vaddr);
    wr64(p + offsetof(Elf64_Phdr, p_paddr), s->paddr);
    wr64(p + offsetof(Elf64_Phdr, p_filesz), s->filesz);
    wr64(p + offsetof(Elf64_Phdr, p_memsz), s->memsz);
    wr64(p + offsetof(Elf64_Phdr, p_align), s->align);
  }

  for (u32 i = 0; i < ctx->chunks.len; i++) {
    struct chunk *c = ctx->chunks.v[i];
    if (!c->shndx)
      continue;
    u8 *p = buf + shoff + (u64)c->shndx * sizeof(Elf64_Shdr);
    u32 link = 0, info = 0;
    if (!has_inputs(c)) {
      synthetic_shdr(ctx, c, &link, &info);
    } else if ((c->flags & SHF_LINK_ORDER) && c->isecs.len) {
      // A SHF_LINK_ORDER section links to where its first input's
      // linked section went (GNU ld).
      struct isec *is = c->isecs.v[0];
      u32 l = is->is_common ? 0 : SH_LINK(shdr_at(is->file, is->shndx));
      struct isec *to = l && l < is->file->shnum ? is->file->isecs[l] : NULL;
      link = to && to->osec ? to->osec->shndx : 0;
    }
    wr_shdr(p, &(struct shdr_fields){c->name_off, c->type, c->flags, c->addr,
                                     c->offset, c->size, link, info,
                                     chunk_addralign(c), c->entsize});
  }
}

// Copies input section IS to DST, its place in its output section's
// bytes, and relocates it.
void copy_isec(struct ctx *ctx, struct isec *is, u8 *dst) {
  if (is->mout) {
    write_merged(is, dst);
    return;
  }
  if (is->reverse) {
    for (u64 off = 0; off + 8 <= is->size; off += 8)
      memcpy(dst + isec_out_offset(is, off), is->data + off, 8);
  } else {
    memcpy(dst, is->data, is->size);
  }
  if (is->nrels)
    ctx->arch->apply_relocs(ctx, is, dst, 0, is->nrels);
}

// Writing is done in items of two loops: the first copies each input
// section and relocates it, except that a non-allocated section of many
// relocations (debugging information) is only copied; the second applies
// those relocations, a slice an item, so that one big section does not
// leave the other threads waiting.
static bool sliced(const struct isec *is) {
  return is->nrels > RELOC_SLICE && !is->mout && !is->reverse &&
         !(is->osec->flags & SHF_ALLOC);
}

struct write_slices {
  struct isec **v;             // the sliced sections, one entry per slice
  u32 *from;
};

static u8 *isec_out(struct ctx *ctx, struct isec *is) {
  return ctx->out_buf + is->osec->offset + is->offset;
}

// Peak memory: once a big input section is written, its bytes and
// relocations in the input and its bytes in the output leave the link's
// memory (input.c's release_pages); what reads them again (the build ID,
// a veneer copying code) faults them back from the page cache.
static void release_isec(struct ctx *ctx, struct isec *is) {
  if (is->is_common || !is->data)
    return;
  u64 in_size = SH_SIZE(shdr_at(is->file, is->shndx));
  release_input(ctx, is->data, in_size);
  release_input(ctx, is->rels, (u64)is->nrels * sizeof(Elf64_Rela));
  if (in_size >= RELEASE_MIN)
    release_pages(isec_out(ctx, is), is->size);
}

static void write_isec(struct ctx *ctx, void *arg, u32 i) {
  struct isec **list = arg;
  struct isec *is = list[i];
  if (sliced(is)) {
    memcpy(isec_out(ctx, is), is->data, is->size);
    release_input(ctx, is->data, is->size);
  } else {
    copy_isec(ctx, is, isec_out(ctx, is));
    release_isec(ctx, is);
  }
}

static void relocate_slice(struct ctx *ctx, void *arg, u32 i) {
  struct write_slices *w = arg;
  struct isec *is = w->v[i];
  u32 from = w->from[i];
  u32 to = is->nrels - from > RELOC_SLICE ? from + RELOC_SLICE : is->nrels;
  ctx->arch->apply_relocs(ctx, is, isec_out(ctx, is), from, to);
  // This slice's relocations, and the output bytes between its first
  // and last ones, are done with (others are faulted back if need be).
  const u8 *r = is->rels + (u64)from * sizeof(Elf64_Rela);
  release_input(ctx, r, (u64)(to - from) * sizeof(Elf64_Rela));
  u64 a = rd64(r), b = rd64(is->rels + (u64)(to - 1) * sizeof(Elf64_Rela));
  if (a < b && b <= is->size)
    release_pages(isec_out(ctx, is) + a, b - a);
}

// The gaps between the input sections (and stub sections) of code output
// sections, filled as the target's GNU ld fills them: every code section
// with the target's fill, or (AArch64) only the sections its script
// gives a fill to, the others keeping zeros.
bool gets_code_fill(struct ctx *ctx, const struct chunk *c) {
  return (c->flags & SHF_EXECINSTR) && ctx->arch->fill_code &&
         (!ctx->arch->fill_script_sections_only || !strcmp(c->name, ".init") ||
          !strcmp(c->name, ".text") || !strcmp(c->name, ".fini"));
}

static void fill_code_gaps(struct ctx *ctx) {
  for (u32 i = 0; i < ctx->chunks.len; i++) {
    struct chunk *c = ctx->chunks.v[i];
    if (c->kind != CK_REGULAR || !c->shndx || c->type == SHT_NOBITS ||
        !gets_code_fill(ctx, c))
      continue;
    u8 *base = ctx->out_buf + c->offset;
    u64 end = 0;
    for (u32 k = 0; k < c->isecs.len; k++) {
      struct isec *is = c->isecs.v[k];
      if (is->offset > end)
        ctx->arch->fill_code(base + end, is->offset - end);
      if (is->offset + is->size > end)
        end = is->offset + is->size;
      struct stub_sec *ss = is->stubs;
      if (ss && ss->size) {
        if (ss->offset > end)
          ctx->arch->fill_code(base + end, ss->offset - end);
        if (ss->offset + ss->size > end)
          end = ss->offset + ss->size;
      }
    }
  }
}

// Copies input sections and applies their relocations, on all processors:
// each section's bytes are its own, and relocation only reads symbols.
static void write_sections(struct ctx *ctx) {
  u32 n = 0;
  for (u32 i = 0; i < ctx->chunks.len; i++) {
    struct chunk *c = ctx->chunks.v[i];
    if (c->kind == CK_REGULAR && c->shndx && c->type != SHT_NOBITS &&
        !c->zdata)
      n += c->isecs.len;
  }
  struct isec **list = arena_alloc(ctx, (u64)n * sizeof(*list));
  n = 0;
  for (u32 i = 0; i < ctx->chunks.len; i++) {
    struct chunk *c = ctx->chunks.v[i];
    if (c->kind != CK_REGULAR || !c->shndx || c->type == SHT_NOBITS ||
        c->zdata)
      continue;
    for (u32 k = 0; k < c->isecs.len; k++) {
      struct isec *is = c->isecs.v[k];
      if (is->mout || (is->data && is->size))
        list[n++] = is;
    }
  }
  parallel_for(ctx, n, write_isec, list);
  u32 nslices = 0;
  for (u32 i = 0; i < n; i++)
    if (sliced(list[i]))
      nslices += (list[i]->nrels + RELOC_SLICE - 1) / RELOC_SLICE;
  if (nslices) {
    struct write_slices w = {arena_alloc(ctx, nslices * sizeof(*w.v)),
                             arena_alloc(ctx, nslices * sizeof(*w.from))};
    u32 k = 0;
    for (u32 i = 0; i < n; i++)
      for (u32 from = 0; sliced(list[i]) && from < list[i]->nrels;
           from += RELOC_SLICE) {
        w.v[k] = list[i];
        w.from[k++] = from;
      }
    parallel_for(ctx, nslices, relocate_slice, &w);
    for (u32 i = 0; i < n; i++)
      if (sliced(list[i]))
        release_isec(ctx, list[i]);
  }
  fill_code_gaps(ctx);
}

// The build ID's descriptor, from the finished file's bytes.
static void fill_build_id(struct ctx *ctx, u8 *buf, u64 filesize) {
  if (!ctx->synth[CK_BUILD_ID]->size)
    return;
  u8 *desc = buf + ctx->synth[CK_BUILD_ID]->offset + 16;
  switch (ctx->cfg.build_id) {
  case BUILD_ID_SHA1:
  case BUILD_ID_MD5:
    tree_digest(ctx, buf, filesize, ctx->cfg.build_id == BUILD_ID_MD5, desc,
                true);
    break;
  case BUILD_ID_UUID: {
    int fd = open("/dev/urandom", O_RDONLY | O_CLOEXEC);
    if (fd < 0 || read(fd, desc, 16) != 16)
      fatal(ctx, "cannot read /dev/urandom for --build-id=uuid");
    close(fd);
    desc[6] = (desc[6] & 0x0f) | 0x40;
    desc[8] = (desc[8] & 0x3f) | 0x80;
    break;
  }
  case BUILD_ID_HEX:
    memcpy(desc, ctx->cfg.build_id_hex, ctx->cfg.build_id_hex_len);
    break;
  case BUILD_ID_NONE:
    break;
  }
}

// Every section must lie inside the file: a layout bug becomes an error,
// never a write outside the output mapping.
static void check_layout(struct ctx *ctx) {
  for (u32 i = 0; i < ctx->chunks.len; i++) {
    struct chunk *c = ctx->chunks.v[i];
    if (!c->shndx || c->type == SHT_NOBITS)
      continue;
    u64 end;
    if (__builtin_add_overflow(c->offset, c->size, &end) ||
        end > ctx->filesize || (c->offset == 0 && c->kind != CK_EHDR))
      fatal(ctx, "internal error: section %s (offset 0x%llx, size 0x%llx) "
            "is not inside the output", c->name,
            (unsigned long long)c->offset, (unsigned long long)c->size);
  }
}

void write_output(struct ctx *ctx) {
  check_layout(ctx);
  open_output(ctx, ctx->filesize);
  u8 *buf = ctx->out_buf;
  write_sections(ctx);
  write_compressed(ctx, buf);
  write_synthetic(ctx, buf);  // .eh_frame, .got, notes, .symtab, ...
  write_script_data(ctx, buf); // -T: BYTE, LONG, ... and fills
  write_stubs(ctx, buf);      // after relocation: veneers copy relocated code
  write_headers(ctx, buf);    // last: section names are in .shstrtab now
  checkpoint(ctx);
  fill_build_id(ctx, buf, ctx->filesize);
  close_output(ctx);
}
