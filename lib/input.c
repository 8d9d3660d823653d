// input.c: mapping input files and finding libraries.
//
// Every input file is mapped read-only exactly once.  Files are identified
// by (st_dev, st_ino), so `-lc` given twice, or one archive reached through
// two paths, shares one mapping and one parsed archive.  read_inputs()
// turns the command line into a list of entries (objects, archives, group
// markers) that resolve_symbols() walks left to right.

#include "mld.h"

#include <errno.h>
#include <stdlib.h>
#include <fcntl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

// The slot for (dev, ino) in the table of mappings, grown as needed.
static struct mapping **map_slot(struct ctx *ctx, dev_t dev, ino_t ino) {
  if ((ctx->mappings.len + 1) * 2 > ctx->map_mask) {
    u32 cap = ctx->map_mask ? (ctx->map_mask + 1) * 2 : 256;
    struct mapping **slots = arena_alloc(ctx, (u64)cap * sizeof(*slots));
    for (u32 i = 0; i < ctx->mappings.len; i++) {
      struct mapping *m = ctx->mappings.v[i];
      u32 j = hash_name((const char *)&m->ino, sizeof(m->ino)) & (cap - 1);
      while (slots[j])
        j = (j + 1) & (cap - 1);
      slots[j] = m;
    }
    ctx->map_slots = slots;
    ctx->map_mask = cap - 1;
  }
  u32 j = hash_name((const char *)&ino, sizeof(ino)) & ctx->map_mask;
  while (ctx->map_slots[j] &&
         !(ctx->map_slots[j]->dev == dev && ctx->map_slots[j]->ino == ino))
    j = (j + 1) & ctx->map_mask;
  return &ctx->map_slots[j];
}

