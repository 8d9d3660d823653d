// options.c: GNU ld's command line, as compilers pass it.
//
// One table (options[]) gives each option of GNU ld 2.40 its names, its
// argument, what it does, its --help entry (the man page is made from
// --help) or why mld refuses it.  Everything gcc and clang pass for a
// static link is accepted.  Options that only matter for dynamic linking
// are accepted and ignored where GNU ld would accept them in a static
// link; anything mld does not know is an error rather than silently
// ignored.

#include "options.h"

#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <unistd.h>

// --target-help: what is particular to each target.
static const char target_help[] =
    "elf_x86_64:\n"
    "  -z ibt, -z shstk, -z cet-report=none|warning|error\n"
    "  -z ibtplt, -z lam-u48, -z lam-u57, -z lam-report=..., "
    "-z lam-u48-report=...,\n  -z lam-u57-report=...\n"
    "  -z x86-64-baseline|x86-64-v2|x86-64-v3|x86-64-v4\n"
    "  --no-relax (GOT loads kept)\n"
    "aarch64linux:\n"
    "  --fix-cortex-a53-843419[=full|adr|adrp]\n"
    "  --fix-cortex-a53-835769\n"
    "  -z force-bti, -z pac-plt\n"
    "  range-extension veneers for calls and jumps beyond 128 MiB\n";

struct args {
  char **v;
  u32 n, cap;
};

// In the link's arena: an error while the options are read (a version
// script's) leaves through ctx->bail, and the library's caller frees the
// arena (the fuzzers do).
static void push_arg(struct ctx *ctx, struct args *a, char *s) {
  if (a->n == a->cap) {
    a->cap = a->cap ? a->cap * 2 : 64;
    char **v = arena_alloc(ctx, a->cap * sizeof(char *));
    if (a->n)
      memcpy(v, a->v, a->n * sizeof(char *));
    a->v = v;
  }
  a->v[a->n++] = s;
}

static void expand(struct ctx *ctx, struct args *out, char *arg, int depth);

// @FILE: whitespace-separated words, with '...', "..." and \ quoting.
static void read_response_file(struct ctx *ctx, struct args *out,
                               const char *path, int depth) {
  if (depth > 16)
    fatal(ctx, "@%s: response files nested too deeply", path);
  int fd = open(path, O_RDONLY | O_CLOEXEC);
  if (fd < 0)
    fatal(ctx, "cannot open response file %s: %s", path, strerror(errno));
  struct stat st;
  if (fstat(fd, &st) < 0)
    fatal(ctx, "cannot read %s: %s", path, strerror(errno));
  char *buf = arena_alloc(ctx, st.st_size + 1);
  u64 got = 0;
  while (got < (u64)st.st_size) {
    ssize_t r = read(fd, buf + got, st.st_size - got);
    if (r <= 0)
      break;
    got += r;
  }
  close(fd);
  buf[got] = 0;
  char *word = arena_alloc(ctx, got + 1);
  char *p = buf;
  for (;;) {
    while (*p == ' ' || *p == '\t' || *p == '\n' || *p == '\r')
      p++;
    if (!*p)
      break;
    u64 n = 0;
    char quote = 0;
    while (*p && (quote || !(*p == ' ' || *p == '\t' || *p == '\n' ||
                             *p == '\r'))) {
      if (quote && *p == quote) {
        quote = 0;
        p++;
      } else if (!quote && (*p == '\'' || *p == '"')) {
        quote = *p++;
      } else if (*p == '\\' && p[1]) {
        word[n++] = p[1];
        p += 2;
      } else {
        word[n++] = *p++;
      }
    }
    expand(ctx, out, arena_strndup(ctx, word, n), depth + 1);
  }
}

static void expand(struct ctx *ctx, struct args *out, char *arg, int depth) {
  if (arg[0] == '@' && arg[1])
    read_response_file(ctx, out, arg + 1, depth);
  else
    push_arg(ctx, out, arg);
}

static void add_input(struct ctx *ctx, enum input_kind k, const char *arg) {
  struct input_spec *in = arena_alloc(ctx, sizeof(*in));
  in->kind = k;
  in->arg = arg;
  vec_push(ctx, &ctx->cfg.inputs, in);
}

// C's isspace() in the C locale, as libiberty's ISSPACE.
static bool is_space(char ch) {
  return ch == ' ' || (ch >= '\t' && ch <= '\r');
}

static bool hex_digit(char c, u8 *v) {
  if (c >= '0' && c <= '9') *v = c - '0';
  else if (c >= 'a' && c <= 'f') *v = c - 'a' + 10;
  else if (c >= 'A' && c <= 'F') *v = c - 'A' + 10;
  else return false;
  return true;
}

static void set_build_id(struct ctx *ctx, const char *style) {
  struct config *c = &ctx->cfg;
  if (!style || !strcmp(style, "sha1") || !strcmp(style, "tree"))
    c->build_id = BUILD_ID_SHA1;
  else if (!strcmp(style, "md5"))
    c->build_id = BUILD_ID_MD5;
  else if (!strcmp(style, "uuid"))
    c->build_id = BUILD_ID_UUID;
  else if (!strcmp(style, "none"))
    c->build_id = BUILD_ID_NONE;
  else if (style[0] == '0' && (style[1] == 'x' || style[1] == 'X')) {
    const char *h = style + 2;
    u32 n = 0;
    while (h[0]) {
      u8 hi, lo;
      if (h[0] == '-' || h[0] == ':') {
        h++;
        continue;
      }
      if (!hex_digit(h[0], &hi) || !hex_digit(h[1], &lo) ||
          n >= sizeof(c->build_id_hex))
        fatal(ctx, "--build-id: bad hex string '%s'", style);
      c->build_id_hex[n++] = hi << 4 | lo;
      h += 2;
    }
    if (!n)
      fatal(ctx, "--build-id: empty hex string");
    c->build_id = BUILD_ID_HEX;
    c->build_id_hex_len = n;
  } else {
    fatal(ctx, "--build-id: unknown style '%s'", style);
  }
}

static u64 parse_number(struct ctx *ctx, const char *opt, const char *s) {
  char *end;
  errno = 0;
  unsigned long long v = strtoull(s, &end, 0);
  if (!*s || *end || errno)
    fatal(ctx, "%s: bad number '%s'", opt, s);
  return v;
}

// An address as GNU ld reads those of -Ttext and the like (bfd_scan_vma,
// base 16): hexadecimal, 0x or not, maybe after spaces and a sign, with
// nothing after; a number too large for 64 bits saturates.
static u64 hex_address(struct ctx *ctx, const char *s) {
  char *end;
  unsigned long long v = strtoull(s, &end, 16);
  if (*end)
    fatal(ctx, "invalid hex number `%s'", s);
  return v;
}

// -Ttext=ADDR, -Tdata, -Tbss, --section-start=NAME=ADDR: one entry per
// name, in the order names first appear (GNU ld makes their output
// sections in that order), with the last address given.
static void section_start(struct ctx *ctx, const char *name,
                          const char *value) {
  u64 addr = hex_address(ctx, value);
  struct vec *v = &ctx->cfg.section_starts;
  for (u32 i = 0; i < v->len; i++) {
    struct section_start *s = v->v[i];
    if (!strcmp(s->name, name)) {
      s->addr = addr;
      return;
    }
  }
  struct section_start *s = arena_alloc(ctx, sizeof(*s));
  s->name = name;
  s->addr = addr;
  vec_push(ctx, v, s);
}

static u8 report_level(struct ctx *ctx, const char *kw, const char *v) {
  if (!strcmp(v, "none"))
    return 0;
  if (!strcmp(v, "warning"))
    return 1;
  if (!strcmp(v, "error"))
    return 2;
  fatal(ctx, "invalid option for -z %.*s: %s", (int)(v - kw), kw, v);
}

// x86-64's -z keywords of .note.gnu.property and the IPLT.  Kept for the
// target (known once the inputs are read): GNU ld for AArch64 warns that
// each is ignored.
static void z_x86_feature(struct ctx *ctx, const char *kw, const char *v) {
  struct config *c = &ctx->cfg;
  (void)v;
  vec_push(ctx, &c->z_x86, (void *)kw);
  if (!strcmp(kw, "ibt"))
    c->z_ibt = true;
  else if (!strcmp(kw, "shstk"))
    c->z_shstk = true;
  else if (!strcmp(kw, "ibtplt"))
    c->z_ibtplt = true;
  else if (!strcmp(kw, "lam-u48"))
    c->z_lam_u48 = c->z_lam_u57 = true;
  else
    c->z_lam_u57 = true;
}

// -z cet-report=, lam-report=, lam-u48-report=, lam-u57-report=.
static void z_x86_report(struct ctx *ctx, const char *kw, const char *v) {
  struct config *c = &ctx->cfg;
  vec_push(ctx, &c->z_x86, (void *)kw);
  u8 level = report_level(ctx, kw, v);
  if (kw[0] == 'c')
    c->z_cet_report = level;
  if (!strncmp(kw, "lam-r", 5) || !strncmp(kw, "lam-u48", 7))
    c->z_lam_u48_report = level;
  if (!strncmp(kw, "lam-r", 5) || !strncmp(kw, "lam-u57", 7))
    c->z_lam_u57_report = level;
}

// -z x86-64-{baseline,v2,v3,v4}: the ISA level needed.
static void z_x86_isa_level(struct ctx *ctx, const char *kw, const char *v) {
  static const char *const levels[] = {"baseline", "v2", "v3", "v4"};
  vec_push(ctx, &ctx->cfg.z_x86, (void *)kw);
  u32 k = 0;
  while (k < 4 && strcmp(v, levels[k]))
    k++;
  if (k == 4)
    fatal(ctx, "invalid option for -z x86-64-: %s", v);
  ctx->cfg.z_isa_level = k + 1;
}

// -z call-nop=PADDING (GNU ld's emulparams/call_nop.sh): prefix-addr,
// suffix-nop, or prefix-N / suffix-N with the byte N.
static void z_call_nop(struct ctx *ctx, const char *kw, const char *v) {
  struct config *c = &ctx->cfg;
  vec_push(ctx, &c->z_x86, (void *)kw);
  if (!strcmp(v, "prefix-addr") || !strcmp(v, "suffix-nop")) {
    c->z_call_nop_suffix = v[0] == 's';
    c->z_call_nop = 0x100 | (v[0] == 's' ? 0x90 : 0x67);
  } else if (!strncmp(v, "prefix-", 7) || !strncmp(v, "suffix-", 7)) {
    char *end;
    c->z_call_nop = 0x100 | (u8)strtoul(v + 7, &end, 0);
    if (*end)
      fatal(ctx, "invalid number for -z call-nop=%.7s: %s", v, v + 7);
    c->z_call_nop_suffix = v[0] == 's';
  } else {
    fatal(ctx, "unsupported option: -z %s", kw);
  }
}

// x86-64's keywords without effect in a static executable (kept for the
// target; noreloc-overflow has an effect in a PIE).
static void z_x86_no_effect(struct ctx *ctx, const char *kw, const char *v) {
  (void)v;
  vec_push(ctx, &ctx->cfg.z_x86, (void *)kw);
  ctx->cfg.z_noreloc_overflow |= !strcmp(kw, "noreloc-overflow");
}

static void z_execstack(struct ctx *ctx, const char *kw, const char *v) {
  (void)v;
  ctx->cfg.z_execstack = kw[0] != 'n';
}

static void z_relro(struct ctx *ctx, const char *kw, const char *v) {
  (void)v;
  ctx->cfg.z_norelro = kw[0] == 'n';
}

static void z_separate_code(struct ctx *ctx, const char *kw, const char *v) {
  (void)v;
  ctx->cfg.z_noseparate_code = kw[0] == 'n';
  ctx->cfg.z_separate_code = kw[0] != 'n';
}

static void z_max_page_size(struct ctx *ctx, const char *kw, const char *v) {
  (void)kw;
  ctx->cfg.max_page_size = parse_number(ctx, "-z max-page-size", v);
  if (!is_pow2(ctx->cfg.max_page_size))
    fatal(ctx, "-z max-page-size: %s is not a power of two", v);
}

