// script.c: input scripts, the linker scripts that only name inputs.
//
// Some "libraries" are small text files: glibc's libm.a is
// `GROUP ( libm-2.36.a libmvec.a )`.  A file that is neither an object
// nor an archive is read as such a script, at its place among the inputs,
// with GNU ld's meaning for the commands these files use: INPUT, GROUP and
// AS_NEEDED (files and -lNAME), SEARCH_DIR, ENTRY, EXTERN, OUTPUT_FORMAT,
// OUTPUT_ARCH and STARTUP; symbol assignments, PROVIDE and ASSERT too,
// which take effect after the built-in layout, as GNU ld appends them to
// its default script.  One that lays out sections (SECTIONS, MEMORY, ...)
// is an error, since mld builds GNU ld's default layout in C: such a
// script is given with -T (the second half of this file).
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
#include <setjmp.h>
#include <stdarg.h>
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
  bool full;                   // -T: a whole linker script
  u32 depth;                   // INCLUDE nesting
  struct vec *items;           // where INPUT and GROUP put their files
  bool until_eof;              // an INCLUDEd part: ends with the file
};

static bool first_char(int c) {
  return isalpha(c) || (c && strchr("_/.\\$~", c));
}

// Lexer states, as GNU ld's: file lists, other commands' arguments,
// EXTERN's list, whose names stop at commas and "=" (an expression), the
// statements of SECTIONS, MEMORY and PHDRS, and input section
// descriptions, whose names are wildcard patterns.
enum lex_mode { LM_SCRIPT, LM_LIST, LM_EXPR, LM_SECT, LM_WILD };

static bool next_char(int c, enum lex_mode mode) {
  if (mode == LM_SECT)
    return isalnum(c) || (c && strchr("_/.\\$~-+", c));
  if (mode == LM_WILD)
    return isalnum(c) || (c && strchr("_/.\\$~-+:[]*?!^", c));
  return isalnum(c) || (c && strchr("_/.\\$~-+:[]", c)) ||
         (mode != LM_EXPR && (c == ',' || c == '='));
}

static u32 line_of(struct lexer *lx, const char *at) {
  u32 line, col;
  text_position(lx->start, at, &line, &col);
  return line;
}

static bool lex_fail(struct lexer *lx, const char *at, const char *what) {
  if (!lx->quiet) {
    u32 line, col;
    text_position(lx->start, at, &line, &col);
    if (lx->full)
      fatal(lx->ctx, "%s:%u: %s (column %u)", lx->file, line, what, col);
    error(lx->ctx, "%s:%u: %s", lx->file, line, what);
  }
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
  if (c && strchr("(),;{}", c)) {
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
  } else if (first_char(c) ||
             (mode == LM_WILD && strchr("*?[", c)) ||
             (mode == LM_LIST && c == '=' && q < lx->end &&
              first_char((u8)*q))) {
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

// A name's text, quoted or not.
static bool same_text(const struct token *t, const char *word) {
  return strlen(word) == t->len && !memcmp(t->s, word, t->len);
}

static bool tok_is(const struct token *t, const char *word) {
  return t->kind == T_NAME && !t->quoted && same_text(t, word);
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
    "SECTIONS", "MEMORY", "PHDRS", "INCLUDE", "TARGET",
    "INSERT", "REGION_ALIAS", "LD_FEATURE", "ASSERT", "PROVIDE",
    "PROVIDE_HIDDEN", "HIDDEN", "NOCROSSREFS", "NOCROSSREFS_TO",
    "FORCE_COMMON_ALLOCATION", "INHIBIT_COMMON_ALLOCATION",
    "FORCE_GROUP_ALLOCATION", "HLL", "SYSLIB", "FLOAT", "NOFLOAT", NULL,
};

static bool full_command(struct lexer *lx);
static bool implicit_statement(struct lexer *lx, const struct token *t);

// OUTPUT_FORMAT(...): a raw image chosen, or a -T script's format
// checked against what mld writes.
static bool output_format_command(struct lexer *lx) {
  struct ctx *ctx = lx->ctx;
  // GNU ld chose its output format before it read any input, so a
  // script given by name may say anything here; one found by
  // searching was skipped if it names another target
  // (script_output_format_matches).
  struct token fmt;
  if (!parse_output_format(lx, &fmt))
    return false;
  // ... except a raw image, which a script chooses unless --oformat
  // did (GNU's lang_add_output_format).
  bool binary = fmt.len == 6 && !memcmp(fmt.s, "binary", 6);
  if (binary && !ctx->cfg.oformat_given)
    ctx->cfg.oformat_binary = true;
  // A -T script's is the output's (GNU's ld-x86-64/pr18160 makes
  // elf32-i386): one mld does not write is refused, not ignored.
  const struct arch *arch = ctx->arch ? ctx->arch : ctx->cfg.arch;
  const char *ours = arch ? arch->output_format
                          : "elf64-x86-64, elf64-littleaarch64";
  if (lx->full && !binary && !ctx->cfg.oformat_given &&
      !(arch ? same_text(&fmt, ours)
             : same_text(&fmt, "elf64-x86-64") ||
                   same_text(&fmt, "elf64-littleaarch64")))
    return lex_fail(lx, fmt.s,
                    arena_printf(ctx, "OUTPUT_FORMAT(%.*s): mld writes "
                                 "%s and raw images (binary) only",
                                 (int)fmt.len, fmt.s, ours));
  if (lx->full && !binary && !ctx->cfg.oformat_given && !arch)
    ctx->t_output_format = arena_strndup(ctx, fmt.s, fmt.len);
  return true;
}

// OUTPUT(name): the output's name, unless -o gave one or an earlier
// script did (GNU's lang_add_output).
static bool output_command(struct lexer *lx) {
  struct ctx *ctx = lx->ctx;
  const char *name;
  // GNU ld has opened its output before it reads an input script, so
  // there it changes nothing.
  if (!one_name(lx, &name))
    return false;
  if (!lx->full) {
    note(ctx, "%s: OUTPUT(%s) in an input script has no effect",
         lx->file, name);
  } else if (!ctx->cfg.output_given) {
    ctx->cfg.output = name;
    ctx->cfg.output_given = true;
  }
  return true;
}

// EXTERN(sym ...): like -u, but from here on: the symbol becomes
// undefined when the script is read, unless something already
// mentioned it.
static bool extern_command(struct lexer *lx) {
  struct ctx *ctx = lx->ctx;
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
  return true;
}

// An implicit script's assignment, PROVIDE or ASSERT at token T, read
// as in a whole script.  Its errors stop the script, as the others here
// do, but not the reading of the inputs (they are said, and counted).
static bool implicit_command(struct lexer *lx, const struct token *t) {
  struct ctx *ctx = lx->ctx;
  lx->p = t->s;
  lx->full = true;
  jmp_buf here, *outer = ctx->bail;
  volatile bool ok = false;
  ctx->bail = &here;
  if (!setjmp(here))
    ok = full_command(lx);
  else
    ctx->errors++;
  ctx->bail = outer;
  lx->full = false;
  if (ok)
    return true;
  return ctx->errors ? false : syntax_error(lx, t);
}

// Any other command at token T: a whole script's (-T), an implicit
// script's statement, or an error saying why an input script cannot
// have it (FIRST: T is the file's first word).
static bool other_command(struct lexer *lx, const struct token *t,
                          bool first) {
  struct ctx *ctx = lx->ctx;
  if (lx->full) {
    lx->p = t->s;
    if (!t->quoted && t->kind == T_NAME && full_command(lx))
      return true;
    return syntax_error(lx, t);
  }
  if (t->quoted)
    return syntax_error(lx, t);
  // Symbol assignments, PROVIDE and ASSERT: as in a whole script, the
  // built-in layout done (an implicit script augments GNU ld's
  // default script).
  if (implicit_statement(lx, t))
    return implicit_command(lx, t);
  for (u32 i = 0; layout_commands[i]; i++)
    if (tok_is(t, layout_commands[i])) {
      error(ctx, "%s:%u: linker script command '%s' is not supported: "
            "input scripts may only use INPUT, GROUP, AS_NEEDED, "
            "SEARCH_DIR, ENTRY, EXTERN, OUTPUT_FORMAT, OUTPUT_ARCH and "
            "STARTUP", lx->file, line_of(lx, t->s), layout_commands[i]);
      return false;
    }
  const char *q = lx->p;
  while (q < lx->end && isspace((u8)*q))
    q++;
  if (memchr(t->s, '=', t->len) ||
      (q < lx->end && *q && strchr("=+-*/&|<>", *q))) {
    error(ctx, "%s:%u: symbol assignments in linker scripts are not "
          "supported", lx->file, line_of(lx, t->s));
    return false;
  }
  // A text file whose first word is no command is no script either.
  if (first) {
    error(ctx, "%s: file format not recognized", lx->file);
    return false;
  }
  return syntax_error(lx, t);
}

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
      if (!output_format_command(lx))
        return false;
    } else if (tok_is(&t, "OUTPUT")) {
      if (!output_command(lx))
        return false;
    } else if (tok_is(&t, "VERSION")) {
      // Version nodes, read as a --version-script's: nothing in them
      // changes a static executable.
      if (!expect(lx, '{'))
        return false;
      lx->p = read_script_version(ctx, lx->file, lx->p, lx->end,
                                  line_of(lx, lx->p));
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
      if (lx->full)
        ctx->t_script_entry = name;
    } else if (tok_is(&t, "EXTERN")) {
      if (!extern_command(lx))
        return false;
    } else if (tok_is(&t, "STARTUP")) {
      // GNU ld reads STARTUP's file only from a script that is read
      // before the inputs (-T); from an input script it has no effect,
      // and GNU ld says nothing.
      if (!one_name(lx, &name))
        return false;
      note(ctx, "%s: STARTUP(%s) in an input script has no effect",
           lx->file, name);
    } else if (lx->full || t.kind == T_NAME) {
      if (!other_command(lx, &t, first))
        return false;
    } else {
      return syntax_error(lx, &t);
    }
  }
}

