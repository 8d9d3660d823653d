// testutil.h: what the unit tests share.
//
// Inputs are built as bytes inside the tests, never read from fixtures on
// disk, so each test shows the exact input it is about: tobj_build() emits
// a small ELF64 x86-64 relocatable object (a section header table,
// .shstrtab, .symtab and .strtab after the test's own sections) and
// tar_build() an `ar` archive with a GNU symbol index and long-name table.
// Every test gets a fresh ctx (error() exits after 20 errors, and the
// symbol table must start empty); all memory comes from its arena, so a
// sanitizer build sees no leaks.  capture_begin()/capture_end() read back
// what the library printed on stderr, to check messages.

#ifndef TESTUTIL_H
#define TESTUTIL_H

#include "mld.h"

#include <check.h>
#include <stdlib.h>
#include <unistd.h>

// Tables of sections and symbols leave trailing fields out, to be zero.
#pragma GCC diagnostic ignored "-Wmissing-field-initializers"

//
// The per-test context
//

static struct ctx *ctx __attribute__((unused));

static inline void ctx_setup(void) {
  ctx = calloc(1, sizeof(*ctx));
  ck_assert(ctx != NULL);
}

static inline void ctx_teardown(void) {
  arena_release(ctx);
  free(ctx);
  ctx = NULL;
}

// A test case whose tests each run with a fresh ctx.
static inline TCase *ctx_tcase(Suite *s, const char *name) {
  TCase *tc = tcase_create(name);
  tcase_add_checked_fixture(tc, ctx_setup, ctx_teardown);
  suite_add_tcase(s, tc);
  return tc;
}

// The scan of every relocation of is, as scan_relocations does it for
// one that is not quiet.
static inline void scan_isec(const struct arch *arch, struct isec *is) {
  for (u32 i = 0; i < is->nrels;)
    i = arch->scan_reloc(ctx, is, i);
}

// main() of every test program: CK_NORMAL prints the summary line.
static inline int run_suite(Suite *s) {
  SRunner *sr = srunner_create(s);
  srunner_run_all(sr, CK_NORMAL);
  int failed = srunner_ntests_failed(sr);
  srunner_free(sr);
  return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}

// Compares n bytes and, on a mismatch, shows both as hex.
#define ck_assert_bytes(got, want, n)                                        \
  do {                                                                       \
    const u8 *g_ = (const u8 *)(got), *w_ = (const u8 *)(want);              \
    u64 n_ = (n);                                                            \
    char gs_[200], ws_[200];                                                 \
    hex_string(gs_, g_, n_);                                                 \
    hex_string(ws_, w_, n_);                                                 \
    ck_assert_msg(!memcmp(g_, w_, n_), "bytes %s, expected %s", gs_, ws_);   \
  } while (0)

// "0a1b..." for up to 64 bytes (more are elided).
static inline void hex_string(char *out, const u8 *p, u64 n) {
  u64 k = n > 64 ? 64 : n;
  for (u64 i = 0; i < k; i++)
    snprintf(out + 2 * i, 3, "%02x", p[i]);
  strcpy(out + 2 * k, n > k ? "..." : "");
}

//
// Reading back stderr
//

struct capture {
  FILE *file;
  int saved_fd;
};

static inline void capture_begin(struct capture *c) {
  fflush(stderr);
  c->file = tmpfile();
  ck_assert(c->file != NULL);
  c->saved_fd = dup(2);
  ck_assert(c->saved_fd >= 0);
  dup2(fileno(c->file), 2);
}

// What was printed since capture_begin.  It is printed again on the real
// stderr, so that the test log still shows it.
static inline const char *capture_end(struct capture *c) {
  fflush(stderr);
  dup2(c->saved_fd, 2);
  close(c->saved_fd);
  int fd = fileno(c->file);
  off_t n = lseek(fd, 0, SEEK_END);
  char *text = arena_alloc(ctx, n + 1);
  ck_assert(pread(fd, text, n, 0) == n);
  text[n] = 0;
  fclose(c->file);
  fputs(text, stderr);
  return text;
}

