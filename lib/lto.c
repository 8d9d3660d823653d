// lto.c: link-time optimization through the compiler's linker plugin.
//
// gcc passes `-plugin liblto_plugin.so -plugin-opt=...` to every link.
// An object that holds GIMPLE bytecode (its sections start .gnu.lto_) is
// offered to the plugin, which claims it and tells the linker its
// symbols (add_symbols).  mld makes a small ELF object of those symbols
// (lto_symbols_object below) that stands for the file during resolution,
// so archives, COMMON, COMDAT groups and duplicates work as for any
// object.  Once every file is read (and archives scanned), the plugin
// asks how each of its symbols was resolved (get_symbols: GNU ld's
// rules, ld/plugin.c), compiles the bytecode into real objects and adds
// them (add_input_file; its -pass-through libraries with
// add_input_library).  They join the link where GNU ld puts them, after
// the first claimed object; their definitions replace the bytecode's,
// and the archives from that point on are scanned again for what the new
// code needs.  The claimed files then leave the link.
//
// The plugin is loaded (dlopen) when the first bytecode object is met,
// so a link without one costs nothing; gcc's plugin claims nothing else.
// It speaks the plugin interface of GNU ld 2.40 (the same transfer
// vector: GET_SYMBOLS v1 and v2, no section ordering).

#include "mld.h"

#include <dlfcn.h>
#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdlib.h>
#include <unistd.h>

// The plugin interface (GCC and binutils' plugin-api.h), as much of it
// as GNU ld 2.40 offers.
enum ldps { LDPS_OK, LDPS_NO_SYMS, LDPS_BAD_HANDLE, LDPS_ERR };
enum { LDPO_REL, LDPO_EXEC, LDPO_DYN, LDPO_PIE };
enum { LDPK_DEF, LDPK_WEAKDEF, LDPK_UNDEF, LDPK_WEAKUNDEF, LDPK_COMMON };
enum { LDPV_DEFAULT, LDPV_PROTECTED, LDPV_INTERNAL, LDPV_HIDDEN };
enum { LDPL_INFO, LDPL_WARNING, LDPL_ERROR, LDPL_FATAL };
enum {
  LDPR_UNKNOWN, LDPR_UNDEF, LDPR_PREVAILING_DEF, LDPR_PREVAILING_DEF_IRONLY,
  LDPR_PREEMPTED_REG, LDPR_PREEMPTED_IR, LDPR_RESOLVED_IR,
  LDPR_RESOLVED_EXEC, LDPR_RESOLVED_DYN, LDPR_PREVAILING_DEF_IRONLY_EXP,
};
enum ldpt {
  LDPT_NULL = 0, LDPT_API_VERSION = 1, LDPT_LINKER_OUTPUT = 3,
  LDPT_OPTION = 4, LDPT_REGISTER_CLAIM_FILE_HOOK = 5,
  LDPT_REGISTER_ALL_SYMBOLS_READ_HOOK = 6, LDPT_REGISTER_CLEANUP_HOOK = 7,
  LDPT_ADD_SYMBOLS = 8, LDPT_GET_SYMBOLS = 9, LDPT_ADD_INPUT_FILE = 10,
  LDPT_MESSAGE = 11, LDPT_GET_INPUT_FILE = 12, LDPT_RELEASE_INPUT_FILE = 13,
  LDPT_ADD_INPUT_LIBRARY = 14, LDPT_OUTPUT_NAME = 15,
  LDPT_SET_EXTRA_LIBRARY_PATH = 16, LDPT_GNU_LD_VERSION = 17,
  LDPT_GET_VIEW = 18, LDPT_GET_SYMBOLS_V2 = 25,
};

struct ld_plugin_input_file {
  const char *name;
  int fd;
  off_t offset;
  off_t filesize;
  void *handle;
};

struct ld_plugin_symbol {
  char *name;
  char *version;
  char def;                    // little-endian order of the old int def
  char symbol_type;
  char section_kind;
  char unused;
  int visibility;
  uint64_t size;
  char *comdat_key;
  int resolution;
};

