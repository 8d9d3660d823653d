// version_script.c: --version-script, --dynamic-list and
// --export-dynamic-symbol-list files.
//
// A static executable has no dynamic symbol table, so what these files
// say changes nothing in it, and GNU ld's output is the same with them
// as without.  But GNU ld still reads them where the option stands, and
// what it rejects stops the link: a syntax error (with the file's name
// and line, "in VERSION script" or "in dynamic list"), a comment that
// does not end, a missing file; a tag used twice, an anonymous tag with
// others, a dependency on a tag not yet seen, a pattern both global in
// one tag and local in another, an unknown extern language.  The
// grammar and the tokens are GNU ld's, parsed by recursive descent that
// stops at the token where GNU ld's LALR parser does, so the messages
// and their order are the same.  The files are mapped and read in place.

#include "mld.h"

#include <errno.h>
#include <fnmatch.h>

// Token kinds: '{' '}' ';' ':' ',' stand for themselves.
enum {
  T_EOF = 0,
  T_TAG = 256,                 // a version tag (GNU ld's VERS_TAG)
  T_IDENT,                     // a pattern (VERS_IDENTIFIER)
  T_NAME,                      // "a quoted name"
  T_GLOBAL, T_LOCAL, T_EXTERN,
};

struct token {
  int kind;
  const char *text;
  u32 len;
  u32 line;
};

struct parser {
  struct ctx *ctx;
  const char *file;            // as given, for messages
  const char *p, *end;
  u32 line;
  bool in_node;                // GNU ld's VERS_NODE lexer state
  int nesting;                 // braces open in a node
  struct token tok;            // the lookahead, if have
  bool have;
  bool dynamic_list;
  bool fatal_warnings;         // --fatal-warnings given before the option
  bool between_nodes;          // after a whole node: GNU ld's parser has
                               // left the file's rule (no " in ...")
  bool in_script;              // a linker script's VERSION: no " in ..."
};

static bool is_alpha(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
}

static bool is_digit(char c) { return c >= '0' && c <= '9'; }

// GNU ld's V_TAG: [.$_a-zA-Z][._a-zA-Z0-9]*.
static bool tag_start(char c) {
  return is_alpha(c) || c == '.' || c == '$' || c == '_';
}
static bool tag_char(char c) {
  return is_alpha(c) || is_digit(c) || c == '.' || c == '_';
}

// GNU ld's V_IDENTIFIER: [*?.$_a-zA-Z\[\]\-\!\^\\], then those, digits
// and "::".
static bool ident_start(char c) {
  return is_alpha(c) || (c && strchr("*?.$_[]-!^\\", c));
}

static u32 ident_length(const char *p, const char *end) {
  u32 n = 1;
  for (;;) {
    if (p + n < end && (ident_start(p[n]) || is_digit(p[n])))
      n++;
    else if (p + n + 1 < end && p[n] == ':' && p[n + 1] == ':')
      n += 2;
    else
      return n;
  }
}

static void invalid_character(struct parser *ps, char c) {
  char buf[8];
  if (c >= 0x20 && c < 0x7f)
    snprintf(buf, sizeof(buf), "%c", c);
  else
    snprintf(buf, sizeof(buf), "\\%03o", (u8)c);
  // GNU ld does not call it a warning, but --fatal-warnings given before
  // makes it fail the link.
  if (ps->fatal_warnings)
    error(ps->ctx, "%s:%u: ignoring invalid character `%s' in script",
          ps->file, ps->line, buf);
  else
    fprintf(stderr, "mld: %s:%u: ignoring invalid character `%s' in "
            "script\n", ps->file, ps->line, buf);
}

static bool keyword(const char *p, u32 n, const char *kw) {
  return n == strlen(kw) && !memcmp(p, kw, n);
}