// Evaluates text once: it is often the call under test.
#define ck_assert_contains(text, needle)                                     \
  do {                                                                       \
    const char *t_ = (text), *n_ = (needle);                                 \
    ck_assert_msg(strstr(t_, n_) != NULL, "\"%s\" does not contain \"%s\"", \
                  t_, n_);                                                   \
  } while (0)

//
// A growable byte buffer in the arena
//

struct bytes {
  u8 *p;
  u64 len, cap;
};

// n more bytes, zeroed; returns their offset.
static inline u64 bytes_grow(struct bytes *b, u64 n) {
  if (b->len + n > b->cap) {
    u64 cap = b->cap ? b->cap : 256;
    while (cap < b->len + n)
      cap *= 2;
    u8 *p = arena_alloc(ctx, cap);
    if (b->len)
      memcpy(p, b->p, b->len);
    b->p = p;
    b->cap = cap;
  }
  memset(b->p + b->len, 0, n);
  b->len += n;
  return b->len - n;
}

static inline u64 bytes_put(struct bytes *b, const void *p, u64 n) {
  u64 off = bytes_grow(b, n);
  if (n)
    memcpy(b->p + off, p, n);
  return off;
}

static inline void bytes_align(struct bytes *b, u64 a) {
  bytes_grow(b, align_up(b->len, a) - b->len);
}

//
// ELF relocatable objects
//

// One section of the test's own; they get indices 1, 2, ... in order.
struct tsec {
  const char *name;
  u32 type;
  u64 flags;
  const void *data;            // NULL: zeros
  u64 size;
  u64 align;
  u32 info;                    // SHT_RELA: the section it relocates;
                               // SHT_GROUP: the signature symbol
  u64 entsize;                 // 0: 24 for SHT_RELA, 4 for SHT_GROUP
};

// One symbol; index 0 is the null symbol, these follow in order, and the
// leading STB_LOCAL ones are the locals (sh_info).
struct tsym {
  const char *name;
  u8 bind, type;
  u16 shndx;                   // a struct tsec index, or SHN_*
  u64 value, size;
  u8 other;                    // st_other: visibility
};

struct tobj {
  u8 *data;
  u64 size;
  u32 shnum;                   // 0, the test's sections, then these three:
  u32 shstrndx, symtab, strtab;
};

static inline u8 *tobj_shdr(struct tobj *o, u32 i) {
  return o->data + rd64(o->data + offsetof(Elf64_Ehdr, e_shoff)) +
         (u64)i * sizeof(Elf64_Shdr);
}

static inline u8 *tobj_sym(struct tobj *o, u32 i) {
  return o->data + rd64(tobj_shdr(o, o->symtab) +
                        offsetof(Elf64_Shdr, sh_offset)) +
         (u64)i * sizeof(Elf64_Sym);
}

#define SHDR_SET32(p, field, v) wr32((p) + offsetof(Elf64_Shdr, field), (v))
#define SHDR_SET64(p, field, v) wr64((p) + offsetof(Elf64_Shdr, field), (v))
#define EHDR_SET16(o, field, v)                                              \
  wr16((o)->data + offsetof(Elf64_Ehdr, field), (v))
#define EHDR_SET64(o, field, v)                                              \
  wr64((o)->data + offsetof(Elf64_Ehdr, field), (v))

static inline void put_shdr(u8 *p, u32 name, u32 type, u64 flags, u64 off,
                            u64 size, u32 link, u32 info, u64 align,
                            u64 entsize) {
  SHDR_SET32(p, sh_name, name);
  SHDR_SET32(p, sh_type, type);
  SHDR_SET64(p, sh_flags, flags);
  SHDR_SET64(p, sh_offset, off);
  SHDR_SET64(p, sh_size, size);
  SHDR_SET32(p, sh_link, link);
  SHDR_SET32(p, sh_info, info);
  SHDR_SET64(p, sh_addralign, align);
  SHDR_SET64(p, sh_entsize, entsize);
}