typedef int claim_fn(const struct ld_plugin_input_file *, int *);
typedef int hook_fn(void);

struct ld_plugin_tv {
  int tag;
  union {
    int val;
    const char *string;
    void *fn;
  } u;
};

typedef int onload_fn(struct ld_plugin_tv *);

// The link the plugin works for: its callbacks carry no context.
static struct ctx *lto_ctx;

struct lto {
  void *dl;
  claim_fn *claim;
  hook_fn *all_read;
  struct objfile *claiming;    // the file claim_file is looking at
  struct vec claimed;          // struct objfile *, in the order claimed
  struct vec added;            // const char *: the files it added
  bool done;                   // all_symbols_read returned
};

static struct lto *lto_of(struct ctx *ctx) {
  if (!ctx->lto)
    ctx->lto = arena_alloc(ctx, sizeof(struct lto));
  return ctx->lto;
}

// Whether F holds GCC's bytecode: a section whose name starts .gnu.lto_
// (a slim object has nothing else; a fat one has code too).
static bool has_bytecode(struct objfile *f) {
  for (u32 i = 1; i < f->shnum; i++)
    if (starts(section_name(f, i), ".gnu.lto_"))
      return true;
  return false;
}

// -r with the plugin and bytecode, which mld passes through: a
// member that only the plugin's symbol table defines would not be
// extracted, and a final LTO link of bytecode beside real code would
// keep only the bytecode (GNU ld compiles them into real code then).
void check_relocatable_bytecode(struct ctx *ctx) {
  if (!ctx->r_bytecode)
    return;
  for (u32 i = 0; i < ctx->entries.len; i++) {
    struct input_entry *e = ctx->entries.v[i];
    if (e->kind == E_ARCHIVE)
      fatal(ctx, "%s: an archive in a relocatable link (-r) of LTO "
            "bytecode with the plugin: not supported", e->ar->name);
  }
  for (u32 i = 0; i < ctx->objs.len; i++) {
    struct objfile *f = ctx->objs.v[i];
    if (!has_bytecode(f))
      fatal(ctx, "%s: an object without LTO bytecode in a relocatable "
            "link (-r) of bytecode with the plugin: not supported",
            f->name);
  }
}

static void plugin_message(struct ctx *ctx, int level, const char *fmt,
                           va_list ap) {
  char buf[1024];
  vsnprintf(buf, sizeof(buf), fmt, ap);
  if (level == LDPL_INFO)
    printf("%s\n", buf);
  else if (level == LDPL_WARNING)
    warn(ctx, "%s", buf);
  else if (level == LDPL_ERROR)
    error(ctx, "%s", buf);
  else
    fatal(ctx, "%s", buf);
}

static int cb_message(int level, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  if (lto_ctx) {
    plugin_message(lto_ctx, level, fmt, ap);
  } else {                     // at exit (the cleanup hook)
    fputs("mld: ", stderr);
    vfprintf(stderr, fmt, ap);
    fputc('\n', stderr);
  }
  va_end(ap);
  return LDPS_OK;
}

static int cb_register_claim(claim_fn *fn) {
  lto_of(lto_ctx)->claim = fn;
  return LDPS_OK;
}

static int cb_register_all_read(hook_fn *fn) {
  lto_of(lto_ctx)->all_read = fn;
  return LDPS_OK;
}

// The plugin's cleanup hook, run at exit, when the link's memory may be
// gone, or before a forked link tells the caller it is done (ld/main.c).
static hook_fn *cleanup_hook;

static int cb_register_cleanup(hook_fn *fn) {
  cleanup_hook = fn;
  return LDPS_OK;
}

static int cb_add_symbols(void *handle, int n,
                          const struct ld_plugin_symbol *syms);
static int get_symbols(const void *handle, int n,
                       struct ld_plugin_symbol *syms);
static int get_symbols_v2(const void *handle, int n,
                          struct ld_plugin_symbol *syms);