//
// Whole linker scripts: -T FILE, --script=FILE, -dT FILE
//
// Parsed as GNU ld's grammar (ldgram.y) has them, into statements that
// script_layout.c follows.  Commands mld does not carry out yet are
// refused by name, with where they are.  Expressions are expr.c's.

_Noreturn static void fail_at(struct lexer *lx, const char *at,
                              const char *fmt, ...) {
  char what[256];
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(what, sizeof(what), fmt, ap);
  va_end(ap);
  // "FILE:LINE: what", as GNU ld says it (build logs are searched for
  // ":LINE: syntax error"), then the column.
  u32 line, col;
  text_position(lx->start, at, &line, &col);
  fatal(lx->ctx, "%s:%u: %s (column %u)", lx->file, line, what, col);
}

// White space and comments.
static void skip_blank(struct lexer *lx) {
  for (;;) {
    while (lx->p < lx->end && isspace((u8)*lx->p))
      lx->p++;
    if (lx->end - lx->p < 2 || lx->p[0] != '/' || lx->p[1] != '*')
      return;
    const char *q = lx->p + 2;
    while (lx->end - q >= 2 && !(q[0] == '*' && q[1] == '/'))
      q++;
    if (lx->end - q < 2)
      fail_at(lx, lx->p, "unterminated comment");
    lx->p = q + 2;
  }
}

static char peekc(struct lexer *lx) {
  skip_blank(lx);
  return lx->p < lx->end ? *lx->p : 0;
}

static bool eatc(struct lexer *lx, char c) {
  if (peekc(lx) != c)
    return false;
  lx->p++;
  return true;
}

_Noreturn static void syntax_fail(struct lexer *lx) {
  skip_blank(lx);
  if (lx->p == lx->end)
    fail_at(lx, lx->p, "syntax error at end of file");
  const char *q = lx->p;
  while (q < lx->end && q - lx->p < 40 && !isspace((u8)*q))
    q++;
  fail_at(lx, lx->p, "syntax error near '%.*s'", (int)(q - lx->p), lx->p);
}

static void needc(struct lexer *lx, char c) {
  if (!eatc(lx, c))
    syntax_fail(lx);
}

static struct token word(struct lexer *lx, enum lex_mode mode) {
  struct token t;
  lex(lx, mode, &t);           // fatal on what does not lex (lx->full)
  return t;
}

static const char *name_of(struct lexer *lx, const struct token *t) {
  if (t->kind != T_NAME)
    syntax_fail(lx);
  return arena_strndup(lx->ctx, t->s, t->len);
}

static const char *need_name(struct lexer *lx, enum lex_mode mode) {
  const char *at = lx->p;
  struct token t = word(lx, mode);
  if (t.kind != T_NAME) {
    lx->p = at;
    syntax_fail(lx);
  }
  return arena_strndup(lx->ctx, t.s, t.len);
}

// Whether the next word is KW (taken if so).
static bool eat_word(struct lexer *lx, const char *kw) {
  const char *at = lx->p;
  struct lexer probe = *lx;
  probe.quiet = true;
  probe.full = false;
  struct token t;
  if (lex(&probe, LM_SECT, &t) && tok_is(&t, kw)) {
    lx->p = probe.p;
    return true;
  }
  lx->p = at;
  return false;
}

static struct expr *expr(struct lexer *lx) {
  skip_blank(lx);
  return parse_script_expr(lx->ctx, lx->file, lx->start, lx->end, &lx->p);
}

static struct expr *paren_expr(struct lexer *lx) {
  needc(lx, '(');
  struct expr *e = expr(lx);
  needc(lx, ')');
  return e;
}

static struct script *the_script(struct ctx *ctx) {
  if (!ctx->script)
    ctx->script = arena_alloc(ctx, sizeof(*ctx->script));
  return ctx->script;
}

static struct script_stmt *new_stmt(struct lexer *lx, enum stmt_kind kind,
                                    const char *at, struct vec *into) {
  struct script_stmt *s = arena_alloc(lx->ctx, sizeof(*s));
  memset(s, 0, sizeof(*s));
  s->kind = kind;
  s->file = lx->file;
  s->line = line_of(lx, at);
  vec_push(lx->ctx, into, s);
  return s;
}

// An assignment operator at lx->p: '=' or the operator of "op=" (taken).
// The assignment operators, longest first ("=" last).
static const char *const assign_ops[] = {"<<=", ">>=", "+=", "-=", "*=",
                                         "/=",  "&=",  "|=", "="};

static int assign_op(struct lexer *lx) {
  skip_blank(lx);
  for (u32 i = 0; i < sizeof(assign_ops) / sizeof(*assign_ops); i++) {
    u64 n = strlen(assign_ops[i]);
    if ((u64)(lx->end - lx->p) >= n && !memcmp(lx->p, assign_ops[i], n) &&
        !(n == 1 && lx->end - lx->p >= 2 && lx->p[1] == '=')) {
      lx->p += n;
      return n == 1 ? '=' : n == 3 ? (assign_ops[i][0] == '<' ? 'L' : 'R')
                                   : assign_ops[i][0];
    }
  }
  return 0;
}