static void z_common_page_size(struct ctx *ctx, const char *kw,
                               const char *v) {
  (void)kw;
  ctx->cfg.common_page_size = parse_number(ctx, "-z common-page-size", v);
  if (!is_pow2(ctx->cfg.common_page_size))
    fatal(ctx, "-z common-page-size: %s is not a power of two", v);
}

static void z_stack_size(struct ctx *ctx, const char *kw, const char *v) {
  (void)kw;
  ctx->cfg.z_stack_size = parse_number(ctx, "-z stack-size", v);
}

static void z_combreloc(struct ctx *ctx, const char *kw, const char *v) {
  (void)v;
  ctx->cfg.z_nocombreloc = kw[0] == 'n';
}

static void z_unique(struct ctx *ctx, const char *kw, const char *v) {
  (void)v;
  ctx->cfg.z_unique = kw[0] == 'u';
}

// The DT_FLAGS_1 bits of an output with .dynamic (a static PIE's).
static void z_flags_1(struct ctx *ctx, const char *kw, const char *v) {
  static const struct {
    const char *kw;
    u32 flag;
  } bits[] = {
      {"origin", DF_1_ORIGIN},     {"global", DF_1_GLOBAL},
      {"interpose", DF_1_INTERPOSE}, {"nodump", DF_1_NODUMP},
      {"loadfltr", DF_1_LOADFLTR}, {"nodefaultlib", DF_1_NODEFLIB},
      {"globalaudit", DF_1_GLOBAUDIT},
  };
  (void)v;
  for (u32 i = 0; i < sizeof(bits) / sizeof(*bits); i++)
    if (!strcmp(kw, bits[i].kw))
      ctx->cfg.z_flags_1 |= bits[i].flag;
  ctx->cfg.z_origin |= !strcmp(kw, "origin");
}

// initfirst, nodelete, nodlopen: bits GNU ld clears in an executable.
static void z_flags_1_masked(struct ctx *ctx, const char *kw, const char *v) {
  (void)kw;
  (void)v;
  ctx->cfg.z_flags_1_masked = true;
}

static void z_now(struct ctx *ctx, const char *kw, const char *v) {
  (void)v;
  ctx->cfg.z_now = kw[0] == 'n';
}

// text, notext, textoff.
static void z_text(struct ctx *ctx, const char *kw, const char *v) {
  (void)v;
  ctx->cfg.z_text = !strcmp(kw, "text");
  ctx->cfg.z_notext = !ctx->cfg.z_text;
}

// x86-64 only in GNU ld 2.40 (AArch64's warns that it is ignored, as for
// the other x86-64 keywords).
static void z_pack_relative_relocs(struct ctx *ctx, const char *kw,
                                   const char *v) {
  (void)v;
  ctx->cfg.pack_relative_relocs = kw[0] == 'p';
  vec_push(ctx, &ctx->cfg.z_x86, (void *)kw);
}

static void z_indirect_extern_access(struct ctx *ctx, const char *kw,
                                     const char *v) {
  (void)v;
  ctx->cfg.z_indirect_extern_access = kw[0] == 'i' ? IEA_ON : IEA_OFF;
  vec_push(ctx, &ctx->cfg.z_x86, (void *)kw);
}

static void z_report_relative_reloc(struct ctx *ctx, const char *kw,
                                    const char *v) {
  (void)v;
  ctx->cfg.report_relative_reloc = true;
  vec_push(ctx, &ctx->cfg.z_x86, (void *)kw);
}

static void z_unique_symbol(struct ctx *ctx, const char *kw, const char *v) {
  (void)v;
  ctx->cfg.z_unique_symbol = kw[0] == 'u';
}

static void z_muldefs(struct ctx *ctx, const char *kw, const char *v) {
  (void)kw;
  (void)v;
  ctx->cfg.allow_multiple_definition = true;
}

static void z_start_stop_gc(struct ctx *ctx, const char *kw, const char *v) {
  (void)v;
  ctx->cfg.z_start_stop_gc = kw[0] == 's';
}

static void z_start_stop_visibility(struct ctx *ctx, const char *kw,
                                    const char *v) {
  static const char *const vis[] = {"default", "internal", "hidden",
                                    "protected"};
  for (u32 i = 0; i < 4; i++)
    if (!strcmp(v, vis[i])) {
      ctx->cfg.start_stop_visibility = i + 1;
      return;
    }
  fatal(ctx, "invalid visibility in `-z %s'; must be default, internal, "
        "hidden, or protected", kw);
}

// A -r output's COMMON symbols: STT_COMMON or STT_OBJECT (an executable
// has none).
static void z_common(struct ctx *ctx, const char *kw, const char *v) {
  (void)v;
  ctx->cfg.z_stt_common = kw[0] == 'c' ? STT_COMMON : STT_OBJECT;
}

static void z_force_bti(struct ctx *ctx, const char *kw, const char *v) {
  (void)kw;
  (void)v;
  ctx->cfg.z_force_bti = true;
}

static void z_pac_plt(struct ctx *ctx, const char *kw, const char *v) {
  (void)kw;
  (void)v;
  ctx->cfg.z_pac_plt = true;
}

static void z_no_effect(struct ctx *ctx, const char *kw, const char *v) {
  (void)ctx;
  (void)kw;
  (void)v;
}

// The -z keywords of GNU ld 2.40 that mld knows: a keyword ending in "="
// or "-" takes the rest as its value.  Those of one target (X86,
// AARCH64) are, when another target was named, GNU ld's "ignored".
enum { Z_ANY, Z_X86, Z_AARCH64 };
static const struct z_keyword {
  const char *kw;
  u8 target;
  void (*fn)(struct ctx *ctx, const char *kw, const char *v);
} z_keywords[] = {
    {"execstack", Z_ANY, z_execstack},
    {"noexecstack", Z_ANY, z_execstack},
    {"relro", Z_ANY, z_relro},
    {"norelro", Z_ANY, z_relro},
    {"separate-code", Z_ANY, z_separate_code},
    {"noseparate-code", Z_ANY, z_separate_code},
    {"max-page-size=", Z_ANY, z_max_page_size},
    {"common-page-size=", Z_ANY, z_common_page_size},
    {"stack-size=", Z_ANY, z_stack_size},
    {"combreloc", Z_ANY, z_combreloc},
    {"nocombreloc", Z_ANY, z_combreloc},
    {"unique", Z_ANY, z_unique},
    {"nounique", Z_ANY, z_unique},
    {"origin", Z_ANY, z_flags_1},
    {"global", Z_ANY, z_flags_1},
    {"interpose", Z_ANY, z_flags_1},
    {"nodump", Z_ANY, z_flags_1},
    {"loadfltr", Z_ANY, z_flags_1},
    {"nodefaultlib", Z_ANY, z_flags_1},
    {"globalaudit", Z_ANY, z_flags_1},
    {"initfirst", Z_ANY, z_flags_1_masked},
    {"nodelete", Z_ANY, z_flags_1_masked},
    {"nodlopen", Z_ANY, z_flags_1_masked},
    {"now", Z_ANY, z_now},
    {"lazy", Z_ANY, z_now},
    {"text", Z_ANY, z_text},
    {"notext", Z_ANY, z_text},
    {"textoff", Z_ANY, z_text},
    {"unique-symbol", Z_ANY, z_unique_symbol},
    {"nounique-symbol", Z_ANY, z_unique_symbol},
    {"muldefs", Z_ANY, z_muldefs},
    {"start-stop-gc", Z_ANY, z_start_stop_gc},
    {"nostart-stop-gc", Z_ANY, z_start_stop_gc},
    {"start-stop-visibility=", Z_ANY, z_start_stop_visibility},
    {"common", Z_ANY, z_common},
    {"nocommon", Z_ANY, z_common},
    // GNU ld 2.40's keywords that change nothing in a static executable
    // (its output is the same with and without them).
    {"defs", Z_ANY, z_no_effect},
    {"undefs", Z_ANY, z_no_effect},
    {"nocopyreloc", Z_ANY, z_no_effect},
    // x86-64's, kept for the target whichever was named.
    {"ibt", Z_ANY, z_x86_feature},
    {"shstk", Z_ANY, z_x86_feature},
    {"ibtplt", Z_ANY, z_x86_feature},
    {"lam-u48", Z_ANY, z_x86_feature},
    {"lam-u57", Z_ANY, z_x86_feature},
    {"cet-report=", Z_ANY, z_x86_report},
    {"lam-report=", Z_ANY, z_x86_report},
    {"lam-u48-report=", Z_ANY, z_x86_report},
    {"lam-u57-report=", Z_ANY, z_x86_report},
    {"x86-64-", Z_ANY, z_x86_isa_level},
    {"pack-relative-relocs", Z_ANY, z_pack_relative_relocs},
    {"nopack-relative-relocs", Z_ANY, z_pack_relative_relocs},
    // x86-64's, unless another target was named.
    {"noextern-protected-data", Z_X86, z_x86_no_effect},
    {"dynamic-undefined-weak", Z_X86, z_x86_no_effect},
    {"nodynamic-undefined-weak", Z_X86, z_x86_no_effect},
    {"noreloc-overflow", Z_X86, z_x86_no_effect},
    {"call-nop=", Z_X86, z_call_nop},
    {"indirect-extern-access", Z_X86, z_indirect_extern_access},
    {"noindirect-extern-access", Z_X86, z_indirect_extern_access},
    {"report-relative-reloc", Z_X86, z_report_relative_reloc},
    // AArch64's, unless another target was named.
    {"force-bti", Z_AARCH64, z_force_bti},
    {"pac-plt", Z_AARCH64, z_pac_plt},
};

// -z KEYWORD: as the table says; any other keyword gets GNU ld's
// warning that it is ignored.
static void z_option(struct ctx *ctx, const char *kw) {
  const struct arch *arch = ctx->cfg.arch;
  for (u32 i = 0; i < sizeof(z_keywords) / sizeof(*z_keywords); i++) {
    const struct z_keyword *z = &z_keywords[i];
    u64 n = strlen(z->kw);
    bool prefix = z->kw[n - 1] == '=' || z->kw[n - 1] == '-';
    if (prefix ? strncmp(kw, z->kw, n) : strcmp(kw, z->kw))
      continue;
    if (arch && ((z->target == Z_X86 && arch != &arch_x86_64) ||
                 (z->target == Z_AARCH64 && arch != &arch_aarch64)))
      break;
    z->fn(ctx, kw, prefix ? kw + n : NULL);
    return;
  }
  warn(ctx, "-z %s ignored", kw);
}

static void defsym_ref(struct ctx *ctx, struct expr *node, const char *name,
                       void *arg) {
  (void)node;
  (void)arg;
  add_input(ctx, IN_DEFSYM_REF, name);
}

// --defsym=SYM=EXPR, EXPR one of GNU ld's expressions (lib/expr.c).
static void defsym(struct ctx *ctx, const char *arg) {
  const char *eq = strchr(arg, '=');
  if (!eq || eq == arg || !eq[1])
    fatal(ctx, "--defsym: expected SYMBOL=EXPRESSION, got '%s'", arg);
  struct defsym *d = arena_alloc(ctx, sizeof(*d));
  const char *n = arg, *ne = eq;
  while (*n == ' ')
    n++;
  while (ne > n && ne[-1] == ' ')
    ne--;
  d->name = arena_strndup(ctx, n, ne - n);
  d->text = arena_printf(ctx, "--defsym %s", arg);
  d->expr = parse_expr(ctx, eq + 1, d->text);
  d->after_scripts = ctx->cfg.scripts;
  vec_push(ctx, &ctx->cfg.defsyms, d);
  // As in GNU ld, the expression references its symbols where the option
  // stands: only archives after it (or in its group) are searched for them.
  expr_symbols(ctx, d->expr, defsym_ref, NULL);
}

