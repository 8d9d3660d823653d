// json.c: whether a text is JSON (RFC 8259), for --package-metadata.
//
// GNU ld checks the option's text with jansson and, when it is not JSON,
// warns and makes no note; mld checks it the same way without a library.
// As jansson's json_loads does by default, the text must be an object or
// an array.  The reason given for a text that is not JSON uses jansson's
// words for its commonest errors.

#include "mld.h"

#include <ctype.h>

struct json {
  const char *p;
  const char *why;
  char near[32];
  int depth;
};

static void ws(struct json *j) {
  while (*j->p == ' ' || *j->p == '\t' || *j->p == '\n' || *j->p == '\r')
    j->p++;
}

// The token at the error, as jansson quotes it.
static bool fail(struct json *j, const char *why) {
  if (j->why)
    return false;
  j->why = why;
  u32 n = 0;
  const char *q = j->p;
  if (*q == '"') {             // a string token, quotes and all
    j->near[n++] = *q++;
    while (*q && *q != '"' && n + 2 < sizeof(j->near))
      j->near[n++] = *q++;
    if (*q == '"')
      j->near[n++] = '"';
  } else {
    while (*q && n + 1 < sizeof(j->near) &&
           (isalnum((u8)*q) || *q == '_' || *q == '.' || *q == '-' || n == 0))
      j->near[n++] = *q++;
  }
  j->near[n] = 0;
  return false;
}

static bool value(struct json *j);

// An error inside a string: jansson shows the string up to it.
static bool fail_in_string(struct json *j, const char *why,
                           const char *start) {
  if (j->why)
    return false;
  j->why = why;
  u64 n = (u64)(j->p - start);
  if (n >= sizeof(j->near))
    n = sizeof(j->near) - 1;
  memcpy(j->near, start, n);
  j->near[n] = 0;
  return false;
}

static bool string(struct json *j) {
  const char *start = j->p;
  j->p++;                      // the opening quote
  for (;;) {
    u8 c = (u8)*j->p;
    if (!c)
      return fail(j, "premature end of input");
    if (c < 0x20)
      return fail(j, "control character in string");
    j->p++;
    if (c == '"')
      return true;
    if (c != '\\')
      continue;
    c = (u8)*j->p++;
    if (!c)
      return fail(j, "premature end of input");
    if (c == 'u') {
      for (int k = 0; k < 4; k++, j->p++)
        if (!isxdigit((u8)*j->p))
          return fail_in_string(j, "invalid escape", start);
    } else if (!strchr("\"\\/bfnrt", c)) {
      return fail_in_string(j, "invalid escape", start);
    }
  }
}

static bool number(struct json *j) {
  if (*j->p == '-')
    j->p++;
  if (*j->p == '0')
    j->p++;
  else if (isdigit((u8)*j->p))
    while (isdigit((u8)*j->p))
      j->p++;
  else
    return fail(j, "invalid token");
  if (*j->p == '.') {
    j->p++;
    if (!isdigit((u8)*j->p))
      return fail(j, "invalid token");
    while (isdigit((u8)*j->p))
      j->p++;
  }
  if (*j->p == 'e' || *j->p == 'E') {
    j->p++;
    if (*j->p == '+' || *j->p == '-')
      j->p++;
    if (!isdigit((u8)*j->p))
      return fail(j, "invalid token");
    while (isdigit((u8)*j->p))
      j->p++;
  }
  return true;
}

static bool members(struct json *j, char close) {
  j->p++;                      // [ or {
  if (++j->depth > 2048)
    return fail(j, "maximum parsing depth reached");
  ws(j);
  if (*j->p == close) {
    j->p++;
    j->depth--;
    return true;
  }
  for (;;) {
    ws(j);
    if (close == '}') {
      if (*j->p != '"')
        return fail(j, "string or '}' expected");
      if (!string(j))
        return false;
      ws(j);
      if (*j->p != ':')
        return fail(j, "':' expected");
      j->p++;
    }
    if (!value(j))
      return false;
    ws(j);
    if (*j->p == close) {
      j->p++;
      j->depth--;
      return true;
    }
    if (*j->p != ',')
      return fail(j, close == '}' ? "'}' expected" : "']' expected");
    j->p++;
  }
}

static bool value(struct json *j) {
  ws(j);
  switch (*j->p) {
  case '{': return members(j, '}');
  case '[': return members(j, ']');
  case '"': return string(j);
  case 0: return fail(j, "premature end of input");
  case '}': case ']': case ',': case ':': return fail(j, "unexpected token");
  }
  static const char *const words[] = {"true", "false", "null"};
  for (u32 k = 0; k < sizeof(words) / sizeof(*words); k++)
    if (!strncmp(j->p, words[k], strlen(words[k]))) {
      j->p += strlen(words[k]);
      return true;
    }
  if (*j->p == '-' || isdigit((u8)*j->p))
    return number(j);
  return fail(j, "invalid token");
}

// True if TEXT is a JSON object or array; else *WHY says why (in the
// arena), as jansson would.
bool json_valid(struct ctx *ctx, const char *text, const char **why) {
  struct json j = {text, NULL, "", 0};
  ws(&j);
  bool ok;
  if (*j.p != '[' && *j.p != '{')
    ok = fail(&j, "'[' or '{' expected");
  else
    ok = value(&j);
  if (ok) {
    ws(&j);
    if (*j.p)
      ok = fail(&j, "end of file expected");
  }
  if (!ok)
    *why = j.near[0] ? arena_printf(ctx, "%s near '%s'", j.why, j.near)
                     : arena_printf(ctx, "%s", j.why);
  return ok;
}
