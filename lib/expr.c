// expr.c: GNU ld's expressions, as --defsym and linker scripts take them.
//
// An expression is parsed once into a tree and evaluated after layout
// (each time layout runs).  Its values follow GNU ld's rules for an
// expression outside any output section: a number is absolute; a symbol
// is relative to its section; arithmetic between two values of the same
// section works on their offsets and gives a plain number; a plain number
// (SIZEOF, ALIGNOF, CONSTANT, DEFINED, a comparison) keeps the section of
// the value it meets; any other mix is done on absolute values.  Unary
// - ~ ! work on the offset and keep the section, the condition of ?: is
// tested on the offset, MAX and MIN of one section stay in it, and ADDR
// and SEGMENT_START give a value relative to the first output section,
// as in GNU ld 2.40.  The location counter (".", ALIGN(N), NEXT) has no
// meaning outside a script and is refused there, as are MEMORY regions.
// In a script (script_layout.c evaluates its expressions) a number is a
// plain number, "." is relative to the output section it is in, and ADDR
// to its section.

#include "mld.h"

#include <ctype.h>
#include <stdlib.h>

enum node_kind {
  N_NUM, N_SYM, N_UNARY, N_BINARY, N_COND, N_ABSOLUTE, N_ALIGN, N_MAX,
  N_MIN, N_ADDR, N_LOADADDR, N_SIZEOF, N_ALIGNOF, N_DEFINED,
  N_SIZEOF_HEADERS, N_LOG2CEIL, N_SEGMENT_START,
  // Linker scripts only:
  N_DOT, N_ORIGIN, N_LENGTH, N_DS_ALIGN, N_DS_RELRO_END, N_DS_END,
  N_ASSERT,
};

// Binary operators, from the loosest: GNU ld's grammar.
enum { OP_OROR = 256, OP_ANDAND, OP_EQ, OP_NE, OP_LE, OP_GE, OP_SHL, OP_SHR };

// Deeper trees are refused: evaluation recurses (and a script is hostile
// input).
enum { MAX_EXPR_DEPTH = 400 };

struct expr {
  enum node_kind kind;
  int op;                      // N_UNARY, N_BINARY
  u64 num;                     // N_NUM; N_SIZEOF_HEADERS etc. fill it
  bool plain;                  // N_NUM: a plain number (CONSTANT)
  bool script_num;             // N_NUM: written in a script
  u32 depth;                   // of the tree below, this node included
  const char *name;            // N_SYM, N_ADDR, ... (a section)
  const char *hex;             // N_NUM written in hexadecimal: its digits
  u32 hexlen;
  struct symbol *sym;          // N_SYM, once bound
  struct expr *a, *b, *c;
  bool busy;                   // being evaluated (a cycle is undefined)
};

// The text is [s, end): a --defsym argument, or part of a script (then
// `file` is set, and messages say where).
struct parser {
  struct ctx *ctx;
  const char *s, *end, *src, *what;
  const char *file;            // a script: "." and the like mean something
  u32 depth;
};

static char peek(struct parser *p, u64 k) {
  return (u64)(p->end - p->s) > k ? p->s[k] : 0;
}

static void syntax_error(struct parser *p) {
  if (p->file) {
    u32 line, col;
    text_position(p->src, p->s, &line, &col);
    fatal(p->ctx, "%s:%u: syntax error in expression (column %u)", p->file,
          line, col);
  }
  fatal(p->ctx, "%s: syntax error in expression '%s'", p->what, p->src);
}

static void skip_space(struct parser *p) {
  for (;;) {
    while (p->s < p->end && isspace((u8)*p->s))
      p->s++;
    if (!p->file || peek(p, 0) != '/' || peek(p, 1) != '*')
      return;
    const char *q = p->s + 2;
    while (p->end - q >= 2 && !(q[0] == '*' && q[1] == '/'))
      q++;
    if (p->end - q < 2)
      syntax_error(p);
    p->s = q + 2;
  }
}

static bool eat(struct parser *p, const char *tok) {
  skip_space(p);
  u64 n = strlen(tok);
  if ((u64)(p->end - p->s) < n || memcmp(p->s, tok, n))
    return false;
  // "<" must not take the first half of "<<" or "<=", and so on; nor an
  // operator the first half of an assignment ("+" of "+=").
  char next = peek(p, n);
  if (n == 1 && strchr("<>=!&|", tok[0]) && next &&
      strchr("<>=&|", next) && (next == tok[0] || next == '='))
    return false;
  if (p->file && next == '=' && strchr("+-*/<>&|", tok[n - 1]) &&
      strcmp(tok, "<=") && strcmp(tok, ">=") && (n == 1 || tok[0] == tok[1]))
    return false;
  // In a script, "/DISCARD/" is a name, never a division: a fill
  // expression may end just before it ("} = 0  /DISCARD/ : ...").
  if (p->file && !strcmp(tok, "/") &&
      (u64)(p->end - p->s) >= 9 && !memcmp(p->s, "/DISCARD/", 9))
    return false;
  p->s += n;
  return true;
}

static void expect(struct parser *p, const char *tok) {
  if (!eat(p, tok))
    syntax_error(p);
}

static struct expr *node(struct parser *p, enum node_kind kind) {
  struct expr *e = arena_alloc(p->ctx, sizeof(*e));
  memset(e, 0, sizeof(*e));
  e->kind = kind;
  e->depth = 1;
  return e;
}

// A node over its operands: refused if the tree grows too deep.
static struct expr *over(struct parser *p, struct expr *e) {
  struct expr *k[3] = {e->a, e->b, e->c};
  for (int i = 0; i < 3; i++)
    if (k[i] && k[i]->depth + 1 > e->depth)
      e->depth = k[i]->depth + 1;
  if (e->depth > MAX_EXPR_DEPTH) {
    if (p->file) {
      u32 line, col;
      text_position(p->src, p->s, &line, &col);
      fatal(p->ctx, "%s:%u: expression nested too deeply (more than %d "
            "levels) (column %u)", p->file, line, MAX_EXPR_DEPTH, col);
    }
    fatal(p->ctx, "%s: expression nested too deeply", p->what);
  }
  return e;
}

// (strchr finds the terminating NUL too: c is tested first.)
static bool name_start(char c) {
  return c && (isalpha((u8)c) || strchr("_.$/\\", c));
}

static bool name_char(char c) {
  return c && (isalnum((u8)c) || strchr("_.$/\\~", c));
}

