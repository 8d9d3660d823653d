// check_script.c: input scripts and whole scripts (-T): what each command
// does, what does not parse (and where that is said to be), and that no
// input can make the parser crash, recurse without bound or read past the
// end of the file.
//
// Scripts are given as bytes in memory (mem_mapping); those that name
// files name ones that do not exist, so the search (input.c) only
// reports them, except where a test writes files of its own.

#include "testutil.h"

#include <setjmp.h>
#include <sys/mman.h>

// Reads text as the input script "s.ld"; returns what was printed.
static const char *read_script(const char *text) {
  struct capture c;
  capture_begin(&c);
  read_input_script(ctx, mem_mapping("s.ld", text, strlen(text)), "s.ld",
                    false);
  return capture_end(&c);
}

static struct input_entry *entry(u32 i) {
  ck_assert_uint_lt(i, ctx->entries.len);
  return ctx->entries.v[i];
}

START_TEST(text_or_not) {
  ck_assert(is_input_script((const u8 *)"INPUT(a.o)\n", 11));
  ck_assert(is_input_script((const u8 *)"", 0));
  ck_assert(is_input_script((const u8 *)"/* \xc3\xa9 */\t\r\f\v", 12));
  static const u8 png[] = {0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n'};
  ck_assert(!is_input_script(png, sizeof(png)));
  ck_assert(!is_input_script((const u8 *)"INPUT(a)\0", 9));
  ck_assert(!is_input_script((const u8 *)"INPUT(a)\x7f", 9));
} END_TEST

START_TEST(commands_take_effect) {
  read_script("SEARCH_DIR(d1) ENTRY(go) EXTERN(a b, c)\n"
              "OUTPUT_FORMAT(elf64-x86-64) OUTPUT_ARCH(i386:x86-64);");
  ck_assert_uint_eq(ctx->errors, 0);
  ck_assert_uint_eq(ctx->cfg.lib_paths.len, 1);
  ck_assert_str_eq(ctx->cfg.lib_paths.v[0], "d1");
  ck_assert_str_eq(ctx->script_entry, "go");
  ck_assert_str_eq(ctx->output_arch, "i386:x86-64");
  ck_assert_uint_eq(ctx->entries.len, 3);
  ck_assert_uint_eq(ctx->extern_syms.len, 3);
  const char *want[] = {"a", "b", "c"};
  for (u32 i = 0; i < 3; i++) {
    ck_assert_int_eq(entry(i)->kind, E_UNDEF);
    ck_assert_str_eq(entry(i)->sym, want[i]);
  }
} END_TEST

START_TEST(last_entry_wins) {
  read_script("ENTRY(one) ENTRY(\"two\")");
  ck_assert_str_eq(ctx->script_entry, "two");
  ck_assert_str_eq(entry_symbol(ctx), "two");
  ctx->cfg.entry = "cmdline";
  ck_assert_str_eq(entry_symbol(ctx), "cmdline");
} END_TEST

START_TEST(nostdlib_ignores_search_dir) {
  ctx->cfg.nostdlib = true;
  read_script("SEARCH_DIR(d1)");
  ck_assert_uint_eq(ctx->errors, 0);
  ck_assert_uint_eq(ctx->cfg.lib_paths.len, 0);
} END_TEST

// A comma after a name's first character is part of it, except in
// EXTERN's list, where "," and "=" end a name.
START_TEST(commas) {
  read_script("SEARCH_DIR(d,) EXTERN(a,b)");
  ck_assert_uint_eq(ctx->errors, 0);
  ck_assert_str_eq(ctx->cfg.lib_paths.v[0], "d,");
  ck_assert_uint_eq(ctx->entries.len, 2);
  ck_assert_contains(read_script("INPUT(no1.o,no2.o)"),
                     "cannot find no1.o,no2.o");
  ck_assert_uint_eq(ctx->errors, 1);
  const char *text = read_script("GROUP(no1.o , no2.o no3.o)");
  ck_assert_contains(text, "cannot find no1.o\n");
  ck_assert_contains(text, "cannot find no3.o\n");
  ck_assert_uint_eq(ctx->errors, 4);
  // The group's markers stay balanced around what was not found.
  ck_assert_int_eq(entry(2)->kind, E_GROUP_START);
  ck_assert_int_eq(entry(3)->kind, E_GROUP_END);
} END_TEST

// Each is one error, and no file of the script joins the link (an
// EXTERN before the error has taken effect, as in GNU ld).
START_TEST(syntax_errors) {
  static const char *const bad[] = {
      "INPUT()", "INPUT(,a)", "INPUT(a ,)", "INPUT(a , , b)", "INPUT(a",
      "INPUT(a /* open", "INPUT(\"a)", "INPUT(AS_NEEDED a)", "INPUT(0a)",
      "AS_NEEDED(a)", "OUTPUT_FORMAT(a, b)", "OUTPUT_FORMAT(a b c)",
      "OUTPUT_FORMAT()", "ENTRY(a b)", "ENTRY()", "EXTERN()",
      "EXTERN(a,,b)", "EXTERN(a=)", "SEARCH_DIR(=/x)", "STARTUP(a b)",
      "INPUT(a) (", "INPUT(a) )", "INPUT(a) INPUT", "INPUT(a) \"INPUT\"(b)",
      "input(a)", "SECTIONS { }", "INPUT(a) PROVIDE(x=)", "x = ;",
      "\"quoted\"", "# not a comment", "(", "INPUT(a) { }",
  };
  for (u32 i = 0; i < sizeof(bad) / sizeof(*bad); i++) {
    ctx->errors = 0;
    read_script(bad[i]);
    ck_assert_msg(ctx->errors == 1, "%u errors for '%s'", ctx->errors,
                  bad[i]);
    for (u32 k = 0; k < ctx->entries.len; k++)
      ck_assert_msg(entry(k)->kind == E_UNDEF, "'%s' added files", bad[i]);
  }
} END_TEST

START_TEST(not_a_script) {
  ck_assert_contains(read_script("hello world"),
                     "s.ld: file format not recognized");
  ck_assert_contains(read_script("{ \"json\": 1 }"),
                     "s.ld: file format not recognized");
  ck_assert_contains(read_script("SECTIONS { }"),
                     "'SECTIONS' is not supported");
  read_script("");
  read_script("/* nothing */ ;;");
  ck_assert_uint_eq(ctx->errors, 3);
} END_TEST

// An empty file is mapped as nothing at all (data NULL, size 0).
START_TEST(empty_file) {
  struct mapping *m = mem_mapping("e.o", NULL, 0);
  ck_assert(is_input_script(m->data, m->size));
  read_input_script(ctx, m, "e.o", false);
  ctx->arch = &arch_x86_64;
  ck_assert(script_output_format_matches(ctx, m));
  ck_assert_uint_eq(ctx->errors, 0);
  ck_assert_uint_eq(ctx->entries.len, 0);
} END_TEST

START_TEST(bounded_nesting) {
  struct bytes b = {0};
  bytes_put(&b, "INPUT(", 6);
  for (int i = 0; i < 10000; i++)
    bytes_put(&b, "AS_NEEDED(", 10);
  bytes_put(&b, "", 1);
  ck_assert_contains(read_script((const char *)b.p), "nested too deeply");
  ck_assert_uint_eq(ctx->errors, 1);
} END_TEST

START_TEST(bounded_names) {
  struct bytes b = {0};
  bytes_put(&b, "ENTRY(", 6);
  for (int i = 0; i < MAX_SCRIPT_NAME + 1; i++)
    bytes_put(&b, "a", 1);
  bytes_put(&b, ")", 2);
  ck_assert_contains(read_script((const char *)b.p), "name too long");
  ck_assert_uint_eq(ctx->errors, 1);
  ck_assert_ptr_null(ctx->script_entry);
} END_TEST

// Every prefix of a script, placed so that its last byte is the last
// readable one, parses (or fails) without reading further.
START_TEST(no_read_past_end) {
  static const char text[] =
      "/* c */ GROUP ( \"q u\" -lnone AS_NEEDED ( =/x $SYSROOT/y ) ) "
      "EXTERN(a, b) ENTRY(e) SEARCH_DIR(\"d\") OUTPUT_FORMAT(a , b , c)";
  long page = sysconf(_SC_PAGESIZE);
  u8 *mem = mmap(NULL, 2 * page, PROT_READ | PROT_WRITE,
                 MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  ck_assert(mem != MAP_FAILED);
  ck_assert(mprotect(mem + page, page, PROT_NONE) == 0);
  for (u64 n = 0; n < sizeof(text); n++) {
    u8 *at = mem + page - n;
    memcpy(at, text, n);
    ctx->errors = 0;
    ctx->arch = &arch_x86_64;
    struct mapping *m = mem_mapping("s.ld", at, n);
    ck_assert(is_input_script(at, n));
    struct capture c;
    capture_begin(&c);
    read_input_script(ctx, m, "s.ld", false);
    script_output_format_matches(ctx, m);
    capture_end(&c);
  }
  munmap(mem, 2 * page);
} END_TEST

// Random sequences of the scripts' tokens: whatever they say, no crash.
START_TEST(random_token_soup) {
  static const char *const toks[] = {
      "INPUT", "GROUP", "AS_NEEDED", "(", ")", ",", ";", "\"", "/*", "*/",
      "=", "-l", "SEARCH_DIR", "ENTRY", "EXTERN", "OUTPUT_FORMAT",
      "OUTPUT_ARCH", "STARTUP", " ", "\n", "zq9.o", "$SYSROOT", "/", "x",
  };
  u32 seed = 12345;
  for (int iter = 0; iter < 3000; iter++) {
    char buf[512];
    u64 len = 0;
    seed = seed * 1103515245 + 12345;
    u32 n = (seed >> 16) % 40;
    for (u32 k = 0; k < n; k++) {
      seed = seed * 1103515245 + 12345;
      const char *t = toks[(seed >> 16) % (sizeof(toks) / sizeof(*toks))];
      u64 tl = strlen(t);
      memcpy(buf + len, t, tl);
      len += tl;
    }
    buf[len] = 0;
    ctx->errors = 0;
    ctx->cfg.lib_paths.len = 0;
    struct capture c;
    capture_begin(&c);
    read_input_script(ctx, mem_mapping("s.ld", buf, len), "s.ld", false);
    capture_end(&c);
    ck_assert_uint_eq(ctx->nscripts, 0);
  }
} END_TEST

START_TEST(output_format_match) {
  const char *yes = "OUTPUT_FORMAT(elf64-x86-64) INPUT(a)";
  const char *no = "INPUT(a) OUTPUT_FORMAT(\"elf32-i386\")";
  const char *three = "OUTPUT_FORMAT(elf64-x86-64 , b , elf32-i386)";
  const char *junk = "!! { OUTPUT_FORMAT(elf32-i386) }";
  struct mapping *m_yes = mem_mapping("a", yes, strlen(yes));
  struct mapping *m_no = mem_mapping("b", no, strlen(no));
  struct mapping *m_three = mem_mapping("c", three, strlen(three));
  struct mapping *m_junk = mem_mapping("d", junk, strlen(junk));
  ck_assert(script_output_format_matches(ctx, m_no));   // target unknown
  ctx->arch = &arch_x86_64;
  ck_assert(script_output_format_matches(ctx, m_yes));
  ck_assert(!script_output_format_matches(ctx, m_no));
  ck_assert(script_output_format_matches(ctx, m_three));
  ck_assert(!script_output_format_matches(ctx, m_junk));
  ctx->cfg.endian_little = true;
  ck_assert(!script_output_format_matches(ctx, m_three));
  ctx->arch = &arch_aarch64;
  ctx->cfg.endian_little = false;
  ck_assert(!script_output_format_matches(ctx, m_yes));
  ck_assert_uint_eq(ctx->errors, 0);
} END_TEST

START_TEST(output_arch_names) {
  ctx->arch = &arch_aarch64;
  ctx->output_arch = "AArch64";
  check_output_arch(ctx);
  ck_assert_uint_eq(ctx->errors, 0);
  ctx->output_arch = "i386:x86-64";
  ctx->output_arch_file = "s.ld";
  struct capture c;
  capture_begin(&c);
  check_output_arch(ctx);
  ck_assert_contains(capture_end(&c), "cannot represent machine 'i386:x86-64'");
  ctx->arch = &arch_x86_64;
  ctx->errors = 0;
  check_output_arch(ctx);
  ck_assert_uint_eq(ctx->errors, 0);
} END_TEST

// Scripts on disk that name each other: an error, not a loop.
START_TEST(cycle) {
  const char *dir = temp_dir();
  const char *a = arena_printf(ctx, "%s/a.ld", dir);
  const char *b = arena_printf(ctx, "%s/b.ld", dir);
  const char *ta = arena_printf(ctx, "INPUT(b.ld)");
  const char *tb = arena_printf(ctx, "INPUT(%s)", a);
  write_file(a, ta, strlen(ta));
  write_file(b, tb, strlen(tb));
  struct capture c;
  capture_begin(&c);
  add_file(ctx, a, false, a);
  const char *text = capture_end(&c);
  ck_assert_contains(text, "input script names itself");
  ck_assert_contains(text, "b.ld");
  ck_assert_uint_eq(ctx->errors, 1);
  ck_assert_uint_eq(ctx->nscripts, 0);
  release_inputs(ctx);
  unlink(a);
  unlink(b);
  rmdir(dir);
} END_TEST

//
// Whole scripts (-T)
//

// Reads TEXT as the -T script "t.ld" (a file in a temporary directory);
// returns what was printed, *bailed set if the parse stopped (fatal).
static const char *full_script(const char *text, bool *bailed) {
  const char *dir = temp_dir();
  const char *path = arena_printf(ctx, "%s/t.ld", dir);
  write_file(path, text, strlen(text));
  jmp_buf bail;
  ctx->bail = &bail;
  struct capture c;
  capture_begin(&c);
  *bailed = true;
  if (!setjmp(bail)) {
    read_script_file(ctx, path);
    *bailed = false;
  }
  const char *out = capture_end(&c);
  ctx->bail = NULL;
  release_inputs(ctx);
  ctx->mappings.len = 0;       // the next file may get this one's inode
  ctx->map_slots = NULL;
  ctx->map_mask = 0;
  unlink(path);
  rmdir(dir);
  return out;
}

static struct script_stmt *stmt(struct vec *v, u32 i) {
  ck_assert_uint_lt(i, v->len);
  return v->v[i];
}

static struct sec_pattern *pat(struct script_stmt *s, u32 i) {
  ck_assert_uint_lt(i, s->pats.len);
  return s->pats.v[i];
}

START_TEST(sections_parse) {
  bool bailed;
  full_script(
      "ENTRY(go)\n"
      "SECTIONS {\n"
      "  . = 0x1000;\n"
      "  .text 0x2000 (NOLOAD) : SUBALIGN(16) {\n"
      "    KEEP(*crt0.o(.init)) *(EXCLUDE_FILE(*a.o) .text .text.*)\n"
      "    *(SORT_BY_NAME(SORT_BY_ALIGNMENT(.s.*)))\n"
      "    lib.a:m.o\n"
      "    BYTE(1) SQUAD(-1) FILL(0x90) x += 4; PROVIDE_HIDDEN(y = .);\n"
      "  } > ROM AT> FLASH :text :note =0xa5,\n"
      "  /DISCARD/ : { *(.comment) }\n"
      "  PROVIDE(z = 1);\n"
      "}\n", &bailed);
  ck_assert(!bailed);
  struct vec *v = &ctx->script->stmts;
  ck_assert_uint_eq(v->len, 4);
  ck_assert_str_eq(ctx->script_entry, "go");
  ck_assert_int_eq(stmt(v, 0)->kind, SS_ASSIGN);
  ck_assert_str_eq(stmt(v, 0)->sym, ".");
  struct out_stmt *os = stmt(v, 1)->os;
  ck_assert_str_eq(os->name, ".text");
  ck_assert_int_eq(os->type, OT_NOLOAD);
  ck_assert(os->addr && !os->lma && os->subalign && os->fill);
  ck_assert_str_eq(os->region, "ROM");
  ck_assert_str_eq(os->lma_region, "FLASH");
  ck_assert_uint_eq(os->phdrs.len, 2);
  ck_assert_str_eq(os->phdrs.v[1], "note");
  struct vec *b = &os->body;
  ck_assert_uint_eq(b->len, 9);
  ck_assert(stmt(b, 0)->keep);
  ck_assert_str_eq(stmt(b, 0)->file_pat, "*crt0.o");
  ck_assert_str_eq(pat(stmt(b, 0), 0)->name, ".init");
  ck_assert_uint_eq(stmt(b, 1)->pats.len, 2);
  ck_assert_uint_eq(pat(stmt(b, 1), 0)->exclude.len, 1);
  ck_assert_str_eq(pat(stmt(b, 1), 1)->name, ".text.*");
  ck_assert_int_eq(pat(stmt(b, 2), 0)->sort, PS_NAME_ALIGN);
  ck_assert(stmt(b, 3)->whole_file);
  ck_assert_str_eq(stmt(b, 3)->file_pat, "lib.a:m.o");
  ck_assert_int_eq(stmt(b, 4)->kind, SS_DATA);
  ck_assert_uint_eq(stmt(b, 4)->size, 1);
  ck_assert(stmt(b, 5)->is_signed);
  ck_assert_int_eq(stmt(b, 6)->kind, SS_FILL);
  ck_assert_int_eq(stmt(b, 7)->op, '+');
  ck_assert_int_eq(stmt(b, 8)->provide, PV_PROVIDE_HIDDEN);
  ck_assert(stmt(v, 2)->os->discard);
  ck_assert_int_eq(stmt(v, 3)->provide, PV_PROVIDE);
} END_TEST

START_TEST(memory_and_phdrs_parse) {
  bool bailed;
  full_script("MEMORY { ROM (rx) : ORIGIN = 0x1000, LENGTH = 64K\n"
              "  RAM (rw!x) : org = ORIGIN(ROM) + 0x10000, l = 4K }\n"
              "REGION_ALIAS(\"CODE\", ROM)\n"
              "PHDRS { text PT_LOAD FILEHDR PHDRS FLAGS(5); n PT_NOTE;\n"
              "  x 0x60000000 AT(0x100); }\n", &bailed);
  ck_assert(!bailed);
  struct vec *r = &ctx->script->regions;
  ck_assert_uint_eq(r->len, 3);
  struct mem_region *ram = find_region(ctx, "RAM");
  ck_assert(ram && ram->flags_out == RA_CODE &&
            ram->flags_in == (RA_READONLY | RA_DATA));
  ck_assert(find_region(ctx, "CODE") == find_region(ctx, "ROM"));
  struct expr_value v;
  struct script_dot d = {0, NULL, false, false, NULL};
  ck_assert(eval_script_expr(ctx, ram->origin_e, "t", false, &d, &v));
  ck_assert_uint_eq(v.v, 0x11000);
  ck_assert(eval_script_expr(ctx, ram->length_e, "t", false, &d, &v));
  ck_assert_uint_eq(v.v, 4096);
  struct vec *p = &ctx->script->phdrs;
  ck_assert_uint_eq(p->len, 3);
  struct phdr_stmt *t0 = p->v[0], *t2 = p->v[2];
  ck_assert(t0->type == PT_LOAD && t0->filehdr && t0->phdrs && t0->flags);
  ck_assert(t2->type == 0x60000000 && t2->at);
} END_TEST

START_TEST(script_expressions) {
  bool bailed;
  full_script("MEMORY { R : ORIGIN = 0x4000, LENGTH = 0x100 }\n", &bailed);
  ck_assert(!bailed);
  static const struct {
    const char *text;
    u64 dot, want;
  } cases[] = {
      {". + 4", 0x10, 0x14},
      {"ALIGN(16)", 0x11, 0x20},
      {"ALIGN(. , 8) - 1", 0x9, 0xf},
      {"ORIGIN(R) + LENGTH(R)", 0, 0x4100},
      {"MAX(., 0x30) / 2", 0x10, 0x18},
      {"LOG2CEIL(33) << 1", 0, 12},
      {"1K + 1M", 0, 0x100400},
      {"(. > 4) ? 0x10 : 0x20", 5, 0x10},
      {"CONSTANT(MAXPAGESIZE) == 0 || 1", 0, 1},
  };
  for (u32 i = 0; i < sizeof(cases) / sizeof(*cases); i++) {
    const char *end = cases[i].text + strlen(cases[i].text);
    const char *pos = cases[i].text;
    struct expr *e = parse_script_expr(ctx, "t.ld", cases[i].text, end, &pos);
    ck_assert_ptr_eq(pos, end);
    struct script_dot d = {cases[i].dot, NULL, false, false, NULL};
    struct expr_value v;
    ck_assert_msg(eval_script_expr(ctx, e, "t", false, &d, &v), "%s",
                  cases[i].text);
    ck_assert_msg(v.v == cases[i].want, "%s: 0x%llx", cases[i].text,
                  (unsigned long long)v.v);
  }
} END_TEST

START_TEST(script_errors_located) {
  static const struct {
    const char *text, *want;
  } cases[] = {
      {"SECTIONS {\n  .text : { *(.text) }\n  .x : {", "t.ld:3:"},
      {"SECTIONS { .text : { *(.text) } > }",
       "t.ld:1: syntax error near '}' (column 35)"},
      {"SECTIONS { . = 1 +; }",
       "t.ld:1: syntax error in expression (column 19)"},
      {"SECTIONS { .a : { SORT_BY_ALIGNMENT(*)(.a) } }",
       "t.ld:1: syntax error: files cannot be sorted so"},
      // GNU ld's words (ld-scripts/region-alias-1 to 4).
      {"MEMORY { R : ORIGIN = 0, LENGTH = 1 }\nREGION_ALIAS(\"A\", R);\n"
       "REGION_ALIAS(\"A\", R);",
       "t.ld:3: error: redefinition of memory region alias `A'"},
      {"REGION_ALIAS(\"A\", \"NIL\");",
       "t.ld:1: error: memory region `NIL' for alias `A' does not exist"},
      {"MEMORY { R : ORIGIN = 0, LENGTH = 1 }\n"
       "REGION_ALIAS(\"*default*\", R);",
       "t.ld:2: error: alias for default memory region"},
      {"MEMORY { R (q) : ORIGIN = 0, LENGTH = 1 }",
       "invalid memory region attribute 'q'"},
      {"MEMORY { R : ORIGIN = 0, LENGTH = 1 R : o = 1, l = 1 }",
       "redefinition of memory region 'R'"},
      {"PHDRS { a PT_LOAD; a PT_LOAD; }", "program header `a' defined twice"},
      {"SECTIONS { .a : { *(SORT_BY_INIT_PRIORITY(SORT_BY_NAME(x))) } }",
       "this nesting of SORT_BY_NAME in SORT_BY_INIT_PRIORITY"},
      {"INSERT AFTER .text", "INSERT without SECTIONS before it"},
      {"NOCROSSREFS(.a)", "NOCROSSREFS needs two sections or more"},
      {"SECTIONS { OVERLAY : AT (1) { .a { *(.a) } } AT> R }",
       "section has both a load address and a load region"},
      {"SECTIONS { OVERLAY : { .a ; } }", "syntax error"},
      {"SECTIONS { OVERLAY : { .a { *(.a) }", "syntax error at end of file"},
      {"/* open", "unterminated comment"},
      {"SECTIONS { .a : { *(.a) } :x", "syntax error at end of file"},
      {"SECTIONS { PROVIDE(. = 1) }", "cannot PROVIDE or HIDE the location"},
      {"SECTIONS { .a : AT(1) { *(.a) } AT> R }",
       "section has both a load address and a load region"},
  };
  for (u32 i = 0; i < sizeof(cases) / sizeof(*cases); i++) {
    bool bailed;
    ctx->script = NULL;
    const char *out = full_script(cases[i].text, &bailed);
    ck_assert_msg(bailed, "%s", cases[i].text);
    ck_assert_msg(strstr(out, cases[i].want), "%s: got %s", cases[i].text,
                  out);
  }
} END_TEST

// Hostile scripts: nesting, inclusion, token soup.  An error, never a
// crash or a hang.
START_TEST(script_hostile) {
  bool bailed;
  char *deep = arena_alloc(ctx, 300010);
  memcpy(deep, ". = ", 4);
  memset(deep + 4, '(', 150000);
  deep[150004] = '1';
  memset(deep + 150005, ')', 150000);
  strcpy(deep + 300005, ";");
  const char *out = full_script(deep, &bailed);
  ck_assert(bailed);
  ck_assert_contains(out, "nested too deeply");
  // A long chain of operators builds a deep tree too.
  char *chain = arena_alloc(ctx, 100010);
  strcpy(chain, ". = 1");
  for (u32 i = 0; i < 20000; i++)
    strcat(chain + 5 + 2 * (i ? i - 1 : 0), "+1");
  strcat(chain, ";");
  out = full_script(chain, &bailed);
  ck_assert(bailed);
  ck_assert_contains(out, "nested too deeply");
  // A script that includes itself stops at a depth.
  const char *dir = temp_dir();
  const char *self = arena_printf(ctx, "%s/self.ld", dir);
  const char *text = arena_printf(ctx, "INCLUDE %s\nINCLUDE %s\n", self, self);
  write_file(self, text, strlen(text));
  out = full_script(text, &bailed);
  ck_assert(bailed);
  ck_assert_msg(strstr(out, "INCLUDE nested more than") ||
                    strstr(out, "INCLUDEs"), "%s", out);
  unlink(self);
  rmdir(dir);
  // Random soup of the language's tokens.
  static const char *const toks[] = {
      "SECTIONS", "{", "}", "(", ")", ";", ",", ":", "=", "+=", ".", "*",
      ".text", "KEEP", "SORT", "EXCLUDE_FILE", ">", "AT", "ALIGN", "0x10",
      "MEMORY", "ORIGIN", "PHDRS", "PT_LOAD", "PROVIDE", "/DISCARD/", "?",
      "\"", "/*", "*/", "INCLUDE", "-", "<<=", "BYTE", "FILL", "ASSERT"};
  u64 seed = 12345;
  for (u32 round = 0; round < 300; round++) {
    char buf[512];
    u32 n = 0;
    for (u32 k = 0; k < 40; k++) {
      seed = seed * 6364136223846793005ULL + 1442695040888963407ULL;
      const char *tk = toks[(seed >> 33) % (sizeof(toks) / sizeof(*toks))];
      n += snprintf(buf + n, sizeof(buf) - n, "%s ", tk);
    }
    ctx->script = NULL;
    ctx->script_includes = 0;
    full_script(buf, &bailed);
  }
} END_TEST

int main(void) {
  Suite *s = suite_create("script");
  TCase *tc = ctx_tcase(s, "commands");
  tcase_add_test(tc, text_or_not);
  tcase_add_test(tc, commands_take_effect);
  tcase_add_test(tc, last_entry_wins);
  tcase_add_test(tc, nostdlib_ignores_search_dir);
  tcase_add_test(tc, commas);
  tcase_add_test(tc, output_format_match);
  tcase_add_test(tc, output_arch_names);
  tc = ctx_tcase(s, "malformed");
  tcase_add_test(tc, syntax_errors);
  tcase_add_test(tc, not_a_script);
  tcase_add_test(tc, empty_file);
  tcase_add_test(tc, bounded_nesting);
  tcase_add_test(tc, bounded_names);
  tcase_add_test(tc, no_read_past_end);
  tcase_add_test(tc, random_token_soup);
  tcase_add_test(tc, cycle);
  tc = ctx_tcase(s, "whole scripts");
  tcase_add_test(tc, sections_parse);
  tcase_add_test(tc, memory_and_phdrs_parse);
  tcase_add_test(tc, script_expressions);
  tcase_add_test(tc, script_errors_located);
  tcase_add_test(tc, script_hostile);
  return run_suite(s);
}
