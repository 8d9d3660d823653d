// script.c: input scripts, the linker scripts that only name inputs.
//
// Some "libraries" are small text files: glibc's libm.a is
// `GROUP ( libm-2.36.a libmvec.a )`.  A file that is neither an object
// nor an archive is read as such a script, at its place among the inputs,
// with GNU ld's meaning for the commands these files use: INPUT, GROUP and
// AS_NEEDED (files and -lNAME), SEARCH_DIR, ENTRY, EXTERN, OUTPUT_FORMAT,
// OUTPUT_ARCH and STARTUP.  A script that lays out sections, assigns
// symbols or uses any other command is an error, since mld builds GNU
// ld's default layout in C.
//
// As in GNU ld, a script is parsed whole before any file it names is
// opened: SEARCH_DIR applies to every name in the script, and EXTERN
// symbols are undefined before the script's first file joins the link.
// Names are found by find_script_input() (input.c).  Scripts may name
// scripts, to MAX_SCRIPT_DEPTH; a script that names itself is an error
// (GNU ld loops forever).
//
// The lexer follows GNU ld's (ldlex.l) where a difference would change
// what a script means: a name starts with a letter or one of `_ / . \ $ ~`
// and goes on with those, digits and `- + : [ ] = ,` (so "a.o,b.o" is one
// name and "a.o, b.o" two; in EXTERN's list "=" and "," end a name); in
// the lists of INPUT and GROUP a name may also start with "=" and "-l"
// starts a library; "quoted" names hold anything but a quote.  Characters
// GNU ld skips with a complaint on stdout are errors here.

#include "mld.h"

#include <ctype.h>
#include <strings.h>

enum tok_kind { T_END, T_NAME, T_LIB, T_PUNCT };

struct token {
  enum tok_kind kind;
  const char *s;               // a name's text (without quotes or "-l")
  u32 len;
  bool quoted;
};

struct lexer {
  struct ctx *ctx;
  const char *file;
  const char *start, *p, *end;
  bool quiet;                  // report nothing
  bool skip_bad;               // a prescan: skip what does not lex
};

static bool first_char(int c) {
  return isalpha(c) || (c && strchr("_/.\\$~", c));
}

// Lexer states, as GNU ld's: file lists, other commands' arguments, and
// EXTERN's list, whose names stop at commas and "=" (an expression).
enum lex_mode { LM_SCRIPT, LM_LIST, LM_EXPR };

static bool next_char(int c, enum lex_mode mode) {
  return isalnum(c) || (c && strchr("_/.\\$~-+:[]", c)) ||
         (mode != LM_EXPR && (c == ',' || c == '='));
}

static u32 line_of(struct lexer *lx, const char *at) {
  u32 line = 1;
  for (const char *q = lx->start; q < at; q++)
    line += *q == '\n';
  return line;
}

static bool lex_fail(struct lexer *lx, const char *at, const char *what) {
  if (!lx->quiet)
    error(lx->ctx, "%s:%u: %s", lx->file, line_of(lx, at), what);
  return false;
}