static void lex(struct parser *ps) {
  struct token *t = &ps->tok;
  for (;;) {
    if (ps->p == ps->end) {
      *t = (struct token){T_EOF, ps->p, 0, 0};
      return;
    }
    const char *p = ps->p;
    char c = *p;
    if (c == '\n') {
      ps->line++;
      ps->p++;
      continue;
    }
    if (c == ' ' || c == '\t' || c == '\r') {
      ps->p++;
      continue;
    }
    if (c == '#') {
      while (ps->p < ps->end && *ps->p != '\n')
        ps->p++;
      continue;
    }
    if (c == '/' && p + 1 < ps->end && p[1] == '*') {
      ps->p += 2;
      for (;;) {
        if (ps->p + 1 >= ps->end)
          fatal(ps->ctx, "%s: EOF in comment", ps->file);
        if (ps->p[0] == '*' && ps->p[1] == '/')
          break;
        ps->line += *ps->p == '\n';
        ps->p++;
      }
      ps->p += 2;
      continue;
    }
    *t = (struct token){c, p, 1, ps->line};
    if (c == '{' || c == '}' || c == ';' || c == ':' || c == ',') {
      ps->p++;
      if (c == '{' && !ps->in_node) {
        ps->in_node = true;
        ps->nesting = 0;
      } else if (c == '{') {
        ps->nesting++;
      } else if (c == '}' && ps->in_node && --ps->nesting < 0) {
        ps->in_node = false;
      }
      return;
    }
    if (!ps->in_node && tag_start(c)) {
      u32 n = 1;
      while (p + n < ps->end && tag_char(p[n]))
        n++;
      *t = (struct token){T_TAG, p, n, ps->line};
      ps->p += n;
      return;
    }
    if (ps->in_node && ident_start(c)) {
      u32 n = ident_length(p, ps->end);
      int kind = keyword(p, n, "global")   ? T_GLOBAL
                 : keyword(p, n, "local")  ? T_LOCAL
                 : keyword(p, n, "extern") ? T_EXTERN
                                           : T_IDENT;
      *t = (struct token){kind, p, n, ps->line};
      ps->p += n;
      return;
    }
    // A quoted name; GNU ld does not count the lines inside.
    if (ps->in_node && c == '"') {
      const char *q = memchr(p + 1, '"', ps->end - p - 1);
      if (q) {
        *t = (struct token){T_NAME, p + 1, (u32)(q - p - 1), ps->line};
        ps->p = q + 1;
        return;
      }
    }
    invalid_character(ps, c);
    ps->p++;
  }
}

static struct token *peek(struct parser *ps) {
  if (!ps->have) {
    lex(ps);
    ps->have = true;
  }
  return &ps->tok;
}

static void next(struct parser *ps) {
  peek(ps);
  ps->have = false;
}

_Noreturn static void syntax_error(struct parser *ps) {
  struct token *t = peek(ps);
  const char *what = ps->between_nodes || ps->in_script ? ""
                     : ps->dynamic_list ? " in dynamic list"
                                        : " in VERSION script";
  fatal(ps->ctx, "%s:%u: syntax error%s", ps->file,
        t->kind == T_EOF ? 0 : t->line, what);
}

static void expect(struct parser *ps, int kind) {
  if (peek(ps)->kind != kind)
    syntax_error(ps);
  next(ps);
}

static bool starts_item(int kind) {
  return kind == T_IDENT || kind == T_NAME || kind == T_GLOBAL ||
         kind == T_LOCAL || kind == T_EXTERN;
}

// extern "LANG": GNU ld knows C, C++ and Java, in any case.
static bool same_word(const char *s, u32 n, const char *w) {
  if (n != strlen(w))
    return false;
  for (u32 i = 0; i < n; i++) {
    char a = s[i], b = w[i];
    if (a >= 'A' && a <= 'Z')
      a += 'a' - 'A';
    if (b >= 'A' && b <= 'Z')
      b += 'a' - 'A';
    if (a != b)
      return false;
  }
  return true;
}

