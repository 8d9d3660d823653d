// output.c: writing the executable.
//
// The file is sized up front, created as a temporary file beside the
// output path, filled through one shared mapping, and renamed over the
// output path only when complete.  Any error before the rename removes the
// temporary file, so a failed link leaves neither a truncated file nor a
// changed one at the output path.
//
// What the path names decides whether it is replaced (bfd's cache.c): a
// regular file with contents, or a symbolic link to one, is; anything
// else GNU ld opens and writes in place, and so does mld: a device
// (`-o /dev/null` in every configure probe must leave /dev/null a
// device), a FIFO, /dev/stdout, and an empty regular file, which keeps
// its owner and mode (a caller's mkstemp file stays its own).  A file
// mld cannot create beside the output is written in place too, as GNU ld
// writes it when it cannot unlink the old one.

#include "mld.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <signal.h>
#include <stdlib.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

// Undoes what a link that stops has begun to write: the temporary file
// is removed, a regular file written in place is left empty again (as it
// was, or as GNU ld leaves it: without half an executable).  Only
// async-signal-safe calls: the signal handler calls it too.
void discard_output(struct ctx *ctx) {
  if (ctx->tmp_path)
    unlink(ctx->tmp_path);
  else if (ctx->out_mode == OUT_IN_PLACE && ctx->out_fd > 0 &&
           ftruncate(ctx->out_fd, 0) < 0)
    return;                    // nothing more to be done
}

void remove_temp_output(struct ctx *ctx) {
  if (!ctx)
    return;
  discard_output(ctx);
  ctx->tmp_path = NULL;
  ctx->out_mode = OUT_RENAME;
}