// --retain-symbols-file=FILE: .symtab keeps only the symbols FILE names,
// locals and FILE symbols included.  As in GNU ld the file is read where
// the option stands: names separated by any white space, no comments;
// a later -s or -S takes over again, and a second list is an error.
static void retain_symbols_file(struct ctx *ctx, const char *path) {
  struct config *c = &ctx->cfg;
  if (c->strip == STRIP_SOME)
    error(ctx, "duplicate retain-symbols-file");
  u32 errors = ctx->errors;
  struct mapping *m = map_file(ctx, path, false);
  if (!m) {
    if (ctx->errors == errors)   // it could not be opened
      error(ctx, "%s: %s", path, strerror(errno));
    return;
  }
  // The names stay in the mapping, as symbol names do.
  memset(&c->retain, 0, sizeof(c->retain));
  const char *text = (const char *)m->data;
  for (u64 i = 0; i < m->size;) {
    if (is_space(text[i])) {
      i++;
      continue;
    }
    u64 start = i;
    while (i < m->size && !is_space(text[i]))
      i++;
    table_intern(ctx, &c->retain, text + start, i - start, NULL);
  }
  // GNU ld says so, not as a warning.
  if (c->strip != STRIP_NONE)
    fputs("mld: `-retain-symbols-file' overrides `-s' and `-S'\n", stderr);
  c->strip = STRIP_SOME;
}

// The targets, and so the emulations (-m), mld has.
static const struct arch *const arches[] = {&arch_x86_64, &arch_aarch64};
#define N_ARCHES (sizeof(arches) / sizeof(*arches))

// The emulations' names, each after SEP.
static const char *emulation_names(struct ctx *ctx, const char *sep) {
  const char *s = "";
  for (u32 i = 0; i < N_ARCHES; i++) {
    s = arena_printf(ctx, "%s%s%s", s, sep, arches[i]->emulation);
    if (arches[i]->emulation_alias)
      s = arena_printf(ctx, "%s%s%s", s, sep, arches[i]->emulation_alias);
  }
  return s;
}

static void set_emulation(struct ctx *ctx, const char *m) {
  for (u32 i = 0; i < N_ARCHES; i++) {
    const char *alias = arches[i]->emulation_alias;
    if (!strcmp(m, arches[i]->emulation) || (alias && !strcmp(m, alias))) {
      ctx->cfg.arch = arches[i];
      return;
    }
  }
  fatal(ctx, "unrecognised emulation mode: %s (supported:%s)", m,
        emulation_names(ctx, " "));
}


// The command line as it is read: the arguments with @FILEs expanded,
// where the reading is, and what options decide together at the end.
struct parse {
  struct ctx *ctx;
  struct config *c;
  struct args a;
  u32 i;                  // a.v[i] is being read
  const char *given;      // it as given
  const char *s;          // it, a long option unabbreviated
  const char *name;       // the table's name it matched
  // Options without effect in a static executable that would change a
  // static PIE's dynamic section or symbols: the first one seen.
  const char *dynamic_only;
  // -E (the last of it and --no-export-dynamic) and the first option
  // naming a dynamic list: with --no-dynamic-linker, GNU ld makes
  // .dynsym and .dynamic for them in any executable (elflink.c).
  const char *export_dynamic, *dynamic_list;
  const char *dynamic_linker;   // -dynamic-linker FILE, the last
  // The last of --fatal-warnings and --no-fatal-warnings applies to the
  // whole link, warnings about the options themselves included.
  bool fatal_warnings;
  // A dynamic linker named without -static: a dynamic link by mistake
  // (gcc without -static), which mld cannot make.
  bool saw_static;
  bool version_printed;   // -v or -V
  u32 group_depth;        // -( without its -) yet
};

// Whether the option read is the "no-" form of its row.
static bool negated(struct parse *p) {
  return !strncmp(p->name, "no-", 3);
}

//
// What each option does.  A handler gets the option's value (NULL for
// an option without one); p->name says which of its row's names it is.
//

static void opt_output(struct parse *p, const char *v) {
  p->c->output = v;
  p->c->output_given = true;
}

static void opt_relocatable(struct parse *p, const char *v) {
  (void)v;
  p->c->relocatable = true;
  // -Ur: -r, and __start_SEC and __stop_SEC defined as in a link (GNU
  // ld's build_constructors, the only difference for ELF).
  p->c->build_constructors = !strcmp(p->name, "Ur");
}

static void opt_library(struct parse *p, const char *v) {
  add_input(p->ctx, IN_LIB, v);
}

static void opt_require_defined(struct parse *p, const char *v) {
  vec_push(p->ctx, &p->c->undefined, (void *)v);
  vec_push(p->ctx, &p->c->require_defined, (void *)v);
}

static void opt_unresolved_symbols(struct parse *p, const char *v) {
  // Without shared libraries, only object files have references.
  if (!strcmp(v, "ignore-all") || !strcmp(v, "ignore-in-object-files"))
    p->c->unresolved_ignore = true;
  else if (!strcmp(v, "report-all") || !strcmp(v, "ignore-in-shared-libs"))
    p->c->unresolved_ignore = false;
  else
    fatal(p->ctx, "bad --unresolved-symbols option: %s", v);
}

static void opt_warn_unresolved(struct parse *p, const char *v) {
  (void)v;
  p->c->warn_unresolved = p->name[0] == 'w';
}

// Two options whose names start with "no-" (and so cannot be a FLAG).
static void opt_no_warnings(struct parse *p, const char *v) {
  (void)v;
  p->c->no_warnings = true;
}

static void opt_no_dynamic_linker(struct parse *p, const char *v) {
  (void)v;
  p->c->no_dynamic_linker = true;
}

// HP-UX's -a: archive is -Bstatic, shared and default -Bdynamic.
static void opt_a(struct parse *p, const char *v) {
  if (!strcmp(v, "archive"))
    add_input(p->ctx, IN_BSTATIC, NULL);
  else if (!strcmp(v, "shared") || !strcmp(v, "default"))
    add_input(p->ctx, IN_BDYNAMIC, NULL);
  else
    fatal(p->ctx, "-a %s: expected archive, shared or default", v);
}

static void opt_trace(struct parse *p, const char *v) {
  (void)v;
  if (p->c->trace < 255)
    p->c->trace++;
}

static void opt_emulation(struct parse *p, const char *v) {
  set_emulation(p->ctx, v);
}

static void opt_strip_all(struct parse *p, const char *v) {
  (void)v;
  p->c->strip = STRIP_ALL;
}

static void opt_strip_debug(struct parse *p, const char *v) {
  (void)v;
  p->c->strip = STRIP_DEBUG;
}

static void opt_retain_symbols_file(struct parse *p, const char *v) {
  retain_symbols_file(p->ctx, v);
}

static void opt_discard_all(struct parse *p, const char *v) {
  (void)v;
  p->c->discard = DISCARD_ALL;
}

static void opt_discard_locals(struct parse *p, const char *v) {
  (void)v;
  p->c->discard = DISCARD_LOCALS;
}

static void opt_discard_none(struct parse *p, const char *v) {
  (void)v;
  p->c->discard = DISCARD_NONE;
}

static void opt_sort_common(struct parse *p, const char *v) {
  if (!v || !strcmp(v, "descending"))
    p->c->sort_common = SORT_COMMON_DESCENDING;
  else if (!strcmp(v, "ascending"))
    p->c->sort_common = SORT_COMMON_ASCENDING;
  else
    fatal(p->ctx, "invalid common section sorting option: %s", v);
}

static void opt_sort_section(struct parse *p, const char *v) {
  if (!strcmp(v, "name"))
    p->c->sort_section = SORT_SECTION_NAME;
  else if (!strcmp(v, "alignment"))
    p->c->sort_section = SORT_SECTION_ALIGNMENT;
  else
    fatal(p->ctx, "invalid section sorting option: %s", v);
}

// -T FILE: a linker script, read here among the inputs (its INPUT and
// GROUP files come at this place).
static void opt_script(struct parse *p, const char *v) {
  add_input(p->ctx, IN_SCRIPT, v);
  p->c->scripts++;
}

// -Ttext=ADDR, -Tdata=ADDR, -Tbss=ADDR.
static void opt_t_section(struct parse *p, const char *v) {
  section_start(p->ctx, arena_printf(p->ctx, ".%s", p->name + 1), v);
}

static void opt_section_start(struct parse *p, const char *v) {
  const char *eq = strchr(v, '=');
  if (!eq)
    fatal(p->ctx, "invalid argument to option \"--section-start\"");
  if (!eq[1])
    fatal(p->ctx, "missing argument(s) to option \"--section-start\"");
  section_start(p->ctx, arena_strndup(p->ctx, v, eq - v), eq + 1);
}

static void opt_text_segment(struct parse *p, const char *v) {
  p->c->text_segment = hex_address(p->ctx, v);
  p->c->text_segment_set = true;
}

// -Trodata-segment, -Tldata-segment: the default scripts name no such
// segment on AArch64; on x86-64 they would move .rodata and .lrodata.
static void opt_not_yet(struct parse *p, const char *v) {
  (void)v;
  fatal(p->ctx, "%s: not implemented yet", p->s);
}

static void opt_export_dynamic(struct parse *p, const char *v) {
  (void)v;
  p->export_dynamic = negated(p) ? NULL : p->s;
}

// Version scripts and dynamic lists change nothing in a static
// executable, but GNU ld reads them here and rejects what it cannot
// parse.
static void opt_version_script(struct parse *p, const char *v) {
  read_version_script(p->ctx, v, false, p->fatal_warnings);
}

// The first option naming a dynamic list (it makes .dynsym with
// --no-dynamic-linker).
static void note_dynamic_list(struct parse *p) {
  if (!p->dynamic_list)
    p->dynamic_list = p->s;
}

// --dynamic-list FILE, --export-dynamic-symbol-list FILE.
static void opt_dynamic_list(struct parse *p, const char *v) {
  read_version_script(p->ctx, v, true, p->fatal_warnings);
  note_dynamic_list(p);
}

static void opt_export_dynamic_symbol(struct parse *p, const char *v) {
  add_dynamic_pattern(p->ctx, v);
  note_dynamic_list(p);
}

// --dynamic-list-data, --dynamic-list-cpp-new, --dynamic-list-cpp-typeinfo.
static void opt_dynamic_list_kind(struct parse *p, const char *v) {
  (void)v;
  p->c->dynamic_data |= !strcmp(p->name, "dynamic-list-data");
  note_dynamic_list(p);
}

static void opt_hash_style(struct parse *p, const char *v) {
  if (!strcmp(v, "sysv"))
    p->c->hash_style = HASH_SYSV;
  else if (!strcmp(v, "gnu"))
    p->c->hash_style = HASH_GNU;
  else if (!strcmp(v, "both"))
    p->c->hash_style = HASH_BOTH;
  else
    fatal(p->ctx, "invalid hash style `%s'", v);
}

static void opt_spare_dynamic_tags(struct parse *p, const char *v) {
  p->c->spare_dynamic_tags = parse_number(p->ctx, "--spare-dynamic-tags", v);
}

// GNU ld's symbol table size, which orders the GOT, .symtab's
// linker-made locals and the like (strtoul's number: what follows
// digits is ignored, as in GNU ld).
static void opt_hash_size(struct parse *p, const char *v) {
  u64 n = strtoull(v, NULL, 0);
  if (!n)
    fatal(p->ctx, "--hash-size needs a numeric argument");
  p->c->hash_size = bfd_table_size(n);
}

static void opt_reduce_memory_overheads(struct parse *p, const char *v) {
  (void)v;
  p->c->reduce_memory_overheads = true;
  if (!p->c->hash_size)
    p->c->hash_size = bfd_table_size(1021);
}

// -n, -N and --no-omagic.
static void opt_magic(struct parse *p, const char *v) {
  (void)v;
  p->c->nmagic = !strcmp(p->name, "n") || !strcmp(p->name, "nmagic");
  p->c->omagic = !strcmp(p->name, "N") || !strcmp(p->name, "omagic");
}

static void opt_build_id(struct parse *p, const char *v) {
  set_build_id(p->ctx, v);
}

static void opt_group(struct parse *p, const char *v) {
  (void)v;
  if (!strcmp(p->name, "(") || !strcmp(p->name, "start-group")) {
    p->group_depth++;
    add_input(p->ctx, IN_GROUP_START, NULL);
    return;
  }
  if (!p->group_depth--)
    fatal(p->ctx, "group ended before it began (--help for usage)");
  add_input(p->ctx, IN_GROUP_END, NULL);
}

static void opt_whole_archive(struct parse *p, const char *v) {
  (void)v;
  add_input(p->ctx, negated(p) ? IN_NO_WHOLE_ARCHIVE : IN_WHOLE_ARCHIVE,
            NULL);
}

static void opt_bstatic(struct parse *p, const char *v) {
  (void)v;
  add_input(p->ctx, IN_BSTATIC, NULL);
  p->saw_static = true;
}