static const char *name(struct parser *p) {
  skip_space(p);
  if (peek(p, 0) == '"') {
    const char *start = ++p->s;
    while (p->s < p->end && *p->s != '"')
      p->s++;
    if (p->s == p->end)
      syntax_error(p);
    return arena_strndup(p->ctx, start, (u64)(p->s++ - start));
  }
  const char *start = p->s;
  if (!name_start(peek(p, 0)))
    syntax_error(p);
  while (name_char(peek(p, 0)))
    p->s++;
  return arena_strndup(p->ctx, start, (u64)(p->s - start));
}

// GNU ld's numbers: 0x1F, $1F and 1Fh are hex, 017 octal, 12 decimal;
// K and M multiply by 1024 and 1024 * 1024.  (Read from a copy: the text
// need not end in a NUL.)
static u64 number(struct parser *p) {
  char buf[72];
  u32 len = 0;
  while (len < sizeof(buf) - 1 && (isalnum((u8)peek(p, len)) ||
                                   (len == 0 && peek(p, 0) == '$')))
    len++;
  memcpy(buf, p->s, len);
  buf[len] = 0;
  const char *start = buf, *end = start;
  while (isxdigit((u8)*end))
    end++;
  u64 v;
  char *stop;
  if (*start == '$' ||
      (start[0] == '0' && (start[1] == 'x' || start[1] == 'X'))) {
    const char *h = start + (*start == '$' ? 1 : 2);
    v = strtoull(h, &stop, 16);
    if (stop == h)
      syntax_error(p);
  } else if (*end == 'h' || *end == 'H') {
    v = strtoull(start, &stop, 16);
    stop++;
  } else {
    v = strtoull(start, &stop, 0);
    if (*stop == 'K' || *stop == 'k')
      v <<= 10, stop++;
    else if (*stop == 'M' || *stop == 'm')
      v <<= 20, stop++;
  }
  p->s += stop - buf;
  if (name_char(peek(p, 0)))
    syntax_error(p);
  return v;
}

static struct expr *parse_cond(struct parser *p);

static struct expr *call1(struct parser *p, enum node_kind kind) {
  struct expr *e = node(p, kind);
  expect(p, "(");
  e->a = parse_cond(p);
  expect(p, ")");
  return over(p, e);
}

// The name of a section or region in ADDR(), SIZEOF(), ORIGIN() and the
// like is read as a script reads a file name, as GNU ld does: with "-",
// "+", ":" and the like in it (ADDR(.silly-name)).
static const char *paren_name(struct parser *p) {
  skip_space(p);
  const char *start = p->s;
  if (peek(p, 0) == '"' || (!name_start(peek(p, 0)) && peek(p, 0) != '~'))
    return name(p);
  while (peek(p, 0) && (name_char(peek(p, 0)) || strchr("-+:[],=", peek(p, 0))))
    p->s++;
  return arena_strndup(p->ctx, start, (u64)(p->s - start));
}

static struct expr *call_section(struct parser *p, enum node_kind kind) {
  struct expr *e = node(p, kind);
  expect(p, "(");
  e->name = kind == N_DEFINED ? name(p) : paren_name(p);
  expect(p, ")");
  return e;
}

static struct expr *call2(struct parser *p, enum node_kind kind) {
  struct expr *e = node(p, kind);
  expect(p, "(");
  e->a = parse_cond(p);
  expect(p, ",");
  e->b = parse_cond(p);
  expect(p, ")");
  return over(p, e);
}

// What only a script may use: the location counter, MEMORY regions and
// the data segment's functions.
static struct expr *script_only(struct parser *p, const char *n) {
  if (!p->file)
    fatal(p->ctx, "%s: %s has no meaning outside a linker script (the "
          "location counter, MEMORY regions)", p->what, n);
  return NULL;
}

