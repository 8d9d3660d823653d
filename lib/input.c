// input.c: mapping input files and finding libraries.
//
// Every input file is mapped read-only exactly once.  Files are identified
// by (st_dev, st_ino), so `-lc` given twice, or one archive reached through
// two paths, shares one mapping and one parsed archive.  read_inputs()
// turns the command line into a list of entries (objects, archives, group
// markers) that resolve_symbols() walks left to right.

#include "mld.h"

#include <errno.h>
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

struct mapping *map_file(struct ctx *ctx, const char *path, bool must_exist) {
  int fd = open(path, O_RDONLY | O_CLOEXEC);
  if (fd < 0) {
    if (must_exist)
      error(ctx, "cannot open %s: %s", path, strerror(errno));
    return NULL;
  }
  struct stat st;
  if (fstat(fd, &st) < 0) {
    error(ctx, "cannot stat %s: %s", path, strerror(errno));
    close(fd);
    return NULL;
  }
  if (S_ISDIR(st.st_mode)) {
    error(ctx, "%s: is a directory", path);
    close(fd);
    return NULL;
  }
  struct mapping **slot = map_slot(ctx, st.st_dev, st.st_ino);
  if (*slot) {
    close(fd);
    return *slot;
  }
  struct mapping *m = arena_alloc(ctx, sizeof(*m));
  m->path = arena_strdup(ctx, path);
  m->dev = st.st_dev;
  m->ino = st.st_ino;
  m->size = st.st_size;
  if (st.st_size > 0) {
    void *p = mmap(NULL, st.st_size, PROT_READ, MAP_PRIVATE, fd, 0);
    if (p == MAP_FAILED) {
      error(ctx, "cannot map %s: %s", path, strerror(errno));
      close(fd);
      return NULL;
    }
    m->data = p;
  }
  close(fd);
  vec_push(ctx, &ctx->mappings, m);
  *map_slot(ctx, m->dev, m->ino) = m;
  return m;
}

static bool file_exists(const char *path) {
  struct stat st;
  return stat(path, &st) == 0 && S_ISREG(st.st_mode);
}

// Paths given as "=/dir" or "$SYSROOT/dir" are relative to --sysroot.
static const char *sysroot_path(struct ctx *ctx, const char *dir) {
  const char *root = ctx->cfg.sysroot ? ctx->cfg.sysroot : "";
  if (dir[0] == '=')
    return arena_printf(ctx, "%s%s", root, dir + 1);
  if (!strncmp(dir, "$SYSROOT", 8))
    return arena_printf(ctx, "%s%s", root, dir + 8);
  return dir;
}

// -lNAME finds libNAME.a along the -L paths in order (static links only);
// -l:FILE finds FILE.
const char *find_library(struct ctx *ctx, const char *name) {
  for (u32 i = 0; i < ctx->cfg.lib_paths.len; i++) {
    const char *dir = sysroot_path(ctx, ctx->cfg.lib_paths.v[i]);
    const char *path = name[0] == ':'
                           ? arena_printf(ctx, "%s/%s", dir, name + 1)
                           : arena_printf(ctx, "%s/lib%s.a", dir, name);
    if (file_exists(path))
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
  vec_push(ctx, &ctx->entries, e);
}

static bool is_text(const u8 *p, u64 n) {
  for (u64 i = 0; i < n && i < 256; i++)
    if (p[i] == 0)
      return false;
  return n > 0;
}

void add_group_marker(struct ctx *ctx, bool start) {
  add_entry(ctx, start ? E_GROUP_START : E_GROUP_END, NULL, NULL, false);
}

void add_library(struct ctx *ctx, const char *name, bool whole, int depth) {
  const char *path = find_library(ctx, name);
  if (!path)
    error(ctx, "cannot find -l%s", name);
  else
    add_file(ctx, path, whole, path, depth);
}

void add_file(struct ctx *ctx, const char *path, bool whole,
              const char *shown, int depth) {
  struct mapping *m = map_file(ctx, path, true);
  if (!m)
    return;
  // As in GNU ld, an object named twice is linked twice (its strong
  // symbols then clash), and an archive named twice is scanned again at
  // its second position.
  if (m->ar) {
    add_entry(ctx, E_ARCHIVE, NULL, m->ar, whole);
    return;
  }
  if (m->size >= 8 && (!memcmp(m->data, "!<arch>\n", 8) ||
                       !memcmp(m->data, "!<thin>\n", 8))) {
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
    if (parse_object(ctx, f))
      add_entry(ctx, E_OBJECT, f, NULL, false);
    return;
  }
  if (is_text(m->data, m->size))
    read_input_script(ctx, m, whole, depth);
  else
    error(ctx, "%s: file format not recognized", shown);
}

void read_inputs(struct ctx *ctx) {
  bool whole = false;
  for (u32 i = 0; i < ctx->cfg.inputs.len; i++) {
    struct input_spec *in = ctx->cfg.inputs.v[i];
    switch (in->kind) {
    case IN_FILE:
      add_file(ctx, in->arg, whole, in->arg, 0);
      break;
    case IN_LIB:
      add_library(ctx, in->arg, whole, 0);
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
    }
  }
  if (!ctx->entries.len && !ctx->errors)
    error(ctx, "no input files");
}

// Unmaps every input; only for programs that link more than once in one
// process (mld itself exits instead).
void release_inputs(struct ctx *ctx) {
  for (u32 i = 0; i < ctx->mappings.len; i++) {
    struct mapping *m = ctx->mappings.v[i];
    if (m->data)
      munmap((void *)m->data, m->size);
    m->data = NULL;
  }
  ctx->mappings.len = 0;
}