static int cb_add_input_file(const char *path) {
  vec_push(lto_ctx, &lto_of(lto_ctx)->added, arena_strdup(lto_ctx, path));
  return LDPS_OK;
}

// gcc's plugin adds its -pass-through libraries (-lgcc, -lc, for linkers
// that do not scan archives again); GNU ld 2.40 loads nothing from them
// (what the compiled code needs comes from link_bytecode's rescan), and
// neither does mld.
static int cb_add_input_library(const char *name) {
  (void)name;
  return LDPS_OK;
}

static int cb_set_extra_library_path(const char *dir) {
  vec_push(lto_ctx, &lto_ctx->cfg.lib_paths, arena_strdup(lto_ctx, dir));
  return LDPS_OK;
}

// GNU ld offers these; gcc's plugin does not call them, and mld keeps no
// file descriptor open to hand out.
static int cb_get_input_file(const void *handle, void *file) {
  (void)handle, (void)file;
  return LDPS_ERR;
}

static int cb_release_input_file(const void *handle) {
  (void)handle;
  return LDPS_ERR;
}

static int cb_get_view(const void *handle, const void **view) {
  (void)handle, (void)view;
  return LDPS_ERR;
}

void lto_cleanup(void) {
  hook_fn *fn = cleanup_hook;
  cleanup_hook = NULL;
  lto_ctx = NULL;
  if (fn)
    fn();
}

// dlopen and onload, with the transfer vector GNU ld 2.40 gives.
static bool load_plugin(struct ctx *ctx) {
  struct lto *l = lto_of(ctx);
  if (l->dl)
    return true;
  const char *path = ctx->cfg.plugin;
  l->dl = dlopen(path, RTLD_NOW | RTLD_LOCAL);
  if (!l->dl) {
    fatal(ctx, "%s: error loading plugin: %s", path, dlerror());
    return false;
  }
  onload_fn *onload = (onload_fn *)dlsym(l->dl, "onload");
  if (!onload)
    fatal(ctx, "%s: not a linker plugin (no onload function)", path);
  lto_ctx = ctx;
  struct config *c = &ctx->cfg;
  u32 n = 17 + c->plugin_opts.len + 1, k = 0;
  struct ld_plugin_tv *tv = arena_alloc(ctx, n * sizeof(*tv));
#define TV(t, field, v) tv[k].tag = t, tv[k++].u.field = v
  TV(LDPT_MESSAGE, fn, (void *)cb_message);
  TV(LDPT_API_VERSION, val, 1);
  TV(LDPT_GNU_LD_VERSION, val, 240);
  TV(LDPT_LINKER_OUTPUT, val, c->relocatable ? LDPO_REL
                              : c->pie ? LDPO_PIE : LDPO_EXEC);
  TV(LDPT_OUTPUT_NAME, string, c->output);
  TV(LDPT_REGISTER_CLAIM_FILE_HOOK, fn, (void *)cb_register_claim);
  TV(LDPT_REGISTER_ALL_SYMBOLS_READ_HOOK, fn, (void *)cb_register_all_read);
  TV(LDPT_REGISTER_CLEANUP_HOOK, fn, (void *)cb_register_cleanup);
  TV(LDPT_ADD_SYMBOLS, fn, (void *)cb_add_symbols);
  TV(LDPT_GET_INPUT_FILE, fn, (void *)cb_get_input_file);
  TV(LDPT_GET_VIEW, fn, (void *)cb_get_view);
  TV(LDPT_RELEASE_INPUT_FILE, fn, (void *)cb_release_input_file);
  TV(LDPT_GET_SYMBOLS, fn, (void *)get_symbols);
  TV(LDPT_GET_SYMBOLS_V2, fn, (void *)get_symbols_v2);
  TV(LDPT_ADD_INPUT_FILE, fn, (void *)cb_add_input_file);
  TV(LDPT_ADD_INPUT_LIBRARY, fn, (void *)cb_add_input_library);
  TV(LDPT_SET_EXTRA_LIBRARY_PATH, fn, (void *)cb_set_extra_library_path);
  for (u32 i = 0; i < c->plugin_opts.len; i++)
    TV(LDPT_OPTION, string, c->plugin_opts.v[i]);
  TV(LDPT_NULL, val, 0);
#undef TV
  if (onload(tv) != LDPS_OK)
    fatal(ctx, "%s: plugin error: onload failed", path);
  // The plugin's temporary files go when mld exits, whatever the exit.
  atexit(lto_cleanup);
  return true;
}