// The next token; false (with an error reported) if the text does not
// lex.  Names are limited to MAX_SCRIPT_NAME bytes.
static bool lex(struct lexer *lx, enum lex_mode mode, struct token *t) {
again:
  for (;;) {
    while (lx->p < lx->end && isspace((u8)*lx->p))
      lx->p++;
    if (lx->end - lx->p >= 2 && lx->p[0] == '/' && lx->p[1] == '*') {
      const char *q = lx->p + 2;
      while (lx->end - q >= 2 && !(q[0] == '*' && q[1] == '/'))
        q++;
      if (lx->end - q < 2)
        return lex_fail(lx, lx->p, "unterminated comment");
      lx->p = q + 2;
      continue;
    }
    break;
  }
  const char *s = lx->p;
  *t = (struct token){T_END, s, 0, false};
  if (s == lx->end)
    return true;
  u8 c = *s;
  if (c && strchr("(),;", c)) {
    t->kind = T_PUNCT;
    t->len = 1;
    lx->p++;
    return true;
  }
  const char *q = s + 1;
  if (c == '"') {
    q = memchr(s + 1, '"', lx->end - s - 1);
    if (!q)
      return lex_fail(lx, s, "unterminated string");
    *t = (struct token){T_NAME, s + 1, q - s - 1, true};
    lx->p = q + 1;
  } else if (mode == LM_LIST && c == '-' && lx->end - s >= 3 &&
             s[1] == 'l' && next_char((u8)s[2], mode)) {
    for (q = s + 2; q < lx->end && next_char((u8)*q, mode); q++)
      ;
    *t = (struct token){T_LIB, s + 2, q - s - 2, false};
    lx->p = q;
  } else if (first_char(c) || (mode == LM_LIST && c == '=' &&
                                q < lx->end && first_char((u8)*q))) {
    for (; q < lx->end && next_char((u8)*q, mode); q++)
      ;
    *t = (struct token){T_NAME, s, q - s, false};
    lx->p = q;
  } else {
    if (lx->skip_bad) {
      lx->p++;
      goto again;
    }
    char what[64];
    snprintf(what, sizeof(what), isprint(c) ? "unexpected character '%c'"
                                            : "unexpected byte 0x%02x", c);
    return lex_fail(lx, s, what);
  }
  if (t->len > MAX_SCRIPT_NAME)
    return lex_fail(lx, s, "name too long");
  return true;
}

static bool tok_is(const struct token *t, const char *word) {
  return t->kind == T_NAME && !t->quoted && strlen(word) == t->len &&
         !memcmp(t->s, word, t->len);
}

static bool punct(const struct token *t, char c) {
  return t->kind == T_PUNCT && t->s[0] == c;
}

static bool syntax_error(struct lexer *lx, const struct token *t) {
  if (t->kind == T_END)
    return lex_fail(lx, t->s, "syntax error at end of file");
  char what[96];
  snprintf(what, sizeof(what), "syntax error near '%.*s'",
           (int)(t->len > 40 ? 40 : t->len), t->s);
  return lex_fail(lx, t->s, what);
}

static bool expect(struct lexer *lx, char c) {
  struct token t;
  if (!lex(lx, LM_SCRIPT, &t))
    return false;
  return punct(&t, c) || syntax_error(lx, &t);
}

// NAME ')' as in ENTRY(NAME); the name in *out.
static bool one_name(struct lexer *lx, const char **out) {
  struct token t;
  if (!expect(lx, '(') || !lex(lx, LM_SCRIPT, &t))
    return false;
  if (t.kind != T_NAME)
    return syntax_error(lx, &t);
  *out = arena_strndup(lx->ctx, t.s, t.len);
  return expect(lx, ')');
}

// What a script names, in order; opened once the script is parsed.
enum item_kind { IT_FILE, IT_LIB, IT_GROUP_START, IT_GROUP_END };

struct item {
  enum item_kind kind;
  const char *name;
};

static void push_item(struct ctx *ctx, struct vec *items, enum item_kind kind,
                      const char *name) {
  struct item *it = arena_alloc(ctx, sizeof(*it));
  it->kind = kind;
  it->name = name;
  vec_push(ctx, items, it);
}

// The list after INPUT( GROUP( or AS_NEEDED(, through its ')': names and
// -lNAME, each but the first after an optional comma.  AS_NEEDED only
// matters for shared libraries, which a static link has none of.
static bool parse_list(struct lexer *lx, struct vec *items, int nesting) {
  bool need_item = true;       // after '(' or ','
  for (;;) {
    struct token t;
    if (!lex(lx, LM_LIST, &t))
      return false;
    if (punct(&t, ')') && !need_item)
      return true;
    if (punct(&t, ',') && !need_item) {
      need_item = true;
      continue;
    }
    if (t.kind == T_END || t.kind == T_PUNCT)
      return syntax_error(lx, &t);
    if (tok_is(&t, "AS_NEEDED")) {
      if (nesting >= 4)
        return lex_fail(lx, t.s, "AS_NEEDED nested too deeply");
      if (!expect(lx, '(') || !parse_list(lx, items, nesting + 1))
        return false;
    } else {
      push_item(lx->ctx, items, t.kind == T_LIB ? IT_LIB : IT_FILE,
                arena_strndup(lx->ctx, t.s, t.len));
    }
    need_item = false;
  }
}