static void opt_bdynamic(struct parse *p, const char *v) {
  (void)v;
  add_input(p->ctx, IN_BDYNAMIC, NULL);
}

static void opt_push_state(struct parse *p, const char *v) {
  (void)v;
  add_input(p->ctx, p->name[1] == 'u' ? IN_PUSH_STATE : IN_POP_STATE, NULL);
}

static bool elf_format(const char *v) {
  return !strcmp(v, "default") || !strcmp(v, "elf64-x86-64") ||
         !strcmp(v, "elf64-littleaarch64");
}

// --oformat: ELF for the target, or a raw image.
static void opt_oformat(struct parse *p, const char *v) {
  p->c->oformat_given = true;
  p->c->oformat_binary = !strcmp(v, "binary");
  if (!p->c->oformat_binary && !elf_format(v))
    fatal(p->ctx, "--oformat %s: mld writes ELF executables (elf64-x86-64, "
          "elf64-littleaarch64) and raw images (binary) only", v);
}

// -b, --format: the inputs after it are ELF, or raw bytes.
static void opt_format(struct parse *p, const char *v) {
  if (strcmp(v, "binary") && !elf_format(v))
    fatal(p->ctx, "--format %s: mld reads ELF objects, archives and binary "
          "files only", v);
  add_input(p->ctx, strcmp(v, "binary") ? IN_FORMAT_ELF : IN_FORMAT_BINARY,
            NULL);
}

// gcc passes its LTO plugin (lto.c loads it when an object holds
// bytecode); GNU ld with a plugin loaded also resolves a few things
// differently (warnings.c).  Its options follow it.
static void opt_plugin(struct parse *p, const char *v) {
  if (p->c->plugin && strcmp(p->c->plugin, v))
    fatal(p->ctx, "-plugin %s: mld loads one linker plugin (%s given "
          "before)", v, p->c->plugin);
  p->c->plugin = v;
}

static void opt_plugin_opt(struct parse *p, const char *v) {
  if (!p->c->plugin)
    fatal(p->ctx, "%s: no -plugin before it to take the option", p->s);
  vec_push(p->ctx, &p->c->plugin_opts, (void *)v);
}

static void opt_orphan_handling(struct parse *p, const char *v) {
  static const char *const how[] = {"place", "warn", "error", "discard"};
  u32 k = 0;
  while (k < 4 && strcmp(v, how[k]))
    k++;
  if (k == 4)
    fatal(p->ctx, "invalid argument to option \"--orphan-handling\"");
  p->c->orphan_handling = (u8)k;
}

static void opt_map(struct parse *p, const char *v) {
  p->c->map_file = v ? v : "-";
}

static void opt_demangle(struct parse *p, const char *v) {
  (void)v;
  p->c->no_demangle = negated(p);
  p->c->demangle_explicit |= !negated(p);
}

static void opt_compress_debug(struct parse *p, const char *v) {
  static const struct {
    const char *name;
    enum compress_kind kind;
  } kinds[] = {{"none", COMPRESS_NONE},
               {"zlib", COMPRESS_ZLIB},
               {"zlib-gabi", COMPRESS_ZLIB},
               {"zlib-gnu", COMPRESS_ZLIB_GNU},
               {"zstd", COMPRESS_ZSTD}};
  u32 k = 0;
  while (k < sizeof(kinds) / sizeof(*kinds) && strcmp(v, kinds[k].name))
    k++;
  if (k == sizeof(kinds) / sizeof(*kinds))
    fatal(p->ctx, "invalid --compress-debug-sections option: `%s'", v);
  p->c->compress_debug = kinds[k].kind;
}

static void opt_icf(struct parse *p, const char *v) {
  if (!strcmp(v, "none"))
    p->c->icf = ICF_NONE;
  else if (!strcmp(v, "safe"))
    p->c->icf = ICF_SAFE;
  else if (!strcmp(v, "all"))
    p->c->icf = ICF_ALL;
  else
    fatal(p->ctx, "unknown --icf value: %s (none, safe or all)", v);
}

// --package-metadata=JSON (the value only after "="): a note, if the
// text is JSON; GNU ld's warning and no note otherwise.
static void opt_package_metadata(struct parse *p, const char *v) {
  const char *why;
  p->c->package_metadata = NULL;
  if (v && *v && json_valid(p->ctx, v, &why))
    p->c->package_metadata = v;
  else if (v && *v)
    warn(p->ctx, "--package-metadata=%s does not contain valid JSON, "
         "ignoring: %s", v, why);
}

static void opt_defsym(struct parse *p, const char *v) {
  defsym(p->ctx, v);
}

static void opt_z(struct parse *p, const char *v) {
  z_option(p->ctx, v);
}

static void opt_warn_execstack(struct parse *p, const char *v) {
  (void)v;
  p->c->warn_execstack = !negated(p);
}

// --fix-cortex-a53-843419[=full|adr|adrp]: =full is the plain option;
// =adr and =adrp limit the fix to one of its two forms, as GNU ld's.
static void opt_fix_843419(struct parse *p, const char *v) {
  if (negated(p))
    p->c->fix_cortex_a53_843419 = 0;
  else if (!v || !strcmp(v, "full"))
    p->c->fix_cortex_a53_843419 = FIX_843419_ADR | FIX_843419_ADRP;
  else if (!strcmp(v, "adr"))
    p->c->fix_cortex_a53_843419 = FIX_843419_ADR;
  else if (!strcmp(v, "adrp"))
    p->c->fix_cortex_a53_843419 = FIX_843419_ADRP;
  else
    fatal(p->ctx, "--fix-cortex-a53-843419=%s: expected full, adr or adrp",
          v);
}

static void opt_unique(struct parse *p, const char *v) {
  if (v)
    vec_push(p->ctx, &p->c->unique, (void *)v);
  else
    p->c->unique_orphans = true;
}

static void opt_fatal_warnings(struct parse *p, const char *v) {
  (void)v;
  p->fatal_warnings = !negated(p);
}

// --threads[=N], --thread-count N, --no-threads.
static void opt_threads(struct parse *p, const char *v) {
  if (!v) {
    p->c->threads = negated(p) ? 1 : 0;
    return;
  }
  u64 n = parse_number(p->ctx, "--threads", v);
  if (n < 1 || n > MAX_THREADS)
    fatal(p->ctx, "--threads: %s is not between 1 and %u", v, MAX_THREADS);
  p->c->threads = n;
}

static void opt_version(struct parse *p, const char *v) {
  (void)v;
  printf("mld %s (compatible with GNU ld)\n", PACKAGE_VERSION_STR);
  if (!strcmp(p->name, "V"))
    printf("  Supported emulations:%s\n", emulation_names(p->ctx, "\n   "));
  if (!strcmp(p->name, "version"))
    exit(0);
  p->version_printed = true;
}

static void opt_print_sysroot(struct parse *p, const char *v) {
  (void)v;
  printf("%s\n", p->c->sysroot);
  exit(0);
}

static void opt_target_help(struct parse *p, const char *v) {
  (void)p;
  (void)v;
  fputs(target_help, stdout);
  exit(0);
}

// GNU ld's --verbose: version, emulations, the default layout; then the
// link goes on (or ends here without inputs).
static void opt_verbose(struct parse *p, const char *v) {
  (void)v;
  printf("mld %s (compatible with GNU ld)\n  Supported emulations:%s\n",
         PACKAGE_VERSION_STR, emulation_names(p->ctx, "\n   "));
  puts("using internal layout:\n"
       "==================================================");
  print_layout(stdout, p->c->arch ? p->c->arch : &arch_x86_64);
  puts("==================================================");
  fflush(stdout);
  p->c->verbose = true;
}

static void print_help(void);

static void opt_help(struct parse *p, const char *v) {
  (void)p;
  (void)v;
  print_help();
  exit(0);
}

static void opt_new_dtags(struct parse *p, const char *v) {
  (void)v;
  p->c->old_dtags = p->name[0] == 'd';   // with .dynamic
}

// --split-by-reloc[=COUNT]: without -r it changes nothing; with it, what
// mld does not do yet (relocatable.c refuses it).
static void opt_split_by_reloc(struct parse *p, const char *v) {
  (void)v;
  if (!p->c->relocatable_conflict)
    p->c->relocatable_conflict = p->s;
}

// GNU ld's strtoul, with its error.
static void opt_split_by_file(struct parse *p, const char *v) {
  char *end = NULL;
  p->c->split_files = true;
  p->c->split_by_file = v ? strtoull(v, &end, 0) : 1;
  if (v && (*end || !*v))
    fatal(p->ctx, "invalid number `%s'", v);
  // (GNU ld's 0 splits its own notes too, which mld makes whole.)
  if (!p->c->split_by_file)
    fatal(p->ctx, "--split-by-file=0: not supported (a size of 1 or more)");
}

static void opt_dynamic_linker(struct parse *p, const char *v) {
  p->dynamic_linker = v;
}

// -O: GNU ld's bucket counts of .hash and .gnu.hash (dynsym.c).
static void opt_optimize(struct parse *p, const char *v) {
  p->c->optimize = strtoul(v, NULL, 0) != 0;
}

// DT_INIT and DT_FINI name none in a static executable, but
// --gc-sections keeps the functions (gc.c).
static void opt_init(struct parse *p, const char *v) {
  if (!strcmp(p->name, "init"))
    p->c->init_name = v;
  else
    p->c->fini_name = v;
}

// -R FILE: another executable's symbols, or, for a directory, -rpath.
static void opt_just_symbols(struct parse *p, const char *v) {
  struct stat st;
  if (stat(v, &st) == 0 && S_ISDIR(st.st_mode))
    return;
  fatal(p->ctx, "-R %s: taking another executable's symbols is not "
        "supported", v);
}

static void opt_solaris_path(struct parse *p, const char *v) {
  fatal(p->ctx, "-Y %s: Solaris's default library path is not supported; "
        "use -L %s", v, v);
}

// -f, -F: filters and auxiliaries of shared objects (GNU ld's words).
static void opt_filter(struct parse *p, const char *v) {
  (void)v;
  bool aux = !strcmp(p->name, "f") || !strcmp(p->name, "auxiliary");
  fatal(p->ctx, "-%c may not be used without -shared", aux ? 'f' : 'F');
}

// GNU ld 2.40 takes --architecture for a short option given with
// others ("-A" and "rchitecture"), and so refuses it in every spelling.
static void opt_architecture(struct parse *p, const char *v) {
  (void)v;
  fatal(p->ctx, "unable to disambiguate: %s (did you mean -%s ?)",
        p->given, p->given);
}

static void opt_no_define_common(struct parse *p, const char *v) {
  (void)v;
  fatal(p->ctx, "--no-define-common may not be used without -shared");
}

// An option accepted here that changes nothing.
static void no_effect(struct parse *p, const char *v) {
  (void)p;
  (void)v;
}

//
// The table.
//

enum { A_NONE, A_REQ, A_OPT };   // an argument: none, one, or "=VALUE"
enum {
  F_NO_EFFECT = 1,     // changes nothing in a static executable
  F_TWO_DASHES = 2,    // GNU ld takes it only with two dashes
  F_ONE_DASH = 4,      // GNU ld's --help spells it with one dash
  F_X86 = 8,           // one target's GNU ld knows it (link.c's
  F_AARCH64 = 16,      // setup_target refuses it for the other)
  F_DYNAMIC = 32,      // with .dynamic, it would change it
  F_EXACT = 64,        // not GNU ld's: never an abbreviation's expansion
};

// The place of a bool of struct config, + 1 (0: none).
#define FLAG(field)                                                         \
  _Generic(((struct config *)0)->field,                                     \
           bool: offsetof(struct config, field) + 1)

// ... of a string, and of a vec of strings.
#define STR(field)                                                          \
  _Generic(((struct config *)0)->field,                                     \
           const char *: offsetof(struct config, field) + 1)
#define VEC(field)                                                          \
  _Generic(((struct config *)0)->field,                                     \
           struct vec: offsetof(struct config, field) + 1)