// The ELF object that stands for claimed file F: its symbols as the
// plugin gave them, definitions in one empty section, or, with a COMDAT
// key, in an empty member of a COMDAT group of that name (GNU ld uses a
// .gnu.linkonce section per key; both mean "keep the first").
enum { LTO_SYMTAB = 1, LTO_STRTAB, LTO_SHSTRTAB, LTO_DEFS, LTO_FIXED };
static const char lto_shstrtab[] =
    "\0.symtab\0.strtab\0.shstrtab\0.gnu.lto_defs\0.group\0.gnu.lto_comdat";
enum { N_SYMTAB = 1, N_STRTAB = 9, N_SHSTRTAB = 17, N_DEFS = 27,
       N_GROUP = 41, N_COMDAT = 48 };

static u8 plugin_visibility(int v) {
  return v == LDPV_PROTECTED ? STV_PROTECTED
         : v == LDPV_INTERNAL ? STV_INTERNAL
         : v == LDPV_HIDDEN   ? STV_HIDDEN
                              : STV_DEFAULT;
}

static bool lto_symbols_object(struct ctx *ctx, struct objfile *f, int n,
                               const struct ld_plugin_symbol *syms) {
  // The distinct COMDAT keys of definitions, each a group of its own.
  const char **keys = arena_alloc(ctx, (u64)n * sizeof(*keys) + 1);
  u32 *key_of = arena_alloc(ctx, (u64)n * sizeof(*key_of) + 1);
  u32 nkeys = 0;
  u64 strsize = 1;
  for (int i = 0; i < n; i++) {
    const struct ld_plugin_symbol *s = &syms[i];
    if (s->def < LDPK_DEF || s->def > LDPK_COMMON || !s->name) {
      error(ctx, "%s: the LTO plugin gave symbol %d a bad kind %d", f->name,
            i, s->def);
      return false;
    }
    strsize += strlen(s->name) + 1 + (s->version ? strlen(s->version) + 1 : 0);
    key_of[i] = 0;
    if ((s->def == LDPK_DEF || s->def == LDPK_WEAKDEF) && s->comdat_key) {
      u32 k = 0;
      while (k < nkeys && strcmp(keys[k], s->comdat_key))
        k++;
      if (k == nkeys) {
        keys[nkeys++] = s->comdat_key;
        strsize += strlen(s->comdat_key) + 1;
      }
      key_of[i] = k + 1;
    }
  }
  u32 shnum = LTO_FIXED + 2 * nkeys;
  u32 nsyms = 1 + nkeys + n;
  u64 shoff = sizeof(Elf64_Ehdr);
  u64 symoff = shoff + (u64)shnum * sizeof(Elf64_Shdr);
  u64 stroff = symoff + (u64)nsyms * sizeof(Elf64_Sym);
  u64 shstroff = stroff + strsize;
  u64 groupoff = align_up(shstroff + sizeof(lto_shstrtab), 4);
  u64 size = groupoff + (u64)nkeys * 8;
  u8 *d = arena_alloc(ctx, size);
  wr_ehdr_common(d, ET_REL, rd16(f->data + offsetof(Elf64_Ehdr, e_machine)),
                 shoff, false);
  wr16(d + offsetof(Elf64_Ehdr, e_shnum), shnum);
  wr16(d + offsetof(Elf64_Ehdr, e_shstrndx), LTO_SHSTRTAB);
  const struct shdr_fields fixed[LTO_FIXED] = {
      {0},
      {N_SYMTAB, SHT_SYMTAB, 0, 0, symoff, (u64)nsyms * sizeof(Elf64_Sym),
       LTO_STRTAB, 1 + nkeys, 8, sizeof(Elf64_Sym)},
      {N_STRTAB, SHT_STRTAB, 0, 0, stroff, strsize, 0, 0, 1, 0},
      {N_SHSTRTAB, SHT_STRTAB, 0, 0, shstroff, sizeof(lto_shstrtab), 0, 0, 1,
       0},
      {N_DEFS, SHT_PROGBITS, 0, 0, groupoff, 0, 0, 0, 1, 0},
  };
  u8 *sh = d + shoff;
  for (u32 i = 0; i < LTO_FIXED; i++)
    wr_shdr(sh + i * sizeof(Elf64_Shdr), &fixed[i]);
  memcpy(d + shstroff, lto_shstrtab, sizeof(lto_shstrtab));
  char *str = (char *)d + stroff;
  u32 name = 1;
  u8 *sym = d + symoff;
  // Group k: its SHT_GROUP section, its member, its signature (a local).
  for (u32 k = 0; k < nkeys; k++) {
    u32 group = LTO_FIXED + 2 * k, member = group + 1;
    u64 off = groupoff + (u64)k * 8;
    wr32(d + off, GRP_COMDAT);
    wr32(d + off + 4, member);
    struct shdr_fields g = {N_GROUP, SHT_GROUP, 0, 0, off, 8, LTO_SYMTAB,
                            1 + k, 4, 4};
    struct shdr_fields m = {N_COMDAT, SHT_PROGBITS, SHF_GROUP, 0, off, 0, 0,
                            0, 1, 0};
    wr_shdr(sh + group * sizeof(Elf64_Shdr), &g);
    wr_shdr(sh + member * sizeof(Elf64_Shdr), &m);
    wr_esym(sym + (1 + k) * sizeof(Elf64_Sym), name,
            ELF64_ST_INFO(STB_LOCAL, STT_NOTYPE), STV_DEFAULT, member, 0, 0);
    name += sprintf(str + name, "%s", keys[k]) + 1;
  }
  for (int i = 0; i < n; i++) {
    const struct ld_plugin_symbol *s = &syms[i];
    u8 bind = s->def == LDPK_WEAKDEF || s->def == LDPK_WEAKUNDEF
                  ? STB_WEAK : STB_GLOBAL;
    u16 shndx = s->def == LDPK_COMMON ? SHN_COMMON
                : s->def == LDPK_UNDEF || s->def == LDPK_WEAKUNDEF
                    ? SHN_UNDEF
                : key_of[i] ? LTO_FIXED + 2 * (key_of[i] - 1) + 1
                            : LTO_DEFS;
    // GNU ld gives a COMMON symbol alignment 1 and the plugin's size.
    wr_esym(sym + (1 + nkeys + i) * sizeof(Elf64_Sym), name,
            ELF64_ST_INFO(bind, STT_NOTYPE), plugin_visibility(s->visibility),
            shndx, s->def == LDPK_COMMON, s->def == LDPK_COMMON ? s->size : 0);
    name += s->version ? sprintf(str + name, "%s@%s", s->name, s->version) + 1
                       : sprintf(str + name, "%s", s->name) + 1;
  }
  f->data = d;
  f->size = size;
  f->parsed = false;
  f->lto = true;
  return parse_object(ctx, f);
}

