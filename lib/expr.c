// expr.c: GNU ld's expressions, as --defsym takes them.
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
// meaning outside a script and is refused, as are MEMORY regions.

#include "mld.h"

#include <ctype.h>
#include <stdlib.h>

enum node_kind {
  N_NUM, N_SYM, N_UNARY, N_BINARY, N_COND, N_ABSOLUTE, N_ALIGN, N_MAX,
  N_MIN, N_ADDR, N_LOADADDR, N_SIZEOF, N_ALIGNOF, N_DEFINED,
  N_SIZEOF_HEADERS, N_LOG2CEIL, N_SEGMENT_START,
};

// Binary operators, from the loosest: GNU ld's grammar.
enum { OP_OROR = 256, OP_ANDAND, OP_EQ, OP_NE, OP_LE, OP_GE, OP_SHL, OP_SHR };

struct expr {
  enum node_kind kind;
  int op;                      // N_UNARY, N_BINARY
  u64 num;                     // N_NUM; N_SIZEOF_HEADERS etc. fill it
  bool plain;                  // N_NUM: a plain number (CONSTANT)
  const char *name;            // N_SYM, N_ADDR, ... (a section)
  struct symbol *sym;          // N_SYM, once bound
  struct expr *a, *b, *c;
  bool busy;                   // being evaluated (a cycle is undefined)
};

struct parser {
  struct ctx *ctx;
  const char *s, *src, *what;
};

static void syntax_error(struct parser *p) {
  fatal(p->ctx, "%s: syntax error in expression '%s'", p->what, p->src);
}

static void skip_space(struct parser *p) {
  while (isspace((u8)*p->s))
    p->s++;
}

static bool eat(struct parser *p, const char *tok) {
  skip_space(p);
  u64 n = strlen(tok);
  if (strncmp(p->s, tok, n))
    return false;
  // "<" must not take the first half of "<<" or "<=", and so on.
  if (n == 1 && strchr("<>=!&|", tok[0]) && p->s[1] &&
      strchr("<>=&|", p->s[1]) && (p->s[1] == tok[0] || p->s[1] == '='))
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
  if (*p->s == '"') {
    const char *start = ++p->s;
    while (*p->s && *p->s != '"')
      p->s++;
    if (!*p->s)
      syntax_error(p);
    return arena_strndup(p->ctx, start, (u64)(p->s++ - start));
  }
  const char *start = p->s;
  if (!name_start(*p->s))
    syntax_error(p);
  while (name_char(*p->s))
    p->s++;
  return arena_strndup(p->ctx, start, (u64)(p->s - start));
}

// GNU ld's numbers: 0x1F, $1F and 1Fh are hex, 017 octal, 12 decimal;
// K and M multiply by 1024 and 1024 * 1024.
static u64 number(struct parser *p) {
  const char *start = p->s, *end = start;
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
  if (name_char(*stop))
    syntax_error(p);
  p->s = stop;
  return v;
}

static struct expr *parse_cond(struct parser *p);

static struct expr *call1(struct parser *p, enum node_kind kind) {
  struct expr *e = node(p, kind);
  expect(p, "(");
  e->a = parse_cond(p);
  expect(p, ")");
  return e;
}

static struct expr *call_section(struct parser *p, enum node_kind kind) {
  struct expr *e = node(p, kind);
  expect(p, "(");
  e->name = name(p);
  expect(p, ")");
  return e;
}