static struct expr *parse_primary(struct parser *p) {
  skip_space(p);
  if (++p->depth > MAX_EXPR_DEPTH) {
    struct expr deep = {.depth = MAX_EXPR_DEPTH + 1};
    over(p, &deep);
  }
  struct expr *r = NULL;
  if (eat(p, "(")) {
    r = parse_cond(p);
    expect(p, ")");
    p->depth--;
    return r;
  }
  if (isdigit((u8)peek(p, 0)) || peek(p, 0) == '$') {
    struct expr *e = node(p, N_NUM);
    // A hexadecimal number keeps its digits: as a fill, their count is
    // the pattern's length (GNU ld's exp_get_fill).
    const char *at = p->s;
    u32 skip = peek(p, 0) == '$'                                 ? 1
               : peek(p, 0) == '0' && (peek(p, 1) | 0x20) == 'x' ? 2
                                                                 : 0;
    e->num = number(p);
    u32 n = 0;
    while (skip && at + skip + n < p->s && isxdigit((u8)at[skip + n]))
      n++;
    if (skip && n && at + skip + n == p->s) {
      e->hex = at + skip;
      e->hexlen = n;
    }
    e->script_num = p->file != NULL;
    p->depth--;
    return e;
  }
  for (const char *u = "-~!+"; *u; u++) {
    char tok[2] = {*u, 0};
    if (eat(p, tok)) {
      struct expr *e = node(p, N_UNARY);
      e->op = *u;
      e->a = parse_primary(p);
      p->depth--;
      return over(p, e);
    }
  }
  const char *n = name(p);
  skip_space(p);
  bool call = peek(p, 0) == '(';
  if (!strcmp(n, ".")) {
    script_only(p, "the location counter '.'");
    r = node(p, N_DOT);
  } else if (call && !strcmp(n, "ABSOLUTE")) {
    r = call1(p, N_ABSOLUTE);
  } else if (call && !strcmp(n, "LOG2CEIL")) {
    r = call1(p, N_LOG2CEIL);
  } else if (call && (!strcmp(n, "ALIGN") || !strcmp(n, "NEXT"))) {
    // ALIGN(N) and NEXT(N): the location counter aligned up.
    struct expr *e = node(p, N_ALIGN);
    expect(p, "(");
    e->a = parse_cond(p);
    if (eat(p, ")")) {
      if (!p->file)
        fatal(p->ctx, "%s: ALIGN(N) aligns the location counter, which has "
              "no meaning outside a linker script; use ALIGN(EXPR, N)",
              p->what);
      e->b = e->a;
      e->a = node(p, N_DOT);
      r = over(p, e);
      e->name = n[0] == 'N' ? "NEXT" : "ALIGN";   // for -Map: one argument
    } else if (n[0] == 'N') {
      syntax_error(p);
    } else {
      expect(p, ",");
      e->b = parse_cond(p);
      expect(p, ")");
      r = over(p, e);
    }
  } else if (call && (!strcmp(n, "MAX") || !strcmp(n, "MIN"))) {
    r = call2(p, n[1] == 'A' ? N_MAX : N_MIN);
  } else if (call && !strcmp(n, "SEGMENT_START")) {
    struct expr *e = node(p, N_SEGMENT_START);
    expect(p, "(");
    e->name = name(p);
    expect(p, ",");
    e->a = parse_cond(p);
    expect(p, ")");
    r = over(p, e);
  } else if (call && (!strcmp(n, "ORIGIN") || !strcmp(n, "LENGTH"))) {
    script_only(p, n);
    r = call_section(p, n[0] == 'O' ? N_ORIGIN : N_LENGTH);
  } else if (call && !strcmp(n, "DATA_SEGMENT_ALIGN")) {
    script_only(p, n);
    r = call2(p, N_DS_ALIGN);
  } else if (call && !strcmp(n, "DATA_SEGMENT_RELRO_END")) {
    script_only(p, n);
    r = call2(p, N_DS_RELRO_END);
  } else if (call && !strcmp(n, "DATA_SEGMENT_END")) {
    script_only(p, n);
    r = call1(p, N_DS_END);
  } else if (call && !strcmp(n, "ASSERT")) {
    // ASSERT (EXPR, MESSAGE) in an expression: EXPR's value, and
    // MESSAGE an error if that is 0 when the layout is final.
    script_only(p, n);
    struct expr *e = node(p, N_ASSERT);
    expect(p, "(");
    e->a = parse_cond(p);
    expect(p, ",");
    e->name = name(p);
    expect(p, ")");
    r = over(p, e);
  }
  static const struct {
    const char *name;
    enum node_kind kind;
  } section_fns[] = {{"ADDR", N_ADDR},       {"LOADADDR", N_LOADADDR},
                     {"SIZEOF", N_SIZEOF},   {"ALIGNOF", N_ALIGNOF},
                     {"DEFINED", N_DEFINED}};
  for (u32 i = 0;
       !r && call && i < sizeof(section_fns) / sizeof(*section_fns); i++)
    if (!strcmp(n, section_fns[i].name))
      r = call_section(p, section_fns[i].kind);
  if (!r && call && !strcmp(n, "CONSTANT")) {
    expect(p, "(");
    const char *k = name(p);
    expect(p, ")");
    r = node(p, N_NUM);
    r->plain = true;
    if (!strcmp(k, "MAXPAGESIZE"))
      r->name = "MAXPAGESIZE";
    else if (!strcmp(k, "COMMONPAGESIZE"))
      r->name = "COMMONPAGESIZE";
    else
      syntax_error(p);
  }
  // In a script, a name before "(" that is no function is a symbol
  // (".data foo (NOLOAD) :"); on the command line, an error.
  if (!r && call && !p->file)
    syntax_error(p);
  if (!r && (!strcmp(n, "SIZEOF_HEADERS") || !strcmp(n, "sizeof_headers")))
    r = node(p, N_SIZEOF_HEADERS);
  if (!r) {
    r = node(p, N_SYM);
    r->name = n;
  }
  p->depth--;
  return r;
}

// Binary levels, tightest last.
static const struct {
  const char *tok;
  int op;
  u32 level;
} binops[] = {
    {"||", OP_OROR, 0}, {"&&", OP_ANDAND, 1}, {"|", '|', 2},
    {"&", '&', 3},      {"==", OP_EQ, 4},     {"!=", OP_NE, 4},
    {"<=", OP_LE, 5},   {">=", OP_GE, 5},     {"<<", OP_SHL, 6},
    {">>", OP_SHR, 6},  {"<", '<', 5},        {">", '>', 5},
    {"+", '+', 7},      {"-", '-', 7},        {"*", '*', 8},
    {"/", '/', 8},      {"%", '%', 8},
};
enum { LEVELS = 9 };

static struct expr *parse_level(struct parser *p, u32 level) {
  if (level == LEVELS)
    return parse_primary(p);
  struct expr *e = parse_level(p, level + 1);
  for (;;) {
    u32 i = 0;
    while (i < sizeof(binops) / sizeof(*binops) &&
           !(binops[i].level == level && eat(p, binops[i].tok)))
      i++;
    if (i == sizeof(binops) / sizeof(*binops))
      return e;
    struct expr *b = node(p, N_BINARY);
    b->op = binops[i].op;
    b->a = e;
    b->b = parse_level(p, level + 1);
    e = over(p, b);
  }
}

static struct expr *parse_cond(struct parser *p) {
  if (++p->depth > MAX_EXPR_DEPTH) {
    struct expr deep = {.depth = MAX_EXPR_DEPTH + 1};
    over(p, &deep);
  }
  struct expr *e = parse_level(p, 0);
  if (eat(p, "?")) {
    struct expr *c = node(p, N_COND);
    c->a = e;
    c->b = parse_cond(p);
    expect(p, ":");
    c->c = parse_cond(p);
    e = over(p, c);
  }
  p->depth--;
  return e;
}

struct expr *parse_expr(struct ctx *ctx, const char *src, const char *what) {
  struct parser p = {ctx, src, src + strlen(src), src, what, NULL, 0};
  struct expr *e = parse_cond(&p);
  skip_space(&p);
  if (p.s != p.end)
    syntax_error(&p);
  return e;
}

struct expr *parse_script_expr(struct ctx *ctx, const char *file,
                               const char *text, const char *end,
                               const char **pos) {
  struct parser p = {ctx, *pos, end, text, file, file, 0};
  struct expr *e = parse_cond(&p);
  *pos = p.s;
  return e;
}

// Where AT lies in TEXT: a line and a column, from 1.
void text_position(const char *text, const char *at, u32 *line, u32 *col) {
  *line = 1;
  *col = 1;
  for (const char *q = text; q < at; q++) {
    if (*q == '\n') {
      ++*line;
      *col = 1;
    } else {
      ++*col;
    }
  }
}

// Calls FN for each symbol the expression refers to (DEFINED's name is no
// reference).
void expr_symbols(struct ctx *ctx, struct expr *e,
                  void (*fn)(struct ctx *ctx, struct expr *node,
                             const char *name, void *arg),
                  void *arg) {
  if (!e)
    return;
  if (e->kind == N_SYM)
    fn(ctx, e, e->name, arg);
  expr_symbols(ctx, e->a, fn, arg);
  expr_symbols(ctx, e->b, fn, arg);
  expr_symbols(ctx, e->c, fn, arg);
}