static u8 language(struct parser *ps, const struct token *lang) {
  if (!lang || same_word(lang->text, lang->len, "C"))
    return 0;
  if (same_word(lang->text, lang->len, "C++"))
    return 1;
  if (same_word(lang->text, lang->len, "Java"))
    return 2;
  error(ps->ctx, "unknown language `%.*s' in version information",
        (int)lang->len, lang->text);
  return 0;
}

// A pattern, as GNU ld's lang_new_vers_pattern makes it (and reports an
// unknown language, once per pattern).
static void add_pattern(struct parser *ps, struct vec *list,
                        const char *text, u32 len, bool quoted,
                        const struct token *lang) {
  struct pattern *pat = arena_alloc(ps->ctx, sizeof(*pat));
  pat->text = text;
  pat->len = len;
  pat->literal = true;
  if (!quoted) {
    char *s = NULL;
    u32 n = 0;
    for (u32 i = 0; i < len; i++) {
      if (text[i] == '\\' && i + 1 < len) {
        if (!s) {
          s = arena_alloc(ps->ctx, len);
          memcpy(s, text, i);
          n = i;
        }
        s[n++] = text[++i];
        continue;
      }
      if (text[i] == '*' || text[i] == '?' || text[i] == '[') {
        pat->literal = false;
        break;
      }
      if (s)
        s[n++] = text[i];
    }
    if (pat->literal && s) {
      pat->text = s;
      pat->len = n;
    }
    if (!pat->literal)         // NUL-terminated, for fnmatch
      pat->text = arena_printf(ps->ctx, "%.*s", (int)len, text);
  }
  pat->lang = language(ps, lang);
  vec_push(ps->ctx, list, pat);
}

static void extern_block(struct parser *ps, struct vec *list);

// One entry of a list: a pattern, a quoted name, global, local or extern
// as names, or extern "LANG" { ... }.
static void item(struct parser *ps, struct vec *list,
                 const struct token *lang) {
  struct token t = *peek(ps);
  switch (t.kind) {
  case T_IDENT:
  case T_NAME:
  case T_GLOBAL:
  case T_LOCAL:
    next(ps);
    add_pattern(ps, list, t.text, t.len, t.kind == T_NAME, lang);
    return;
  case T_EXTERN:
    next(ps);
    if (peek(ps)->kind != T_NAME)
      add_pattern(ps, list, t.text, t.len, false, lang);
    else
      extern_block(ps, list);
    return;
  default:
    syntax_error(ps);
  }
}

// extern "LANG" { PATTERNS }, at "LANG"; the last ';' may be left out.
static void extern_block(struct parser *ps, struct vec *list) {
  struct token lang = *peek(ps);
  next(ps);
  expect(ps, '{');
  item(ps, list, &lang);
  for (;;) {
    if (peek(ps)->kind == '}')
      break;
    expect(ps, ';');
    if (peek(ps)->kind == '}')
      break;
    if (!starts_item(peek(ps)->kind))
      syntax_error(ps);
    item(ps, list, &lang);
  }
  next(ps);
}

// After a list's first entry: "; entry" while one follows, then the
// final ';'.
static void defns_rest(struct parser *ps, struct vec *list,
                       const struct token *lang) {
  for (;;) {
    expect(ps, ';');
    if (!starts_item(peek(ps)->kind))
      return;
    item(ps, list, lang);
  }
}