static int cb_add_symbols(void *handle, int n,
                          const struct ld_plugin_symbol *syms) {
  struct ctx *ctx = lto_ctx;
  struct objfile *f = handle;
  if (!f || f != lto_of(ctx)->claiming || f->lto || n < 0)
    return LDPS_BAD_HANDLE;
  return lto_symbols_object(ctx, f, n, syms) ? LDPS_OK : LDPS_ERR;
}

bool lto_offer(struct ctx *ctx, struct objfile *f, const char *path,
               u64 offset) {
  if (!ctx->cfg.plugin || !has_bytecode(f))
    return true;
  // -r: the plugin is not asked; each unit's bytecode sections go into
  // the output as they are, for the final link to compile, slim or fat.
  // (GNU ld has GCC merge the units into one, an incremental link; a
  // final LTO link reads either alike.)  Only bytecode alone:
  // check_relocatable_bytecode.
  if (ctx->cfg.relocatable) {
    ctx->r_bytecode = true;
    return true;
  }
  load_plugin(ctx);
  struct lto *l = ctx->lto;
  // A bytecode member that only the compiled code needs comes too late
  // to be compiled: GNU ld leaves it out (no_more_claiming).
  if (l->done)
    return false;
  if (!l->claim)
    return true;
  int fd = open(path, O_RDONLY | O_CLOEXEC);
  if (fd < 0) {
    error(ctx, "%s: cannot open for the LTO plugin: %s", path,
          strerror(errno));
    return true;
  }
  struct ld_plugin_input_file in = {path, fd, (off_t)offset, (off_t)f->size,
                                    f};
  int claimed = 0;
  l->claiming = f;
  int rc = l->claim(&in, &claimed);
  l->claiming = NULL;
  close(fd);
  if (rc != LDPS_OK)
    fatal(ctx, "%s: plugin reported error claiming file", ctx->cfg.plugin);
  if (!claimed)
    return true;
  // Claimed, but no symbols: an object that defines and needs nothing.
  if (!f->lto && !lto_symbols_object(ctx, f, 0, NULL))
    return true;
  vec_push(ctx, &l->claimed, f);
  return true;
}