static struct expr *parse_primary(struct parser *p) {
  skip_space(p);
  if (eat(p, "(")) {
    struct expr *e = parse_cond(p);
    expect(p, ")");
    return e;
  }
  if (isdigit((u8)*p->s) || *p->s == '$') {
    struct expr *e = node(p, N_NUM);
    e->num = number(p);
    return e;
  }
  for (const char *u = "-~!+"; *u; u++) {
    char tok[2] = {*u, 0};
    if (eat(p, tok)) {
      struct expr *e = node(p, N_UNARY);
      e->op = *u;
      e->a = parse_primary(p);
      return e;
    }
  }
  const char *n = name(p);
  skip_space(p);
  bool call = *p->s == '(';
  if (!strcmp(n, "."))
    fatal(p->ctx, "%s: the location counter '.' has no meaning outside a "
          "linker script", p->what);
  if (call && !strcmp(n, "ABSOLUTE"))
    return call1(p, N_ABSOLUTE);
  if (call && !strcmp(n, "LOG2CEIL"))
    return call1(p, N_LOG2CEIL);
  if (call &&
      (!strcmp(n, "ALIGN") || !strcmp(n, "MAX") || !strcmp(n, "MIN"))) {
    struct expr *e =
        node(p, n[1] == 'L' ? N_ALIGN : n[1] == 'A' ? N_MAX : N_MIN);
    expect(p, "(");
    e->a = parse_cond(p);
    if (e->kind == N_ALIGN && eat(p, ")"))
      fatal(p->ctx, "%s: ALIGN(N) aligns the location counter, which has no "
            "meaning outside a linker script; use ALIGN(EXPR, N)", p->what);
    expect(p, ",");
    e->b = parse_cond(p);
    expect(p, ")");
    return e;
  }
  if (call && !strcmp(n, "SEGMENT_START")) {
    struct expr *e = node(p, N_SEGMENT_START);
    expect(p, "(");
    e->name = name(p);
    expect(p, ",");
    e->a = parse_cond(p);
    expect(p, ")");
    return e;
  }
  static const struct {
    const char *name;
    enum node_kind kind;
  } section_fns[] = {{"ADDR", N_ADDR},       {"LOADADDR", N_LOADADDR},
                     {"SIZEOF", N_SIZEOF},   {"ALIGNOF", N_ALIGNOF},
                     {"DEFINED", N_DEFINED}};
  for (u32 i = 0; call && i < sizeof(section_fns) / sizeof(*section_fns); i++)
    if (!strcmp(n, section_fns[i].name))
      return call_section(p, section_fns[i].kind);
  if (call && !strcmp(n, "CONSTANT")) {
    expect(p, "(");
    const char *k = name(p);
    expect(p, ")");
    struct expr *e = node(p, N_NUM);
    e->plain = true;
    if (!strcmp(k, "MAXPAGESIZE"))
      e->name = "MAXPAGESIZE";
    else if (!strcmp(k, "COMMONPAGESIZE"))
      e->name = "COMMONPAGESIZE";
    else
      syntax_error(p);
    return e;
  }
  if (call && (!strcmp(n, "NEXT") || !strcmp(n, "ORIGIN") ||
               !strcmp(n, "LENGTH")))
    fatal(p->ctx, "%s: %s() needs a linker script (MEMORY regions, the "
          "location counter)", p->what, n);
  if (call)
    syntax_error(p);
  if (!strcmp(n, "SIZEOF_HEADERS") || !strcmp(n, "sizeof_headers"))
    return node(p, N_SIZEOF_HEADERS);
  struct expr *e = node(p, N_SYM);
  e->name = n;
  return e;
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
    e = b;
  }
}

static struct expr *parse_cond(struct parser *p) {
  struct expr *e = parse_level(p, 0);
  if (!eat(p, "?"))
    return e;
  struct expr *c = node(p, N_COND);
  c->a = e;
  c->b = parse_cond(p);
  expect(p, ":");
  c->c = parse_cond(p);
  return c;
}

struct expr *parse_expr(struct ctx *ctx, const char *src, const char *what) {
  struct parser p = {ctx, src, src, what};
  struct expr *e = parse_cond(&p);
  skip_space(&p);
  if (*p.s)
    syntax_error(&p);
  return e;
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
};

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
  if (!c || !is_emitted(c)) {
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

static void looked_up(struct eval *ev, u8 type, u8 vis) {
  if (ev->in_cond)
    return;
  ev->lookups++;
  ev->type = type;
  ev->vis = vis;
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
      struct eval inner = {ctx, ev->what, true, ev->quiet, 0, false, 0, 0};
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
    looked_up(ev, sym->type, sym->visibility);
    v.v = sym->value;
    if (!(sym->flags & SF_LINKER)) {
      struct isec *is = sym_isec(ctx, sym);
      v.sec = is ? is->osec : NULL;
    }
    // The script's symbols are absolute here, as GNU ld sees them
    // before its script defines them.
    return v;
  }
  FAIL(ev, "%s: undefined symbol '%s' referenced in expression", ev->what,
       e->name);
  return v;
}

