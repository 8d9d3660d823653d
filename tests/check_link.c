// check_link.c: mld_link() called link after link in one process.
//
// A program embedding the library (the fuzzer does, millions of times)
// links with a fresh ctx each time and sets ctx->bail, so that errors
// return instead of exiting.  Nothing one link leaves behind may reach
// the next: a later link's messages name only its own files and symbols,
// a link that failed half-way does not spoil the one after it, and when
// mld_link() returns no signal handler still refers to the ctx that the
// caller is about to free.  The fuzzer's guarded inputs are checked here
// too.

#include "testutil.h"

#include <setjmp.h>
#include <signal.h>
#include <sys/stat.h>

static char dir[64];

static void dir_setup(void) {
  ctx_setup();
  snprintf(dir, sizeof(dir), "/tmp/mld-check-link-XXXXXX");
  ck_assert(mkdtemp(dir) != NULL);
}

static void dir_teardown(void) {
  char cmd[100];
  snprintf(cmd, sizeof(cmd), "rm -rf %s", dir);
  ck_assert_int_eq(system(cmd), 0);
  ctx_teardown();
}

static const char *path_in_dir(const char *name) {
  return arena_printf(ctx, "%s/%s", dir, name);
}

struct link_result {
  int status;                  // 0 linked, else ctx->exit_status
  const char *messages;        // what the link printed on stderr
};

// Links input (an object written to DIR/NAME) to DIR/a.out as the fuzzer
// does: a ctx of its own, -e main, errors returning through bail.
static struct link_result link_once(const char *name, struct tobj *o) {
  const char *in = path_in_dir(name), *out = path_in_dir("a.out");
  write_file(in, o->data, o->size);
  unlink(out);
  struct ctx *c = calloc(1, sizeof(*c));
  ck_assert(c != NULL);
  jmp_buf bail;
  c->bail = &bail;
  c->cfg.output = out;
  c->cfg.entry = "main";
  struct input_spec spec = {IN_FILE, in};
  vec_push(c, &c->cfg.inputs, &spec);
  struct link_result r = {0, NULL};
  struct capture cap;
  capture_begin(&cap);
  if (!setjmp(bail))
    mld_link(c);
  else
    r.status = c->exit_status ? c->exit_status : 1;
  r.messages = capture_end(&cap);
  release_output(c);
  release_inputs(c);
  arena_release(c);
  free(c);
  return r;
}

// An object whose main calls SYM, which nothing defines.
static struct tobj calling_undefined(const char *sym) {
  static const u8 text[16] = {0xe8, 0, 0, 0, 0, 0xc3};   // call SYM; ret
  u8 *rela = arena_alloc(ctx, sizeof(Elf64_Rela));
  put_rela(rela, 1, 2, R_X86_64_PLT32, -4);
  struct tsec secs[] = {
      {".text", SHT_PROGBITS, SHF_ALLOC | SHF_EXECINSTR, text, 16, 16},
      {".rela.text", SHT_RELA, SHF_INFO_LINK, rela, sizeof(Elf64_Rela), 8, 1},
  };
  struct tsym syms[] = {
      {"main", STB_GLOBAL, STT_FUNC, 1, 0, 6},
      {sym, STB_GLOBAL, STT_NOTYPE, SHN_UNDEF},
  };
  return tobj_build(secs, 2, syms, 2);
}

static struct tobj defining_main(void) {
  static const char *const names[] = {"main"};
  return tobj_defining(names, 1);
}

START_TEST(a_failed_link_leaves_nothing_behind) {
  struct tobj good = defining_main();
  struct tobj first = calling_undefined("first_missing");
  struct tobj second = calling_undefined("second_missing");

  struct link_result r = link_once("good.o", &good);
  ck_assert_int_eq(r.status, 0);

  r = link_once("first.o", &first);
  ck_assert_int_eq(r.status, 1);
  ck_assert_contains(r.messages, "undefined reference to `first_missing'\n"
                                 ">>> referenced by ");
  ck_assert_contains(r.messages, "first.o:(main)");

  // The next failing link names its own file and symbol, and only those.
  r = link_once("second.o", &second);
  ck_assert_int_eq(r.status, 1);
  ck_assert_contains(r.messages, "undefined reference to `second_missing'\n"
                                 ">>> referenced by ");
  ck_assert_contains(r.messages, "second.o:(main)");
  ck_assert_msg(!strstr(r.messages, "first"), "stale name in: %s",
                r.messages);

  r = link_once("good.o", &good);
  ck_assert_int_eq(r.status, 0);
  struct stat st;
  ck_assert_int_eq(stat(path_in_dir("a.out"), &st), 0);
}
END_TEST