struct option {
  // The option's names, separated by spaces: a one-letter name is a
  // short option ("-o FILE", "-oFILE"), a longer one a long option
  // ("-NAME", "--NAME", "--NAME=VALUE", "--NAME VALUE").  GNU ld
  // abbreviates long names (unabbreviate).
  const char *names;
  u8 arg, flags;
  void (*fn)(struct parse *p, const char *v);
  // Or a bool of struct config the option sets (FLAG): yes to true (by
  // a name starting with "no-", false), no to true by a name starting
  // with "no-" (else false).
  u32 yes, no;
  u32 str, vec;               // or the value, as a string (STR) or a
                              // string pushed on a vec (VEC)
  const char *usage, *help;   // --help's entry, if any
  const char *why;            // refused: the reason (fn is NULL)
};

// Every option of GNU ld 2.40 for elf_x86_64 and aarch64linux (the
// generic, ELF and target sections of its --help) and mld's own, in the
// order --help lists them.
static const struct option options[] = {
    {"o output", A_REQ, F_TWO_DASHES, .fn = opt_output,
     .usage = "-o FILE, --output=FILE",
     .help = "Write the executable to FILE (a.out)"},
    {"r i relocatable", A_NONE, 0, .fn = opt_relocatable,
     .usage = "-r, -i, --relocatable",
     .help = "Write a relocatable object instead (a\n"
             "partial link, as GNU ld's -r)"},
    {"Ur", A_NONE, F_ONE_DASH, .fn = opt_relocatable, .usage = "-Ur",
     .help = "-r, with __start_SEC and __stop_SEC\n"
             "defined"},
    {"force-group-allocation", A_NONE, F_NO_EFFECT,
     .yes = FLAG(force_group_allocation), .usage = "--force-group-allocation",
     .help = "-r: section groups' members placed as\n"
             "other sections, no groups kept"},
    {"d dc dp", A_NONE, F_NO_EFFECT | F_ONE_DASH, .yes = FLAG(define_common),
     .usage = "-d, -dc, -dp", .help = "-r: COMMON symbols get room in .bss"},
    {"L library-path", A_REQ, 0, .vec = VEC(lib_paths),
     .usage = "-L DIR, --library-path=DIR",
     .help = "Search DIR for -l libraries"},
    {"l library", A_REQ, 0, .fn = opt_library,
     .usage = "-l NAME, --library=NAME",
     .help = "Link libNAME.a (-l:FILE links FILE)"},
    {"e entry", A_REQ, 0, .str = STR(entry), .usage = "-e SYM, --entry=SYM",
     .help = "Start execution at SYM (_start)"},
    {"u undefined", A_REQ, 0, .vec = VEC(undefined),
     .usage = "-u SYM, --undefined=SYM",
     .help = "Treat SYM as undefined (pulls archive members)"},
    {"require-defined", A_REQ, 0, .fn = opt_require_defined,
     .usage = "--require-defined=SYM",
     .help = "As -u, and an error if SYM is not defined"},
    {"unresolved-symbols", A_REQ, 0, .fn = opt_unresolved_symbols,
     .usage = "--unresolved-symbols=METHOD",
     .help = "Report undefined references (report-all,\n"
             "ignore-in-shared-libs) or not, as 0\n"
             "(ignore-all, ignore-in-object-files)"},
    {"warn-unresolved-symbols error-unresolved-symbols", A_NONE, 0,
     .fn = opt_warn_unresolved,
     .usage = "--warn-unresolved-symbols, --error-unresolved-symbols",
     .help = "Report them as warnings (and link), or\n"
             "errors (the default)"},
    {"warn-once", A_NONE, 0, .yes = FLAG(warn_once), .usage = "--warn-once",
     .help = "Show one place for each undefined symbol"},
    {"ignore-unresolved-symbol", A_REQ, 0, .vec = VEC(ignore_unresolved),
     .usage = "--ignore-unresolved-symbol=SYM",
     .help = "SYM undefined is 0, and not reported"},
    {"w no-warnings", A_NONE, 0, .fn = opt_no_warnings,
     .usage = "-w, --no-warnings",
     .help = "Silence the warnings GNU ld's -w silences"},
    {"a", A_REQ, 0, .fn = opt_a, .usage = "-a archive|shared|default",
     .help = "-Bstatic, -Bdynamic (HP-UX's spelling)"},
    {"noinhibit-exec", A_NONE, 0, .yes = FLAG(noinhibit_exec),
     .usage = "--noinhibit-exec",
     .help = "Write the output despite undefined\n"
             "symbols (0), duplicates (the first wins)\n"
             "and relocations out of range (low bits)"},
    {"y trace-symbol", A_REQ, 0, .vec = VEC(trace_symbols),
     .usage = "-y SYM, --trace-symbol=SYM",
     .help = "Print each file that defines or refers\n"
             "to SYM"},
    {"print-memory-usage", A_NONE, 0, .yes = FLAG(print_memory_usage),
     .usage = "--print-memory-usage",
     .help = "Print the use of MEMORY regions (none in\n"
             "the built-in layout: the header only)"},
    {"t trace", A_NONE, 0, .fn = opt_trace, .usage = "-t, --trace",
     .help = "Print each input file as it is opened\n"
             "(twice: archive members too)"},
    {"m", A_REQ, 0, .fn = opt_emulation, .usage = "-m EMULATION",
     .help = "elf_x86_64, aarch64linux, aarch64elf"},
    {"EL", A_NONE, F_ONE_DASH, .yes = FLAG(endian_little), .usage = "-EL",
     .help = "Little-endian output (the only byte\n"
             "order): a script's OUTPUT_FORMAT names\n"
             "its third format"},
    {"s strip-all", A_NONE, 0, .fn = opt_strip_all, .usage = "-s, --strip-all",
     .help = "Omit .symtab and .strtab"},
    {"S strip-debug", A_NONE, 0, .fn = opt_strip_debug,
     .usage = "-S, --strip-debug", .help = "Omit debugging sections"},
    {"q emit-relocs", A_NONE, 0, .yes = FLAG(emit_relocs),
     .usage = "-q, --emit-relocs",
     .help = "Keep the inputs' relocations in the\n"
             "output (.rela.SECTION), as for BOLT"},
    {"retain-symbols-file", A_REQ, 0, .fn = opt_retain_symbols_file,
     .usage = "--retain-symbols-file=FILE",
     .help = "Keep only the symbols FILE names in\n"
             ".symtab (a later -s or -S undoes it)"},
    {"x discard-all", A_NONE, 0, .fn = opt_discard_all,
     .usage = "-x, --discard-all", .help = "Omit the inputs' local symbols"},
    {"X discard-locals", A_NONE, 0, .fn = opt_discard_locals,
     .usage = "-X, --discard-locals",
     .help = "Omit local labels (.L...) of the inputs"},
    {"discard-none", A_NONE, 0, .fn = opt_discard_none,
     .usage = "--discard-none",
     .help = "Keep every local symbol (default: omit\n"
             "local labels of mergeable sections)"},
    {"sort-common", A_OPT, 0, .fn = opt_sort_common,
     .usage = "--sort-common[=descending|ascending]",
     .help = "Place COMMON symbols by alignment"},
    {"sort-section", A_REQ, 0, .fn = opt_sort_section,
     .usage = "--sort-section=name|alignment",
     .help = "Sort the inputs of each script statement"},
    {"T script", A_REQ, 0, .fn = opt_script, .usage = "-T FILE, --script=FILE",
     .help = "Lay out the output by linker script FILE\n"
             "(SECTIONS, MEMORY, PHDRS, INSERT,\n"
             "OVERLAY, ...)"},
    // -dT FILE stands for GNU ld's default script, and so counts only
    // without -T.
    {"dT default-script", A_REQ, 0, .str = STR(default_script),
     .usage = "-dT FILE, --default-script=FILE",
     .help = "Linker script FILE, unless -T gives one"},
    {"Ttext Tdata Tbss", A_REQ, F_ONE_DASH, .fn = opt_t_section,
     .usage = "-Ttext=ADDR, -Tdata=ADDR, -Tbss=ADDR",
     .help = "Put .text, .data or .bss at ADDR (hex)"},
    {"section-start", A_REQ, 0, .fn = opt_section_start,
     .usage = "--section-start=SECTION=ADDR",
     .help = "Put output section SECTION at ADDR (hex)"},
    {"Ttext-segment", A_REQ, F_ONE_DASH, .fn = opt_text_segment,
     .usage = "-Ttext-segment=ADDR",
     .help = "Start the image at ADDR (hex), not 0x400000"},
    // -pie with --no-dynamic-linker and no shared library: a static PIE
    // (gcc -static-pie passes -static -pie --no-dynamic-linker -z text).
    {"pie pic-executable", A_NONE, F_ONE_DASH, .yes = FLAG(pie),
     .usage = "-pie, --pic-executable",
     .help = "With --no-dynamic-linker: a static PIE,\n"
             "linked at 0, relocated by the C library's\n"
             "start-up code (what gcc's static PIE is)"},
    {"no-pie", A_NONE, F_ONE_DASH, .yes = FLAG(pie), .usage = "--no-pie",
     .help = "Undo -pie (the default)"},
    {"no-dynamic-linker", A_NONE, 0, .fn = opt_no_dynamic_linker,
     .usage = "--no-dynamic-linker",
     .help = "No program interpreter (a static PIE)"},
    {"E export-dynamic", A_NONE, F_NO_EFFECT, .fn = opt_export_dynamic,
     .usage = "-E, --export-dynamic",
     .help = "Every global symbol in .dynsym (with -pie\n"
             "or --no-dynamic-linker)"},
    {"dynamic-list", A_REQ, F_NO_EFFECT, .fn = opt_dynamic_list,
     .usage = "--dynamic-list=FILE",
     .help = "The symbols FILE names in .dynsym (same)"},
    {"export-dynamic-symbol", A_REQ, F_NO_EFFECT | F_TWO_DASHES,
     .fn = opt_export_dynamic_symbol, .usage = "--export-dynamic-symbol=GLOB",
     .help = "Those GLOB matches in .dynsym (same)"},
    {"export-dynamic-symbol-list", A_REQ, F_NO_EFFECT | F_TWO_DASHES,
     .fn = opt_dynamic_list, .usage = "--export-dynamic-symbol-list=FILE",
     .help = "As --dynamic-list"},
    {"dynamic-list-data", A_NONE, F_NO_EFFECT, .fn = opt_dynamic_list_kind,
     .usage = "--dynamic-list-data",
     .help = "The data objects in .dynsym (same)"},
    {"hash-style", A_REQ, 0, .fn = opt_hash_style,
     .usage = "--hash-style=sysv|gnu|both",
     .help = ".dynsym's .hash, .gnu.hash or both (default)"},
    {"spare-dynamic-tags", A_REQ, 0, .fn = opt_spare_dynamic_tags,
     .usage = "--spare-dynamic-tags=N",
     .help = "DT_NULL entries ending .dynamic (5)"},
    {"hash-size", A_REQ, 0, .fn = opt_hash_size, .usage = "--hash-size=N",
     .help = "GNU ld's symbol table size, which orders\n"
             "the GOT and the like (default 4051)"},
    {"reduce-memory-overheads", A_NONE, 0, .fn = opt_reduce_memory_overheads,
     .usage = "--reduce-memory-overheads",
     .help = "Its size 1021, and -Map lists symbols in\n"
             "the table's order"},
    {"n nmagic", A_NONE, 0, .fn = opt_magic, .usage = "-n, --nmagic",
     .help = "Not demand-paged: one RWX PT_LOAD, headers\n"
             "not loaded (so no __ehdr_start, which\n"
             "static glibc needs)"},
    {"N omagic", A_NONE, F_TWO_DASHES, .fn = opt_magic, .usage = "-N, --omagic",
     .help = "The same, .text writable, the data right\n"
             "after the read-only data"},
    {"no-omagic", A_NONE, F_TWO_DASHES, .fn = opt_magic, .usage = "--no-omagic",
     .help = "Undo -N and -n (the default)"},
    {"build-id", A_OPT, 0, .fn = opt_build_id, .usage = "--build-id[=STYLE]",
     .help = "sha1 (default), md5, uuid, 0xHEX, none"},
    {"start-group ( end-group )", A_NONE, 0, .fn = opt_group,
     .usage = "--start-group, -( ... --end-group, -)",
     .help = "Rescan the archives between until no member is added"},
    {"whole-archive no-whole-archive", A_NONE, 0, .fn = opt_whole_archive,
     .usage = "--whole-archive, --no-whole-archive",
     .help = "Link every member of the archives between"},
    {"Bstatic static dn non_shared", A_NONE, F_ONE_DASH, .fn = opt_bstatic,
     .usage = "-Bstatic, -static, -dn, -non_shared",
     .help = "-l finds libNAME.a only (the default)"},
    {"Bdynamic dy call_shared", A_NONE, F_ONE_DASH, .fn = opt_bdynamic,
     .usage = "-Bdynamic, -dy, -call_shared",
     .help = "-l tries libNAME.so first (refused: a\n"
             "static link cannot use it, as in GNU ld)"},
    {"push-state pop-state", A_NONE, 0, .fn = opt_push_state,
     .usage = "--push-state, --pop-state",
     .help = "Save and restore --whole-archive and -B"},
    {"oformat", A_REQ, F_TWO_DASHES, .fn = opt_oformat,
     .usage = "--oformat=binary",
     .help = "Write a raw image: the loaded sections at\n"
             "their load addresses, no headers"},
    {"b format", A_REQ, 0, .fn = opt_format,
     .usage = "-b binary, --format=binary",
     .help = "Link the files after it as raw bytes:\n"
             ".data and _binary_FILE_start, _end,\n"
             "_size (-b default: objects again)"},
    {"plugin", A_REQ, F_ONE_DASH, .fn = opt_plugin, .usage = "-plugin FILE",
     .help = "Load the compiler's LTO plugin when an\n"
             "object holds bytecode (gcc passes it)"},
    {"plugin-opt", A_REQ, F_ONE_DASH, .fn = opt_plugin_opt,
     .usage = "-plugin-opt=OPT", .help = "An option for that plugin"},
    {"exclude-libs", A_REQ, 0, .vec = VEC(exclude_libs),
     .usage = "--exclude-libs=LIB,...",
     .help = "Hide the symbols of these archives (ALL)"},
    {"orphan-handling", A_REQ, F_TWO_DASHES, .fn = opt_orphan_handling,
     .usage = "--orphan-handling=place|warn|error|discard",
     .help = "Sections no script statement names:\n"
             "placed, also reported, refused, dropped"},
    {"eh-frame-hdr no-eh-frame-hdr", A_NONE, 0, .yes = FLAG(eh_frame_hdr),
     .usage = "--eh-frame-hdr, --no-eh-frame-hdr",
     .help = "Make .eh_frame_hdr and PT_GNU_EH_FRAME"},
    {"gc-sections no-gc-sections", A_NONE, 0, .yes = FLAG(gc_sections),
     .usage = "--gc-sections, --no-gc-sections",
     .help = "Drop sections nothing refers to (with\n"
             "-r: from -e or -u symbols)"},
    {"gc-keep-exported", A_NONE, 0, .yes = FLAG(gc_keep_exported),
     .usage = "--gc-keep-exported",
     .help = "With --gc-sections, keep what every\n"
             "global not hidden refers to"},
    {"Map", A_REQ, F_ONE_DASH, .fn = opt_map,
     .usage = "-Map=FILE, -M, --print-map",
     .help = "Write a map of the output (GNU ld's\n"
             "layout) to FILE (DIR/OUTPUT.map for a\n"
             "directory) or standard output"},
    {"M print-map", A_NONE, 0, .fn = opt_map},
    {"cref", A_NONE, 0, .yes = FLAG(cref), .usage = "--cref",
     .help = "Print GNU ld's cross reference table\n"
             "(on standard output, or after the map)"},
    {"print-map-discarded no-print-map-discarded", A_NONE, 0,
     .no = FLAG(no_print_map_discarded),
     .usage = "--print-map-discarded, --no-print-map-discarded",
     .help = "List the inputs left out in the map, or\n"
             "not"},
    {"why-extract", A_REQ, 0, .str = STR(why_extract),
     .usage = "--why-extract=FILE",
     .help = "Write which reference pulled in each\n"
             "archive member (lld's format; - for\n"
             "standard output)"},
    {"demangle", A_OPT, 0, .fn = opt_demangle,
     .usage = "--demangle[=STYLE], --no-demangle",
     .help = "Show C++ names demangled (the default,\n"
             "with libstdc++'s demangler) or not"},
    {"no-demangle", A_NONE, 0, .fn = opt_demangle},
    {"print-gc-sections no-print-gc-sections", A_NONE, 0,
     .yes = FLAG(print_gc_sections),
     .usage = "--print-gc-sections, --no-print-gc-sections",
     .help = "List the sections dropped"},
    {"no-relax relax", A_NONE, 0, .no = FLAG(no_relax),
     .usage = "--no-relax, --relax",
     .help = "x86-64: keep GOT loads (no relaxation);\n"
             "relax them (the default)"},
    {"ld-generated-unwind-info no-ld-generated-unwind-info", A_NONE, F_X86,
     .no = FLAG(no_ld_unwind),
     .usage = "--ld-generated-unwind-info, --no-ld-generated-unwind-info",
     .help = "x86-64 static PIE: describe .plt and\n"
             ".plt.got in .eh_frame (the default), or\n"
             "not"},
    {"compress-debug-sections", A_REQ, 0, .fn = opt_compress_debug,
     .usage = "--compress-debug-sections=none|zlib|zlib-gabi|zlib-gnu|zstd",
     .help = "Compress .debug_* sections (libz.so.1 or\n"
             "libzstd.so.1 loaded when needed)"},
    {"icf", A_REQ, 0, .fn = opt_icf, .usage = "--icf=none|safe|all",
     .help = "Fold identical functions of .text into\n"
             "one (safe: not those whose address is\n"
             "taken)"},
    {"print-icf-sections no-print-icf-sections", A_NONE, 0,
     .yes = FLAG(print_icf_sections),
     .usage = "--print-icf-sections, --no-print-icf-sections",
     .help = "List the sections --icf folds"},
    {"package-metadata", A_OPT, 0, .fn = opt_package_metadata,
     .usage = "--package-metadata=JSON",
     .help = "FDO's .note.package with JSON (checked as\n"
             "GNU ld checks it)"},
    {"defsym", A_REQ, 0, .fn = opt_defsym, .usage = "--defsym=SYM=EXPR",
     .help = "Define SYM as EXPR, a GNU ld expression\n"
             "(no location counter)"},
    {"warn-common", A_NONE, 0, .yes = FLAG(warn_common),
     .usage = "--warn-common",
     .help = "Warn where COMMON symbols meet each other\n"
             "or a definition"},
    {"allow-multiple-definition", A_NONE, 0,
     .yes = FLAG(allow_multiple_definition),
     .usage = "--allow-multiple-definition, -z muldefs",
     .help = "The first of several definitions wins"},
    {"wrap", A_REQ, 0, .vec = VEC(wrap), .usage = "--wrap=SYM",
     .help = "SYM means __wrap_SYM, __real_SYM means SYM"},
    {"z", A_REQ, 0, .fn = opt_z, .usage = "-z KEYWORD",
     .help = "relro, norelro, separate-code,\n"
             "noseparate-code, execstack, noexecstack,\n"
             "max-page-size=N, common-page-size=N,\n"
             "stack-size=N (PT_GNU_STACK's size), muldefs,\n"
             "now (.got.plt joins .got, read-only), lazy;\n"
             "text (a PIE's text relocation: error),\n"
             "notext (DT_TEXTREL, no warning);\n"
             "start-stop-visibility=V (__start_SEC's);\n"
             "unique-symbol (locals NAME.N),\n"
             "nounique-symbol;\n"
             "common, nocommon (-r: COMMON's type);\n"
             "origin, global, interpose, nodump,\n"
             "loadfltr, nodefaultlib, globalaudit,\n"
             "initfirst, nodelete, nodlopen (.dynamic's\n"
             "DT_FLAGS_1), unique (DT_GNU_FLAGS_1);\n"
             "x86-64: ibt, shstk, lam-u48, lam-u57\n"
             "(features forced on), ibtplt (IBT IPLT),\n"
             "cet-report=, lam-report=, lam-u48-report=,\n"
             "lam-u57-report= (none|warning|error),\n"
             "x86-64-baseline|v2|v3|v4 (ISA needed),\n"
             "report-relative-reloc (each RELATIVE listed),\n"
             "indirect-extern-access,\n"
             "noindirect-extern-access (its property bit);\n"
             "AArch64: force-bti (BTI forced on),\n"
             "pac-plt (PLT entries authenticate)"},
    {"warn-execstack no-warn-execstack", A_NONE, 0, .fn = opt_warn_execstack,
     .usage = "--warn-execstack, --no-warn-execstack",
     .help = "Warn of an executable stack also for -z\n"
             "execstack; never warn of one"},
    {"warn-textrel", A_NONE, 0, .yes = FLAG(warn_textrel),
     .usage = "--warn-textrel",
     .help = "Warn of a PIE's DT_TEXTREL (x86-64 does\n"
             "unless -z notext)"},
    {"check-sections no-check-sections", A_NONE, 0,
     .no = FLAG(no_check_sections),
     .usage = "--check-sections, --no-check-sections",
     .help = "Check (default) that sections do not\n"
             "overlap in memory; do not (sections with\n"
             "contents that overlap in the load image\n"
             "stay an error)"},
    {"warn-rwx-segments no-warn-rwx-segments", A_NONE, 0,
     .no = FLAG(no_warn_rwx_segments),
     .usage = "--warn-rwx-segments, --no-warn-rwx-segments",
     .help = "Warn (default) of RWX LOAD segments"},
    {"fix-cortex-a53-843419", A_OPT, F_AARCH64, .fn = opt_fix_843419,
     .usage = "--fix-cortex-a53-843419[=full|adr|adrp]",
     .help = "AArch64: work around erratum 843419\n"
             "(adr: ADR only; adrp: veneers only;\n"
             "--no-fix-cortex-a53-843419: none)"},
    {"no-fix-cortex-a53-843419", A_NONE, F_AARCH64 | F_EXACT,
     .fn = opt_fix_843419},
    {"fix-cortex-a53-835769", A_NONE, F_AARCH64,
     .yes = FLAG(fix_cortex_a53_835769), .usage = "--fix-cortex-a53-835769",
     .help = "AArch64: work around erratum 835769"},
    // GNU ld takes the sysroot from its own arguments before anything
    // else, and only in the form --sysroot=DIR (not from @files); the
    // option's other forms are accepted and do nothing.
    {"sysroot", A_REQ, 0, .fn = no_effect, .usage = "--sysroot=DIR",
     .help = "Root for =DIR and $SYSROOT/DIR in -L,\n"
             "file names and input scripts"},
    {"nostdlib", A_NONE, F_ONE_DASH, .yes = FLAG(nostdlib),
     .usage = "-nostdlib", .help = "Ignore SEARCH_DIR in input scripts"},
    {"unique", A_OPT, 0, .fn = opt_unique, .usage = "--unique[=SECTION]",
     .help = "An output section for each input section\n"
             "matching the pattern (each orphan)"},
    {"fatal-warnings", A_NONE, 0, .fn = opt_fatal_warnings,
     .usage = "--fatal-warnings",
     .help = "Treat warnings as errors (no output)"},
    {"no-fatal-warnings", A_NONE, 0, .fn = opt_fatal_warnings,
     .usage = "--no-fatal-warnings",
     .help = "Undo --fatal-warnings (the default)"},
    {"stats no-stats", A_NONE, 0, .yes = FLAG(stats),
     .usage = "--stats, --no-stats",
     .help = "Print per-pass times, counts and memory"},
    {"threads", A_OPT, 0, .fn = opt_threads,
     .usage = "--threads[=N], --no-threads",
     .help = "Use N threads (default: one per online\n"
             "processor, up to 256); output is the same"},
    {"no-threads", A_NONE, 0, .fn = opt_threads},
    {"fork no-fork", A_NONE, F_EXACT, .no = FLAG(no_fork),
     .usage = "--fork, --no-fork",
     .help = "Link in a child process, the caller going\n"
             "on once the output is in place (default)"},
    {"thread-count", A_REQ, 0, .fn = opt_threads},
    {"dependency-file", A_REQ, 0, .str = STR(dependency_file),
     .usage = "--dependency-file=FILE",
     .help = "Write a make rule naming every input"},
    {"out-implib", A_REQ, F_TWO_DASHES, .str = STR(out_implib),
     .usage = "--out-implib=FILE",
     .help = "Write an import library: the output's\n"
             "global symbols, absolute"},
    {"", A_NONE, 0, .fn = no_effect, .usage = "@FILE",
     .help = "Read options from FILE"},
    {"v version", A_NONE, 0, .fn = opt_version, .usage = "-v, --version",
     .help = "Print the version"},
    {"V", A_NONE, 0, .fn = opt_version, .usage = "-V",
     .help = "Print the version and the emulations"},
    {"print-output-format", A_NONE, 0, .yes = FLAG(print_output_format),
     .usage = "--print-output-format",
     .help = "Print the output's BFD format name"},
    {"print-sysroot", A_NONE, 0, .fn = opt_print_sysroot,
     .usage = "--print-sysroot", .help = "Print the --sysroot directory"},
    {"target-help", A_NONE, 0, .fn = opt_target_help, .usage = "--target-help",
     .help = "Print the options of each target"},
    {"verbose", A_OPT, 0, .fn = opt_verbose, .usage = "--verbose",
     .help = "Print the version, the emulations and\n"
             "the built-in layout, then link"},
    {"help", A_NONE, 0, .fn = opt_help, .usage = "--help",
     .help = "Print this help"},

    // Accepted without effect, as GNU ld accepts them for a static
    // executable: its output is byte-identical with and without each
    // (checked on both architectures; testsuite/options/no_effect.sh
    // keeps checking).  Some matter with .dynamic (a static PIE's).
    // Only about shared libraries, which a static link has none of:
    {"as-needed no-as-needed copy-dt-needed-entries "
     "no-copy-dt-needed-entries warn-shared-textrel",
     A_NONE, F_NO_EFFECT, .fn = no_effect},
    {"no-export-dynamic", A_NONE, F_NO_EFFECT, .fn = opt_export_dynamic},
    {"enable-new-dtags disable-new-dtags", A_NONE, F_NO_EFFECT,
     .fn = opt_new_dtags},
    {"I dynamic-linker", A_REQ, F_NO_EFFECT, .fn = opt_dynamic_linker,
     .usage = "-dynamic-linker FILE"},
    {"rpath", A_REQ, F_NO_EFFECT | F_ONE_DASH | F_DYNAMIC, .fn = NULL,
     .usage = "-rpath DIR"},
    {"rpath-link", A_REQ, F_NO_EFFECT | F_ONE_DASH, .fn = no_effect,
     .usage = "-rpath-link DIR"},
    {"h soname", A_REQ, F_NO_EFFECT | F_ONE_DASH | F_DYNAMIC, .fn = NULL,
     .usage = "-soname NAME"},
    // GNU ld ignores -g
    {"g", A_NONE, F_NO_EFFECT, .fn = no_effect},
    {"O", A_REQ, F_NO_EFFECT, .fn = opt_optimize, .usage = "-O LEVEL"},
    // Binding, versions and exports of dynamic symbols, which a static
    // executable has none of (a static PIE's: dynsym.c, versions.c).
    {"Bsymbolic Bsymbolic-functions Bno-symbolic", A_NONE,
     F_NO_EFFECT | F_ONE_DASH, .fn = no_effect},
    {"version-script", A_REQ, F_NO_EFFECT, .fn = opt_version_script,
     .usage = "--version-script=FILE"},
    {"dynamic-list-cpp-new dynamic-list-cpp-typeinfo", A_NONE,
     F_NO_EFFECT | F_DYNAMIC, .fn = opt_dynamic_list_kind},
    {"undefined-version", A_NONE, F_NO_EFFECT | F_TWO_DASHES,
     .no = FLAG(no_undefined_version)},
    {"default-imported-symver", A_NONE, F_NO_EFFECT, .fn = no_effect},
    // With versions (a static PIE's, versions.c): each literal global of
    // the script defined; a default version is not made.
    {"no-undefined-version", A_NONE, F_NO_EFFECT,
     .no = FLAG(no_undefined_version)},
    {"default-symver", A_NONE, F_NO_EFFECT | F_DYNAMIC, .fn = no_effect},
    {"version-exports-section", A_REQ, F_NO_EFFECT, .fn = NULL,
     .usage = "--version-exports-section=SYM"},
    // The defaults: an executable, undefined symbols reported,
    // discarded sections' symbols dropped.
    {"no-undefined strip-discarded", A_NONE, F_NO_EFFECT,
     .fn = no_effect},
    // Other systems' or other targets' (SunOS, HP-UX, MIPS, PE, a.out,
    // LTO plugins), the compiler's -fuse-ld, GNU ld's own memory use.
    {"flto", A_OPT, F_NO_EFFECT | F_ONE_DASH, .fn = no_effect},
    {"flto-partition fuse-ld", A_REQ, F_NO_EFFECT | F_ONE_DASH,
     .fn = no_effect},
    {"allow-shlib-undefined no-allow-shlib-undefined "
     "no-warn-search-mismatch",
     A_NONE, F_NO_EFFECT, .fn = no_effect},
    {"init fini", A_REQ, F_NO_EFFECT | F_ONE_DASH | F_DYNAMIC, .fn = opt_init,
     .usage = "-init SYM, -fini SYM"},
    {"audit", A_REQ, F_NO_EFFECT | F_DYNAMIC, .fn = no_effect,
     .usage = "--audit=LIB"},
    {"P depaudit", A_REQ, F_NO_EFFECT | F_DYNAMIC, .fn = no_effect,
     .usage = "--depaudit=LIB"},
    {"assert", A_REQ, F_NO_EFFECT | F_ONE_DASH, .fn = no_effect},
    {"A G gpsize", A_REQ, F_NO_EFFECT, .fn = no_effect},
    {"Qy qmagic", A_NONE, F_NO_EFFECT | F_ONE_DASH, .fn = no_effect},
    {"embedded-relocs force-exe-suffix warn-multiple-gp warn-constructors "
     "warn-alternate-em no-keep-memory map-whole-files no-map-whole-files "
     "accept-unknown-input-arch no-accept-unknown-input-arch",
     A_NONE, F_NO_EFFECT, .fn = no_effect},
    {"max-cache-size ctf-share-types", A_REQ, F_NO_EFFECT, .fn = no_effect},
    {"ctf-variables no-ctf-variables", A_NONE, F_NO_EFFECT, .fn = no_effect},
    // Relocatable links, linker scripts and shared objects only.
    {"enable-non-contiguous-regions", A_NONE, 0,
     .yes = FLAG(non_contiguous_regions),
     .usage = "--enable-non-contiguous-regions",
     .help = "-T: an input section that would overflow\n"
             "its region goes to the next output section\n"
             "that takes it"},
    {"split-by-reloc", A_OPT, F_NO_EFFECT, .fn = opt_split_by_reloc},
    {"split-by-file", A_OPT, 0, .fn = opt_split_by_file,
     .usage = "--split-by-file[=SIZE]",
     .help = "-r: a new output section (NAME.N) where\n"
             "an input would bring one to SIZE bytes\n"
             "(default 1)"},
    {"disable-multiple-abs-defs enable-non-contiguous-regions-warnings", A_NONE,
     F_NO_EFFECT, .fn = no_effect},
    {"Bgroup", A_NONE, F_NO_EFFECT | F_ONE_DASH, .fn = no_effect},
    // AArch64 object attributes mld does not read, and its dynamic
    // relocations.
    {"no-enum-size-warning no-wchar-size-warning no-apply-dynamic-relocs",
     A_NONE, F_NO_EFFECT | F_AARCH64, .fn = no_effect},

    // Accepted by GNU ld, refused here: each changes the output or its
    // checks in a way mld does not reproduce.
    {"R", A_REQ, 0, .fn = opt_just_symbols}, // a directory: -rpath
    {"no-warn-mismatch", A_NONE, 0,
     .why = "mld links only inputs of one "
            "machine and ABI"},
    {"pic-veneer", A_NONE, 0, .why = "mld writes absolute veneers only"},
    {"traditional-format", A_NONE, 0,
     .why = "mld always edits .eh_frame (one copy of each CIE), as GNU ld "
            "does by default"},
    {"no-strip-discarded", A_NONE, 0,
     .why = "mld leaves out the symbols of discarded sections"},
    {"warn-section-align", A_NONE, 0, .why = "not implemented"},

    {"error-handling-script", A_REQ, 0, .why = "not implemented"},
    {"stub-group-size", A_REQ, 0,
     .why = "mld groups stubs by GNU ld's default size only"},
    {"just-symbols", A_REQ, 0,
     .why = "taking another executable's symbols is not supported"},
    {"task-link", A_REQ, 0, .why = "not supported"},
    {"Trodata-segment Tldata-segment", A_REQ, F_ONE_DASH, .fn = opt_not_yet},
    {"Y", A_REQ, 0, .fn = opt_solaris_path},
    {"f auxiliary F filter", A_REQ, 0, .fn = opt_filter},
    {"no-define-common", A_NONE, 0, .fn = opt_no_define_common},
    {"shared Bshareable", A_NONE, F_ONE_DASH,
     .why = "mld makes static executables only"},
    {"static-pie", A_NONE, F_ONE_DASH | F_EXACT,
     .why = "not an option of GNU ld; gcc -static-pie passes -static -pie "
            "--no-dynamic-linker"},
    {"EB", A_NONE, F_ONE_DASH, .why = "big-endian output is not supported"},
    {"c mri-script", A_REQ, 0, .why = "MRI scripts are not supported"},
    {"architecture", A_REQ, 0, .fn = opt_architecture},
};