// Closes and unmaps an output left open by a link that stopped early.
void release_output(struct ctx *ctx) {
  remove_temp_output(ctx);
  if (ctx->out_buf)
    munmap(ctx->out_buf, ctx->filesize);
  ctx->out_buf = NULL;
  if (ctx->out_fd > 0)
    close(ctx->out_fd);
  if (ctx->out_dest_fd > 0)
    close(ctx->out_dest_fd);
  ctx->out_fd = ctx->out_dest_fd = -1;
  let_old_output_go(ctx);
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

// A path that names an open file, not a file of its own: /dev/stdout,
// /dev/fd/N, /proc/self/fd/N.  Replacing it would replace a link of the
// system's; writing it reaches the file the descriptor holds.
static bool names_open_file(const char *out) {
  const char *slash = strrchr(out, '/');
  char dir[PATH_MAX], real[PATH_MAX], target[PATH_MAX];
  if (slash && (size_t)(slash - out) < sizeof(dir)) {
    memcpy(dir, out, slash - out);
    dir[slash - out] = 0;
    if (realpath(slash == out ? "/" : dir, real) &&
        !strncmp(real, "/proc/", 6))
      return true;
  }
  ssize_t n = readlink(out, target, sizeof(target) - 1);
  if (n <= 0)
    return false;
  target[n] = 0;
  return !strncmp(target, "/proc/", 6);
}

// Whether the output replaces what its path names, or is written into it
// in place (the file's opening comment).
static enum out_mode output_mode(struct ctx *ctx, const char *out) {
  struct stat ls, st;
  if (lstat(out, &ls) < 0)
    return OUT_RENAME;         // a new file (or mkstemp says what is wrong)
  if (S_ISLNK(ls.st_mode) && names_open_file(out))
    return OUT_IN_PLACE;
  if (stat(out, &st) < 0)
    return OUT_RENAME;         // a dangling symbolic link: replaced
  if (S_ISDIR(st.st_mode))
    fatal(ctx, "cannot open output file %s: Is a directory", out);
  for (u32 i = 0; i < ctx->mappings.len; i++) {
    struct mapping *m = ctx->mappings.v[i];
    if (m->dev == st.st_dev && m->ino == st.st_ino)
      fatal(ctx, "output file %s is also an input file", out);
  }
  return S_ISREG(st.st_mode) && st.st_size ? OUT_RENAME : OUT_IN_PLACE;
}

// Opens OUT to be written in place: a regular file is mapped and written
// directly (OUT_IN_PLACE), anything else gets the image in memory and
// written to it at the end (OUT_STREAM).  Returns false with errno set.
static bool open_in_place(struct ctx *ctx, const char *out) {
  struct stat st;
  bool reg = stat(out, &st) == 0 && S_ISREG(st.st_mode);
  // O_WRONLY: a FIFO waits for its reader, as `cat > fifo` does.
  int fd = open(out, (reg ? O_RDWR : O_WRONLY | O_NOCTTY) | O_CLOEXEC);
  if (fd < 0)
    return false;
  if (fstat(fd, &st) < 0 || S_ISREG(st.st_mode) != reg) {
    close(fd);                 // replaced under us
    errno = EAGAIN;
    return false;
  }
  if (reg) {
    ctx->out_fd = fd;
    ctx->out_mode = OUT_IN_PLACE;
  } else {
    ctx->out_dest_fd = fd;
    ctx->out_mode = OUT_STREAM;
  }
  return true;
}

// A temporary file beside OUT, in the directory the rename goes to (so it
// never crosses to another file system).  Its name is known to the
// signal handler before the file exists.
static bool open_temp(struct ctx *ctx, const char *out) {
  const char *slash = strrchr(out, '/');
  char *tmp = slash ? arena_printf(ctx, "%.*s/.mld-XXXXXX",
                                   (int)(slash - out), out)
                    : arena_printf(ctx, ".mld-XXXXXX");
  ctx->tmp_path = tmp;
  int fd = mkstemp(tmp);
  if (fd < 0) {
    ctx->tmp_path = NULL;
    return false;
  }
  ctx->out_fd = fd;
  ctx->out_mode = OUT_RENAME;
  return true;
}

void open_output(struct ctx *ctx, u64 filesize) {
  const char *out = ctx->cfg.output;
  ctx->out_fd = ctx->out_dest_fd = -1;
  bool ok;
  if (output_mode(ctx, out) == OUT_RENAME) {
    ok = open_temp(ctx, out);
    int e = errno;
    // A directory mld may not write to: GNU ld cannot unlink the old
    // file either, and writes into it.
    struct stat st;
    if (!ok && (e == EACCES || e == EPERM) && stat(out, &st) == 0 &&
        S_ISREG(st.st_mode))
      ok = open_in_place(ctx, out);
    errno = ok ? 0 : e;
  } else {
    ok = open_in_place(ctx, out);
  }
  if (!ok)
    fatal(ctx, "cannot open output file %s: %s", out, strerror(errno));

  void *p;
  if (ctx->out_mode == OUT_STREAM || ctx->cfg.oformat_binary) {
    // The image in memory, written out at the end: in order to a device
    // or FIFO; a raw image is the loaded part of it (binary.c).  Shared,
    // so that pages released after writing keep their bytes.
    p = mmap(NULL, filesize, PROT_READ | PROT_WRITE,
             MAP_SHARED | MAP_ANONYMOUS, -1, 0);
  } else {
    int fd = ctx->out_fd;
    // In place, no byte of the old file may show through a gap.
    if ((ctx->out_mode == OUT_IN_PLACE && ftruncate(fd, 0) < 0) ||
        ftruncate(fd, filesize) < 0)
      fatal(ctx, "cannot write output file %s: %s", out, strerror(errno));
    reserve_contents(ctx, fd);
    p = mmap(NULL, filesize, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
  }
  if (p == MAP_FAILED)
    fatal(ctx, "cannot map output file %s: %s", out, strerror(errno));
  ctx->out_buf = p;
}

// LEN bytes at P written to the output's descriptor FD in order (a
// device, a FIFO, or the file a raw image goes to).  A reader that goes
// away is an error, not a signal that kills mld.
void write_output_bytes(struct ctx *ctx, int fd, const u8 *p, u64 left) {
  struct sigaction ign = {.sa_handler = SIG_IGN}, old;
  if (!ctx->bail)
    sigaction(SIGPIPE, &ign, &old);
  int e = 0;
  while (left && !e) {
    ssize_t n = write(fd, p, left < (1 << 20) ? left : 1 << 20);
    if (n > 0) {
      p += n;
      left -= n;
    } else if (n == 0 || errno != EINTR) {
      e = n ? errno : EIO;
    }
  }
  if (!ctx->bail)
    sigaction(SIGPIPE, &old, NULL);
  if (e)
    fatal(ctx, "cannot write output file %s: %s", ctx->cfg.output,
          strerror(e));
}

// A regular file the output replaces frees its blocks when its last
// name and descriptor go, which for a big file takes milliseconds.  With
// keep_old_output (a forked link) it is held open over the rename, and
// goes when let_old_output_go closes it, after the caller was told the
// link is done.
static void hold_old_output(struct ctx *ctx) {
  int fd = open(ctx->cfg.output, O_RDONLY | O_NOFOLLOW | O_NONBLOCK |
                                     O_CLOEXEC);
  struct stat st;
  if (fd > 0 && fstat(fd, &st) == 0 && S_ISREG(st.st_mode))
    ctx->old_out_fd = fd;
  else if (fd >= 0)
    close(fd);
}

void let_old_output_go(struct ctx *ctx) {
  if (ctx->old_out_fd > 0)
    close(ctx->old_out_fd);
  ctx->old_out_fd = 0;
}

void close_output(struct ctx *ctx) {
  const char *out = ctx->cfg.output;
  int dest = ctx->out_mode == OUT_STREAM ? ctx->out_dest_fd : ctx->out_fd;
  if (ctx->cfg.oformat_binary) {
    // In place, no byte of the old file may stay after the image.
    if (ctx->out_mode == OUT_IN_PLACE && ftruncate(dest, 0) < 0)
      fatal(ctx, "cannot write output file %s: %s", out, strerror(errno));
    write_raw_image(ctx, dest);
  }
  else if (ctx->out_mode == OUT_STREAM)
    write_output_bytes(ctx, dest, ctx->out_buf, ctx->filesize);
  if (ctx->out_mode == OUT_STREAM) {
    int r = close(dest);
    ctx->out_dest_fd = -1;
    if (r < 0 && errno != EINTR)
      fatal(ctx, "cannot write output file %s: %s", out, strerror(errno));
  }
  if (munmap(ctx->out_buf, ctx->filesize) < 0)
    fatal(ctx, "cannot write output file %s: %s", out, strerror(errno));
  ctx->out_buf = NULL;
  if (ctx->out_mode == OUT_STREAM) {
    ctx->out_mode = OUT_RENAME;
    return;                    // a device keeps its mode
  }
  mode_t mask = umask(0);
  umask(mask);
  int fd = ctx->out_fd;
  // An object is not executable (GNU ld's -r output).  A new file is
  // made 0666 less the umask and given the execute bits the umask
  // allows; a file written in place keeps its mode and gains them
  // (bfd's _maybe_make_executable).
  struct stat st;
  int r = 0;
  if (ctx->out_mode == OUT_RENAME)
    r = fchmod(fd, (ctx->cfg.relocatable ? 0666 : 0777) & ~mask);
  else if (!ctx->cfg.relocatable)
    r = fstat(fd, &st) < 0 ? -1 : fchmod(fd, 0777 & (st.st_mode |
                                                     (0111 & ~mask)));
  if (r < 0 || close(fd) < 0) {
    ctx->out_fd = -1;
    fatal(ctx, "cannot write output file %s: %s", out, strerror(errno));
  }
  ctx->out_fd = -1;
  if (ctx->out_mode == OUT_RENAME && ctx->keep_old_output)
    hold_old_output(ctx);
  if (ctx->out_mode == OUT_RENAME && rename(ctx->tmp_path, out) < 0)
    fatal(ctx, "cannot create output file %s: %s", out, strerror(errno));
  ctx->tmp_path = NULL;
  ctx->out_mode = OUT_RENAME;
}

// Whether STR, a string table, is the strings of .stab* section STAB:
// its name with "str" after (bfd's assign_section_numbers).
static bool stab_strings_of(const char *stab, const char *str,
                            u32 str_type) {
  u64 n = strlen(stab);
  return str_type == SHT_STRTAB && !strncmp(stab, ".stab", 5) &&
         strlen(str) == n + 3 && !strncmp(str, stab, n) &&
         !strcmp(str + n, "str");
}

static u32 stab_strings(struct ctx *ctx, const char *name) {
  for (u32 i = 0; i < ctx->chunks.len; i++) {
    struct chunk *c = ctx->chunks.v[i];
    if (c->shndx && stab_strings_of(name, c->name, c->type))
      return c->shndx;
  }
  return 0;
}

u32 inputs_link(struct ctx *ctx, struct chunk *c) {
  if (!strncmp(c->name, ".stab", 5))
    return stab_strings(ctx, c->name);
  if (!(c->flags & SHF_LINK_ORDER) || !c->isecs.len)
    return 0;
  struct isec *is = c->isecs.v[0];
  u32 l = is->is_common ? 0 : SH_LINK(shdr_at(is->file, is->shndx));
  struct isec *to = l && l < is->file->shnum ? is->file->isecs[l] : NULL;
  return to && to->osec ? to->osec->shndx : 0;
}

// The section an allocated relocation section applies to, as bfd finds
// it: by name, ".rela.X" to X's output section, ".rela.plt" to
// .got.plt's (else .got's).  One that went for being empty is still
// found, with index 0; one inside another (.got.plt in .got) is not.
// False for none (then no SHF_INFO_LINK either).
static bool relocated_section(struct ctx *ctx, const char *name, u32 *info) {
  if (strncmp(name, ".rela", 5) || !name[5])
    return false;
  const char *to = strcmp(name + 5, ".plt") ? name + 5 : ".got.plt";
  for (int pass = 0; pass < 2; pass++) {
    for (u32 i = 0; i < ctx->chunks.len; i++) {
      struct chunk *c = ctx->chunks.v[i];
      if (!strcmp(c->name, to) && !c->home &&
          (c->shndx || c->kind != CK_REGULAR || c->isecs.len)) {
        *info = c->shndx;
        return true;
      }
    }
    if (strcmp(to, ".got.plt"))
      break;
    to = ".got";
  }
  return false;
}

// The end of a report (a map, a dependency file, --why-extract): a
// write that failed, on a full disk or a closed standard output, is an
// error that fails the link, never a report cut short in silence.
void close_report(struct ctx *ctx, FILE *fp, const char *what,
                  const char *path) {
  bool bad = ferror(fp);
  if (fp == stdout) {
    if (fflush(fp) || bad)
      error(ctx, "cannot write %s to standard output: %s", what,
            strerror(errno));
  } else if (fclose(fp) || bad) {
    error(ctx, "cannot write %s %s: %s", what, path, strerror(errno));
  }
}

// The ELF header's section count and string table index, each in section
// header 0 instead where it does not fit (the gABI's extended numbering).
void wr_ehdr_sections(u8 *ehdr, u8 *sh0, u32 shnum, u32 shstrndx) {
  wr16(ehdr + offsetof(Elf64_Ehdr, e_shnum),
       shnum >= SHN_LORESERVE ? 0 : shnum);
  wr16(ehdr + offsetof(Elf64_Ehdr, e_shstrndx),
       shstrndx >= SHN_LORESERVE ? SHN_XINDEX : shstrndx);
  if (shnum >= SHN_LORESERVE)
    wr64(sh0 + offsetof(Elf64_Shdr, sh_size), shnum);
  if (shstrndx >= SHN_LORESERVE)
    wr32(sh0 + offsetof(Elf64_Shdr, sh_link), shstrndx);
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

  // A PIE linked above 0 (-Ttext-segment, a script's address) is an
  // ET_EXEC, as GNU ld makes it (_bfd_elf_modify_headers): its lowest
  // PT_LOAD decides.
  u16 type = ET_EXEC;
  if (ctx->cfg.pie) {
    u64 low = UINT64_MAX;
    for (u32 i = 0; i < ctx->nsegs; i++)
      if (ctx->segs[i].type == PT_LOAD && ctx->segs[i].vaddr < low)
        low = ctx->segs[i].vaddr;
    type = low ? ET_EXEC : ET_DYN;
  }
  u8 *e = buf;
  wr_ehdr_common(e, type, arch->e_machine, shoff, ctx->gnu_osabi);
  wr64(e + offsetof(Elf64_Ehdr, e_entry), ctx->entry_addr);
  // (No program headers: no offset or size of them, as GNU ld writes it.)
  wr64(e + offsetof(Elf64_Ehdr, e_phoff),
       ctx->nsegs ? sizeof(Elf64_Ehdr) : 0);
  wr16(e + offsetof(Elf64_Ehdr, e_phentsize),
       ctx->nsegs ? sizeof(Elf64_Phdr) : 0);
  wr16(e + offsetof(Elf64_Ehdr, e_phnum), ctx->nsegs);
  wr_ehdr_sections(e, buf + shoff, nsh, shstrndx);

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
    u64 flags = c->flags;
    if (!has_inputs(c)) {
      synthetic_shdr(ctx, c, &link, &info);
      if (c->type == SHT_RELA && (c->flags & SHF_ALLOC)) {
        bool to = relocated_section(ctx, c->name, &info);
        flags = to ? flags | SHF_INFO_LINK : flags & ~(u64)SHF_INFO_LINK;
      }
    } else if (c->mbind) {
      info = c->mbind - 1;     // the memory node
    } else {
      link = inputs_link(ctx, c);
    }
    wr_shdr(p, &(struct shdr_fields){c->name_off, c->type, flags, c->addr,
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
  if (is->is_common || !is->data || is->decompressed)
    return;                    // (anonymous memory: not to be dropped)
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

// Repeat the len bytes at pat over the n bytes at p, the last copy cut
// short: one copy, then what is written copied onto what follows, so a
// gap of any size costs a few memcpy calls, not a loop over its bytes.
void fill_pattern(u8 *p, u64 n, const u8 *pat, u64 len) {
  u64 m = n < len ? n : len;
  memcpy(p, pat, m);
  while (m < n) {
    u64 k = m < n - m ? m : n - m;
    memcpy(p + m, p, k);
    m += k;
  }
}

// The gaps between the input sections (and stub sections) of code output
// sections, filled as the target's GNU ld fills them: every code section
// with the target's fill, or (AArch64) only the sections its default
// script gives a fill to, the others keeping zeros (a -T script's own
// fills are script data).
bool gets_code_fill(struct ctx *ctx, const struct chunk *c) {
  return (c->flags & SHF_EXECINSTR) && ctx->arch->fill_code &&
         (!ctx->arch->fill_script_sections_only ||
          (!script_layout(ctx) &&
           (!strcmp(c->name, ".init") || !strcmp(c->name, ".text") ||
            !strcmp(c->name, ".fini"))));
}

static int cmp_span(const void *a, const void *b) {
  const struct span *x = a, *y = b;
  return (x->off > y->off) - (x->off < y->off);
}

// A piece of len bytes at off, after the data spans of v (sorted) from
// *i on that start before it: fills the gaps before each and before the
// piece, after end; returns where the last of them ends.
static u64 fill_before(struct ctx *ctx, u8 *base, const struct span *v,
                       u32 n, u32 *i, u64 end, u64 off, u64 len) {
  for (; *i < n && v[*i].off < off; (*i)++) {
    if (v[*i].off > end)
      ctx->arch->fill_code(base + end, v[*i].off - end);
    if (v[*i].off + v[*i].len > end)
      end = v[*i].off + v[*i].len;
  }
  if (off > end)
    ctx->arch->fill_code(base + end, off - end);
  return off + len > end ? off + len : end;
}

// GNU ld fills every gap of a code output section with the target's
// code fill: between its input sections (and their stub sections), and
// a -T script's data statements and fills (the n spans of data), and
// after the last up to the section's end (". = ALIGN (16)" there).
void fill_code_gaps(struct ctx *ctx, struct chunk *c, u8 *base,
                    struct span *data, u32 n) {
  if (n)
    qsort(data, n, sizeof(*data), cmp_span);
  u64 end = 0;
  u32 d = 0;
  for (u32 k = 0; k < c->isecs.len; k++) {
    struct isec *is = c->isecs.v[k];
    end = fill_before(ctx, base, data, n, &d, end, is->offset, is->size);
    struct stub_sec *ss = is->stubs;
    if (ss && ss->size)
      end = fill_before(ctx, base, data, n, &d, end, ss->offset, ss->size);
  }
  fill_before(ctx, base, data, n, &d, end, c->size, 0);
}

static void fill_code_sections(struct ctx *ctx) {
  for (u32 i = 0; i < ctx->chunks.len; i++) {
    struct chunk *c = ctx->chunks.v[i];
    if (c->kind != CK_REGULAR || !c->shndx || c->type == SHT_NOBITS ||
        !gets_code_fill(ctx, c))
      continue;
    u32 n = 0;
    struct span *data = c->has_script_data ? script_spans(ctx, c, &n) : NULL;
    fill_code_gaps(ctx, c, ctx->out_buf + c->offset, data, n);
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
  fill_code_sections(ctx);
}

// The descriptor of the build ID note at file offset note, from the
// finished file's bytes.
void fill_build_id(struct ctx *ctx, u8 *buf, u64 filesize, u64 note) {
  u8 *desc = buf + note + 16;
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
        end > ctx->filesize ||
        (c->offset == 0 && c->kind != CK_EHDR && !ctx->cfg.oformat_binary))
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
  if (!ctx->cfg.oformat_binary) // a raw image has none (binary.c)
    write_headers(ctx, buf);  // last: section names are in .shstrtab now
  checkpoint(ctx);
  if (ctx->synth[CK_BUILD_ID]->size)
    fill_build_id(ctx, buf, ctx->filesize, ctx->synth[CK_BUILD_ID]->offset);
  write_implib(ctx, buf, ctx->filesize); // --out-implib: from .symtab
  checkpoint(ctx);
  close_output(ctx);
}