// OUTPUT_FORMAT(NAME) or OUTPUT_FORMAT(DEFAULT, BIG, LITTLE): the name
// that applies (GNU ld takes LITTLE with -EL, BIG with -EB).
static bool parse_output_format(struct lexer *lx, struct token *name) {
  struct token t[3], sep;
  if (!expect(lx, '(') || !lex(lx, LM_SCRIPT, &t[0]))
    return false;
  if (t[0].kind != T_NAME)
    return syntax_error(lx, &t[0]);
  if (!lex(lx, LM_SCRIPT, &sep))
    return false;
  *name = t[0];
  if (punct(&sep, ')'))
    return true;
  if (!punct(&sep, ','))
    return syntax_error(lx, &sep);
  for (int i = 1; i < 3; i++) {
    if (!lex(lx, LM_SCRIPT, &t[i]))
      return false;
    if (t[i].kind != T_NAME)
      return syntax_error(lx, &t[i]);
    if (!lex(lx, LM_SCRIPT, &sep))
      return false;
    if (!punct(&sep, i == 1 ? ',' : ')'))
      return syntax_error(lx, &sep);
  }
  if (lx->ctx->cfg.endian_little)
    *name = t[2];
  return true;
}

// Commands of full linker scripts, refused by name.
static const char *const layout_commands[] = {
    "SECTIONS", "MEMORY", "PHDRS", "VERSION", "INCLUDE", "TARGET", "OUTPUT",
    "INSERT", "REGION_ALIAS", "LD_FEATURE", "ASSERT", "PROVIDE",
    "PROVIDE_HIDDEN", "HIDDEN", "NOCROSSREFS", "NOCROSSREFS_TO",
    "FORCE_COMMON_ALLOCATION", "INHIBIT_COMMON_ALLOCATION",
    "FORCE_GROUP_ALLOCATION", "HLL", "SYSLIB", "FLOAT", "NOFLOAT", NULL,
};