#define N_OPTIONS (sizeof(options) / sizeof(*options))

// Names in a row: the length of the one at N, and the one after it.
static u64 name_len(const char *n) {
  return strcspn(n, " ");
}

static const char *next_name(const char *n) {
  n += name_len(n);
  return n + (*n == ' ');
}

// The long option the N bytes at NAME name exactly, else those they
// begin (not those GNU ld takes with two dashes only, for ONE_DASH):
// how many there are, the first in *row and *found.
static u32 lookup_long(const char *name, u64 n, bool one_dash,
                       const struct option **row, const char **found) {
  for (u32 k = 0; k < N_OPTIONS; k++)
    for (const char *m = options[k].names; *m; m = next_name(m))
      if (name_len(m) == n && n > 1 && !strncmp(m, name, n)) {
        *row = &options[k];
        *found = m;
        return 1;
      }
  u32 count = 0;
  for (u32 k = 0; k < N_OPTIONS; k++) {
    if ((one_dash && (options[k].flags & F_TWO_DASHES)) ||
        (options[k].flags & F_EXACT))
      continue;
    for (const char *m = options[k].names; *m; m = next_name(m))
      if (name_len(m) > n && !strncmp(m, name, n) && !count++) {
        *row = &options[k];
        *found = m;
      }
  }
  return count;
}