// Whether T starts an assignment, PROVIDE (...), HIDDEN (...) or
// ASSERT (...): what an implicit script may say beyond file lists.
static bool implicit_statement(struct lexer *lx, const struct token *t) {
  if (t->kind != T_NAME)
    return false;
  if (tok_is(t, "PROVIDE") || tok_is(t, "PROVIDE_HIDDEN") ||
      tok_is(t, "HIDDEN") || tok_is(t, "ASSERT"))
    return true;
  struct lexer probe = *lx;
  probe.p = t->s;
  probe.quiet = true;
  probe.full = false;
  struct token name;
  if (!lex(&probe, LM_EXPR, &name) || name.kind != T_NAME)
    return false;
  // (White space only: this is a guess, and must not fail.)
  const char *q = probe.p;
  while (q < probe.end && isspace((u8)*q))
    q++;
  for (u32 i = 0; i + 1 < sizeof(assign_ops) / sizeof(*assign_ops); i++)
    if ((u64)(probe.end - q) >= strlen(assign_ops[i]) &&
        !memcmp(q, assign_ops[i], strlen(assign_ops[i])))
      return true;
  return q < probe.end && *q == '=' && !(probe.end - q >= 2 && q[1] == '=');
}

// NAME op EXPR, its name already read; the ';' (or ',') after it is the
// caller's.
static void assignment(struct lexer *lx, const char *at, const char *name,
                       int op, u8 provide, struct vec *into) {
  struct script_stmt *s = new_stmt(lx, SS_ASSIGN, at, into);
  s->sym = name;
  s->op = op;
  s->provide = provide;
  s->e = expr(lx);
  if (provide && !strcmp(name, "."))
    fail_at(lx, at, "cannot PROVIDE or HIDE the location counter");
}

// PROVIDE ( NAME = EXPR ), PROVIDE_HIDDEN and HIDDEN alike.
static bool provide(struct lexer *lx, const char *at, struct token *t,
                    struct vec *into) {
  u8 kind = tok_is(t, "PROVIDE")          ? PV_PROVIDE
            : tok_is(t, "PROVIDE_HIDDEN") ? PV_PROVIDE_HIDDEN
            : tok_is(t, "HIDDEN")         ? PV_HIDDEN
                                          : PV_NONE;
  if (!kind)
    return false;
  needc(lx, '(');
  const char *name = need_name(lx, LM_EXPR);
  if (assign_op(lx) != '=')
    syntax_fail(lx);
  assignment(lx, at, name, '=', kind, into);
  needc(lx, ')');
  return true;
}

// ASSERT ( EXPR , "message" )
static void assert_stmt(struct lexer *lx, const char *at, struct vec *into) {
  struct script_stmt *s = new_stmt(lx, SS_ASSERT, at, into);
  needc(lx, '(');
  s->e = expr(lx);
  needc(lx, ',');
  s->msg = need_name(lx, LM_SCRIPT);
  needc(lx, ')');
}

// The end of an assignment: ';', or ',' as GNU ld allows.
static void statement_end(struct lexer *lx) {
  if (!eatc(lx, ';') && !eatc(lx, ','))
    syntax_fail(lx);
}

static void parse_include(struct lexer *lx, const char *at,
                          void (*body)(struct lexer *, struct vec *),
                          struct vec *into);

// SORT_BY_NAME ( and the like, nested one deep: the sort, or PS_NONE if
// the next word is no sort (nothing taken then).
static u8 sort_open(struct lexer *lx) {
  static const struct {
    const char *kw;
    u8 sort;
  } sorts[] = {{"SORT", PS_NAME},
               {"SORT_BY_NAME", PS_NAME},
               {"SORT_BY_ALIGNMENT", PS_ALIGN},
               {"SORT_BY_INIT_PRIORITY", PS_INIT_PRIORITY},
               {"SORT_NONE", PS_KEEP_ORDER}};
  for (u32 i = 0; i < sizeof(sorts) / sizeof(*sorts); i++) {
    const char *at = lx->p;
    if (!eat_word(lx, sorts[i].kw))
      continue;
    if (!eatc(lx, '(')) {
      lx->p = at;              // a file or section of that name
      return PS_NONE;
    }
    u8 s = sorts[i].sort;
    for (u32 k = 0; k < sizeof(sorts) / sizeof(*sorts); k++) {
      const char *at2 = lx->p;
      if (!eat_word(lx, sorts[k].kw))
        continue;
      if (!eatc(lx, '(')) {
        lx->p = at2;
        break;
      }
      u8 inner = sorts[k].sort;
      if (s == PS_NAME && inner == PS_ALIGN)
        s = PS_NAME_ALIGN;
      else if (s == PS_ALIGN && inner == PS_NAME)
        s = PS_ALIGN_NAME;
      else if (s != inner || s == PS_INIT_PRIORITY || s == PS_KEEP_ORDER)
        fail_at(lx, at2, "this nesting of %s in %s is not allowed",
                sorts[k].kw, sorts[i].kw);
      return s | 0x80;         // two parentheses to close
    }
    return s;
  }
  return PS_NONE;
}

static void sort_close(struct lexer *lx, u8 s) {
  needc(lx, ')');
  if (s & 0x80)
    needc(lx, ')');
}

// EXCLUDE_FILE ( PATTERN ... ), if there.
static void exclude_files(struct lexer *lx, struct vec *into) {
  if (!eat_word(lx, "EXCLUDE_FILE"))
    return;
  needc(lx, '(');
  while (!eatc(lx, ')'))
    vec_push(lx->ctx, into, (void *)need_name(lx, LM_WILD));
}

// INPUT_SECTION_FLAGS ( [!]SHF_NAME & ... ), if there: the flags an
// input section must have and must not (GNU ld's sect_flag_list).
static void section_flags(struct lexer *lx, struct script_stmt *s) {
  static const struct {
    const char *name;
    u64 flag;
  } names[] = {
      {"SHF_WRITE", SHF_WRITE}, {"SHF_ALLOC", SHF_ALLOC},
      {"SHF_EXECINSTR", SHF_EXECINSTR}, {"SHF_MERGE", SHF_MERGE},
      {"SHF_STRINGS", SHF_STRINGS}, {"SHF_INFO_LINK", SHF_INFO_LINK},
      {"SHF_LINK_ORDER", SHF_LINK_ORDER},
      {"SHF_OS_NONCONFORMING", SHF_OS_NONCONFORMING},
      {"SHF_GROUP", SHF_GROUP}, {"SHF_TLS", SHF_TLS},
      {"SHF_MASKOS", SHF_MASKOS}, {"SHF_EXCLUDE", SHF_EXCLUDE},
  };
  if (!eat_word(lx, "INPUT_SECTION_FLAGS"))
    return;
  needc(lx, '(');
  s->has_flags = true;
  do {
    bool not = eatc(lx, '!');
    const char *nat = lx->p;
    const char *n = need_name(lx, LM_EXPR);
    u32 i = 0;
    while (i < sizeof(names) / sizeof(*names) && strcmp(names[i].name, n))
      i++;
    if (i == sizeof(names) / sizeof(*names))
      fail_at(lx, nat, "unknown section flag `%s' in INPUT_SECTION_FLAGS", n);
    if (not)
      s->flags_not |= names[i].flag;
    else
      s->flags_want |= names[i].flag;
  } while (eatc(lx, '&'));
  needc(lx, ')');
}