// What a tag's braces hold: nothing, "PATTERNS;", "global: PATTERNS;",
// "local: PATTERNS;" or "global: PATTERNS; local: PATTERNS;".  Without
// its ':', global or local is a pattern.
static void vers_tag(struct parser *ps, struct vers_node *node) {
  struct token t = *peek(ps);
  if (t.kind == '}')
    return;
  if (t.kind != T_GLOBAL && t.kind != T_LOCAL) {
    item(ps, &node->globals, NULL);
    defns_rest(ps, &node->globals, NULL);
    return;
  }
  next(ps);
  if (peek(ps)->kind != ':') {
    add_pattern(ps, &node->globals, t.text, t.len, false, NULL);
    defns_rest(ps, &node->globals, NULL);
    return;
  }
  next(ps);
  struct vec *list = t.kind == T_GLOBAL ? &node->globals : &node->locals;
  item(ps, list, NULL);
  for (;;) {
    expect(ps, ';');
    struct token u = *peek(ps);
    if (t.kind == T_GLOBAL && u.kind == T_LOCAL) {
      next(ps);
      if (peek(ps)->kind == ':') {
        next(ps);
        item(ps, &node->locals, NULL);
        defns_rest(ps, &node->locals, NULL);
        return;
      }
      add_pattern(ps, list, u.text, u.len, false, NULL);
      continue;
    }
    if (!starts_item(u.kind))
      return;
    item(ps, list, NULL);
  }
}

static bool same_pattern(const struct pattern *a, const struct pattern *b) {
  return a->len == b->len && !memcmp(a->text, b->text, a->len) &&
         a->lang == b->lang;
}

// GNU ld's duplicate check of one tag's globals (or locals) against each
// earlier tag's locals (or globals).  It keeps a tag's patterns newest
// first, literal ones before the others and each literal once per
// language, and reports each literal once per earlier tag and each
// other pattern once per equal one there.
static void check_duplicates(struct ctx *ctx, struct vec *nodes,
                             struct vec *mine, bool mine_global) {
  for (int literal = 1; literal >= 0; literal--) {
    for (u32 i = mine->len; i-- > 0;) {
      struct pattern *e1 = mine->v[i];
      if (e1->literal != literal)
        continue;
      bool dup = false;        // a later literal of the same text
      for (u32 k = i + 1; literal && k < mine->len && !dup; k++) {
        struct pattern *e = mine->v[k];
        dup = e->literal && same_pattern(e, e1);
      }
      if (dup)
        continue;
      for (u32 n = 0; n < nodes->len; n++) {
        struct vers_node *t = nodes->v[n];
        struct vec *other = mine_global ? &t->locals : &t->globals;
        for (u32 k = 0; k < other->len; k++) {
          struct pattern *e2 = other->v[k];
          if (e2->literal == e1->literal && same_pattern(e1, e2)) {
            error(ctx, "duplicate expression `%.*s' in version information",
                  (int)e1->len, e1->text);
            if (literal)
              break;
          }
        }
      }
    }
  }
}

// GNU ld's lang_register_vers_node.
static void register_node(struct ctx *ctx, struct vers_node *node) {
  struct vec *nodes = &ctx->version_nodes;
  if (nodes->len &&
      (!node->len || !((struct vers_node *)nodes->v[0])->len)) {
    error(ctx, "anonymous version tag cannot be combined with other "
          "version tags");
    return;
  }
  for (u32 i = 0; i < nodes->len; i++) {
    struct vers_node *t = nodes->v[i];
    if (t->len == node->len && !memcmp(t->name, node->name, node->len))
      error(ctx, "duplicate version tag `%.*s'", (int)node->len, node->name);
  }
  check_duplicates(ctx, nodes, &node->globals, true);
  check_duplicates(ctx, nodes, &node->locals, false);
  vec_push(ctx, nodes, node);
}

// The tag of that name read so far (a named one), or NULL.
struct vers_node *version_named(struct ctx *ctx, const char *name, u32 len) {
  for (u32 i = 0; i < ctx->version_nodes.len; i++) {
    struct vers_node *t = ctx->version_nodes.v[i];
    if (t->len && t->len == len && !memcmp(t->name, name, len))
      return t;
  }
  return NULL;
}