// ARG, or the long option it names or abbreviates, as "--NAME" with its
// "=VALUE".  GNU ld reads options with getopt_long_only: "-NAME" is the
// long option NAME too, or the one it is a unique prefix of
// ("-emit-relocs", "-undefined foo", "-whole"), except -lNAME, always a
// library, and the options GNU ld takes with two dashes only.  A "-NAME"
// that begins no long option is a short one with its value ("-emain",
// "-Tfile.ld"); one that begins several ("-ex", "-Ttex") is unknown, as
// in GNU ld.  Those --help spells with one dash stay as written.
static char *unabbreviate(struct ctx *ctx, char *arg) {
  if (arg[0] != '-' || !arg[1] || !arg[2])
    return arg;                  // not an option, or a short one alone
  bool one_dash = arg[1] != '-';
  if (one_dash && arg[1] == 'l')
    return arg;
  const char *name = arg + (one_dash ? 1 : 2);
  u64 n = strcspn(name, "=");
  const struct option *o = NULL;
  const char *found = NULL;
  u32 count = lookup_long(name, n, one_dash, &o, &found);
  if (count > 1 && one_dash)     // ambiguous: unknown, as in GNU ld
    fatal(ctx, "unknown option: %s (try --help)", arg);
  if (count != 1 || (one_dash && (o->flags & F_TWO_DASHES)) ||
      (name_len(found) == n && (!one_dash || (o->flags & F_ONE_DASH))))
    return arg;
  return arena_printf(ctx, "--%.*s%s", (int)name_len(found), found, name + n);
}