// GNU ld's is_visible_from_outside: a symbol -E or a dynamic list could
// export (in any executable, with dynamic sections or not), unless hidden.
static bool visible_outside(struct ctx *ctx, const struct symbol *sym) {
  return sym->visibility != STV_HIDDEN && sym->visibility != STV_INTERNAL &&
         (ctx->cfg.export_dynamic ||
          dynamic_list_names(ctx, sym->name, sym->namelen));
}

// How symbol I of claimed file F (of kind DEF) was resolved, as GNU ld
// answers get_symbols (ld/plugin.c); EXP is its answer for a symbol
// visible from outside the link (PREVAILING_DEF to get_symbols v1,
// PREVAILING_DEF_IRONLY_EXP to the later ones).
static int resolution(struct ctx *ctx, struct objfile *f, u32 i,
                      const struct ld_plugin_symbol *s, int exp) {
  int def = s->def;
  // A member claimed while an archive's COMMON rule looked at it, never
  // loaded: its names as the table has them (GNU ld's !blhe case).
  struct symbol *sym = f->globals ? f->globals[i]
                                  : sym_find(ctx, s->name, strlen(s->name));
  bool undef = def == LDPK_UNDEF || def == LDPK_WEAKUNDEF;
  if (!sym)
    return undef ? LDPR_UNDEF : LDPR_PREVAILING_DEF_IRONLY;
  if (sym->state == SYM_UNDEF)
    return LDPR_UNDEF;
  bool linker = !sym->file;
  int res;
  if (undef || def == LDPK_COMMON)
    res = linker ? LDPR_RESOLVED_EXEC
          : sym->file == f ? LDPR_PREVAILING_DEF_IRONLY
          : sym->file->lto ? LDPR_RESOLVED_IR
                           : LDPR_RESOLVED_EXEC;
  else
    res = linker ? LDPR_PREEMPTED_REG
          : sym->file == f ? LDPR_PREVAILING_DEF_IRONLY
          : sym->file->lto ? LDPR_PREEMPTED_IR
                           : LDPR_PREEMPTED_REG;
  // Referred to from outside the bytecode: it must stay; one -E or a
  // dynamic list could export stays too.
  if (res == LDPR_PREVAILING_DEF_IRONLY && (sym->ref_flags & REF_NON_IR))
    res = LDPR_PREVAILING_DEF;
  else if (res == LDPR_PREVAILING_DEF_IRONLY && visible_outside(ctx, sym))
    res = exp;
  return res;
}

