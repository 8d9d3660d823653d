// check_options.c: ld/options.c's table, one command line at a time.
//
// Each test reads a command line as mld's main() does and looks at the
// configuration it leaves: names, abbreviations and values reach the
// option GNU ld gives them, -z keywords reach theirs, and what GNU ld
// refuses ends the process with status 1 (Check forks each test).

#include "testutil.h"
#include "../ld/options.h"

// Reads the arguments after "mld" into the test's ctx.
#define PARSE(...)                                                           \
  do {                                                                       \
    char *argv_[] = {"mld", __VA_ARGS__, NULL};                              \
    parse_options(ctx, sizeof(argv_) / sizeof(*argv_) - 1, argv_);           \
  } while (0)

static const char *input_file(u32 i) {
  struct input_spec *spec = ctx->cfg.inputs.v[i];
  ck_assert_int_eq(spec->kind, IN_FILE);
  return spec->arg;
}

START_TEST(long_option_one_dash_and_prefix) {
  PARSE("-emit", "-whole-archive", "x.o", "--gc-sec");
  ck_assert(ctx->cfg.emit_relocs);
  ck_assert(ctx->cfg.gc_sections);
  ck_assert_int_eq(ctx->cfg.inputs.len, 2);   // --whole-archive, x.o
  ck_assert_str_eq(input_file(1), "x.o");
}
END_TEST

START_TEST(short_option_values) {
  PARSE("-ewhich", "-o", "out", "-Lx", "-lfoo", "-Tfile.ld");
  ck_assert_str_eq(ctx->cfg.entry, "which");
  ck_assert_str_eq(ctx->cfg.output, "out");
  ck_assert_str_eq(ctx->cfg.lib_paths.v[0], "x");
  ck_assert_int_eq(ctx->cfg.scripts, 1);
}
END_TEST

// -lNAME is a library even where NAME begins a long option; -oNAME the
// output (the long options starting with "o" need two dashes).
START_TEST(l_and_o_stay_short) {
  PARSE("-ld-generated-unwind-info", "-omagic");
  struct input_spec *spec = ctx->cfg.inputs.v[0];
  ck_assert_int_eq(spec->kind, IN_LIB);
  ck_assert_str_eq(spec->arg, "d-generated-unwind-info");
  ck_assert_str_eq(ctx->cfg.output, "magic");
  ck_assert(!ctx->cfg.omagic);
}
END_TEST

// Prefixes expand to GNU ld's options only, not to the names mld
// knows to refuse (-static-pie) or as its own (--no-fix-...).
START_TEST(prefixes_of_gnu_options_only) {
  PARSE("--stati", "--fatal-warnings", "-no-f", "x.o");
  struct input_spec *spec = ctx->cfg.inputs.v[0];
  ck_assert_int_eq(spec->kind, IN_BSTATIC);
  ck_assert(!ctx->cfg.fatal_warnings);
}
END_TEST

START_TEST(i_is_dynamic_linker) {
  PARSE("-pie", "-I/opt/ld.so", "x.o");
  ck_assert_str_eq(ctx->cfg.interp, "/opt/ld.so");
}
END_TEST

START_TEST(negated_pairs) {
  PARSE("--gc-sections", "--no-gc-sections", "--no-relax", "--threads",
        "--eh-frame-hdr", "--no-demangle");
  ck_assert(!ctx->cfg.gc_sections);
  ck_assert(ctx->cfg.no_relax);
  ck_assert_int_eq(ctx->cfg.threads, 0);
  ck_assert(ctx->cfg.eh_frame_hdr);
  ck_assert(ctx->cfg.no_demangle);
}
END_TEST

START_TEST(optional_values_only_after_equals) {
  PARSE("--threads=3", "--build-id", "--sort-common=ascending", "--unique",
        "--unique=.text.*");
  ck_assert_int_eq(ctx->cfg.threads, 3);
  ck_assert_int_eq(ctx->cfg.build_id, BUILD_ID_SHA1);
  ck_assert_int_eq(ctx->cfg.sort_common, SORT_COMMON_ASCENDING);
  ck_assert(ctx->cfg.unique_orphans);
  ck_assert_str_eq(ctx->cfg.unique.v[0], ".text.*");
}
END_TEST