static inline struct tobj tobj_build(const struct tsec *secs, u32 nsecs,
                                     const struct tsym *syms, u32 nsyms) {
  struct tobj o = {0};
  o.shstrndx = nsecs + 1;
  o.symtab = nsecs + 2;
  o.strtab = nsecs + 3;
  o.shnum = nsecs + 4;

  struct bytes b = {0};
  bytes_grow(&b, sizeof(Elf64_Ehdr));

  // Section contents; file offsets need no more than 16-byte alignment.
  u64 *offs = arena_alloc(ctx, (u64)nsecs * sizeof(u64));
  for (u32 i = 0; i < nsecs; i++) {
    const struct tsec *s = &secs[i];
    bytes_align(&b, s->align > 16 ? 16 : s->align ? s->align : 1);
    offs[i] = b.len;
    if (s->type == SHT_NOBITS)
      continue;
    if (s->data)
      bytes_put(&b, s->data, s->size);
    else
      bytes_grow(&b, s->size);
  }

  struct bytes shstr = {0}, str = {0};
  bytes_grow(&shstr, 1);
  bytes_grow(&str, 1);
  u32 *names = arena_alloc(ctx, (u64)(nsecs + 4) * sizeof(u32));
  for (u32 i = 0; i < nsecs; i++)
    names[i + 1] = bytes_put(&shstr, secs[i].name, strlen(secs[i].name) + 1);
  names[o.shstrndx] = bytes_put(&shstr, ".shstrtab", 10);
  names[o.symtab] = bytes_put(&shstr, ".symtab", 8);
  names[o.strtab] = bytes_put(&shstr, ".strtab", 8);

  u64 shstr_off = bytes_put(&b, shstr.p, shstr.len);

  u32 nlocal = 1;
  while (nlocal - 1 < nsyms && syms[nlocal - 1].bind == STB_LOCAL)
    nlocal++;
  bytes_align(&b, 8);
  u64 symtab_off = bytes_grow(&b, (u64)(nsyms + 1) * sizeof(Elf64_Sym));
  for (u32 i = 0; i < nsyms; i++) {
    const struct tsym *s = &syms[i];
    u32 name = s->name[0] ? bytes_put(&str, s->name, strlen(s->name) + 1)
                          : 0;
    u8 *p = b.p + symtab_off + (u64)(i + 1) * sizeof(Elf64_Sym);
    wr32(p + offsetof(Elf64_Sym, st_name), name);
    p[offsetof(Elf64_Sym, st_info)] = ELF64_ST_INFO(s->bind, s->type);
    p[offsetof(Elf64_Sym, st_other)] = s->other;
    wr16(p + offsetof(Elf64_Sym, st_shndx), s->shndx);
    wr64(p + offsetof(Elf64_Sym, st_value), s->value);
    wr64(p + offsetof(Elf64_Sym, st_size), s->size);
  }
  u64 str_off = bytes_put(&b, str.p, str.len);

  bytes_align(&b, 8);
  u64 shoff = bytes_grow(&b, (u64)o.shnum * sizeof(Elf64_Shdr));
  u8 *sh = b.p + shoff;
  for (u32 i = 0; i < nsecs; i++) {
    const struct tsec *s = &secs[i];
    u32 link = 0;
    u64 entsize = s->entsize;
    if (s->type == SHT_RELA || s->type == SHT_GROUP) {
      link = o.symtab;
      if (!entsize)
        entsize = s->type == SHT_RELA ? sizeof(Elf64_Rela) : 4;
    }
    put_shdr(sh + (u64)(i + 1) * sizeof(Elf64_Shdr), names[i + 1], s->type,
             s->flags, offs[i], s->size, link, s->info, s->align, entsize);
  }
  put_shdr(sh + (u64)o.shstrndx * sizeof(Elf64_Shdr), names[o.shstrndx],
           SHT_STRTAB, 0, shstr_off, shstr.len, 0, 0, 1, 0);
  put_shdr(sh + (u64)o.symtab * sizeof(Elf64_Shdr), names[o.symtab],
           SHT_SYMTAB, 0, symtab_off, (u64)(nsyms + 1) * sizeof(Elf64_Sym),
           o.strtab, nlocal, 8, sizeof(Elf64_Sym));
  put_shdr(sh + (u64)o.strtab * sizeof(Elf64_Shdr), names[o.strtab],
           SHT_STRTAB, 0, str_off, str.len, 0, 0, 1, 0);

  u8 *e = b.p;
  memcpy(e, ELFMAG, SELFMAG);
  e[EI_CLASS] = ELFCLASS64;
  e[EI_DATA] = ELFDATA2LSB;
  e[EI_VERSION] = EV_CURRENT;
  wr16(e + offsetof(Elf64_Ehdr, e_type), ET_REL);
  wr16(e + offsetof(Elf64_Ehdr, e_machine), EM_X86_64);
  wr32(e + offsetof(Elf64_Ehdr, e_version), EV_CURRENT);
  wr64(e + offsetof(Elf64_Ehdr, e_shoff), shoff);
  wr16(e + offsetof(Elf64_Ehdr, e_ehsize), sizeof(Elf64_Ehdr));
  wr16(e + offsetof(Elf64_Ehdr, e_shentsize), sizeof(Elf64_Shdr));
  wr16(e + offsetof(Elf64_Ehdr, e_shnum), o.shnum);
  wr16(e + offsetof(Elf64_Ehdr, e_shstrndx), o.shstrndx);

  o.data = b.p;
  o.size = b.len;
  return o;
}