// TAG { ... } DEPENDENCIES ; or, anonymous, { ... } ;
static void version_node(struct parser *ps) {
  struct vers_node *node = arena_alloc(ps->ctx, sizeof(*node));
  node->name = "";
  struct token t = *peek(ps);
  if (t.kind == T_TAG) {
    node->name = t.text;
    node->len = t.len;
    next(ps);
  }
  expect(ps, '{');
  vers_tag(ps, node);
  expect(ps, '}');
  // Each dependency is looked up as soon as it is read.
  while (node->len && peek(ps)->kind == T_TAG) {
    struct token d = *peek(ps);
    struct vers_node *found = version_named(ps->ctx, d.text, d.len);
    if (!found)
      error(ps->ctx, "unable to find version dependency `%.*s'", (int)d.len,
            d.text);
    else
      vec_push(ps->ctx, &node->deps, found);
    next(ps);
  }
  expect(ps, ';');
  register_node(ps->ctx, node);
}

// The patterns kept for a static PIE's exports (dynsym.c): a literal C
// name in a table, the others in a list.
static void keep_dynamic_patterns(struct ctx *ctx, struct vec *list) {
  for (u32 i = 0; i < list->len; i++) {
    struct pattern *pat = list->v[i];
    if (pat->literal && pat->lang == 0)
      table_intern(ctx, &ctx->dynamic_names, pat->text, pat->len, NULL);
    else
      vec_push(ctx, &ctx->dynamic_patterns, pat);
  }
}

// { PATTERNS; } ;
static void dynamic_list_node(struct parser *ps) {
  struct vec list = {0};
  expect(ps, '{');
  item(ps, &list, NULL);
  defns_rest(ps, &list, NULL);
  expect(ps, '}');
  expect(ps, ';');
  keep_dynamic_patterns(ps->ctx, &list);
}

// --export-dynamic-symbol=GLOB: one more pattern of the dynamic list.
void add_dynamic_pattern(struct ctx *ctx, const char *text) {
  struct parser ps = {.ctx = ctx};
  struct vec list = {0};
  add_pattern(&ps, &list, text, (u32)strlen(text), false, NULL);
  keep_dynamic_patterns(ctx, &list);
}

// Whether the dynamic list names a symbol: a literal pattern by its
// text, another as a shell pattern (GNU ld's fnmatch), C names only.
bool dynamic_list_names(struct ctx *ctx, const char *name, u32 len) {
  if (ctx->dynamic_names.count && table_find(&ctx->dynamic_names, name, len))
    return true;
  struct vec *list = &ctx->dynamic_patterns;
  for (u32 i = 0; i < list->len; i++) {
    struct pattern *pat = list->v[i];
    if (pat->lang != 0)
      fatal(ctx, "extern \"C++\" and \"Java\" patterns of a dynamic list "
            "are not supported: mld matches C names only");
    if (!fnmatch(pat->text, name, 0))
      return true;
  }
  return false;
}

// Whether a pattern of LIST matches NAME (GNU ld's lang_vers_match): the
// literal ones first, then the others; from AFTER (a wildcard one
// matched before) on, the next wildcard one that does.  C names only.
static struct pattern *list_match(struct ctx *ctx, struct vec *list,
                                  struct pattern *after, const char *name,
                                  u32 len) {
  for (u32 i = 0; !after && i < list->len; i++) {
    struct pattern *pat = list->v[i];
    if (pat->lang != 0)
      fatal(ctx, "extern \"C++\" and \"Java\" patterns of a version "
            "script are not supported in a static PIE: mld matches C "
            "names only");
    if (pat->literal && pat->len == len && !memcmp(pat->text, name, len))
      return pat;
  }
  // GNU ld keeps a tag's patterns newest first.
  bool go = !after;
  for (u32 i = list->len; i-- > 0;) {
    struct pattern *pat = list->v[i];
    if (pat == after) {
      go = true;
      continue;
    }
    if (go && !pat->literal && !fnmatch(pat->text, name, 0))
      return pat;
  }
  return NULL;
}

bool version_list_names(struct ctx *ctx, struct vec *list, const char *name) {
  return list_match(ctx, list, NULL, name, (u32)strlen(name)) != NULL;
}

