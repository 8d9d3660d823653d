// intern.c: the names the link will meet, interned on all threads before
// resolution (symbols.c) meets them in order, one file at a time.

#include "mld.h"

#include <string.h>

// intern_symbols: the global names of every object on the command line,
// and the names of every archive's index, go into the table on all
// threads before the link meets them in order.  Each thread takes
// symbols from a pool of its own, refilled from its arena, on a cache
// line of its own (two threads writing one line would pass it back and
// forth at every name), and counts the symbols it made there.
// add_file_symbols then finds an object's in f->globals, an archive scan
// an entry's in ar->entry_syms, and the names join GNU ld's order
// (struct symbol's seq) only as the link meets them: until then lookups
// do not find them.
enum { POOL_SYMBOLS = 2048 };

struct intern_pool {
  _Alignas(64) struct symbol *next, *end, *spare;
  u64 made;                    // symbols new to the table
};

struct intern_job {
  struct objfile **files;
  u32 nfiles;
  struct archive **archives;   // items nfiles and after
  u64 *counts;                 // per file: defined << 32 | undefined
  struct intern_pool *pools;   // per thread
};

// The global symbols a pass over the names would intern: add_file_symbols
// reports the others and skips them.
static bool internable(struct objfile *f, const struct esym *s) {
  return s->st_name < f->strtab_size && ELF64_ST_BIND(s->st_info) != STB_LOCAL;
}

static void count_file_globals(struct ctx *ctx, void *arg, u32 k) {
  (void)ctx;
  struct intern_job *j = arg;
  struct objfile *f = j->files[k];
  u64 def = 0, undef = 0;
  for (u32 i = f->first_global; i < f->nsyms; i++) {
    struct esym s;
    read_sym(f, i, &s);
    if (!internable(f, &s))
      continue;
    if (s.st_shndx == SHN_UNDEF)
      undef++;
    else
      def++;
  }
  j->counts[k] = def << 32 | undef;
}

static struct symbol *intern_shared(struct ctx *ctx, struct intern_pool *pool,
                                    const char *name, u32 len) {
  if (!pool->spare) {
    if (pool->next == pool->end) {
      pool->next = arena_alloc(ctx, POOL_SYMBOLS * sizeof(struct symbol));
      pool->end = pool->next + POOL_SYMBOLS;
    }
    pool->spare = pool->next++;
  }
  struct symbol *s = table_intern_shared(ctx, &ctx->symbols, name,
                                         sym_key_len(ctx, name, len),
                                         &pool->spare);
  pool->made += !pool->spare;
  return s;
}

static void intern_file(struct ctx *ctx, struct intern_job *j, u32 k) {
  struct objfile *f = j->files[k];
  struct intern_pool *pool = &j->pools[worker_index()];
  for (u32 i = f->first_global; i < f->nsyms; i++) {
    struct esym s;
    read_sym(f, i, &s);
    if (!internable(f, &s))
      continue;
    const char *name = f->strtab + s.st_name;
    f->globals[i - f->first_global] =
        intern_shared(ctx, pool, name, strlen(name));
  }
}

// An archive's index: each entry's symbol, then the entries' chains by
// symbol (archive.c), made here on the archive's thread.
static void intern_archive(struct ctx *ctx, struct intern_job *j, u32 k) {
  struct archive *ar = j->archives[k];
  struct intern_pool *pool = &j->pools[worker_index()];
  struct symbol **syms =
      arena_alloc(ctx, (u64)ar->nsyms * sizeof(struct symbol *));
  const char *name = ar->names;
  for (u32 e = 0; e < ar->nsyms; e++) {
    u32 len = strlen(name);
    syms[e] = intern_shared(ctx, pool, name, len);
    name += len + 1;
  }
  ar->entry_syms = syms;
  archive_index_symbols(ctx, ar);
}

static void intern_item(struct ctx *ctx, void *arg, u32 k) {
  struct intern_job *j = arg;
  if (k < j->nfiles)
    intern_file(ctx, j, k);
  else
    intern_archive(ctx, j, k - j->nfiles);
}