static int symbols_of(const void *handle, int n,
                      struct ld_plugin_symbol *syms, int exp) {
  struct ctx *ctx = lto_ctx;
  struct objfile *f = (struct objfile *)handle;
  struct lto *l = lto_of(ctx);
  u32 k = 0;
  while (k < l->claimed.len && l->claimed.v[k] != f)
    k++;
  if (k == l->claimed.len)
    return LDPS_BAD_HANDLE;
  if (n < 0 || (u32)n > f->nsyms - f->first_global)
    return LDPS_ERR;
  for (int i = 0; i < n; i++)
    syms[i].resolution = resolution(ctx, f, i, &syms[i], exp);
  return LDPS_OK;
}

static int get_symbols(const void *handle, int n,
                       struct ld_plugin_symbol *syms) {
  return symbols_of(handle, n, syms, LDPR_PREVAILING_DEF);
}

static int get_symbols_v2(const void *handle, int n,
                          struct ld_plugin_symbol *syms) {
  return symbols_of(handle, n, syms, LDPR_PREVAILING_DEF_IRONLY_EXP);
}

// Where GNU ld puts the compiled objects (find_replacements_insert_point):
// after the first claimed object named on the command line or, if the
// first claimed was an archive member, after the last object named
// before it.  Returns the position in ctx->objs; *at: in ctx->entries.
static u32 insert_point(struct ctx *ctx, u32 *at) {
  u32 last = 0;
  struct input_entry *last_entry = NULL;
  for (u32 i = 0; i < ctx->objs.len; i++) {
    struct objfile *f = ctx->objs.v[i];
    bool named = f->entry && f->entry->kind == E_OBJECT;
    if (f->lto) {
      if (named) {
        *at = f->entry->pos + 1;
        return i + 1;
      }
      break;
    }
    if (named) {
      last = i + 1;
      last_entry = f->entry;
    }
  }
  *at = last_entry ? last_entry->pos + 1 : 0;
  return last;
}

static void move_entries(struct ctx *ctx, u32 from, u32 to) {
  u32 n = ctx->entries.len - from;
  if (!n || from == to)
    return;
  void **moved = arena_alloc(ctx, (u64)n * sizeof(void *));
  memcpy(moved, ctx->entries.v + from, (u64)n * sizeof(void *));
  memmove(ctx->entries.v + to + n, ctx->entries.v + to,
          (u64)(from - to) * sizeof(void *));
  memcpy(ctx->entries.v + to, moved, (u64)n * sizeof(void *));
  for (u32 i = to; i < ctx->entries.len; i++)
    ((struct input_entry *)ctx->entries.v[i])->pos = i;
}

// Where GNU ld puts an archive member extracted by the rescan
// (find_rescan_insertion): after the last member its archive's first
// look extracted (a group's later looks do not move that point), else
// before the first named object that follows the archive's entry.
static u32 rescan_point(void **list, u32 n, struct objfile *m) {
  struct input_entry *e = m->entry;
  for (u32 i = n; i-- > 0;) {
    struct objfile *f = list[i];
    if (f->entry && f->entry->kind == E_ARCHIVE && f->entry->ar == e->ar &&
        !f->reloaded)
      return i + 1;
  }
  u32 at = e->pos;
  for (u32 i = 0; i < n; i++) {
    struct objfile *f = list[i];
    if (f->entry && f->entry->kind == E_OBJECT &&
        f->entry->pos > at)
      return i;
  }
  return n;
}

static void insert_at(void **list, u32 *n, u32 at, void *p) {
  memmove(list + at + 1, list + at, (u64)(*n - at) * sizeof(void *));
  list[at] = p;
  (*n)++;
}