// FILE ( SECTIONS ... ) or FILE, KEEP's inside or not, INPUT_SECTION_FLAGS
// before it or not.
static void input_spec(struct lexer *lx, const char *at, bool keep,
                       struct vec *into) {
  struct script_stmt *s = new_stmt(lx, SS_INPUT, at, into);
  s->keep = keep;
  section_flags(lx, s);
  exclude_files(lx, &s->file_exclude);
  // A file name may be sorted by name, or not sorted (SORT_NONE): no
  // other sort of files is in GNU ld's grammar.
  const char *fat = lx->p;
  u8 fs = sort_open(lx);
  if (fs && fs != PS_NAME && fs != PS_KEEP_ORDER)
    fail_at(lx, fat, "syntax error: files cannot be sorted so");
  s->file_sort = fs & 0x7f;
  s->file_pat = need_name(lx, LM_WILD);
  if (fs)
    sort_close(lx, fs);
  if (!eatc(lx, '(')) {
    s->whole_file = true;
    return;
  }
  while (!eatc(lx, ')')) {
    // EXCLUDE_FILE goes inside a sort in GNU ld's grammar; mld also takes
    // it before one.
    struct vec excl = {0};
    exclude_files(lx, &excl);
    u8 ss = sort_open(lx);
    if (ss && !excl.len)
      exclude_files(lx, &excl);
    do {
      struct sec_pattern *p = arena_alloc(lx->ctx, sizeof(*p));
      memset(p, 0, sizeof(*p));
      p->exclude = excl;
      p->sort = ss & 0x7f;
      p->name = need_name(lx, LM_WILD);
      vec_push(lx->ctx, &s->pats, p);
    } while (ss && peekc(lx) != ')');
    if (ss)
      sort_close(lx, ss);
    eatc(lx, ',');
  }
  if (!s->pats.len)
    fail_at(lx, at, "an input section description names no section");
}

// The commands of an output section description, to its '}'.
static void section_body(struct lexer *lx, struct vec *into) {
  for (;;) {
    if (eatc(lx, ';'))
      continue;
    if (eatc(lx, '}') || (lx->until_eof && !peekc(lx)))
      return;
    const char *at = lx->p;
    if (peekc(lx) == 0)
      syntax_fail(lx);
    struct token t = word(lx, LM_WILD);
    if (t.kind != T_NAME) {
      lx->p = at;
      syntax_fail(lx);
    }
    static const struct {
      const char *kw;
      u32 size;
    } data[] = {{"BYTE", 1}, {"SHORT", 2}, {"LONG", 4}, {"QUAD", 8},
                {"SQUAD", 8}};
    bool done = false;
    for (u32 i = 0; !t.quoted && i < sizeof(data) / sizeof(*data); i++)
      if (tok_is(&t, data[i].kw) && peekc(lx) == '(') {
        struct script_stmt *s = new_stmt(lx, SS_DATA, at, into);
        s->size = data[i].size;
        s->is_signed = i == 4;
        s->e = paren_expr(lx);
        done = true;
      }
    if (done)
      continue;
    if (tok_is(&t, "KEEP") && peekc(lx) == '(') {
      needc(lx, '(');
      input_spec(lx, lx->p, true, into);
      needc(lx, ')');
    } else if (tok_is(&t, "FILL") && peekc(lx) == '(') {
      new_stmt(lx, SS_FILL, at, into)->e = paren_expr(lx);
    } else if (tok_is(&t, "ASSERT") && peekc(lx) == '(') {
      assert_stmt(lx, at, into);
    } else if (!t.quoted && peekc(lx) == '(' && provide(lx, at, &t, into)) {
    } else if (tok_is(&t, "INCLUDE")) {
      parse_include(lx, at, section_body, into);
    } else if (tok_is(&t, "CONSTRUCTORS")) {
      // GNU ld ignores it for ELF, which has .ctors and .init_array.
    } else if (tok_is(&t, "INPUT_SECTION_FLAGS") && peekc(lx) == '(') {
      lx->p = at;              // input_spec reads it
      input_spec(lx, at, false, into);
    } else if (tok_is(&t, "CREATE_OBJECT_SYMBOLS") ||
               tok_is(&t, "REVERSE") ||
               tok_is(&t, "SORT_BY_ALIGNMENT_NAME")) {
      fail_at(lx, at, "%.*s is not supported", (int)t.len, t.s);
    } else {
      int op = t.quoted ? 0 : assign_op(lx);
      if (op) {
        assignment(lx, at, name_of(lx, &t), op, PV_NONE, into);
        statement_end(lx);
      } else {
        lx->p = at;            // a file pattern, maybe inside a sort
        input_spec(lx, at, false, into);
      }
    }
  }
}

// "= N" after TYPE: a number or one of the names GNU ld takes there.
static void os_sh_type(struct lexer *lx, const char *at, u32 *sh_type) {
  static const struct {
    const char *name;
    u32 type;
  } names[] = {{"SHT_PROGBITS", SHT_PROGBITS}, {"SHT_STRTAB", SHT_STRTAB},
               {"SHT_NOTE", SHT_NOTE}, {"SHT_NOBITS", SHT_NOBITS},
               {"SHT_INIT_ARRAY", SHT_INIT_ARRAY},
               {"SHT_FINI_ARRAY", SHT_FINI_ARRAY},
               {"SHT_PREINIT_ARRAY", SHT_PREINIT_ARRAY}};
  needc(lx, '=');
  for (u32 i = 0; i < sizeof(names) / sizeof(*names); i++)
    if (eat_word(lx, names[i].name)) {
      *sh_type = names[i].type;
      return;
    }
  struct expr_value v;
  struct expr *e = expr(lx);
  if (!eval_script_expr(lx->ctx, e, lx->file, false, NULL, &v) || !v.v ||
      v.v > UINT32_MAX)
    fail_at(lx, at, "invalid section type");
  *sh_type = (u32)v.v;
}

// The type in ".data ADDR (NOLOAD) :", taken if there; (TYPE = N) sets
// *sh_type.
static bool section_type(struct lexer *lx, u8 *type, u32 *sh_type) {
  const char *at = lx->p;
  if (!eatc(lx, '('))
    return false;
  static const struct {
    const char *kw;
    u8 type;
  } types[] = {{"NOLOAD", OT_NOLOAD}, {"COPY", OT_COPY}, {"INFO", OT_INFO},
               {"OVERLAY", OT_OVERLAY}, {"DSECT", OT_INFO},
               {"READONLY", OT_READONLY}};
  for (u32 i = 0; i < sizeof(types) / sizeof(*types); i++)
    if (eat_word(lx, types[i].kw)) {
      // READONLY (TYPE = N): both.
      const char *inner = lx->p;
      if (types[i].type == OT_READONLY && eatc(lx, '(')) {
        if (!eat_word(lx, "TYPE"))
          fail_at(lx, inner, "expected TYPE");
        os_sh_type(lx, inner, sh_type);
        needc(lx, ')');
      }
      needc(lx, ')');
      *type = types[i].type;
      return true;
    }
  if (eat_word(lx, "TYPE")) {
    os_sh_type(lx, at, sh_type);
    needc(lx, ')');
    *type = OT_NORMAL;
    return true;
  }
  lx->p = at;
  return false;
}