static bool is_star(const struct pattern *pat) {
  return !pat->literal && pat->len == 1 && pat->text[0] == '*';
}

// The tag a symbol without a version of its own takes (bfd's
// bfd_find_version_for_sym): a literal match wins over a wildcard one, a
// global one over a local one, "*" last; *hide: local, or global in a
// tag whose literal pattern names a versioned definition too.  NULL: no
// tag names it.
struct vers_node *find_version(struct ctx *ctx, const char *name,
                               bool *hide) {
  struct vers_node *local = NULL, *global = NULL, *exist = NULL;
  struct vers_node *star_local = NULL, *star_global = NULL;
  u32 len = (u32)strlen(name);
  *hide = false;
  for (u32 i = 0; i < ctx->version_nodes.len; i++) {
    struct vers_node *t = ctx->version_nodes.v[i];
    struct pattern *d = NULL;
    while ((d = list_match(ctx, &t->globals, d, name, len))) {
      if (is_star(d))
        star_global = t;
      else
        global = t;
      if (d->symver)
        exist = t;
      d->script = true;
      if (d->literal)
        break;
    }
    if (d)
      break;
    while ((d = list_match(ctx, &t->locals, d, name, len))) {
      if (is_star(d))
        star_local = t;
      else
        local = t;
      if (d->literal) {        // an exact match overrides a global wildcard
        global = star_global = NULL;
        break;
      }
    }
    if (d)
      break;
  }
  if (!global && !local)
    global = star_global;
  if (global) {
    *hide = exist == global;
    return global;
  }
  if (!local)
    local = star_local;
  *hide = local != NULL;
  return local;
}

// The file as GNU ld's ldfile_open_command_file finds it: as named, else
// in the -L directories given so far.
static struct mapping *open_script(struct ctx *ctx, const char *name) {
  struct mapping *m = map_file(ctx, name, false);
  int err = errno;
  for (u32 i = 0; !m && name[0] != '/' && i < ctx->cfg.lib_paths.len; i++) {
    const char *dir = sysroot_path(ctx, ctx->cfg.lib_paths.v[i]);
    m = map_file(ctx, arena_printf(ctx, "%s/%s", dir, name), false);
    err = m ? err : errno;
  }
  if (!m)
    fatal(ctx, "cannot open linker script file %s: %s", name, strerror(err));
  return m;
}

// VERSION { NODES } in a linker script (file's text from p, at line):
// the nodes up to the '}' that ends the command, read as a
// --version-script's; returns where the command ends.
const char *read_script_version(struct ctx *ctx, const char *file,
                                const char *p, const char *end, u32 line) {
  struct parser ps = {.ctx = ctx, .file = file, .line = line, .p = p,
                      .end = end, .in_script = true};
  for (;;) {
    version_node(&ps);
    if (peek(&ps)->kind == '}') {
      next(&ps);
      return ps.p;
    }
  }
}

void read_version_script(struct ctx *ctx, const char *name,
                         bool dynamic_list, bool fatal_warnings) {
  struct mapping *m = open_script(ctx, name);
  // --dependency-file names it, as GNU ld does.
  vec_push(ctx, &ctx->deps, (void *)name);
  struct parser ps = {.ctx = ctx, .file = name, .line = 1,
                      .dynamic_list = dynamic_list,
                      .fatal_warnings = fatal_warnings};
  ps.p = ps.end = (const char *)m->data;
  if (m->size)
    ps.end += m->size;
  // One node or more.
  for (;;) {
    int k = peek(&ps)->kind;
    if (k == T_EOF && ps.between_nodes)
      return;
    if (ps.between_nodes && k != '{' && (dynamic_list || k != T_TAG))
      syntax_error(&ps);
    ps.between_nodes = false;
    if (dynamic_list)
      dynamic_list_node(&ps);
    else
      version_node(&ps);
    ps.between_nodes = true;
  }
}