void expr_sections(struct expr *e,
                   void (*fn)(const char *name, bool loadaddr, void *arg),
                   void *arg) {
  if (!e)
    return;
  if (e->kind == N_ADDR || e->kind == N_LOADADDR)
    fn(e->name, e->kind == N_LOADADDR, arg);
  expr_sections(e->a, fn, arg);
  expr_sections(e->b, fn, arg);
  expr_sections(e->c, fn, arg);
}

void expr_bind(struct expr *node, struct symbol *sym) { node->sym = sym; }

struct symbol *expr_bound(struct expr *node) { return node->sym; }

struct eval {
  struct ctx *ctx;
  const char *what;
  bool ok;
  bool quiet;                  // errors make the value 0, unsaid
  // The result takes the type and visibility of the symbol looked up, if
  // just one was (the conditions of ?: do not count; only the branch
  // taken is looked at), as GNU ld copies them.
  u32 lookups;
  bool in_cond;
  u8 type, vis;
  const struct script_dot *dot; // a script's location counter, or NULL
};

// Where GNU ld's "insane" expression rules do not apply: inside an
// output section's statement, or everywhere after LD_FEATURE
// ("SANE_EXPR").  There a number, an absolute symbol and arithmetic
// within one section give plain numbers; elsewhere absolute values.
static bool plain_numbers(const struct eval *ev) {
  return (ev->dot && ev->dot->in_section) || ev->ctx->sane_expr;
}

static struct expr_value absolute(struct expr_value v) {
  v.sec = NULL;
  return v;
}

static u64 offset(struct expr_value v) {
  return v.sec ? v.v - v.sec->addr : v.v;
}

static struct chunk *first_section(struct ctx *ctx) {
  for (u32 i = 0; i < ctx->chunks.len; i++) {
    struct chunk *c = ctx->chunks.v[i];
    if (c->kind != CK_EHDR && is_emitted(c) && (c->flags & SHF_ALLOC))
      return c;
  }
  return NULL;
}

// An evaluation error: said once (unless quiet), and the value is 0.
#define FAIL(ev, ...)                                                        \
  do {                                                                       \
    if ((ev)->ok && !(ev)->quiet)                                            \
      error((ev)->ctx, __VA_ARGS__);                                         \
    (ev)->ok = false;                                                        \
  } while (0)

static struct chunk *section(struct eval *ev, const char *name) {
  struct chunk *c = chunk_named(ev->ctx, name);
  // A script's section that is empty is still there to ask about.
  if (!c || (!is_emitted(c) && !(ev->dot && c->stmt))) {
    FAIL(ev, "%s: undefined section '%s' referenced in expression", ev->what,
         name);
    return NULL;
  }
  return c;
}

static u64 binary(int op, u64 a, u64 b, bool *bad) {
  switch (op) {
  case '+': return a + b;
  case '-': return a - b;
  case '*': return a * b;
  case '/': if (!b) { *bad = true; return 0; } return a / b;
  case '%': if (!b) { *bad = true; return 0; } return a % b;
  case OP_SHL: return b < 64 ? a << b : 0;
  case OP_SHR: return b < 64 ? a >> b : 0;
  case '&': return a & b;
  case '|': return a | b;
  case OP_EQ: return a == b;
  case OP_NE: return a != b;
  case '<': return (i64)a < (i64)b;
  case '>': return (i64)a > (i64)b;
  case OP_LE: return (i64)a <= (i64)b;
  case OP_GE: return (i64)a >= (i64)b;
  case OP_ANDAND: return a && b;
  case OP_OROR: return a || b;
  }
  return 0;
}

static struct expr_value eval(struct eval *ev, struct expr *e);
static struct expr_value data_segment(struct eval *ev, struct expr *e);

static void looked_up(struct eval *ev, u8 type, u8 vis) {
  if (ev->in_cond)
    return;
  ev->lookups++;
  ev->type = type;
  ev->vis = vis;
}

// An object's symbol a script assigns from itself ("x = ABSOLUTE (x)"),
// before the assignment: the object's definition, where its section is
// now (GNU ld makes such an assignment in its final pass only; its hash
// table holds the object's definition until then).
static struct expr_value prior_value(struct ctx *ctx, struct symbol *sym,
                                     struct eval *ev) {
  struct expr_value v = {0, NULL, false, 0, 0};
  struct sym_aux *aux = &ctx->aux[sym->aux];
  struct objfile *f = aux->prior_file;
  struct esym s;
  read_sym(f, aux->prior_symidx, &s);
  looked_up(ev, ELF64_ST_TYPE(s.st_info), sym->visibility);
  u32 shndx = sym_shndx(f, aux->prior_symidx, &s);
  struct isec *is = shndx < f->shnum && f->isecs ? f->isecs[shndx] : NULL;
  if (is && is->osec) {
    v.v = isec_sym_addr(is, &s);
    v.sec = is->osec;
  } else {
    v.v = shndx == SHN_ABS ? s.st_value : 0;
    v.plain = plain_numbers(ev);
  }
  return v;
}

static struct expr_value symbol_value(struct eval *ev, struct expr *e) {
  struct ctx *ctx = ev->ctx;
  struct symbol *sym = e->sym;
  struct expr_value v = {0, NULL, false, 0, 0};
  if (sym && (sym->flags & SF_LINKER) && sym->symidx >> 1 == W_DEFSYM &&
      ctx->aux[sym->aux].expr) {
    // Another --defsym: its value now, whichever came first.
    struct expr *d = ctx->aux[sym->aux].expr;
    if (!d->busy) {
      struct eval inner = {ctx, ev->what, true, ev->quiet, 0, false, 0, 0,
                           NULL};
      d->busy = true;
      v = eval(&inner, d);
      d->busy = false;
      ev->ok &= inner.ok;
      looked_up(ev, inner.lookups == 1 ? inner.type : STT_NOTYPE,
                merge_visibility(sym->visibility,
                                 inner.lookups == 1 ? inner.vis : STV_DEFAULT));
      return v;
    }
  } else if (sym && sym->state == SYM_DEFINED) {
    struct sym_aux *aux = sym->aux ? &ctx->aux[sym->aux] : NULL;
    if (ev->dot && aux && aux->prior_file && aux->walk != ctx->script_walk &&
        (sym->flags & SF_LINKER) && sym->symidx >> 1 == W_SCRIPT)
      return prior_value(ctx, sym, ev);
    looked_up(ev, sym->type, sym->visibility);
    v.v = sym->value;
    // A script is laid out before symbols have their final values: a
    // file's symbol is where its section is now.
    if (ev->dot && sym->file && !(sym->flags & SF_LINKER))
      v.v = file_symbol_value(ctx, sym);
    if ((sym->flags & SF_LINKER) && sym->symidx >> 1 == W_SCRIPT)
      v.sec = ctx->aux[sym->aux].rel_from_abs
                  ? NULL                   // made from "." outside sections
                  : ctx->aux[sym->aux].osec;  // as the script's walk left it
    if (!(sym->flags & SF_LINKER)) {
      struct isec *is = sym_isec(ctx, sym);
      v.sec = is ? is->osec : NULL;
    }
    // An absolute symbol in a script is a number where numbers are
    // plain (GNU ld's fold_name: new_number).
    if (ev->dot && !v.sec && plain_numbers(ev))
      v.plain = true;
    // The script's symbols are absolute here, as GNU ld sees them
    // before its script defines them.
    return v;
  }
  FAIL(ev, "%s: undefined symbol '%s' referenced in expression", ev->what,
       e->name);
  return v;
}