// What may follow a section's '}', in any order: [>REGION] [AT>REGION]
// (where REGION is not NULL: not in an OVERLAY's sections) [:PHDR ...]
// [=FILL].
static void section_tail(struct lexer *lx, const char **region,
                         const char **lma_region, struct vec *phdrs,
                         struct expr **fill) {
  for (;;) {
    const char *here = lx->p;
    if (region && eatc(lx, '>')) {
      *region = need_name(lx, LM_SECT);
    } else if (region && eat_word(lx, "AT")) {
      if (!eatc(lx, '>')) {
        lx->p = here;
        return;
      }
      *lma_region = need_name(lx, LM_SECT);
    } else if (peekc(lx) == ':' && lx->end - lx->p > 1) {
      lx->p++;
      vec_push(lx->ctx, phdrs, (void *)need_name(lx, LM_SECT));
    } else if (peekc(lx) == '=' && !(lx->end - lx->p > 1 && lx->p[1] == '=')) {
      lx->p++;
      *fill = expr(lx);
    } else {
      return;
    }
  }
}

// NAME [ADDRESS] [(TYPE)] : [AT(LMA)] [ALIGN(A) | ALIGN_WITH_INPUT]
//   [SUBALIGN(A)] [ONLY_IF_RO | ONLY_IF_RW] { ... } [>REGION]
//   [AT>REGION] [:PHDR ...] [=FILL] [,]
static void output_section(struct lexer *lx, const char *at,
                           const char *name, struct vec *into) {
  struct ctx *ctx = lx->ctx;
  struct out_stmt *os = arena_alloc(ctx, sizeof(*os));
  memset(os, 0, sizeof(*os));
  os->name = name;
  os->discard = !strcmp(name, "/DISCARD/");
  os->file = lx->file;
  os->line = line_of(lx, at);
  new_stmt(lx, SS_OUTPUT, at, into)->os = os;
  if (peekc(lx) != ':' && !section_type(lx, &os->type, &os->sh_type)) {
    os->addr = expr(lx);
    section_type(lx, &os->type, &os->sh_type);
  }
  needc(lx, ':');
  for (;;) {
    if (eat_word(lx, "AT")) {
      os->lma = paren_expr(lx);
    } else if (eat_word(lx, "ALIGN")) {
      os->align = paren_expr(lx);
    } else if (eat_word(lx, "ALIGN_WITH_INPUT")) {
      os->align_with_input = true;
    } else if (eat_word(lx, "SUBALIGN")) {
      os->subalign = paren_expr(lx);
    } else if (eat_word(lx, "ONLY_IF_RO")) {
      os->constraint = 1;
    } else if (eat_word(lx, "ONLY_IF_RW")) {
      os->constraint = 2;
    } else {
      break;
    }
  }
  // GNU ld's error, in its words (its tests match "FILE:LINE: error:").
  if (os->align && os->align_with_input)
    error(ctx, "%s:%u: error: align with input and explicit align "
          "specified", os->file, os->line);
  needc(lx, '{');
  section_body(lx, &os->body);
  section_tail(lx, &os->region, &os->lma_region, &os->phdrs, &os->fill);
  eatc(lx, ',');
  if (os->lma && os->lma_region)
    fail_at(lx, at, "section has both a load address and a load region");
  // GNU ld's lang_get_regions and lang_leave_output_section_statement:
  // AT> REGION alone, without an address, is the runtime region too; a
  // section with no load address or region of its own, no address, and
  // the runtime region of the section before takes its load region.
  if (!os->region && os->lma_region && !os->addr)
    os->region = os->lma_region;
  struct out_stmt *prev = the_script(ctx)->last_os;
  if (prev && !os->lma_region && !os->lma && !os->addr &&
      (os->region && prev->region ? !strcmp(os->region, prev->region)
                                  : os->region == prev->region))
    os->lma_region = prev->lma_region;
  the_script(ctx)->last_os = os;
}

// PROVIDE (NAME = E) made by the linker, at the top level.
static void provide_made(struct lexer *lx, const char *at, const char *name,
                         struct expr *e, struct vec *into) {
  struct script_stmt *s = new_stmt(lx, SS_ASSIGN, at, into);
  s->sym = name;
  s->op = '=';
  s->provide = PV_PROVIDE;
  s->e = e;
}

// MAX (SIZEOF (first), ...) of the sections V[LO, HI), as a balanced tree
// (a long chain would make evaluation recurse as deep).
static struct expr *overlay_max(struct ctx *ctx, struct vec *v, u32 lo,
                                u32 hi) {
  if (hi - lo == 1)
    return expr_of_section(ctx, 'S', ((struct out_stmt *)v->v[lo])->name);
  u32 mid = lo + (hi - lo) / 2;
  return expr_max(ctx, overlay_max(ctx, v, lo, mid),
                  overlay_max(ctx, v, mid, hi));
}

// OVERLAY [START] : [NOCROSSREFS] [AT (LMA)] [SUBALIGN (N)]
//   { NAME { ... } [:PHDR ...] [=FILL] [,] ... }
//   [>REGION] [AT>REGION] [:PHDR ...] [=FILL] [,]
// as GNU ld's lang_enter_overlay to lang_leave_overlay make it: output
// sections at START (the first) and at the first's address (the others),
// the first loaded at LMA, each other after the one before; "." past the
// largest after the last; __load_start_NAME and __load_stop_NAME (NAME's
// letters, digits and '_') provided after each.
static void overlay(struct lexer *lx, const char *at, struct vec *into) {
  struct ctx *ctx = lx->ctx;
  struct script *sc = the_script(ctx);
  struct expr *vma = NULL, *lma = NULL, *subalign = NULL;
  if (!eatc(lx, ':')) {
    vma = expr(lx);
    needc(lx, ':');
  }
  bool nocross = eat_word(lx, "NOCROSSREFS");
  if (eat_word(lx, "AT"))
    lma = paren_expr(lx);
  if (eat_word(lx, "SUBALIGN"))
    subalign = paren_expr(lx);
  needc(lx, '{');
  u32 group = ++sc->overlays;
  struct vec members = {0};
  while (!eatc(lx, '}')) {
    const char *sat = lx->p;
    if (!peekc(lx))
      syntax_fail(lx);
    struct out_stmt *os = arena_alloc(ctx, sizeof(*os));
    memset(os, 0, sizeof(*os));
    os->name = need_name(lx, LM_SECT);
    os->file = lx->file;
    os->line = line_of(lx, sat);
    os->addr = vma;
    os->subalign = subalign;
    os->overlay = members.len ? OV_NEXT : OV_FIRST;
    os->overlay_group = group;
    new_stmt(lx, SS_OUTPUT, sat, into)->os = os;
    if (!members.len)
      vma = expr_of_section(ctx, 'A', os->name);
    vec_push(ctx, &members, os);
    needc(lx, '{');
    section_body(lx, &os->body);
    section_tail(lx, NULL, NULL, &os->phdrs, &os->fill);
    eatc(lx, ',');
    char *clean = arena_alloc(ctx, strlen(os->name) + 1), *d = clean;
    for (const char *c = os->name; *c; c++)
      if (isalnum((u8)*c) || *c == '_')
        *d++ = *c;
    *d = 0;
    struct expr *load = expr_of_section(ctx, 'L', os->name);
    provide_made(lx, sat, arena_printf(ctx, "__load_start_%s", clean), load,
                 into);
    provide_made(lx, sat, arena_printf(ctx, "__load_stop_%s", clean),
                 expr_plus(ctx, load, expr_of_section(ctx, 'S', os->name)),
                 into);
  }
  const char *region = NULL, *lma_region = NULL;
  struct vec phdrs = {0};
  struct expr *fill = NULL;
  section_tail(lx, &region, &lma_region, &phdrs, &fill);
  eatc(lx, ',');
  if (lma && lma_region)
    fail_at(lx, at, "section has both a load address and a load region");
  // lang_get_regions, with no address: AT> REGION alone is the runtime
  // region too.
  if (!region && lma_region)
    region = lma_region;
  struct vec *names = NULL;
  if (nocross) {
    names = arena_alloc(ctx, sizeof(*names));
    memset(names, 0, sizeof(*names));
  }
  for (u32 i = 0; i < members.len; i++) {
    struct out_stmt *os = members.v[i];
    os->region = region;
    os->lma_region = lma_region;
    if (!os->fill)
      os->fill = fill;
    if (!os->phdrs.len)
      os->phdrs = phdrs;
    if (i == 0)
      os->lma = lma;
    if (names)
      vec_push(ctx, names, (void *)os->name);
  }
  if (members.len) {
    struct out_stmt *last = members.v[members.len - 1];
    last->update_dot =
        expr_plus(ctx, vma, overlay_max(ctx, &members, 0, members.len));
    sc->last_os = last;
  }
  if (names && names->len >= 2)
    vec_push(ctx, &sc->nocrossrefs, names);
}