// Parses the whole script; commands other than file lists take effect
// here, files are collected in items.
static bool parse_script(struct lexer *lx, struct vec *items) {
  struct ctx *ctx = lx->ctx;
  for (bool first = true;; first = false) {
    struct token t;
    if (!lex(lx, LM_SCRIPT, &t))
      return false;
    if (t.kind == T_END)
      return true;
    if (punct(&t, ';'))
      continue;
    const char *name;
    if (tok_is(&t, "INPUT") || tok_is(&t, "GROUP")) {
      bool group = t.s[0] == 'G';
      if (!expect(lx, '('))
        return false;
      if (group)
        push_item(ctx, items, IT_GROUP_START, NULL);
      if (!parse_list(lx, items, 0))
        return false;
      if (group)
        push_item(ctx, items, IT_GROUP_END, NULL);
    } else if (tok_is(&t, "OUTPUT_FORMAT")) {
      // GNU ld chose its output format before it read any input, so a
      // script given by name may say anything here; one found by
      // searching was skipped if it names another target
      // (script_output_format_matches).
      struct token fmt;
      if (!parse_output_format(lx, &fmt))
        return false;
    } else if (tok_is(&t, "OUTPUT_ARCH")) {
      if (!one_name(lx, &name))
        return false;
      ctx->output_arch = name;
      ctx->output_arch_file = lx->file;
    } else if (tok_is(&t, "SEARCH_DIR")) {
      // After -L and earlier scripts' directories; -nostdlib ignores it.
      if (!one_name(lx, &name))
        return false;
      if (!ctx->cfg.nostdlib)
        vec_push(ctx, &ctx->cfg.lib_paths, (void *)name);
    } else if (tok_is(&t, "ENTRY")) {
      // -e wins over any script; among scripts, the last.
      if (!one_name(lx, &name))
        return false;
      ctx->script_entry = name;
    } else if (tok_is(&t, "EXTERN")) {
      // Like -u, but from here on: the symbol becomes undefined when the
      // script is read, unless something already mentioned it.
      if (!expect(lx, '('))
        return false;
      for (bool need = true;;) {
        struct token s;
        if (!lex(lx, LM_EXPR, &s))
          return false;
        if (punct(&s, ')') && !need)
          break;
        if (punct(&s, ',') && !need) {
          need = true;
          continue;
        }
        if (s.kind != T_NAME)
          return syntax_error(lx, &s);
        const char *sym = arena_strndup(ctx, s.s, s.len);
        add_undef_entry(ctx, sym);
        vec_push(ctx, &ctx->extern_syms, (void *)sym);
        need = false;
      }
    } else if (tok_is(&t, "STARTUP")) {
      // GNU ld reads STARTUP's file only from a script that is read
      // before the inputs (-T); from an input script it has no effect,
      // and GNU ld says nothing.
      if (!one_name(lx, &name))
        return false;
      note(ctx, "%s: STARTUP(%s) in an input script has no effect",
           lx->file, name);
    } else {
      if (t.kind != T_NAME || t.quoted)
        return syntax_error(lx, &t);
      for (u32 i = 0; layout_commands[i]; i++)
        if (tok_is(&t, layout_commands[i])) {
          error(ctx, "%s:%u: linker script command '%s' is not supported: "
                "input scripts may only use INPUT, GROUP, AS_NEEDED, "
                "SEARCH_DIR, ENTRY, EXTERN, OUTPUT_FORMAT, OUTPUT_ARCH and "
                "STARTUP", lx->file, line_of(lx, t.s), layout_commands[i]);
          return false;
        }
      const char *q = lx->p;
      while (q < lx->end && isspace((u8)*q))
        q++;
      if (memchr(t.s, '=', t.len) ||
          (q < lx->end && *q && strchr("=+-*/&|<>", *q))) {
        error(ctx, "%s:%u: symbol assignments in linker scripts are not "
              "supported", lx->file, line_of(lx, t.s));
        return false;
      }
      // A text file whose first word is no command is no script either.
      if (first) {
        error(ctx, "%s: file format not recognized", lx->file);
        return false;
      }
      return syntax_error(lx, &t);
    }
  }
}

// Plausible script text: no NUL bytes and no control characters other
// than white space.  An empty file is an empty script, as in GNU ld.
bool is_input_script(const u8 *p, u64 size) {
  for (u64 i = 0; i < size; i++)
    if ((p[i] < 0x20 && !isspace(p[i])) || p[i] == 0x7f)
      return false;
  return true;
}

// The directory a script's relative names are tried in first: the
// script's path as it was opened, up to its last slash.
static const char *script_dir(struct ctx *ctx, const char *path) {
  const char *slash = strrchr(path, '/');
  if (!slash)
    return ".";
  if (slash == path)
    return "/";
  return arena_strndup(ctx, path, slash - path);
}