// DATA_SEGMENT_ALIGN (MAXPAGE, COMMONPAGE): the next maximum page at
// dot's offset in its page, or a start script_layout.c chose; the other
// two give their argument and record it.
static struct expr_value data_segment(struct eval *ev, struct expr *e) {
  struct expr_value v = {0, NULL, false, 0, 0}, a = eval(ev, e->a);
  struct data_segment *ds = ev->dot ? ev->dot->ds : NULL;
  if (!ds || ev->dot->sec) {
    FAIL(ev, "%s: DATA_SEGMENT_* may only be used outside output sections",
         ev->what);
    return v;
  }
  if (e->kind == N_DS_END) {
    ds->end = a.v;
    ds->end_seen = true;
    return a;
  }
  struct expr_value b = eval(ev, e->b);
  if (e->kind == N_DS_RELRO_END) {
    ds->relro_offset = a.v;
    ds->relro_exp = b.v;
    ds->relro_seen = true;
    ds->in_relro = false;
    // Once the start is chosen, what follows starts on the page the
    // RELRO part ends on (GNU ld 2.40).
    u64 page = ds->maxpage ? ds->maxpage : 1;
    if (ds->mode == DS_RELRO && ds->relro_adjust &&
        ((b.v + a.v) & (page - 1)))
      b.v = align_up(b.v + a.v, page) - a.v;
    return b;
  }
  u64 dot = ev->dot->dot, maxp = a.v, common = b.v;
  if (!maxp || (maxp & (maxp - 1)) || !common || (common & (common - 1))) {
    FAIL(ev, "%s: DATA_SEGMENT_ALIGN's page sizes must be powers of two",
         ev->what);
    return v;
  }
  ds->seen = true;
  ds->in_relro = true;
  ds->dot = dot;
  ds->maxpage = maxp;
  ds->commonpage = common;
  v.v = align_up(dot, maxp);
  if (ds->mode == DS_RELRO)
    v.v = ds->base;
  else if (ds->mode == DS_COMMON)
    v.v += common < maxp ? (dot + common - 1) & (maxp - common) : 0;
  else
    v.v += dot & (maxp - 1);
  return v;
}


// A number, or MAXPAGESIZE / COMMONPAGESIZE, and whether it is plain.
static struct expr_value number_value(struct eval *ev, struct expr *e) {
  struct ctx *ctx = ev->ctx;
  struct expr_value v = {0, NULL, false, 0, 0};
  v.v = e->name ? (!strcmp(e->name, "MAXPAGESIZE") ? ctx->page_size
                                                   : ctx->common_page_size)
                : e->num;
  // A script's number is a plain number inside an output section (so
  // relative to it there), an absolute one outside (GNU ld 2.40).
  v.plain = e->name ? true
            : e->script_num ? plain_numbers(ev)
                            : e->plain;
  return v;
}

// The location counter ".", which marks it used.
static struct expr_value dot_value(struct eval *ev) {
  struct expr_value v = {0, NULL, false, 0, 0};
  if (!ev->dot) {
    FAIL(ev, "%s: the location counter '.' is not available here",
         ev->what);
    return v;
  }
  v.v = ev->dot->dot;
  // Outside output sections "." is absolute (GNU ld's
  // new_rel_from_abs: a symbol assigned it is relative only in the
  // output; script_layout.c's set_symbol).
  v.sec = ev->dot->in_section ? ev->dot->sec : NULL;
  ((struct script_dot *)ev->dot)->used = true;
  return v;
}

// ORIGIN(region) or LENGTH(region), from the region's own expression.
static struct expr_value region_value(struct eval *ev, struct expr *e) {
  struct expr_value v = {0, NULL, false, 0, 0};
  struct mem_region *r = find_region(ev->ctx, e->name);
  if (!r) {
    FAIL(ev, "%s: undefined memory region '%s' referenced in expression",
         ev->what, e->name);
    return v;
  }
  // From its expression, which may name other regions (not itself).
  struct expr *x = e->kind == N_ORIGIN ? r->origin_e : r->length_e;
  if (x->busy) {
    FAIL(ev, "%s: memory region '%s' is defined by itself", ev->what,
         e->name);
    return v;
  }
  x->busy = true;
  v.v = eval(ev, x).v;
  x->busy = false;
  v.plain = e->kind == N_LENGTH;
  // ORIGIN is an address, as "." is: in a section's statement relative
  // to it, elsewhere to the section GNU ld's section_for_dot gives.
  if (e->kind == N_ORIGIN && ev->dot)
    v.sec = ev->dot->in_section ? ev->dot->sec : ev->dot->near;
  return v;
}

// A binary operator: relative to a section when one operand is and the
// other a plain number (or both in one section), else absolute.
static struct expr_value binary_value(struct eval *ev, struct expr *e) {
  struct expr_value v = {0, NULL, false, 0, 0};
  struct expr_value a = eval(ev, e->a);
  struct expr_value b = eval(ev, e->b);
  bool bad = false;
  bool relational = e->op >= OP_OROR || e->op == '<' || e->op == '>';
  if (e->op == OP_SHL || e->op == OP_SHR)
    relational = false;
  if (a.sec && a.sec == b.sec) {
    v.v = binary(e->op, offset(a), offset(b), &bad);
    v.plain = !ev->dot || plain_numbers(ev);
  } else if (!relational && a.sec && b.plain) {
    v.sec = a.sec;
    v.v = a.sec->addr + binary(e->op, offset(a), b.v, &bad);
  } else if (!relational && b.sec && a.plain) {
    v.sec = b.sec;
    v.v = b.sec->addr + binary(e->op, a.v, offset(b), &bad);
  } else {
    v.v = binary(e->op, a.v, b.v, &bad);
    v.plain = relational || (a.plain && b.plain);
  }
  if (bad)
    FAIL(ev, "%s: division by zero", ev->what);
  return v;
}