// The commands of SECTIONS, to its '}'.
static void sections_body(struct lexer *lx, struct vec *into) {
  for (;;) {
    if (eatc(lx, ';'))
      continue;
    if (eatc(lx, '}') || (lx->until_eof && !peekc(lx)))
      return;
    const char *at = lx->p;
    if (peekc(lx) == 0)
      syntax_fail(lx);
    struct token t = word(lx, LM_SECT);
    if (t.kind != T_NAME) {
      lx->p = at;
      syntax_fail(lx);
    }
    if (tok_is(&t, "ENTRY") && peekc(lx) == '(') {
      needc(lx, '(');
      lx->ctx->script_entry = lx->ctx->t_script_entry =
          need_name(lx, LM_SECT);
      needc(lx, ')');
    } else if (tok_is(&t, "ASSERT") && peekc(lx) == '(') {
      assert_stmt(lx, at, into);
    } else if (!t.quoted && peekc(lx) == '(' && provide(lx, at, &t, into)) {
    } else if (tok_is(&t, "INCLUDE")) {
      parse_include(lx, at, sections_body, into);
    } else if (tok_is(&t, "OVERLAY")) {
      overlay(lx, at, into);
    } else {
      const char *name = name_of(lx, &t);
      int op = t.quoted ? 0 : assign_op(lx);
      if (op) {
        assignment(lx, at, name, op, PV_NONE, into);
        statement_end(lx);
      } else {
        output_section(lx, at, name, into);
      }
    }
  }
}

// MEMORY { NAME [(ATTR)] : ORIGIN = EXPR, LENGTH = EXPR ... }
static void memory_body(struct lexer *lx, struct vec *unused) {
  (void)unused;
  struct ctx *ctx = lx->ctx;
  struct script *sc = the_script(ctx);
  for (;;) {
    if (eatc(lx, ';') || eatc(lx, ','))
      continue;
    if (eatc(lx, '}') || (lx->until_eof && !peekc(lx)))
      return;
    const char *at = lx->p;
    struct token t = word(lx, LM_SECT);
    if (tok_is(&t, "INCLUDE")) {
      parse_include(lx, at, memory_body, NULL);
      continue;
    }
    struct mem_region *r = arena_alloc(ctx, sizeof(*r));
    memset(r, 0, sizeof(*r));
    r->name = name_of(lx, &t);
    r->real = r;
    if (find_region(ctx, r->name))
      fail_at(lx, at, "redefinition of memory region '%s'", r->name);
    if (eatc(lx, '(')) {
      r->has_attrs = true;
      bool invert = false;
      while (!eatc(lx, ')')) {
        if (lx->p == lx->end)
          syntax_fail(lx);
        char c = *lx->p++;
        u32 f = 0;
        switch (c) {
        case '!': invert = !invert; continue;
        case 'r': case 'R': f = RA_READONLY; break;
        case 'w': case 'W': f = RA_DATA; break;
        case 'x': case 'X': f = RA_CODE; break;
        case 'a': case 'A': f = RA_ALLOC; break;
        case 'i': case 'I': case 'l': case 'L': f = RA_LOAD; break;
        default:
          fail_at(lx, lx->p - 1, "invalid memory region attribute '%c'", c);
        }
        if (invert)
          r->flags_out |= f;
        else
          r->flags_in |= f;
      }
    }
    needc(lx, ':');
    const char *kw = need_name(lx, LM_EXPR);
    if (strcmp(kw, "ORIGIN") && strcmp(kw, "org") && strcmp(kw, "o"))
      syntax_fail(lx);
    needc(lx, '=');
    r->origin_e = expr(lx);
    eatc(lx, ',');
    kw = need_name(lx, LM_EXPR);
    if (strcmp(kw, "LENGTH") && strcmp(kw, "len") && strcmp(kw, "l"))
      syntax_fail(lx);
    needc(lx, '=');
    r->length_e = expr(lx);
    vec_push(ctx, &sc->regions, r);
  }
}

// PHDRS { NAME TYPE [FILEHDR] [PHDRS] [AT (ADDR)] [FLAGS (N)] ; ... }
static void phdrs_body(struct lexer *lx, struct vec *unused) {
  (void)unused;
  struct ctx *ctx = lx->ctx;
  struct script *sc = the_script(ctx);
  static const struct {
    const char *name;
    u32 type;
  } types[] = {{"PT_NULL", PT_NULL},     {"PT_LOAD", PT_LOAD},
               {"PT_DYNAMIC", PT_DYNAMIC}, {"PT_INTERP", PT_INTERP},
               {"PT_NOTE", PT_NOTE},     {"PT_SHLIB", PT_SHLIB},
               {"PT_PHDR", PT_PHDR},     {"PT_TLS", PT_TLS},
               {"PT_GNU_EH_FRAME", PT_GNU_EH_FRAME},
               {"PT_GNU_STACK", PT_GNU_STACK},
               {"PT_GNU_RELRO", PT_GNU_RELRO},
               {"PT_GNU_PROPERTY", PT_GNU_PROPERTY}};
  sc->has_phdrs = true;
  for (;;) {
    if (eatc(lx, ';'))
      continue;
    if (eatc(lx, '}') || (lx->until_eof && !peekc(lx)))
      return;
    const char *at = lx->p;
    struct phdr_stmt *ph = arena_alloc(ctx, sizeof(*ph));
    memset(ph, 0, sizeof(*ph));
    ph->name = need_name(lx, LM_SECT);
    for (u32 i = 0; i < sc->phdrs.len; i++)
      if (!strcmp(((struct phdr_stmt *)sc->phdrs.v[i])->name, ph->name))
        fail_at(lx, at, "program header `%s' defined twice", ph->name);
    bool typed = false;
    for (u32 i = 0; i < sizeof(types) / sizeof(*types); i++)
      if (eat_word(lx, types[i].name)) {
        ph->type = types[i].type;
        typed = true;
        break;
      }
    if (!typed) {
      // A number (an expression) for any other type.
      struct expr_value v;
      struct expr *e = expr(lx);
      if (!eval_script_expr(ctx, e, lx->file, false, NULL, &v))
        fail_at(lx, at, "bad program header type");
      ph->type = (u32)v.v;
    }
    for (;;) {
      if (eat_word(lx, "FILEHDR"))
        ph->filehdr = true;
      else if (eat_word(lx, "PHDRS"))
        ph->phdrs = true;
      else if (eat_word(lx, "AT"))
        ph->at = paren_expr(lx);
      else if (eat_word(lx, "FLAGS"))
        ph->flags = paren_expr(lx);
      else
        break;
    }
    if (!eatc(lx, ';'))
      syntax_fail(lx);
    // GNU ld's lang_new_phdr: the headers go in the first PT_LOADs.
    bool hdrs = ph->type == PT_LOAD && (ph->filehdr || ph->phdrs);
    for (u32 i = 0; hdrs && i < sc->phdrs.len; i++) {
      struct phdr_stmt *p = sc->phdrs.v[i];
      if (p->type == PT_LOAD && !p->filehdr && !p->phdrs && !lx->quiet) {
        gnu_error(ctx, "%s:%u: PHDRS and FILEHDR are not supported when "
                  "prior PT_LOAD headers lack them", lx->file,
                  line_of(lx, lx->p));
        break;
      }
    }
    vec_push(ctx, &sc->phdrs, ph);
  }
}

