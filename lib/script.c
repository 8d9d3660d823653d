// script.c: linker scripts that only name inputs.
//
// Some "libraries" are small text files: glibc's libm.a is
// `GROUP ( libm-2.36.a libmvec.a )`.  mld reads the commands such files
// use (INPUT, GROUP, AS_NEEDED, OUTPUT_FORMAT, SEARCH_DIR) and nothing
// else; a script that lays out sections is an error, since mld builds GNU
// ld's default layout in C.

#include "mld.h"

#include <ctype.h>

struct lexer {
  struct ctx *ctx;
  const char *name;
  const char *p, *end;
};

// The next token: a word, or one of ( ) , ; as a one-character word.
static bool next_token(struct lexer *lx, const char **tok, u32 *len) {
  for (;;) {
    while (lx->p < lx->end && isspace((u8)*lx->p))
      lx->p++;
    if (lx->end - lx->p >= 2 && lx->p[0] == '/' && lx->p[1] == '*') {
      const char *q = lx->p + 2;
      while (q + 1 < lx->end && !(q[0] == '*' && q[1] == '/'))
        q++;
      if (q + 1 >= lx->end) {
        error(lx->ctx, "%s: unterminated comment", lx->name);
        return false;
      }
      lx->p = q + 2;
      continue;
    }
    break;
  }
  if (lx->p >= lx->end)
    return false;
  *tok = lx->p;
  if (strchr("(),;", *lx->p)) {
    lx->p++;
    *len = 1;
    return true;
  }
  if (*lx->p == '"') {
    const char *q = memchr(lx->p + 1, '"', lx->end - lx->p - 1);
    if (!q) {
      error(lx->ctx, "%s: unterminated string", lx->name);
      return false;
    }
    *tok = lx->p + 1;
    *len = q - lx->p - 1;
    lx->p = q + 1;
    return true;
  }
  while (lx->p < lx->end && !isspace((u8)*lx->p) && !strchr("(),;", *lx->p))
    lx->p++;
  *len = lx->p - *tok;
  return true;
}

static bool tok_is(const char *tok, u32 len, const char *word) {
  return strlen(word) == len && !memcmp(tok, word, len);
}

// Reads the file list of INPUT(...) / GROUP(...) / AS_NEEDED(...).
static bool read_list(struct lexer *lx, bool whole, int depth) {
  const char *tok;
  u32 len;
  while (next_token(lx, &tok, &len)) {
    if (tok_is(tok, len, ")"))
      return true;
    if (tok_is(tok, len, ","))
      continue;
    if (tok_is(tok, len, "AS_NEEDED")) {
      if (!next_token(lx, &tok, &len) || !tok_is(tok, len, "(")) {
        error(lx->ctx, "%s: expected ( after AS_NEEDED", lx->name);
        return false;
      }
      if (!read_list(lx, whole, depth))
        return false;
      continue;
    }
    char *word = arena_strndup(lx->ctx, tok, len);
    if (word[0] == '-' && word[1] == 'l')
      add_library(lx->ctx, word + 2, whole, depth + 1);
    else
      add_file(lx->ctx, word, whole, word, depth + 1);
  }
  error(lx->ctx, "%s: missing ) in linker script", lx->name);
  return false;
}

void read_input_script(struct ctx *ctx, struct mapping *m, bool whole,
                       int depth) {
  if (depth > 8) {
    error(ctx, "%s: linker scripts nested too deeply", m->path);
    return;
  }
  struct lexer lx = {ctx, m->path, (const char *)m->data,
                     (const char *)m->data + m->size};
  const char *tok;
  u32 len;
  while (next_token(&lx, &tok, &len)) {
    if (tok_is(tok, len, ";"))
      continue;
    const char *cmd = tok;
    u32 cmdlen = len;
    if (!next_token(&lx, &tok, &len) || !tok_is(tok, len, "(")) {
      error(ctx, "%s: linker scripts other than INPUT and GROUP lists are "
            "not supported (near '%.*s')", m->path, (int)cmdlen, cmd);
      return;
    }
    if (tok_is(cmd, cmdlen, "GROUP")) {
      add_group_marker(ctx, true);
      if (!read_list(&lx, whole, depth))
        return;
      add_group_marker(ctx, false);
    } else if (tok_is(cmd, cmdlen, "INPUT")) {
      if (!read_list(&lx, whole, depth))
        return;
    } else if (tok_is(cmd, cmdlen, "OUTPUT_FORMAT") ||
               tok_is(cmd, cmdlen, "OUTPUT_ARCH") ||
               tok_is(cmd, cmdlen, "SEARCH_DIR")) {
      bool search = tok_is(cmd, cmdlen, "SEARCH_DIR");
      while (next_token(&lx, &tok, &len) && !tok_is(tok, len, ")"))
        if (search && !tok_is(tok, len, ","))
          vec_push(ctx, &ctx->cfg.lib_paths, arena_strndup(ctx, tok, len));
    } else {
      error(ctx, "%s: linker script command '%.*s' is not supported",
            m->path, (int)cmdlen, cmd);
      return;
    }
  }
}
