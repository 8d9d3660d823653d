// check_script.c: input scripts: what each command does, what does not
// parse, and that no input can make the parser crash, recurse without
// bound or read past the end of the file.
//
// Scripts are given as bytes in memory (mem_mapping); those that name
// files name ones that do not exist, so the search (input.c) only
// reports them, except where a test writes files of its own.

#include "testutil.h"

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
      "input(a)", "SECTIONS { }", "x = 1;", "x=1;", "INPUT(a) PROVIDE(x=1)",
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
  return run_suite(s);
}