// The minimal object: a 16-byte .text (int3s) defining each name as a
// global function at offset 0.
static inline struct tobj tobj_defining(const char *const *names, u32 n) {
  static const u8 text[16] = {0xcc, 0xcc, 0xcc, 0xcc, 0xcc, 0xcc, 0xcc, 0xcc,
                              0xcc, 0xcc, 0xcc, 0xcc, 0xcc, 0xcc, 0xcc, 0xcc};
  struct tsec sec = {".text", SHT_PROGBITS, SHF_ALLOC | SHF_EXECINSTR, text,
                     sizeof(text), 16, 0, 0};
  struct tsym *syms = arena_alloc(ctx, (u64)(n ? n : 1) * sizeof(*syms));
  for (u32 i = 0; i < n; i++)
    syms[i] = (struct tsym){names[i], STB_GLOBAL, STT_FUNC, 1, 0, 1, 0};
  return tobj_build(&sec, 1, syms, n);
}

// An objfile for o, parsed; the test fails if it does not parse.
static inline struct objfile *tobj_load(const char *name, struct tobj *o) {
  struct objfile *f = new_objfile(ctx, name, o->data, o->size);
  ck_assert_msg(parse_object(ctx, f), "%s does not parse", name);
  return f;
}

// One Elf64_Rela.
static inline void put_rela(u8 *p, u64 off, u32 sym, u32 type, i64 addend) {
  wr64(p + offsetof(Elf64_Rela, r_offset), off);
  wr64(p + offsetof(Elf64_Rela, r_info), ELF64_R_INFO(sym, type));
  wr64(p + offsetof(Elf64_Rela, r_addend), (u64)addend);
}

//
// ar archives
//

enum { AR_NO_INDEX, AR_INDEX32, AR_INDEX64 };

struct tmember {
  const char *name;            // more than 15 bytes: in the "//" table
  const void *data;
  u64 size;
};

struct tindex {
  const char *sym;
  u32 member;                  // index into the members
};

struct tar_spec {
  int index;                   // AR_NO_INDEX, AR_INDEX32, AR_INDEX64
  bool thin;                   // member data is not in the archive
  const struct tindex *syms;
  u32 nsyms;
  const struct tmember *members;
  u32 nmembers;
};

enum { TAR_MAX_MEMBERS = 64 };

struct tar {
  u8 *data;
  u64 size;
  u64 index_off;               // header offsets; 0: no such member
  u64 longnames_off;
  u64 member_off[TAR_MAX_MEMBERS];
};

// The 60-byte member header: name, mtime, uid, gid, mode, size, "`\n".
static inline void ar_header(u8 *h, const char *name, u64 size) {
  char tmp[100];
  int n = snprintf(tmp, sizeof(tmp), "%-16s%-12s%-6s%-6s%-8s%-10llu`\n", name,
                   "0", "0", "0", "644", (unsigned long long)size);
  ck_assert_int_eq(n, 60);
  memcpy(h, tmp, 60);
}

static inline u64 ar_member(struct bytes *b, const char *name,
                            const void *data, u64 size, u64 hdr_size) {
  u64 off = bytes_grow(b, 60);
  ar_header(b->p + off, name, hdr_size);
  if (data)
    bytes_put(b, data, size);
  // Members start at even offsets; the padding byte is a newline.
  if (b->len & 1)
    b->p[bytes_grow(b, 1)] = '\n';
  return off;
}