// Without bail (the mld program), mld_link() installs handlers that clean
// up the temporary output; once it returns they are gone, since main()
// frees the ctx they would read: each signal is handled as it was before
// (by default, ignored as a shell leaves SIGINT for a background job, or
// by the test runner's own handler).
START_TEST(signal_handlers_end_with_the_link) {
  struct tobj good = defining_main();
  const char *in = path_in_dir("good.o");
  write_file(in, good.data, good.size);
  struct ctx *c = calloc(1, sizeof(*c));
  ck_assert(c != NULL);
  c->cfg.output = path_in_dir("a.out");
  c->cfg.entry = "main";
  struct input_spec spec = {IN_FILE, in};
  vec_push(c, &c->cfg.inputs, &spec);
  int sigs[] = {SIGBUS, SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGXFSZ};
  enum { NSIGS = sizeof(sigs) / sizeof(*sigs) };
  struct sigaction before[NSIGS];
  for (u32 i = 0; i < NSIGS; i++)
    ck_assert_int_eq(sigaction(sigs[i], NULL, &before[i]), 0);
  ck_assert_int_eq(mld_link(c), 0);
  for (u32 i = 0; i < NSIGS; i++) {
    struct sigaction sa;
    ck_assert_int_eq(sigaction(sigs[i], NULL, &sa), 0);
    ck_assert_msg(sa.sa_handler == before[i].sa_handler,
                  "signal %d still handled (%p, was %p)", sigs[i],
                  (void *)sa.sa_handler, (void *)before[i].sa_handler);
  }
  release_output(c);
  release_inputs(c);
  arena_release(c);
  free(c);
}
END_TEST

// Whether the byte at p can be read: the kernel copies it into a pipe,
// and reports EFAULT (rather than raising a signal) if it cannot.
static bool readable(const u8 *p) {
  int fds[2];
  ck_assert_int_eq(pipe(fds), 0);
  bool ok = write(fds[1], p, 1) == 1;
  close(fds[0]);
  close(fds[1]);
  return ok;
}

// ctx->guard_inputs (the fuzzer's setting): an input's bytes are all
// there and the byte after the last one cannot be read, whatever the size.
START_TEST(guarded_input_ends_at_a_fault) {
  u64 sizes[] = {1, 100, 4096, 4097};
  for (u32 i = 0; i < sizeof(sizes) / sizeof(*sizes); i++) {
    u8 *bytes = arena_alloc(ctx, sizes[i]);
    for (u64 k = 0; k < sizes[i]; k++)
      bytes[k] = k * 7 + 1;
    const char *path = path_in_dir("in");
    write_file(path, bytes, sizes[i]);
    for (int guard = 0; guard < 2; guard++) {
      struct ctx *c = calloc(1, sizeof(*c));
      ck_assert(c != NULL);
      c->guard_inputs = guard;
      struct mapping *m = map_file(c, path, true);
      ck_assert(m != NULL);
      ck_assert_uint_eq(m->size, sizes[i]);
      ck_assert(!memcmp(m->data, bytes, sizes[i]));
      ck_assert(readable(m->data + m->size - 1));
      // A plain mapping reads zeros up to the end of its last page.
      if (guard || sizes[i] % sysconf(_SC_PAGESIZE))
        ck_assert_int_eq(readable(m->data + m->size), !guard);
      release_inputs(c);
      arena_release(c);
      free(c);
    }
  }
}
END_TEST

int main(void) {
  Suite *s = suite_create("link");
  TCase *tc = tcase_create("link after link");
  tcase_add_checked_fixture(tc, dir_setup, dir_teardown);
  suite_add_tcase(s, tc);
  tcase_add_test(tc, a_failed_link_leaves_nothing_behind);
  tcase_add_test(tc, signal_handlers_end_with_the_link);
  tcase_add_test(tc, guarded_input_ends_at_a_fault);
  return run_suite(s);
}