START_TEST(target_options_kept) {
  PARSE("--fix-cortex-a53-843419=adr", "--no-ld-generated-unwind-info");
  ck_assert_int_eq(ctx->cfg.fix_cortex_a53_843419, FIX_843419_ADR);
  ck_assert_int_eq(ctx->cfg.aarch64_options.len, 1);
  ck_assert_int_eq(ctx->cfg.x86_options.len, 1);
  ck_assert(ctx->cfg.no_ld_unwind);
}
END_TEST

START_TEST(z_keywords) {
  PARSE("-z", "lam-report=warning", "-zlam-u57-report=error", "-z",
        "x86-64-v3", "-z", "max-page-size=0x10000", "-z", "noexecstack",
        "-z", "textoff", "-z", "origin");
  ck_assert_int_eq(ctx->cfg.z_lam_u48_report, 1);
  ck_assert_int_eq(ctx->cfg.z_lam_u57_report, 2);
  ck_assert_int_eq(ctx->cfg.z_isa_level, 3);
  ck_assert_int_eq(ctx->cfg.max_page_size, 0x10000);
  ck_assert_int_eq(ctx->cfg.z_execstack, 0);
  ck_assert(ctx->cfg.z_notext && !ctx->cfg.z_text);
  ck_assert(ctx->cfg.z_origin);
  ck_assert_int_eq(ctx->warnings, 0);
}
END_TEST

// An x86-64 keyword after -m aarch64linux: GNU ld's "ignored" warning.
START_TEST(z_other_target_ignored) {
  PARSE("-m", "aarch64linux", "-z", "call-nop=prefix-addr", "-z",
        "force-bti");
  ck_assert_int_eq(ctx->cfg.z_call_nop, 0);
  ck_assert(ctx->cfg.z_force_bti);
  ck_assert_int_eq(ctx->warnings, 1);
}
END_TEST

// Refused, as GNU ld refuses them: status 1.
static const char *const refused[][3] = {
    {"--s", "x.o"},                     // one letter after two dashes
    {"--gc-sections=1", "x.o"},         // a value for a flag
    {"-fw", "x.o"},                     // -f needs -shared
    {"-ex", "x.o"},                     // a prefix of several options
    {"--architecture=aarch64", "x.o"},  // GNU ld cannot take it
    {"--no-fi", "x.o"},                 // a prefix of mld's own option
    {"x.o", "-o"},                      // no value
    {"-z", "x86-64-v9", "x.o"},         // a bad -z value
};

START_TEST(refused_line) {
  char *argv[5] = {"mld"};
  int argc = 1;
  for (u32 k = 0; k < 3 && refused[_i][k]; k++)
    argv[argc++] = (char *)refused[_i][k];
  parse_options(ctx, argc, argv);
}
END_TEST

int main(void) {
  Suite *s = suite_create("options");
  TCase *tc = ctx_tcase(s, "parse");
  tcase_add_test(tc, long_option_one_dash_and_prefix);
  tcase_add_test(tc, short_option_values);
  tcase_add_test(tc, l_and_o_stay_short);
  tcase_add_test(tc, prefixes_of_gnu_options_only);
  tcase_add_test(tc, i_is_dynamic_linker);
  tcase_add_test(tc, negated_pairs);
  tcase_add_test(tc, optional_values_only_after_equals);
  tcase_add_test(tc, target_options_kept);
  tcase_add_test(tc, z_keywords);
  tcase_add_test(tc, z_other_target_ignored);
  tc = ctx_tcase(s, "refused");
  tcase_add_loop_exit_test(tc, refused_line, 1, 0,
                           sizeof(refused) / sizeof(*refused));
  return run_suite(s);
}