// MAX(a, b) or MIN(a, b).
static struct expr_value max_min_value(struct eval *ev, struct expr *e) {
  // As a binary operator: a plain number beside a value relative to a
  // section is an offset in it (GNU ld's fold_binary).
  struct expr_value a = eval(ev, e->a);
  struct expr_value b = eval(ev, e->b);
  struct chunk *sec = a.sec ? a.sec : b.sec;
  if (a.sec != b.sec && !(a.sec && b.plain) && !(b.sec && a.plain))
    a = absolute(a), b = absolute(b), sec = NULL;
  u64 x = sec ? offset(a) : a.v, y = sec ? offset(b) : b.v;
  struct expr_value v = (e->kind == N_MAX) == (x > y) ? a : b;
  if (sec && !v.sec) {       // the plain number, as an offset in sec
    v.v = sec->addr + v.v;
    v.sec = sec;
    v.plain = false;
  }
  return v;
}

// ADDR, LOADADDR, SIZEOF or ALIGNOF of an output section.
static struct expr_value section_value(struct eval *ev, struct expr *e) {
  struct expr_value v = {0, NULL, false, 0, 0};
  struct chunk *c = section(ev, e->name);
  if (!c)
    return v;
  v.v = e->kind == N_SIZEOF ? c->size
        : e->kind == N_ALIGNOF ? chunk_addralign(c) : c->addr;
  v.plain = e->kind == N_SIZEOF || e->kind == N_ALIGNOF;
  // In a script, ADDR is the section's own start and LOADADDR an
  // absolute address; --defsym's ADDR is relative to the first section.
  if (e->kind == N_ADDR)
    v.sec = ev->dot ? c : first_section(ev->ctx);
  if (e->kind == N_LOADADDR)
    v.v += c->lma_delta;
  return v;
}

// SEGMENT_START(name, default): -Ttext-segment's address for
// "text-segment" in a script, else the default.
static struct expr_value segment_start(struct eval *ev, struct expr *e) {
  struct ctx *ctx = ev->ctx;
  struct expr_value v = {0, NULL, false, 0, 0};
  struct expr_value a = eval(ev, e->a);
  v.v = absolute(a).v;
  if (ev->dot && !strcmp(e->name, "text-segment") &&
      ctx->cfg.text_segment_set) {
    v.v = ctx->cfg.text_segment;
    warn_text_segment(ctx);
  }
  v.sec = ev->dot ? NULL : first_section(ctx);
  // In a script its value is absolute, and a symbol assigned it is
  // relative to "."'s section in the output, as one assigned "."
  // (GNU ld's new_rel_from_abs).
  if (ev->dot)
    ((struct script_dot *)ev->dot)->used = true;
  return v;
}

// DEFINED(symbol): 1 or 0, a plain number.
static struct expr_value defined_value(struct eval *ev, struct expr *e) {
  struct ctx *ctx = ev->ctx;
  struct expr_value v = {0, NULL, false, 0, 0};
  // A symbol a script assigns is defined only after its assignment in
  // the current walk over the script, unless an object defined it too
  // (GNU ld's definedness table: by_object, iteration).
  struct symbol *s = sym_find_str(ctx, e->name);
  bool def = s && s->state != SYM_UNDEF;
  if (def && (s->flags & SF_LINKER) && s->symidx >> 1 == W_SCRIPT &&
      s->aux) {
    const struct sym_aux *a = &ctx->aux[s->aux];
    def = a->by_object || a->walk == ctx->script_walk;
  }
  v.v = def;
  v.plain = true;
  return v;
}

// SIZEOF_HEADERS: the ELF header and program headers.
static struct expr_value sizeof_headers(struct eval *ev) {
  struct ctx *ctx = ev->ctx;
  struct expr_value v = {0, NULL, false, 0, 0};
  if (ev->dot)
    ctx->script_load_phdrs = true;  // GNU ld then loads the headers
  // (-r: the ELF header alone.)
  v.v = !ctx->synth[CK_EHDR] ? sizeof(Elf64_Ehdr)
        : ev->dot || ctx->cfg.oformat_binary
            ? ctx->synth[CK_EHDR]->size
            : sizeof(Elf64_Ehdr) + (u64)ctx->nsegs * sizeof(Elf64_Phdr);
  v.plain = ev->dot != NULL;
  return v;
}

static struct expr_value eval(struct eval *ev, struct expr *e) {
  struct ctx *ctx = ev->ctx;
  struct expr_value v = {0, NULL, false, 0, 0}, a, b;
  switch (e->kind) {
  case N_NUM:
    return number_value(ev, e);
  case N_SYM:
    return symbol_value(ev, e);
  case N_DOT:
    return dot_value(ev);
  case N_ORIGIN:
  case N_LENGTH:
    return region_value(ev, e);
  case N_DS_ALIGN:
  case N_DS_RELRO_END:
  case N_DS_END:
    return data_segment(ev, e);
  case N_UNARY: {
    a = eval(ev, e->a);
    v = a;
    u64 off = offset(a);
    u64 r = e->op == '-'   ? -off
            : e->op == '~' ? ~off
            : e->op == '!' ? !off
                           : off;
    v.v = a.sec ? a.sec->addr + r : r;
    return v;
  }
  case N_BINARY:
    return binary_value(ev, e);
  case N_COND: {
    bool outer = ev->in_cond;
    ev->in_cond = true;
    a = eval(ev, e->a);
    ev->in_cond = outer;
    return offset(a) ? eval(ev, e->b) : eval(ev, e->c);
  }
  case N_ABSOLUTE: {
    // Absolute, even if made from "." (it makes no symbol relative), and
    // no longer a plain number, which an output section would make
    // relative to itself: ABSOLUTE(0x10) there is 0x10 (ldexp.c's
    // make_abs gives it the absolute section).
    bool used = ev->dot && ev->dot->used;
    v = absolute(eval(ev, e->a));
    v.plain = false;
    if (ev->dot)
      ((struct script_dot *)ev->dot)->used = used;
    return v;
  }
  case N_ALIGN:
    a = eval(ev, e->a);
    b = eval(ev, e->b);
    if (b.v & (b.v - 1)) {
      FAIL(ev, "%s: ALIGN's alignment 0x%llx is not a power of two", ev->what,
           (unsigned long long)b.v);
      return v;
    }
    // ALIGN (EXPR, N) of a value in a section and a plain N (as a
    // number is inside an output section) aligns its offset in the
    // section (bfd's binary ALIGN_K keeps the left side's section); one
    // at the start of a section that is not aligned so moves nothing.
    if (!e->name && a.sec && b.plain) {
      v.v = a.sec->addr + align_up(offset(a), b.v);
      v.sec = a.sec;
      return v;
    }
    v.v = align_up(a.v, b.v);
    // ALIGN(N): the location counter aligned, in its section.
    if (e->a->kind == N_DOT)
      v.sec = a.sec;
    return v;
  case N_MAX:
  case N_MIN:
    return max_min_value(ev, e);
  case N_ADDR:
  case N_LOADADDR:
  case N_SIZEOF:
  case N_ALIGNOF:
    return section_value(ev, e);
  case N_SEGMENT_START:
    return segment_start(ev, e);
  case N_DEFINED:
    return defined_value(ev, e);
  case N_SIZEOF_HEADERS:
    return sizeof_headers(ev);
  case N_LOG2CEIL:
    a = eval(ev, e->a);
    v.v = a.v <= 1 ? 0 : 64 - __builtin_clzll(a.v - 1);
    return v;
  case N_ASSERT:
    // The last walk of the script evaluates loudly (GNU ld's final
    // phase, etree_assert).
    v = eval(ev, e->a);
    if (ev->dot && !ev->quiet && ev->ok && !v.v)
      error(ctx, "%s", e->name);
    return v;
  }
  return v;
}