// Room in the table for what archive members will define: their
// indexes' names (members join one at a time, and growing the table
// rehashes every name).  The archives not counted before go to ARCHIVES.
static u64 archive_names(struct ctx *ctx, struct vec *archives) {
  u64 n = 0;
  for (u32 i = 0; i < ctx->entries.len; i++) {
    struct input_entry *e = ctx->entries.v[i];
    if (e->kind == E_ARCHIVE && !e->ar->counted) {
      e->ar->counted = true;
      n += e->ar->nsyms;
      if (e->ar->nsyms)
        vec_push(ctx, archives, e->ar);
    }
  }
  return n;
}

void intern_symbols(struct ctx *ctx) {
  struct vec archives = {0};
  u64 members = archive_names(ctx, &archives);
  // --wrap renames undefined references as they are read: the names
  // to intern are not the files' own.
  if (ctx->cfg.wrap.len) {
    table_reserve(ctx, &ctx->symbols, members, 0);
    return;
  }
  struct vec files = {0};
  for (u32 i = 0; i < ctx->entries.len; i++) {
    struct input_entry *e = ctx->entries.v[i];
    struct objfile *f = e->obj;
    if (e->kind != E_OBJECT || f->globals || f->nsyms <= f->first_global)
      continue;
    f->globals = arena_alloc(ctx, (u64)(f->nsyms - f->first_global) *
                                      sizeof(struct symbol *));
    vec_push(ctx, &files, f);
  }
  if (!files.len && !archives.len) {
    table_reserve(ctx, &ctx->symbols, members, 0);
    return;
  }
  struct intern_job j = {(struct objfile **)files.v, files.len,
                         (struct archive **)archives.v, NULL, NULL};
  j.counts = arena_alloc(ctx, (u64)files.len * sizeof(u64) + 1);
  u32 nthreads = thread_count(ctx);
  j.pools = (struct intern_pool *)align_up(
      (uintptr_t)arena_alloc(ctx, (u64)(nthreads + 1) * sizeof(*j.pools)),
      _Alignof(struct intern_pool));
  parallel_for(ctx, files.len, count_file_globals, &j);
  // Room for every definition and a quarter as many names only referred
  // to, never less than one slot more than all names (so that a probe
  // always ends); table_intern grows it afterwards if need be.
  u64 def = 0, undef = 0;
  for (u32 k = 0; k < files.len; k++) {
    def += j.counts[k] >> 32;
    undef += (u32)j.counts[k];
  }
  u64 want = def + undef / 4;
  if (want * 4 / 3 < def + undef + 1)
    want = (def + undef + 1) * 3 / 4;
  table_reserve(ctx, &ctx->symbols, want + members, def + undef + members);
  parallel_for(ctx, files.len + archives.len, intern_item, &j);
  for (u32 t = 0; t < nthreads; t++)
    ctx->symbols.count += j.pools[t].made;
}

// The globals member F, extracted for entry k (symbols.c), defines, as
// its archive's index lists them: its entries are k's neighbours of the
// same offset, in the order of F's symbol table (as ar writes them), and
// intern_symbols interned each.  add_file_symbols then looks none of them
// up; a name the index lists out of that order is left for it to look up.
void globals_from_index(struct ctx *ctx, struct archive *ar, u32 k,
                        struct objfile *f) {
  if (f->nsyms <= f->first_global)
    return;
  u64 off = archive_index_offset(ar, k);
  u32 e = k, end = k + 1;
  while (e && archive_index_offset(ar, e - 1) == off)
    e--;
  while (end < ar->nsyms && archive_index_offset(ar, end) == off)
    end++;
  f->globals = arena_alloc(ctx, (u64)(f->nsyms - f->first_global) *
                                    sizeof(struct symbol *));
  for (u32 i = f->first_global; i < f->nsyms && e < end; i++) {
    struct esym s;
    read_sym(f, i, &s);
    if (!internable(f, &s) || s.st_shndx == SHN_UNDEF)
      continue;
    const char *name = f->strtab + s.st_name;
    u32 len = sym_key_len(ctx, name, strlen(name));
    struct symbol *sym = ar->entry_syms[e];
    if (sym->namelen == len && !memcmp(sym->name, name, len)) {
      f->globals[i - f->first_global] = sym;
      e++;
    }
  }
}