struct mem_region *find_region(struct ctx *ctx, const char *name) {
  if (!ctx->script)
    return NULL;
  struct vec *v = &ctx->script->regions;
  for (u32 i = 0; i < v->len; i++) {
    struct mem_region *r = v->v[i];
    if (!strcmp(r->name, name))
      return r->real;
  }
  return NULL;
}

static void top_body(struct lexer *lx, struct vec *into);

// INCLUDE FILE: the file's text parsed where the command is, as BODY
// parses it; found as GNU ld finds it, here and then along -L.
static void parse_include(struct lexer *lx, const char *at,
                          void (*body)(struct lexer *, struct vec *),
                          struct vec *into) {
  struct ctx *ctx = lx->ctx;
  const char *name = need_name(lx, LM_SCRIPT);
  if (lx->depth >= MAX_SCRIPT_DEPTH)
    fail_at(lx, at, "INCLUDE nested more than %d deep", MAX_SCRIPT_DEPTH);
  // A file that includes itself twice would be read 2^depth times.
  if (++ctx->script_includes > MAX_INCLUDES)
    fail_at(lx, at, "more than %d INCLUDEs", MAX_INCLUDES);
  const char *path = NULL;
  if (name[0] == '/' || file_exists(name))
    path = name;
  for (u32 i = 0; !path && i < ctx->cfg.lib_paths.len; i++) {
    const char *p = arena_printf(ctx, "%s/%s",
                                 (const char *)ctx->cfg.lib_paths.v[i], name);
    if (file_exists(p))
      path = p;
  }
  if (!path)
    fail_at(lx, at, "cannot find script file %s", name);
  struct mapping *m = map_file(ctx, path, true);
  if (!m)
    fail_at(lx, at, "cannot open %s", path);
  const char *text = (const char *)m->data;
  struct lexer in = {ctx, path, text, text, text + m->size, false, false,
                     true, lx->depth + 1, lx->items, true};
  body(&in, into);
}

// The commands of a whole script.
static void top_body(struct lexer *lx, struct vec *unused) {
  (void)unused;
  if (!parse_script(lx, lx->items))
    fatal(lx->ctx, "%s: syntax error", lx->file);
}

// One command of a whole script, other than those input scripts have;
// lx->p is at its first word.  Returns false if it is none.
static bool full_command(struct lexer *lx) {
  struct ctx *ctx = lx->ctx;
  struct script *sc = the_script(ctx);
  const char *at = lx->p;
  struct token t = word(lx, LM_SECT);
  if (tok_is(&t, "SECTIONS")) {
    needc(lx, '{');
    sc->has_sections = true;
    sections_body(lx, &sc->stmts);
  } else if (tok_is(&t, "INSERT")) {
    // INSERT AFTER|BEFORE NAME: the SECTIONS before it go into the
    // built-in layout there; the script replaces nothing.
    bool after = eat_word(lx, "AFTER");
    if (!after && !eat_word(lx, "BEFORE"))
      syntax_fail(lx);
    const char *name = need_name(lx, LM_SECT);
    if (sc->insert_name && strcmp(sc->insert_name, name))
      fail_at(lx, at, "INSERT into two places is not supported");
    if (!sc->stmts.len)
      fail_at(lx, at, "INSERT without SECTIONS before it");
    sc->insert_name = name;
    sc->insert_after = after;
    sc->insert_end = sc->stmts.len;
    sc->inserts++;
  } else if (tok_is(&t, "MEMORY")) {
    needc(lx, '{');
    memory_body(lx, NULL);
  } else if (tok_is(&t, "PHDRS")) {
    needc(lx, '{');
    phdrs_body(lx, NULL);
  } else if (tok_is(&t, "INCLUDE")) {
    parse_include(lx, at, top_body, NULL);
  } else if (tok_is(&t, "ASSERT") && peekc(lx) == '(') {
    assert_stmt(lx, at, &sc->stmts);
  } else if (peekc(lx) == '(' && provide(lx, at, &t, &sc->stmts)) {
  } else if (tok_is(&t, "REGION_ALIAS")) {
    needc(lx, '(');
    struct mem_region *a = arena_alloc(ctx, sizeof(*a));
    memset(a, 0, sizeof(*a));
    a->name = need_name(lx, LM_SECT);
    needc(lx, ',');
    const char *of = need_name(lx, LM_SECT);
    needc(lx, ')');
    // In GNU ld's words (ldlang.c's lang_add_region_alias).
    if (!strcmp(a->name, "*default*") || !strcmp(of, "*default*"))
      fail_at(lx, at, "error: alias for default memory region");
    if (find_region(ctx, a->name))
      fail_at(lx, at, "error: redefinition of memory region alias `%s'",
              a->name);
    a->real = find_region(ctx, of);
    if (!a->real)
      fail_at(lx, at, "error: memory region `%s' for alias `%s' does not "
              "exist", of, a->name);
    vec_push(ctx, &sc->regions, a);
  } else if (tok_is(&t, "LD_FEATURE")) {
    needc(lx, '(');
    const char *f = need_name(lx, LM_SCRIPT);
    needc(lx, ')');
    if (strcmp(f, "SANE_EXPR"))
      fail_at(lx, at, "LD_FEATURE(\"%s\") is not supported", f);
    ctx->sane_expr = true;     // expr.c's plain_numbers
  } else if (tok_is(&t, "TARGET")) {
    needc(lx, '(');
    const char *f = need_name(lx, LM_SCRIPT);
    needc(lx, ')');
    const struct arch *arch = ctx->arch ? ctx->arch : ctx->cfg.arch;
    if (arch && strcmp(f, arch->output_format))
      fail_at(lx, at, "TARGET(%s): only %s input is supported", f,
              arch->output_format);
  } else if (tok_is(&t, "FORCE_COMMON_ALLOCATION")) {
    // An executable's COMMON symbols are always allocated.
  } else if (tok_is(&t, "NOCROSSREFS") || tok_is(&t, "NOCROSSREFS_TO")) {
    // A list of output section names, apart or with commas.
    bool to = t.len == strlen("NOCROSSREFS_TO");
    struct vec *names = arena_alloc(ctx, sizeof(*names));
    memset(names, 0, sizeof(*names));
    needc(lx, '(');
    while (!eatc(lx, ')')) {
      vec_push(ctx, names, (void *)need_name(lx, LM_SECT));
      eatc(lx, ',');
    }
    if (names->len < 2)
      fail_at(lx, at, "%s needs two sections or more",
              to ? "NOCROSSREFS_TO" : "NOCROSSREFS");
    vec_push(ctx, to ? &sc->nocrossrefs_to : &sc->nocrossrefs, names);
  } else if (tok_is(&t, "FORCE_GROUP_ALLOCATION")) {
    sc->force_group_allocation = true;  // -r only (relocatable.c)
  } else if (tok_is(&t, "INHIBIT_COMMON_ALLOCATION") || tok_is(&t, "HLL") ||
             tok_is(&t, "SYSLIB") || tok_is(&t, "FLOAT") ||
             tok_is(&t, "NOFLOAT") || tok_is(&t, "OVERLAY")) {
    fail_at(lx, at, "linker script command %.*s is not supported yet",
            (int)t.len, t.s);
  } else if (t.kind == T_NAME && !t.quoted) {
    int op = assign_op(lx);
    if (!op) {
      lx->p = at;
      return false;
    }
    assignment(lx, at, name_of(lx, &t), op, PV_NONE, &sc->stmts);
    statement_end(lx);
  } else {
    lx->p = at;
    return false;
  }
  return true;
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

static void add_script_items(struct ctx *ctx, struct mapping *m,
                             const char *path, struct vec *v, bool whole);

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
                     (const char *)m->data + m->size, false, false, false, 0,
                     NULL, false};
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
  lx.items = &items;
  if (!parse_script(&lx, &items))
    return;
  add_script_items(ctx, m, path, &items, whole);
}