bool eval_script_expr(struct ctx *ctx, struct expr *e, const char *what,
                      bool quiet, const struct script_dot *dot,
                      struct expr_value *out) {
  struct eval ev = {ctx, what, true, quiet, 0, false, 0, 0, dot};
  *out = eval(&ev, e);
  if (!ev.ok)
    out->sec = NULL;
  out->type = ev.lookups == 1 ? ev.type : STT_NOTYPE;
  out->vis = ev.lookups == 1 ? ev.vis : STV_DEFAULT;
  return ev.ok;
}

bool eval_expr(struct ctx *ctx, struct expr *e, const char *what,
               bool quiet, struct expr_value *out) {
  return eval_script_expr(ctx, e, what, quiet, NULL, out);
}

bool expr_is_dot(const struct expr *e) { return e->kind == N_DOT; }

// Expressions OVERLAY makes (script.c), as GNU ld's
// lang_enter_overlay_section builds them: FN (NAME) for ADDR, LOADADDR
// and SIZEOF ('A', 'L', 'S'), A + B and MAX (A, B).
static struct expr *made(struct ctx *ctx, enum node_kind kind,
                         struct expr *a, struct expr *b) {
  struct expr *e = arena_alloc(ctx, sizeof(*e));
  memset(e, 0, sizeof(*e));
  e->kind = kind;
  e->a = a;
  e->b = b;
  u32 da = a ? a->depth : 0, db = b ? b->depth : 0;
  e->depth = 1 + (da > db ? da : db);
  return e;
}

struct expr *expr_of_section(struct ctx *ctx, char fn, const char *name) {
  struct expr *e = made(ctx, fn == 'A' ? N_ADDR : fn == 'L' ? N_LOADADDR
                                                             : N_SIZEOF,
                        NULL, NULL);
  e->name = name;
  return e;
}

struct expr *expr_plus(struct ctx *ctx, struct expr *a, struct expr *b) {
  struct expr *e = made(ctx, N_BINARY, a, b);
  e->op = '+';
  return e;
}

struct expr *expr_max(struct ctx *ctx, struct expr *a, struct expr *b) {
  return made(ctx, N_MAX, a, b);
}

// The fill pattern of expression E with value V, as GNU ld's
// exp_get_fill makes it: a hexadecimal number alone gives its digits'
// bytes (an odd count: the first digit is a byte), anything else the
// value's four bytes, big-endian.
struct fill *expr_fill(struct ctx *ctx, const struct expr *e, u64 v) {
  struct fill *f = arena_alloc(ctx, sizeof(*f));
  if (e->kind == N_NUM && e->hex) {
    f->len = (e->hexlen + 1) / 2;
    f->bytes = arena_alloc(ctx, f->len);
    u32 val = 0, left = e->hexlen;
    u8 *dst = f->bytes;
    for (const char *c = e->hex; left; c++) {
      u32 d = isdigit((u8)*c) ? (u32)(*c - '0') : (u32)((*c | 0x20) - 'a' + 10);
      val = val << 4 | d;
      if ((--left & 1) == 0) {
        *dst++ = (u8)val;
        val = 0;
      }
    }
    return f;
  }
  f->len = 4;
  f->bytes = arena_alloc(ctx, 4);
  for (u32 k = 0; k < 4; k++)
    f->bytes[k] = (u8)(v >> (8 * (3 - k)));
  return f;
}

// Whether E's value is known before any file is read: numbers and
// arithmetic on them (GNU ld's first evaluation, while it opens the
// inputs, finds such a value valid; names, ".", sections are not yet).
bool expr_is_constant(const struct expr *e) {
  if (!e)
    return true;
  switch (e->kind) {
  case N_NUM:
    return true;
  case N_UNARY: case N_BINARY: case N_COND: case N_MAX: case N_MIN:
  case N_LOG2CEIL: case N_ABSOLUTE:
    return expr_is_constant(e->a) && expr_is_constant(e->b) &&
           expr_is_constant(e->c);
  default:
    return false;
  }
}

// Whether E is made of numbers and the location counter alone (what -r
// evaluates of a script: no symbol or section has its address there).
bool expr_of_dot(const struct expr *e) {
  if (!e)
    return true;
  switch (e->kind) {
  case N_NUM: case N_DOT: case N_SIZEOF_HEADERS:
    return true;
  case N_UNARY: case N_BINARY: case N_COND: case N_MAX: case N_MIN:
  case N_LOG2CEIL: case N_ABSOLUTE: case N_ALIGN:
    return expr_of_dot(e->a) && expr_of_dot(e->b) && expr_of_dot(e->c);
  default:
    return false;
  }
}

// A number 0, or a symbol a script or --defsym set to the constant 0
// (bfd's is_value (0) and is_sym_value (0)).
static bool is_zero(struct ctx *ctx, const struct expr *e) {
  if (e->kind == N_NUM)
    return e->num == 0;
  if (e->kind != N_SYM)
    return false;
  struct symbol *sym = e->sym ? e->sym : sym_find_str(ctx, e->name);
  return sym && sym->aux && ctx->aux[sym->aux].const_known &&
         ctx->aux[sym->aux].const_value == 0;
}