static inline struct tar tar_build(const struct tar_spec *spec) {
  struct tar t = {0};
  ck_assert(spec->nmembers <= TAR_MAX_MEMBERS);
  u32 w = spec->index == AR_INDEX64 ? 8 : 4;

  // The "//" table: "name/\n" for each long name.
  struct bytes ln = {0};
  char **hname = arena_alloc(ctx, (spec->nmembers + 1) * sizeof(char *));
  for (u32 i = 0; i < spec->nmembers; i++) {
    const char *n = spec->members[i].name;
    if (strlen(n) > 15) {
      u64 off = bytes_put(&ln, n, strlen(n));
      bytes_put(&ln, "/\n", 2);
      hname[i] = arena_printf(ctx, "/%llu", (unsigned long long)off);
    } else {
      hname[i] = arena_printf(ctx, "%s/", n);
    }
  }

  // Where members start, now that the sizes before them are known.
  u64 isize = 0;
  if (spec->index != AR_NO_INDEX) {
    isize = w + (u64)spec->nsyms * w;
    for (u32 i = 0; i < spec->nsyms; i++)
      isize += strlen(spec->syms[i].sym) + 1;
  }
  u64 pos = 8;
  if (spec->index != AR_NO_INDEX)
    pos += 60 + align_up(isize, 2);
  if (ln.len)
    pos += 60 + align_up(ln.len, 2);
  for (u32 i = 0; i < spec->nmembers; i++) {
    t.member_off[i] = pos;
    pos += 60 + (spec->thin ? 0 : align_up(spec->members[i].size, 2));
  }

  struct bytes b = {0};
  bytes_put(&b, spec->thin ? "!<thin>\n" : "!<arch>\n", 8);
  if (spec->index != AR_NO_INDEX) {
    u8 *body = arena_alloc(ctx, isize);
    u64 p = 0;
    for (u32 k = 0; k < w; k++)
      body[p++] = (u64)spec->nsyms >> (8 * (w - 1 - k));
    for (u32 i = 0; i < spec->nsyms; i++) {
      u64 off = t.member_off[spec->syms[i].member];
      for (u32 k = 0; k < w; k++)
        body[p++] = off >> (8 * (w - 1 - k));
    }
    for (u32 i = 0; i < spec->nsyms; i++) {
      u64 n = strlen(spec->syms[i].sym) + 1;
      memcpy(body + p, spec->syms[i].sym, n);
      p += n;
    }
    t.index_off = ar_member(&b, spec->index == AR_INDEX64 ? "/SYM64/" : "/",
                            body, isize, isize);
  }
  if (ln.len)
    t.longnames_off = ar_member(&b, "//", ln.p, ln.len, ln.len);
  for (u32 i = 0; i < spec->nmembers; i++) {
    const struct tmember *m = &spec->members[i];
    u64 off = ar_member(&b, hname[i], spec->thin ? NULL : m->data, m->size,
                        m->size);
    ck_assert_uint_eq(off, t.member_off[i]);
  }
  t.data = b.p;
  t.size = b.len;
  return t;
}

// A mapping of bytes in memory, as map_file() would make for a file.
static inline struct mapping *mem_mapping(const char *path, const void *data,
                                          u64 size) {
  struct mapping *m = arena_alloc(ctx, sizeof(*m));
  m->path = path;
  m->data = data;
  m->size = size;
  return m;
}

// Writes bytes to path, failing the test if that is not possible.
static inline void write_file(const char *path, const void *data, u64 size) {
  FILE *fp = fopen(path, "wb");
  ck_assert_msg(fp != NULL, "cannot create %s", path);
  ck_assert(fwrite(data, 1, size, fp) == size);
  ck_assert(fclose(fp) == 0);
}

// A fresh directory for a test's files.
static inline const char *temp_dir(void) {
  const char *tmp = getenv("TMPDIR");
  char *dir = arena_printf(ctx, "%s/mld-check-XXXXXX", tmp ? tmp : "/tmp");
  ck_assert_msg(mkdtemp(dir) != NULL, "cannot create %s", dir);
  return dir;
}

#endif