// The files a script names, opened at its place among the inputs.
static void add_script_items(struct ctx *ctx, struct mapping *m,
                             const char *path, struct vec *v, bool whole) {
  struct vec items = *v;
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

// -T FILE: a whole script, found here or along -L (GNU ld), read at its
// place on the command line.
// The --defsym options given after the SCRIPTS-th -T script: GNU ld's
// assignments there, after that script's statements, which do not see
// them (DEFINED is false there, "." = NAME reads the script's value); a
// --defsym before any -T is a symbol from the start (symbols.c).
void add_late_defsyms(struct ctx *ctx, u32 scripts) {
  for (u32 i = 0; i < ctx->cfg.defsyms.len; i++) {
    struct defsym *d = ctx->cfg.defsyms.v[i];
    if (d->after_scripts != scripts)
      continue;
    struct script_stmt *s = arena_alloc(ctx, sizeof(*s));
    memset(s, 0, sizeof(*s));
    s->kind = SS_ASSIGN;
    s->file = d->text;
    s->sym = d->name;
    s->op = '=';
    s->e = d->expr;
    vec_push(ctx, &the_script(ctx)->stmts, s);
  }
}

void read_script_file(struct ctx *ctx, const char *name) {
  const char *path = NULL;
  if (name[0] == '/' || file_exists(name))
    path = name;
  for (u32 i = 0; !path && i < ctx->cfg.lib_paths.len; i++) {
    const char *p = arena_printf(ctx, "%s/%s",
                                 (const char *)ctx->cfg.lib_paths.v[i], name);
    if (file_exists(p))
      path = p;
  }
  if (!path)
    fatal(ctx, "cannot open linker script file %s: No such file or directory",
          name);
  struct mapping *m = map_file(ctx, path, true);
  if (!m)
    fatal(ctx, "cannot open linker script file %s", path);
  if (ctx->cfg.dependency_file)
    vec_push(ctx, &ctx->deps, (void *)path);
  the_script(ctx)->replaces = true;
  if (!m->size)
    return;
  if (!is_input_script(m->data, m->size))
    fatal(ctx, "%s: not a linker script (binary data)", path);
  const char *text = (const char *)m->data;
  struct vec items = {0};
  struct lexer lx = {ctx, path, text, text, text + m->size, false, false,
                     true, 0, &items, false};
  u32 inserts = the_script(ctx)->inserts;
  parse_script(&lx, &items);
  add_script_items(ctx, m, path, &items, false);
  // One without INSERT replaces the built-in layout (GNU ld reads its
  // default script only when every -T script has INSERT).
  the_script(ctx)->plain_scripts += the_script(ctx)->inserts == inserts;
}

// INSERT with a -T script that has none (GNU ld's
// process_insert_statements): every statement before INSERT moves into
// those after it, after the named output section (BEFORE: after the one
// before it) and the assignments that follow it, but before an
// assignment to "." that comes before the next output section, as bfd's
// insert_os_after places it.  The layout is then the script's.  When
// every -T script has INSERT, the statements go into the built-in
// layout (script_layout.c).
void place_insert(struct ctx *ctx) {
  struct script *sc = ctx->script;
  if (!sc || !sc->insert_name || ctx->cfg.relocatable)  // -r refuses it
    return;
  struct vec *v = &sc->stmts;
  u32 end = sc->insert_end, where = UINT32_MAX, prev = UINT32_MAX;
  bool later = false;
  for (u32 i = end; i < v->len; i++) {
    struct script_stmt *s = v->v[i];
    if (s->kind != SS_OUTPUT)
      continue;
    later = true;
    if (where == UINT32_MAX && !strcmp(s->os->name, sc->insert_name))
      where = sc->insert_after ? i : prev;
    prev = i;
  }
  if (!later && !sc->plain_scripts)
    return;
  if (where == UINT32_MAX)
    fatal(ctx, "%s not found for insert", sc->insert_name);
  if (sc->inserts > 1)
    fatal(ctx, "INSERT %s %s more than once before a script's SECTIONS: "
          "not supported", sc->insert_after ? "AFTER" : "BEFORE",
          sc->insert_name);
  u32 pos = where + 1, assign = UINT32_MAX;
  for (; pos < v->len; pos++) {
    struct script_stmt *s = v->v[pos];
    if (s->kind == SS_ASSIGN) {
      if (assign == UINT32_MAX && !strcmp(s->sym, "."))
        assign = pos;
    } else if (s->kind == SS_OUTPUT) {
      if (assign != UINT32_MAX) {
        pos = assign;
        sc->insert_guess = s->os;
      }
      break;
    } else if (s->kind != SS_ASSERT) {
      assign = UINT32_MAX;
    }
  }
  // Rotate [0, pos) so that [0, end) comes last.
  void **tmp = arena_alloc(ctx, (u64)end * sizeof(void *) + 1);
  memcpy(tmp, v->v, (u64)end * sizeof(void *));
  memmove(v->v, v->v + end, (u64)(pos - end) * sizeof(void *));
  memcpy(v->v + (pos - end), tmp, (u64)end * sizeof(void *));
  sc->insert_name = NULL;
}

// GNU ld's check on a script it found by searching (ldfile.c,
// ldfile_try_open_bfd): every well-formed OUTPUT_FORMAT in it must name
// the output's format, else the script is skipped as incompatible.
bool script_output_format_matches(struct ctx *ctx, struct mapping *m) {
  if (!ctx->arch || !m->size)
    return true;
  struct lexer lx = {ctx, m->path, (const char *)m->data,
                     (const char *)m->data, (const char *)m->data + m->size,
                     true, true, false, 0, NULL, false};
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

// The entry point's name: -e, else the last script's ENTRY, else the
// default's.
const char *entry_symbol(struct ctx *ctx) {
  if (ctx->cfg.entry)
    return ctx->cfg.entry;
  if (ctx->script_entry)
    return ctx->script_entry;
  // GNU ld's default script says ENTRY(_start); a -T script without
  // ENTRY, and -r's script, leave ld's own default, "start" (ldlang.c),
  // which it looks for without a warning.
  return script_layout(ctx) || ctx->cfg.relocatable ? "start" : "_start";
}