// The file's bytes copied so that they end where a PROT_NONE page begins
// (ctx->guard_inputs).  NULL with errno set if that cannot be done.
static void *map_guarded(int fd, u64 size, struct mapping *m) {
  u64 page = sysconf(_SC_PAGESIZE);
  u64 span = align_up(size, page);
  u8 *base = mmap(NULL, span + page, PROT_READ | PROT_WRITE,
                  MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  if (base == MAP_FAILED)
    return NULL;
  m->map_base = base;
  m->map_len = span + page;
  u8 *data = base + (span - size);
  for (u64 done = 0; done < size;) {
    ssize_t n = pread(fd, data + done, size - done, done);
    if (n <= 0) {
      if (n == 0)
        errno = EIO;
      munmap(base, span + page);
      return NULL;
    }
    done += n;
  }
  mprotect(base, span, PROT_READ);
  mprotect(base + span, page, PROT_NONE);
  return data;
}

// A pipe, a character device or another file that cannot be mapped
// (`-T /dev/stdin`, `<(...)`): read to its end into anonymous memory, as
// GNU ld reads it.  NULL with errno set on failure.
static void *read_stream(int fd, struct mapping *m) {
  u64 cap = 1 << 16, len = 0;
  u8 *buf = mmap(NULL, cap, PROT_READ | PROT_WRITE,
                 MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  if (buf == MAP_FAILED)
    return NULL;
  for (;;) {
    if (len == cap) {
      u8 *bigger = mmap(NULL, cap * 2, PROT_READ | PROT_WRITE,
                        MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
      if (bigger == MAP_FAILED) {
        munmap(buf, cap);
        return NULL;
      }
      memcpy(bigger, buf, len);
      munmap(buf, cap);
      buf = bigger;
      cap *= 2;
    }
    ssize_t n = read(fd, buf + len, cap - len);
    if (n < 0 && errno == EINTR)
      continue;
    if (n < 0) {
      int e = errno;
      munmap(buf, cap);
      errno = e;
      return NULL;
    }
    if (n == 0)
      break;
    len += n;
  }
  m->map_base = buf;
  m->map_len = cap;
  m->size = len;
  return buf;
}

// Pages of a mapping the link is done with, for now: the whole pages
// inside [p, p + len) leave its memory.  File-backed pages stay in the
// page cache (a shared mapping's changes with them) and come back at the
// next access, so this is never wrong, only slower if they are read again.
void release_pages(const void *p, u64 len) {
  u64 page = sysconf(_SC_PAGESIZE);
  uintptr_t a = align_up((uintptr_t)p, page);
  uintptr_t b = ((uintptr_t)p + len) & ~(uintptr_t)(page - 1);
  if (b > a)
    madvise((void *)a, b - a, MADV_DONTNEED);
}

// The same for bytes of an input, if it is big enough to be worth the
// call; never for guarded inputs, which are anonymous copies.
void release_input(struct ctx *ctx, const void *p, u64 len) {
  if (len >= RELEASE_MIN && !ctx->guard_inputs)
    release_pages(p, len);
}

// The file's bytes after HEAD bytes of writable anonymous memory, for
// -b binary (binary.c builds an object's headers there): a regular file
// is mapped in place over the end of the reservation.
static void *map_after(int fd, u64 head, struct mapping *m) {
  u8 *stream = NULL;
  if (m->stream) {
    stream = read_stream(fd, m);
    if (!stream)
      return NULL;
  }
  u8 *base = mmap(NULL, head + m->size, PROT_READ | PROT_WRITE,
                  MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  int e = errno;
  if (stream) {
    if (base != MAP_FAILED)
      memcpy(base + head, stream, m->size);
    munmap(m->map_base, m->map_len);
  } else if (base != MAP_FAILED && m->size &&
             mmap(base + head, m->size, PROT_READ, MAP_PRIVATE | MAP_FIXED,
                  fd, 0) == MAP_FAILED) {
    e = errno;
    munmap(base, head + m->size);
    base = MAP_FAILED;
  }
  errno = e;
  if (base == MAP_FAILED)
    return NULL;
  m->map_base = base;
  m->map_len = head + m->size;
  return base + head;
}

// The files the command line names are opened and mapped on all threads
// before read_inputs takes them in order: for thousands of objects, the
// system calls and the first page faults of each (its headers, see
// warm_object) are most of the time read_inputs takes.  Only regular
// files are taken ahead (never a FIFO, a device or standard input), and
// only to be mapped; whatever fails ahead is done again in order by
// map_input, where its message comes.  A file named twice is mapped twice
// ahead, and map_input keeps one mapping of it all the same.
struct premap {
  const char *path;
  struct stat st;
  void *p;                     // the mapping, NULL: none made ahead
};

// Fewer files are not worth the threads.  A file of at most
// PREMAP_WHOLE bytes is mapped whole at once (MAP_POPULATE): one system
// call where its first reads would fault, and no more of it in memory
// than a fault maps around the page it reads (the kernel's 64 KiB).
enum { PREMAP_MIN = 64, PREMAP_WHOLE = 64 << 10 };

// Its path is looked at before it is opened: opening a FIFO, even
// without waiting, would let its writer go on, and its bytes would be
// lost when it is closed again.
static void premap_one(struct ctx *ctx, void *arg, u32 i) {
  (void)ctx;
  struct premap *pm = (struct premap *)arg + i;
  struct stat st;
  if (stat(pm->path, &st) < 0 || !S_ISREG(st.st_mode))
    return;
  int fd = open(pm->path, O_RDONLY | O_CLOEXEC | O_NONBLOCK);
  if (fd < 0)
    return;
  void *p = MAP_FAILED;
  if (fstat(fd, &st) == 0 && S_ISREG(st.st_mode) && st.st_size > 0)
    p = mmap(NULL, st.st_size, PROT_READ,
             MAP_PRIVATE | (st.st_size <= PREMAP_WHOLE ? MAP_POPULATE : 0),
             fd, 0);
  close(fd);
  if (p == MAP_FAILED)
    return;
  pm->st = st;
  pm->p = p;
  warm_object(p, st.st_size);
}

// Each file read_inputs will add, in order, while -b binary is not in
// force: the IN_FILE inputs it takes with premap_take.
static bool premapped_input(struct ctx *ctx, const struct input_spec *in,
                            bool *binary) {
  if (in->kind == IN_FORMAT_BINARY || in->kind == IN_FORMAT_ELF)
    *binary = in->kind == IN_FORMAT_BINARY;
  return in->kind == IN_FILE && !*binary && !ctx->guard_inputs;
}

static void premap_inputs(struct ctx *ctx) {
  if (ctx->cfg.inputs.len < PREMAP_MIN || thread_count(ctx) < 2)
    return;
  struct premap *v = arena_alloc(ctx, ctx->cfg.inputs.len * sizeof(*v));
  bool binary = ctx->in_binary;
  u32 n = 0;
  for (u32 i = 0; i < ctx->cfg.inputs.len; i++) {
    struct input_spec *in = ctx->cfg.inputs.v[i];
    if (premapped_input(ctx, in, &binary))
      v[n++].path = sysroot_path(ctx, in->arg);
  }
  if (n < PREMAP_MIN)
    return;
  parallel_for(ctx, n, premap_one, v);
  ctx->premaps = v;
  ctx->npremaps = n;
}

// What premap_inputs made of the next file read_inputs adds, if PATH is
// that file's and it was mapped; taken once.
static struct premap *premap_take(struct ctx *ctx, const char *path) {
  if (!ctx->premap_now)
    return NULL;
  struct premap *pm = ctx->premap_now;
  ctx->premap_now = NULL;
  return pm->p && !strcmp(pm->path, path) ? pm : NULL;
}

// Mappings made ahead that no file took (read_inputs stopped early).
static void drop_premaps(struct ctx *ctx) {
  for (u32 i = 0; i < ctx->npremaps; i++)
    if (ctx->premaps[i].p)
      munmap(ctx->premaps[i].p, ctx->premaps[i].st.st_size);
  ctx->npremaps = 0;
}

// PATH opened, checked and sized: -1 (with the error given) if it cannot
// be read.
static int open_input(struct ctx *ctx, const char *path, bool must_exist,
                      struct stat *st) {
  int fd = open(path, O_RDONLY | O_CLOEXEC);
  if (fd < 0) {
    if (must_exist)
      error(ctx, "cannot open %s: %s", path, strerror(errno));
    return -1;
  }
  if (fstat(fd, st) < 0) {
    error(ctx, "cannot stat %s: %s", path, strerror(errno));
    close(fd);
    return -1;
  }
  if (S_ISDIR(st->st_mode)) {
    error(ctx, "%s: is a directory", path);
    close(fd);
    return -1;
  }
  return fd;
}

// PATH mapped (HEAD == 0: once per file, shared by every use of it), or
// after HEAD bytes of room (map_after; a mapping of its own).
static struct mapping *map_input(struct ctx *ctx, const char *path,
                                 bool must_exist, u64 head) {
  struct premap *pm = head ? NULL : premap_take(ctx, path);
  struct stat st;
  int fd = -1;
  if (pm)
    st = pm->st;
  else if ((fd = open_input(ctx, path, must_exist, &st)) < 0)
    return NULL;
  struct mapping **slot = head ? NULL : map_slot(ctx, st.st_dev, st.st_ino);
  if (slot && *slot) {
    if (pm) {
      munmap(pm->p, st.st_size);
      pm->p = NULL;
    } else {
      close(fd);
    }
    return *slot;
  }
  struct mapping *m = arena_alloc(ctx, sizeof(*m));
  m->path = arena_strdup(ctx, path);
  m->dev = st.st_dev;
  m->ino = st.st_ino;
  m->size = st.st_size;
  m->stream = !S_ISREG(st.st_mode) && !S_ISBLK(st.st_mode);
  if (pm) {
    m->data = m->map_base = pm->p;
    m->map_len = st.st_size;
    pm->p = NULL;
  } else if (head) {
    m->data = map_after(fd, head, m);
    if (!m->data) {
      error(ctx, "cannot map %s: %s", path, strerror(errno));
      close(fd);
      return NULL;
    }
  } else if (m->stream) {
    void *p = read_stream(fd, m);
    if (!p) {
      error(ctx, "cannot read %s: %s", path, strerror(errno));
      close(fd);
      return NULL;
    }
    m->data = m->size ? p : NULL;
  } else if (st.st_size > 0) {
    void *p;
    if (ctx->guard_inputs) {
      p = map_guarded(fd, st.st_size, m);
      if (!p)
        p = MAP_FAILED;
    } else {
      p = mmap(NULL, st.st_size, PROT_READ, MAP_PRIVATE, fd, 0);
      m->map_base = p;
      m->map_len = st.st_size;
    }
    if (p == MAP_FAILED) {
      error(ctx, "cannot map %s: %s", path, strerror(errno));
      close(fd);
      return NULL;
    }
    m->data = p;
  }
  if (fd >= 0)
    close(fd);
  vec_push(ctx, &ctx->mappings, m);
  if (!head)
    *map_slot(ctx, m->dev, m->ino) = m;
  return m;
}

struct mapping *map_file(struct ctx *ctx, const char *path, bool must_exist) {
  return map_input(ctx, path, must_exist, 0);
}

struct mapping *map_file_after(struct ctx *ctx, const char *path, u64 head) {
  return map_input(ctx, path, true, head);
}

bool file_exists(const char *path) {
  struct stat st;
  return stat(path, &st) == 0 && S_ISREG(st.st_mode);
}

// Paths given as "=/dir" or "$SYSROOT/dir" are relative to --sysroot.
const char *sysroot_path(struct ctx *ctx, const char *path) {
  const char *root = ctx->cfg.sysroot ? ctx->cfg.sysroot : "";
  if (path[0] == '=')
    return arena_printf(ctx, "%s%s", root, path + 1);
  if (!strncmp(path, "$SYSROOT", 8))
    return arena_printf(ctx, "%s%s", root, path + 8);
  return path;
}

// realpath(), or the path itself if that fails (as libiberty's
// lrealpath does).
static const char *real_path(struct ctx *ctx, const char *path) {
  char *r = realpath(path, NULL);
  if (!r)
    return path;
  const char *copy = arena_strdup(ctx, r);
  free(r);
  return copy;
}

// A script is inside the sysroot if its real path is below the real
// sysroot; absolute names in it then mean names under the sysroot.
bool in_sysroot(struct ctx *ctx, const char *path) {
  if (!ctx->canon_sysroot) {
    const char *root = ctx->cfg.sysroot ? ctx->cfg.sysroot : "";
    char *c = *root ? arena_strdup(ctx, real_path(ctx, root)) : "";
    u64 n = strlen(c);
    if (n && c[n - 1] == '/')
      c[n - 1] = 0;
    ctx->canon_sysroot = c;
  }
  u64 n = strlen(ctx->canon_sysroot);
  if (!n)
    return false;
  const char *r = real_path(ctx, path);
  return strlen(r) > n && r[n] == '/' && !memcmp(r, ctx->canon_sysroot, n);
}

// What GNU ld checks before it takes a file found by searching: an
// object or the first member of an archive must be for the output's
// target, and an input script's OUTPUT_FORMAT must name it; else it skips
// the file and searches on.  Before the target is known, all fit.
static bool elf_fits(struct ctx *ctx, const u8 *p, u64 size) {
  if (size < 20 || memcmp(p, ELFMAG, SELFMAG) || !ctx->arch)
    return true;
  return p[EI_CLASS] == ELFCLASS64 &&
         rd16(p + offsetof(Elf64_Ehdr, e_machine)) == ctx->arch->e_machine;
}

static bool is_archive(const struct mapping *m) {
  return m->size >= 8 && (!memcmp(m->data, "!<arch>\n", 8) ||
                          !memcmp(m->data, "!<thin>\n", 8));
}

static bool search_fits(struct ctx *ctx, const char *path, const char *want) {
  if (!file_exists(path))
    return false;
  struct mapping *m = map_file(ctx, path, false);
  if (!m)
    return true;               // add_file reports why it cannot be read
  bool fits = true;
  if (is_archive(m)) {
    u64 size;
    const u8 *first = archive_first_member(m, &size);
    fits = !first || elf_fits(ctx, first, size);
  } else if (m->size >= SELFMAG && !memcmp(m->data, ELFMAG, SELFMAG)) {
    fits = elf_fits(ctx, m->data, m->size);
  } else if (is_input_script(m->data, m->size)) {
    fits = script_output_format_matches(ctx, m);
  }
  if (!fits)
    warn_always(ctx, "skipping incompatible %s when searching for %s", path, want);
  return fits;
}

// -lNAME finds libNAME.a along the -L paths in order; after -Bdynamic,
// libNAME.so is tried first in each directory, as GNU ld does (a shared
// library found that way is then refused: mld links statically only).
// -l:FILE finds FILE.
const char *find_library(struct ctx *ctx, const char *name) {
  const char *want = arena_printf(ctx, "-l%s", name);
  for (u32 i = 0; i < ctx->cfg.lib_paths.len; i++) {
    const char *dir = sysroot_path(ctx, ctx->cfg.lib_paths.v[i]);
    if (name[0] != ':' && ctx->lib_dynamic) {
      const char *so = arena_printf(ctx, "%s/lib%s.so", dir, name);
      if (search_fits(ctx, so, want))
        return so;
    }
    const char *path = name[0] == ':'
                           ? arena_printf(ctx, "%s/%s", dir, name + 1)
                           : arena_printf(ctx, "%s/lib%s.a", dir, name);
    if (search_fits(ctx, path, want))
      return path;
  }
  return NULL;
}

// A file named in an input script, found as GNU ld finds it (ldlang.c's
// lang_add_input_file, ldfile.c's ldfile_open_file): "=" and "$SYSROOT"
// mean the sysroot; a relative name is tried in the script's directory
// `dir`, then as it is (from the current directory), then along the
// search path; an absolute one as it is, or, in a script inside the
// sysroot, under the sysroot only.  NULL if not found.
const char *find_script_input(struct ctx *ctx, const char *name,
                              const char *dir, bool sysrooted) {
  if (name[0] == '=' || !strncmp(name, "$SYSROOT", 8)) {
    name = sysroot_path(ctx, name);
    dir = NULL;
    sysrooted = false;
  }
  bool absolute = name[0] == '/';
  if (dir && !absolute) {
    const char *path = arena_printf(ctx, "%s/%s", dir, name);
    if (search_fits(ctx, path, name))
      return path;
  }
  if (absolute && sysrooted) {
    const char *path = arena_printf(ctx, "%s%s", ctx->cfg.sysroot, name);
    return search_fits(ctx, path, name) ? path : NULL;
  }
  if (search_fits(ctx, name, name))
    return name;
  if (absolute)
    return NULL;
  for (u32 i = 0; i < ctx->cfg.lib_paths.len; i++) {
    const char *ldir = sysroot_path(ctx, ctx->cfg.lib_paths.v[i]);
    const char *path = arena_printf(ctx, "%s/%s", ldir, name);
    if (search_fits(ctx, path, name))
      return path;
  }
  return NULL;
}

static void add_entry(struct ctx *ctx, enum entry_kind kind,
                      struct objfile *obj, struct archive *ar, bool whole) {
  struct input_entry *e = arena_alloc(ctx, sizeof(*e));
  e->kind = kind;
  e->whole = whole;
  e->obj = obj;
  e->ar = ar;
  e->pos = ctx->entries.len;
  vec_push(ctx, &ctx->entries, e);
}

void add_group_marker(struct ctx *ctx, bool start) {
  add_entry(ctx, start ? E_GROUP_START : E_GROUP_END, NULL, NULL, false);
}

struct input_entry *add_undef_entry(struct ctx *ctx, const char *name) {
  add_entry(ctx, E_UNDEF, NULL, NULL, false);
  struct input_entry *e = ctx->entries.v[ctx->entries.len - 1];
  e->sym = name;
  return e;
}

void add_library(struct ctx *ctx, const char *name, bool whole) {
  const char *path = find_library(ctx, name);
  if (!path)
    error(ctx, "cannot find -l%s", name);
  else
    add_file(ctx, path, whole, path);
}

void add_file(struct ctx *ctx, const char *path, bool whole,
              const char *shown) {
  if (ctx->in_binary) {
    struct objfile *f = binary_object(ctx, path, shown);
    if (f)
      add_entry(ctx, E_OBJECT, f, NULL, false);
    if (f && ctx->cfg.dependency_file)
      vec_push(ctx, &ctx->deps, (void *)path);
    return;
  }
  struct mapping *m = map_file(ctx, path, true);
  if (!m)
    return;
  if (ctx->cfg.dependency_file)
    vec_push(ctx, &ctx->deps, (void *)path);
  // As in GNU ld, an object named twice is linked twice (its strong
  // symbols then clash), and an archive named twice is scanned again at
  // its second position.
  if (m->ar) {
    add_entry(ctx, E_ARCHIVE, NULL, m->ar, whole);
    return;
  }
  if (is_archive(m)) {
    struct archive *ar = open_archive(ctx, m);
    m->ar = ar;
    if (ar)
      add_entry(ctx, E_ARCHIVE, NULL, ar, whole);
    return;
  }
  if (is_elf_object(m->data, m->size) || (m->size >= 4 &&
      !memcmp(m->data, ELFMAG, SELFMAG))) {
    struct objfile *f = new_objfile(ctx, path, m->data, m->size);
    m->obj = f;
    if (parse_object(ctx, f)) {
      lto_offer(ctx, f, path, 0);
      add_entry(ctx, E_OBJECT, f, NULL, false);
    }
    return;
  }
  if (is_input_script(m->data, m->size)) {
    // GNU ld opens a script twice (as a file, then as a script) and
    // lists it in the dependency file each time.
    if (ctx->cfg.dependency_file)
      vec_push(ctx, &ctx->deps, (void *)path);
    add_entry(ctx, E_SCRIPT, NULL, NULL, false);
    ((struct input_entry *)ctx->entries.v[ctx->entries.len - 1])->sym = shown;
    read_input_script(ctx, m, path, whole);
  }
  else
    error(ctx, "%s: file format not recognized", shown);
}

void read_inputs(struct ctx *ctx) {
  bool whole = false;
  // --push-state saves --whole-archive and -Bstatic/-Bdynamic (GNU ld's
  // --as-needed too, which has no effect without shared libraries).
  struct { bool whole, dynamic; } saved[64];
  u32 nsaved = 0, scripts = 0;
  // mld searches for archives only, but for a link gcc started as a
  // dynamic one (-dynamic-linker, no -static): there -lc finds libc.so
  // as GNU ld finds it, and object.c refuses it by name.
  ctx->lib_dynamic = ctx->cfg.dynamic_linker || ctx->cfg.interp_search_shared;
  premap_inputs(ctx);
  bool binary = ctx->in_binary;
  for (u32 i = 0; i < ctx->cfg.inputs.len; i++) {
    struct input_spec *in = ctx->cfg.inputs.v[i];
    if (ctx->premap_next < ctx->npremaps && premapped_input(ctx, in, &binary))
      ctx->premap_now = &ctx->premaps[ctx->premap_next++];
    switch (in->kind) {
    case IN_FILE:
      // "=/path" and "$SYSROOT/path" are under the sysroot here too.
      add_file(ctx, sysroot_path(ctx, in->arg), whole, in->arg);
      ctx->premap_now = NULL;
      break;
    case IN_LIB:
      add_library(ctx, in->arg, whole);
      break;
    case IN_GROUP_START:
    case IN_GROUP_END:
      add_group_marker(ctx, in->kind == IN_GROUP_START);
      break;
    case IN_WHOLE_ARCHIVE:
      whole = true;
      break;
    case IN_NO_WHOLE_ARCHIVE:
      whole = false;
      break;
    case IN_DEFSYM_REF:
      add_undef_entry(ctx, in->arg)->wrapped = true;
      break;
    case IN_BSTATIC:
    case IN_BDYNAMIC:
      ctx->lib_dynamic = in->kind == IN_BDYNAMIC;
      break;
    case IN_PUSH_STATE:
      if (nsaved == sizeof(saved) / sizeof(*saved)) {
        error(ctx, "--push-state: nested more than %u deep", nsaved);
        return;
      }
      saved[nsaved].whole = whole;
      saved[nsaved++].dynamic = ctx->lib_dynamic;
      break;
    case IN_SCRIPT:
      read_script_file(ctx, in->arg);
      add_late_defsyms(ctx, ++scripts);
      if (!ctx->script_read)
        ctx->entries_by_script = ctx->entries.len;
      ctx->script_read = true;
      break;
    case IN_FORMAT_BINARY:
    case IN_FORMAT_ELF:
      ctx->in_binary = in->kind == IN_FORMAT_BINARY;
      break;
    case IN_POP_STATE:
      if (!nsaved) {
        error(ctx, "no state pushed before popping (--pop-state)");
        return;
      }
      whole = saved[--nsaved].whole;
      ctx->lib_dynamic = saved[nsaved].dynamic;
      break;
    }
  }
  // -dT: GNU ld reads its default script once the command line is read.
  // (So it is when every -T script has INSERT: GNU ld's lang_add_insert
  // forgets the script it read.)
  if (ctx->cfg.default_script &&
      (!ctx->cfg.scripts || (ctx->script && !ctx->script->plain_scripts)))
    read_script_file(ctx, ctx->cfg.default_script);
  place_insert(ctx);          // INSERT into a later script's SECTIONS
  // Input scripts may name nothing (an empty file is an empty script);
  // --defsym's references are no input; a -T script's INPUT and GROUP
  // files are (GNU ld's lang_has_input_file).
  u32 files = 0;
  for (u32 i = 0; i < ctx->cfg.inputs.len; i++) {
    enum input_kind k = ((struct input_spec *)ctx->cfg.inputs.v[i])->kind;
    files += k == IN_FILE || k == IN_LIB;
  }
  for (u32 i = 0; !files && i < ctx->entries.len; i++) {
    enum entry_kind k = ((struct input_entry *)ctx->entries.v[i])->kind;
    files += k == E_OBJECT || k == E_ARCHIVE;
  }
  drop_premaps(ctx);
  if (!files && !ctx->errors)
    error(ctx, "no input files");
  // Only -b binary files (or none): the default emulation's machine.
  if (!ctx->arch)
    ctx->arch = &arch_x86_64;
  check_output_arch(ctx);
}

// Unmaps every input; only for programs that link more than once in one
// process (mld itself exits instead).
void release_inputs(struct ctx *ctx) {
  for (u32 i = 0; i < ctx->mappings.len; i++) {
    struct mapping *m = ctx->mappings.v[i];
    if (m->data)
      munmap(m->map_base, m->map_len);
    m->data = NULL;
  }
  ctx->mappings.len = 0;
}

// --dependency-file=FILE: a make rule "OUTPUT: INPUT..." naming every
// file read as input, in the order read, then an empty rule for each (so
// make does not fail when one is gone), as GNU ld writes it.
void write_dependency_file(struct ctx *ctx) {
  const char *path = ctx->cfg.dependency_file;
  if (!path)
    return;
  FILE *fp = fopen(path, "w");
  if (!fp) {
    error(ctx, "cannot open dependency file %s: %s", path, strerror(errno));
    return;
  }
  fprintf(fp, "%s:", ctx->cfg.output);
  for (u32 i = 0; i < ctx->deps.len; i++)
    fprintf(fp, " \\\n  %s", (const char *)ctx->deps.v[i]);
  fputc('\n', fp);
  for (u32 i = 0; i < ctx->deps.len; i++)
    fprintf(fp, "\n%s:\n", (const char *)ctx->deps.v[i]);
  close_report(ctx, fp, "dependency file", path);
}