static struct expr_value eval(struct eval *ev, struct expr *e) {
  struct ctx *ctx = ev->ctx;
  struct expr_value v = {0, NULL, false, 0, 0}, a, b;
  switch (e->kind) {
  case N_NUM:
    v.v = e->name ? (!strcmp(e->name, "MAXPAGESIZE") ? ctx->page_size
                                                     : ctx->common_page_size)
                  : e->num;
    v.plain = e->plain;
    return v;
  case N_SYM:
    return symbol_value(ev, e);
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
  case N_BINARY: {
    a = eval(ev, e->a);
    b = eval(ev, e->b);
    bool bad = false;
    bool relational = e->op >= OP_OROR || e->op == '<' || e->op == '>';
    if (e->op == OP_SHL || e->op == OP_SHR)
      relational = false;
    if (a.sec && a.sec == b.sec) {
      v.v = binary(e->op, offset(a), offset(b), &bad);
      v.plain = true;
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
  case N_COND: {
    bool outer = ev->in_cond;
    ev->in_cond = true;
    a = eval(ev, e->a);
    ev->in_cond = outer;
    return offset(a) ? eval(ev, e->b) : eval(ev, e->c);
  }
  case N_ABSOLUTE:
    return absolute(eval(ev, e->a));
  case N_ALIGN:
    a = eval(ev, e->a);
    b = eval(ev, e->b);
    if (b.v & (b.v - 1)) {
      FAIL(ev, "%s: ALIGN's alignment 0x%llx is not a power of two", ev->what,
           (unsigned long long)b.v);
      return v;
    }
    v.v = align_up(a.v, b.v);
    return v;
  case N_MAX:
  case N_MIN:
    a = eval(ev, e->a);
    b = eval(ev, e->b);
    if (a.sec != b.sec)
      a = absolute(a), b = absolute(b);
    return (e->kind == N_MAX) == (a.v > b.v) ? a : b;
  case N_ADDR:
  case N_LOADADDR:
  case N_SIZEOF:
  case N_ALIGNOF: {
    struct chunk *c = section(ev, e->name);
    if (!c)
      return v;
    v.v = e->kind == N_SIZEOF ? c->size
          : e->kind == N_ALIGNOF ? chunk_addralign(c) : c->addr;
    v.plain = e->kind == N_SIZEOF || e->kind == N_ALIGNOF;
    if (e->kind == N_ADDR)
      v.sec = first_section(ctx);
    return v;
  }
  case N_SEGMENT_START:
    a = eval(ev, e->a);
    v.v = absolute(a).v;
    v.sec = first_section(ctx);
    return v;
  case N_DEFINED: {
    struct symbol *s = sym_find_str(ctx, e->name);
    v.v = s && s->state == SYM_DEFINED;
    v.plain = true;
    return v;
  }
  case N_SIZEOF_HEADERS:
    v.v = sizeof(Elf64_Ehdr) + (u64)ctx->nsegs * sizeof(Elf64_Phdr);
    return v;
  case N_LOG2CEIL:
    a = eval(ev, e->a);
    v.v = a.v <= 1 ? 0 : 64 - __builtin_clzll(a.v - 1);
    return v;
  }
  return v;
}

bool eval_expr(struct ctx *ctx, struct expr *e, const char *what,
               bool quiet, struct expr_value *out) {
  struct eval ev = {ctx, what, true, quiet, 0, false, 0, 0};
  *out = eval(&ev, e);
  if (!ev.ok)
    out->sec = NULL;
  out->type = ev.lookups == 1 ? ev.type : STT_NOTYPE;
  out->vis = ev.lookups == 1 ? ev.vis : STV_DEFAULT;
  return ev.ok;
}