// The row of the option p->s (unabbreviated), its name in p->name and
// a value written in the same argument ("-oFILE", "--output=FILE") in
// *value; NULL if there is no such option.
static const struct option *match(struct parse *p, const char **value) {
  const char *s = p->s;
  bool one_dash = s[1] != '-';
  const char *body = s + (one_dash ? 1 : 2);
  u64 n = strcspn(body, "=");
  const struct option *o = NULL;
  const char *found = NULL;
  *value = NULL;
  // -NAME and --NAME[=VALUE], except -lNAME and what needs two dashes.
  if (n > 1 && (!one_dash || body[0] != 'l') &&
      lookup_long(body, n, false, &o, &found) == 1 &&
      name_len(found) == n && !(one_dash && (o->flags & F_TWO_DASHES))) {
    if (body[n] && o->arg == A_NONE)
      return NULL;
    *value = body[n] ? body + n + 1 : NULL;
    p->name = arena_strndup(p->ctx, found, n);
    return o;
  }
  if (!one_dash)
    return NULL;
  // -X, -X VALUE, -XVALUE.
  for (u32 k = 0; k < N_OPTIONS; k++)
    for (const char *m = options[k].names; *m; m = next_name(m))
      if (name_len(m) == 1 && *m == body[0]) {
        if (body[1] && options[k].arg == A_NONE)
          return NULL;
        *value = body[1] ? body + 1 : NULL;
        p->name = arena_strndup(p->ctx, m, 1);
        return &options[k];
      }
  return NULL;
}

// The dashes before name (of len bytes) of row o, as GNU ld's --help
// spells it.
static const char *dashes(const struct option *o, u64 len) {
  return len == 1 || (o->flags & F_ONE_DASH) ? "-" : "--";
}

// The option as --help and the messages spell it.
static const char *spelling(struct parse *p, const struct option *o) {
  return arena_printf(p->ctx, "%s%s", dashes(o, strlen(p->name)), p->name);
}

// Reads the option at p->a.v[p->i] (and its value, if it is the next
// argument), or an input file.
static void read_option(struct parse *p) {
  struct ctx *ctx = p->ctx;
  p->given = p->a.v[p->i];
  const char *s = p->s = p->a.v[p->i] = unabbreviate(ctx, p->a.v[p->i]);
  if (s[0] != '-' || !s[1]) {
    add_input(ctx, IN_FILE, s);
    return;
  }
  const char *v;
  const struct option *o = match(p, &v);
  if (!o)
    fatal(ctx, "unknown option: %s (try --help)", s);
  // Kept until the target is known (link.c's setup_target checks them).
  if (o->flags & F_X86)
    vec_push(ctx, &p->c->x86_options, (void *)s);
  if (o->flags & F_AARCH64)
    vec_push(ctx, &p->c->aarch64_options, (void *)s);
  if (o->why)
    fatal(ctx, "%s: %s", spelling(p, o), o->why);
  if (o->arg == A_REQ && !v) {
    if (p->i + 1 >= p->a.n)
      fatal(ctx, "option %s requires an argument", s);
    v = p->a.v[++p->i];
  }
  if ((o->flags & F_DYNAMIC) && !p->dynamic_only)
    p->dynamic_only = s;
  if (o->yes)
    *(bool *)((char *)p->c + o->yes - 1) = !negated(p);
  if (o->no)
    *(bool *)((char *)p->c + o->no - 1) = negated(p);
  if (o->str)
    *(const char **)((char *)p->c + o->str - 1) = v;
  if (o->vec)
    vec_push(ctx, (struct vec *)((char *)p->c + o->vec - 1), (void *)v);
  if (o->fn)
    o->fn(p, v);
}

// One entry of --help: the usage in 28 columns, or on a line of its own
// if longer, then the text, each line at column 30.
static void print_entry(const char *usage, const char *help) {
  int n = (int)strlen(usage);
  if (n > 27)
    printf("  %s\n%30s", usage, "");
  else
    printf("  %s%*s", usage, 28 - n, "");
  for (const char *h = help; *h;) {
    int k = (int)strcspn(h, "\n");
    printf("%.*s\n", k, h);
    h += k;
    if (*h && *++h)
      printf("%30s", "");
  }
}

// One more of a list of words, wrapped at 72 columns: DASH and the len
// bytes at word; *col is the column reached.
static void list_word(u32 *col, const char *dash, int len, const char *word) {
  u32 n = strlen(dash) + len;
  if (*col && *col + n + 2 > 72) {
    fputs(",\n", stdout);
    *col = 0;
  } else if (*col) {
    fputs(", ", stdout);
    *col += 2;
  }
  *col += printf("%s%s%.*s", *col ? "" : "  ", dash, len, word);
}

// --help: the table's entries, then the options accepted without effect.
static void print_help(void) {
  fputs("Usage: mld [options] file...\n"
        "A static linker for x86-64 and AArch64 Linux, command-line "
        "compatible\nwith GNU ld.  A long option may be cut to a unique "
        "prefix, as in\nGNU ld.\n\nOptions:\n", stdout);
  for (u32 k = 0; k < N_OPTIONS; k++)
    if (options[k].help)
      print_entry(options[k].usage, options[k].help);
  fputs("\nAccepted without effect, as GNU ld for a static executable:\n",
        stdout);
  u32 col = 0;
  for (u32 k = 0; k < N_OPTIONS; k++) {
    const struct option *o = &options[k];
    if (!(o->flags & F_NO_EFFECT) || o->help)
      continue;
    if (o->usage) {
      list_word(&col, "", (int)strlen(o->usage), o->usage);
      continue;
    }
    for (const char *m = o->names; *m; m = next_name(m))
      list_word(&col, dashes(o, name_len(m)), (int)name_len(m), m);
  }
  fputs(".\n"
        "  With .dynamic (-pie, or --no-dynamic-linker with -E or a dynamic\n"
        "  list) those of dynamic symbols take effect, as in GNU ld, and\n"
        "  -rpath, -soname, -init, -fini, --audit, --depaudit and the C++\n"
        "  dynamic lists are refused; -O then sizes the hash tables.  Version\n"
        "  scripts and dynamic lists are read, and rejected where GNU ld\n"
        "  rejects them.  Also without effect: --oformat and -b naming the\n"
        "  target's ELF format, the -z keywords of dynamic linking (text,\n"
        "  defs, combreloc, ... and those of DT_FLAGS_1 without .dynamic);\n"
        "  other -z keywords get a warning that they are ignored, as in GNU\n"
        "  ld.  Refused: -z nocombreloc with a PIE's dynamic\n"
        "  relocations, and a version script with -E or a dynamic list and\n"
        "  .dynamic\n"
        "\n"
        // GNU ld's last lines, which libtool's probes read.
        "mld: supported targets: elf64-x86-64 elf64-littleaarch64\n"
        "mld: supported emulations: elf_x86_64 aarch64linux\n",
        stdout);
}

static void set_defaults(struct config *c, int argc, char **argv) {
  c->output = "a.out";
  c->sysroot = "";
  for (int i = 1; i < argc; i++)
    if (!strncmp(argv[i], "--sysroot=", 10))
      c->sysroot = argv[i] + 10;
  if (c->sysroot[0] == '/' && !c->sysroot[1])
    c->sysroot = "";
  c->z_execstack = -1;
  // GNU ld demangles unless COLLECT_NO_DEMANGLE is set, as collect2 does.
  c->no_demangle = getenv("COLLECT_NO_DEMANGLE") != NULL;
  c->warn_execstack = 2;
  c->build_id = BUILD_ID_NONE;
  c->hash_style = HASH_BOTH;
  c->spare_dynamic_tags = 5;
  // A sanitizer reports leaks as the process exits: the child of a
  // forked link would report them to no one (main.c).
#if defined(__SANITIZE_ADDRESS__)
  c->no_fork = true;
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
  c->no_fork = true;
#endif
#endif
}

// -v, -V, --verbose and --print-output-format without an input file
// print and succeed, as in GNU ld, whatever else the line holds (the
// probes of Kbuild and U-Boot run `ld OPTION -v`).
static void exit_if_printed(struct parse *p) {
  struct config *c = p->c;
  if (c->print_output_format)
    // The target's BFD name, as GNU ld prints it.
    puts(c->arch ? c->arch->output_format : arch_x86_64.output_format);
  if (!p->version_printed && !c->verbose && !c->print_output_format)
    return;
  for (u32 k = 0; k < c->inputs.len; k++) {
    enum input_kind kind = ((struct input_spec *)c->inputs.v[k])->kind;
    if (kind == IN_FILE || kind == IN_LIB)
      return;
  }
  exit(0);
}

// What options decide together, once all are read.
static void finish(struct parse *p) {
  struct ctx *ctx = p->ctx;
  struct config *c = p->c;
  exit_if_printed(p);
  // gcc without -static passes -dynamic-linker: with no shared object
  // among the inputs GNU ld writes a static executable all the same
  // (TF-A links so); one that comes is refused (object.c).  gcc -r
  // passes it too; an object has no PT_INTERP.
  if (p->dynamic_linker && !p->saw_static && !c->relocatable)
    c->dynamic_linker = p->dynamic_linker;
  if (c->pie && c->relocatable)
    fatal(ctx, "-r and -pie may not be used together");
  // A PIE gets a program interpreter unless --no-dynamic-linker says
  // not, with -static too (-static is -Bstatic to GNU ld): U-Boot and
  // TF-A link so, and discard .interp in their scripts.  With no shared
  // input it is the static PIE with PT_INTERP and PT_PHDR added.
  if (c->pie && !c->no_dynamic_linker) {
    c->interp = p->dynamic_linker ? p->dynamic_linker : "";
    c->interp_search_shared = !p->saw_static;
  }
  // A PIE exports what -E or the dynamic lists name (dynsym.c); so does
  // an executable with --no-dynamic-linker, which then gets .dynamic
  // and .dynsym as GNU ld makes them (they do not make it dynamic).
  c->export_dynamic = p->export_dynamic != NULL;
  c->dynamic_list = p->dynamic_list != NULL || c->dynamic_data;
  c->dynamic = c->pie || (!c->relocatable && c->no_dynamic_linker &&
                          (c->export_dynamic || c->dynamic_list));
  if (c->dynamic && p->dynamic_only)
    fatal(ctx, "%s: with %s it changes the dynamic section or symbols, "
          "which mld does not make for a static %s", p->dynamic_only,
          c->pie ? "-pie" : "--no-dynamic-linker",
          c->pie ? "PIE" : "executable");
  // -r -s is -r -S -x, as GNU ld takes it (the relocations need the
  // globals; a -X or --discard-none given stays).
  if (c->relocatable && c->strip == STRIP_ALL) {
    c->strip = STRIP_DEBUG;
    if (c->discard == DISCARD_SEC_MERGE)
      c->discard = DISCARD_ALL;
  }
  // GNU ld 2.40 fails on -q -s ("final link failed: invalid operation").
  if (c->emit_relocs && c->strip == STRIP_ALL)
    error(ctx, "--emit-relocs with --strip-all: the relocations need "
          ".symtab (GNU ld fails too)");
  // GNU ld places compressed sections and their relocations in its own
  // order; mld does not reproduce it yet.
  if (c->emit_relocs && c->compress_debug != COMPRESS_NONE)
    error(ctx, "--emit-relocs with --compress-debug-sections: not "
          "implemented yet");
  // GNU ld adds the symbols relocations name to those the file lists.
  if (c->emit_relocs && c->strip == STRIP_SOME)
    error(ctx, "--emit-relocs with --retain-symbols-file: not "
          "implemented yet");
  c->fatal_warnings = p->fatal_warnings;
  if (p->fatal_warnings && ctx->warnings)
    error(ctx, "%u warning%s treated as error%s (--fatal-warnings)",
          ctx->warnings, ctx->warnings > 1 ? "s" : "",
          ctx->warnings > 1 ? "s" : "");
}

void parse_options(struct ctx *ctx, int argc, char **argv) {
  struct parse p = {.ctx = ctx, .c = &ctx->cfg};
  for (int i = 1; i < argc; i++)
    expand(ctx, &p.a, argv[i], 0);
  set_defaults(p.c, argc, argv);
  for (p.i = 0; p.i < p.a.n; p.i++)
    read_option(&p);
  finish(&p);
}