// Whether an assignment to "." by OP ('=', or the '+' of "+=") with
// expression E in an output section keeps that section even when it
// stays empty: any does (bfd's SEC_KEEP, exp_fold_tree_1), but for
// ". = 0", ". = . + 0" (and "+= 0"), the same with a script's symbol of
// value 0, and ". = ALIGN (. != 0 ? EXPR : 1)" (GNU's .ldata, and
// scripts that align only sections with contents).
bool dot_assignment_keeps(struct ctx *ctx, int op, const struct expr *e) {
  if (op == '+')
    return !is_zero(ctx, e);
  if (op != '=')
    return true;
  if (is_zero(ctx, e))
    return false;
  if (e->kind == N_BINARY && e->op == '+' && e->a->kind == N_DOT &&
      is_zero(ctx, e->b))
    return false;
  // ALIGN of one argument (ALIGN (., N) is not bfd's ALIGN_K unary).
  const struct expr *c = e->b;
  return !(e->kind == N_ALIGN && e->name && !strcmp(e->name, "ALIGN") &&
           c && c->kind == N_COND && c->a->kind == N_BINARY &&
           c->a->op == OP_NE && c->a->a->kind == N_DOT &&
           c->a->b->kind == N_NUM && c->a->b->num == 0 &&
           c->c->kind == N_NUM && c->c->num == 1);
}

//
// -Map: an expression as GNU ld prints it (exp_print_tree): numbers in
// hexadecimal, every binary operation in parentheses, functions as
// "NAME (ARGS)".
//

// A binary operator's text, also of a script's "op=" (its s->op).
const char *expr_op_text(int op) {
  static const char one[][2] = {{'+'}, {'-'}, {'*'}, {'/'}, {'%'}, {'&'},
                                {'|'}, {'<'}, {'>'}};
  switch (op) {
  case OP_OROR: return "||";
  case OP_ANDAND: return "&&";
  case OP_EQ: return "==";
  case OP_NE: return "!=";
  case OP_LE: return "<=";
  case OP_GE: return ">=";
  case OP_SHL: case 'L': return "<<";
  case OP_SHR: case 'R': return ">>";
  }
  for (u32 i = 0; i < sizeof(one) / sizeof(*one); i++)
    if (one[i][0] == op)
      return one[i];
  return "?";
}

// What GNU ld's parser folds into a number as it builds the tree
// (exp_binop, exp_unop, exp_trinop): operations on numbers alone.
static bool folded(const struct expr *e) {
  if (!e)
    return true;
  switch (e->kind) {
  case N_NUM:
    return !e->name;           // CONSTANT (...) waits for the link
  case N_UNARY: case N_BINARY: case N_COND: case N_MAX: case N_MIN:
  case N_LOG2CEIL: case N_ABSOLUTE:
    return folded(e->a) && folded(e->b) && folded(e->c);
  case N_ALIGN:
    return !e->name && folded(e->a) && folded(e->b);
  default:
    return false;
  }
}

void expr_print(struct ctx *ctx, FILE *fp, struct expr *e) {
  struct expr_value fv;
  if (e->kind != N_NUM && folded(e) &&
      eval_expr(ctx, e, "-Map", true, &fv)) {
    fprintf(fp, "0x%llx", (unsigned long long)fv.v);
    return;
  }
  static const char *const fn1[] = {
      [N_ABSOLUTE] = "ABSOLUTE", [N_LOG2CEIL] = "LOG2CEIL",
      [N_DS_END] = "DATA_SEGMENT_END"};
  static const char *const fn2[] = {
      [N_MAX] = "MAX", [N_MIN] = "MIN", [N_ALIGN] = "ALIGN",
      [N_DS_ALIGN] = "DATA_SEGMENT_ALIGN",
      [N_DS_RELRO_END] = "DATA_SEGMENT_RELRO_END"};
  static const char *const named[] = {
      [N_ADDR] = "ADDR", [N_LOADADDR] = "LOADADDR", [N_SIZEOF] = "SIZEOF",
      [N_ALIGNOF] = "ALIGNOF", [N_DEFINED] = "DEFINED",
      [N_ORIGIN] = "ORIGIN", [N_LENGTH] = "LENGTH"};
  switch (e->kind) {
  case N_NUM:
    if (e->name)
      fprintf(fp, "CONSTANT (%s)", e->name);
    else
      fprintf(fp, "0x%llx", (unsigned long long)e->num);
    return;
  case N_SYM:
    fputs(e->name, fp);
    return;
  case N_DOT:
    fputc('.', fp);
    return;
  case N_SIZEOF_HEADERS:
    fputs("SIZEOF_HEADERS", fp);
    return;
  case N_UNARY:
    if (e->op == '+') {        // GNU ld's grammar drops it
      expr_print(ctx, fp, e->a);
      return;
    }
    fprintf(fp, "%c (", e->op);
    expr_print(ctx, fp, e->a);
    fputc(')', fp);
    return;
  case N_BINARY:
    fputc('(', fp);
    expr_print(ctx, fp, e->a);
    fprintf(fp, " %s ", expr_op_text(e->op));
    expr_print(ctx, fp, e->b);
    fputc(')', fp);
    return;
  case N_COND:
    expr_print(ctx, fp, e->a);
    fputc('?', fp);
    expr_print(ctx, fp, e->b);
    fputc(':', fp);
    expr_print(ctx, fp, e->c);
    return;
  case N_SEGMENT_START:
    fprintf(fp, "SEGMENT_START (\"%s\", ", e->name);
    expr_print(ctx, fp, e->a);
    fputc(')', fp);
    return;
  case N_ABSOLUTE: case N_LOG2CEIL: case N_DS_END:
    fprintf(fp, "%s (", fn1[e->kind]);
    expr_print(ctx, fp, e->a);
    fputc(')', fp);
    return;
  case N_ASSERT:
    fputs("ASSERT (", fp);
    expr_print(ctx, fp, e->a);
    fprintf(fp, ", %s)", e->name);
    return;
  case N_ALIGN:
    if (e->name) {             // ALIGN (N), NEXT (N)
      fprintf(fp, "%s (", e->name);
      expr_print(ctx, fp, e->b);
      fputc(')', fp);
      return;
    }
    /* fall through */
  case N_MAX: case N_MIN: case N_DS_ALIGN: case N_DS_RELRO_END:
    fprintf(fp, "%s (", fn2[e->kind]);
    expr_print(ctx, fp, e->a);
    fputs(", ", fp);
    expr_print(ctx, fp, e->b);
    fputc(')', fp);
    return;
  case N_ADDR: case N_LOADADDR: case N_SIZEOF: case N_ALIGNOF:
  case N_DEFINED: case N_ORIGIN: case N_LENGTH:
    fprintf(fp, "%s (%s)", named[e->kind], e->name);
    return;
  }
}