void read_input_script(struct ctx *ctx, struct mapping *m, const char *path,
                       bool whole) {
  for (u32 i = 0; i < ctx->nscripts; i++) {
    if (ctx->script_stack[i] != m)
      continue;
    const char *chain = ctx->script_paths[i];
    for (u32 k = i + 1; k < ctx->nscripts; k++)
      chain = arena_printf(ctx, "%s -> %s", chain, ctx->script_paths[k]);
    error(ctx, "%s: input script names itself (%s -> %s)", path, chain,
          path);
    return;
  }
  if (ctx->nscripts == MAX_SCRIPT_DEPTH) {
    error(ctx, "%s: input scripts nested more than %d deep", path,
          MAX_SCRIPT_DEPTH);
    return;
  }
  if (!m->size)
    return;                    // empty; and an empty file has no mapping
  struct lexer lx = {ctx, path, (const char *)m->data, (const char *)m->data,
                     (const char *)m->data + m->size, false, false};
  // Text that does not start with a word is no script either.
  struct lexer peek = lx;
  peek.quiet = true;
  struct token t;
  bool ok;
  while ((ok = lex(&peek, LM_SCRIPT, &t)) && punct(&t, ';'))
    ;
  if (!ok || (t.kind != T_END && (t.kind != T_NAME || t.quoted))) {
    error(ctx, "%s: file format not recognized", path);
    return;
  }
  struct vec items = {0};
  if (!parse_script(&lx, &items))
    return;

  const char *dir = script_dir(ctx, path);
  bool sysrooted = in_sysroot(ctx, path);
  ctx->script_stack[ctx->nscripts] = m;
  ctx->script_paths[ctx->nscripts++] = path;
  for (u32 i = 0; i < items.len; i++) {
    struct item *it = items.v[i];
    switch (it->kind) {
    case IT_FILE: {
      const char *found = find_script_input(ctx, it->name, dir, sysrooted);
      if (found)
        add_file(ctx, found, whole, found);
      else if (sysrooted && it->name[0] == '/')
        error(ctx, "%s: cannot find %s inside %s", path, it->name,
              ctx->cfg.sysroot);
      else
        error(ctx, "%s: cannot find %s", path, it->name);
      break;
    }
    case IT_LIB:
      add_library(ctx, it->name, whole);
      break;
    case IT_GROUP_START:
    case IT_GROUP_END:
      add_group_marker(ctx, it->kind == IT_GROUP_START);
      break;
    }
  }
  ctx->nscripts--;
}

// GNU ld's check on a script it found by searching (ldfile.c,
// ldfile_try_open_bfd): every well-formed OUTPUT_FORMAT in it must name
// the output's format, else the script is skipped as incompatible.
bool script_output_format_matches(struct ctx *ctx, struct mapping *m) {
  if (!ctx->arch || !m->size)
    return true;
  struct lexer lx = {ctx, m->path, (const char *)m->data,
                     (const char *)m->data, (const char *)m->data + m->size,
                     true, true};
  struct token t, name;
  while (lex(&lx, LM_SCRIPT, &t) && t.kind != T_END) {
    if (!tok_is(&t, "OUTPUT_FORMAT"))
      continue;
    const char *save = lx.p;
    if (!parse_output_format(&lx, &name)) {
      lx.p = save;
      continue;
    }
    const char *want = ctx->arch->output_format;
    if (strlen(want) != name.len || memcmp(want, name.s, name.len))
      return false;
  }
  return true;
}

// OUTPUT_ARCH names a machine GNU ld for this target knows, else GNU ld
// stops ("cannot represent machine").  Checked once the target is known.
void check_output_arch(struct ctx *ctx) {
  if (!ctx->output_arch)
    return;
  const struct arch *arch = ctx->arch ? ctx->arch : ctx->cfg.arch;
  if (!arch)
    arch = &arch_x86_64;
  for (const char *const *n = arch->output_arch_names; *n; n++)
    if (!strcasecmp(*n, ctx->output_arch))
      return;
  error(ctx, "%s: cannot represent machine '%s'", ctx->output_arch_file,
        ctx->output_arch);
}

// The entry point's name: -e, else the last input script's ENTRY, else
// _start, the default script's.
const char *entry_symbol(struct ctx *ctx) {
  if (ctx->cfg.entry)
    return ctx->cfg.entry;
  return ctx->script_entry ? ctx->script_entry : "_start";
}