// The link order once the compiled objects joined: OBJS [0, N0) as
// before, the objects the plugin added (and what they pulled from its
// libraries) at INS, the members the rescan extracted near their
// archive's; the claimed files leave.
static void order_objects(struct ctx *ctx, u32 n0, u32 n1, u32 ins) {
  u32 total = ctx->objs.len, n = 0;
  void **list = arena_alloc(ctx, (u64)total * sizeof(void *));
  for (u32 i = 0; i < ins; i++)
    list[n++] = ctx->objs.v[i];
  for (u32 i = n0; i < n1; i++)
    list[n++] = ctx->objs.v[i];
  for (u32 i = ins; i < n0; i++)
    list[n++] = ctx->objs.v[i];
  // A run of members of one archive goes in at once, in its order.
  for (u32 i = n1, at = 0; i < total; i++) {
    struct objfile *m = ctx->objs.v[i], *prev = ctx->objs.v[i - 1];
    bool member = m->entry && m->entry->kind == E_ARCHIVE;
    if (!member)
      at = n;
    else if (i == n1 || prev->entry != m->entry)
      at = rescan_point(list, n, m);
    insert_at(list, &n, at++, m);
  }
  ctx->objs.len = 0;
  ctx->next_priority = 0;
  for (u32 i = 0; i < n; i++) {
    struct objfile *f = list[i];
    if (f->lto)
      continue;
    f->priority = ++ctx->next_priority;
    ctx->objs.v[ctx->objs.len++] = f;
  }
}

// The bytecode's definitions that nothing compiled replaced (the plugin
// kept them inside the new objects, or dropped them): gone, as GNU ld's
// stay in a discarded section; references only bytecode made go too.
static void drop_bytecode_symbols(struct ctx *ctx) {
  struct lto *l = ctx->lto;
  for (u32 k = 0; k < l->claimed.len; k++) {
    struct objfile *f = l->claimed.v[k];
    for (u32 i = 0; f->globals && i < f->nsyms - f->first_global; i++) {
      struct symbol *sym = f->globals[i];
      if (!sym)
        continue;
      if (sym->file == f) {
        sym->state = SYM_UNDEF;
        sym->file = NULL;
        sym->value = 0;
      }
      if (sym->state == SYM_UNDEF && !(sym->ref_flags & REF_NON_IR))
        sym->ref_flags = 0;
    }
  }
}

// -plugin: the claimed files compiled by the plugin and replaced by what
// it made, which then joins the link as GNU ld's lang_process has it.
void link_bytecode(struct ctx *ctx) {
  struct lto *l = ctx->lto;
  if (!l || !l->claimed.len)
    return;
  // The entry point counts as a reference from outside the bytecode
  // (GNU ld adds it as an undefined symbol), whoever named it.
  const char *entry = entry_symbol(ctx);
  struct symbol *start = sym_find(ctx, entry, strlen(entry));
  if (start)
    start->ref_flags |= REF_NON_IR;
  u32 n0 = ctx->objs.len, at;
  u32 ins = insert_point(ctx, &at);
  if (l->all_read && l->all_read() != LDPS_OK)
    fatal(ctx, "%s: plugin reported error after all symbols read",
          ctx->cfg.plugin);
  l->done = true;
  u32 first = ctx->entries.len, errors = ctx->errors;
  for (u32 i = 0; i < l->added.len; i++) {
    const char *name = l->added.v[i];
    u32 n = ctx->entries.len;
    add_file(ctx, name, false, name);
    for (u32 k = n; k < ctx->entries.len; k++) {
      struct input_entry *e = ctx->entries.v[k];
      if (e->kind == E_OBJECT)
        e->obj->lto_output = true;
    }
  }
  if (ctx->errors != errors)   // a file it named cannot be read
    checkpoint(ctx);
  u32 added = ctx->entries.len - first;
  move_entries(ctx, first, at);
  bool undefs = load_entries(ctx, at, at + added);
  u32 n1 = ctx->objs.len;
  rescan_entries(ctx, at, undefs);
  order_objects(ctx, n0, n1, ins);
  drop_bytecode_symbols(ctx);
}

bool lto_replacing(struct ctx *ctx) {
  return ctx->lto && ctx->lto->done;
}
