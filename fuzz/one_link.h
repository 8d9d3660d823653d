// one_link.h: one link of a fuzzer's input, as ld/main.c makes it but
// returning: mld_exit() comes back through ctx->bail, and inputs are read
// into copies that end at an inaccessible page (ctx->guard_inputs), so a
// read past the end of an input faults at once.

#include <setjmp.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/resource.h>
#include <unistd.h>

// An input may ask for a huge output (a section aligned to 64 MiB, or a
// script's ". = . + 8G" in a section with contents), which GNU ld writes
// too: the fuzzers' outputs are held to 64 MiB, past which writing fails
// (EFBIG) and mld says so, so that such an input is not a timeout.
static void limit_output(void) {
  struct rlimit r = {64 << 20, 64 << 20};
  signal(SIGXFSZ, SIG_IGN);
  if (setrlimit(RLIMIT_FSIZE, &r))
    abort();
}

// Makes the fuzzer's working folder, named for it, in $TMPDIR (or /tmp):
// every input and output is written there, so a long session is best run
// with TMPDIR on a tmpfs such as /dev/shm.
static void make_work_dir(char *dir, size_t size, const char *name) {
  const char *tmp = getenv("TMPDIR");
  snprintf(dir, size, "%s/%s-XXXXXX", tmp && *tmp ? tmp : "/tmp", name);
  if (!mkdtemp(dir))
    abort();
}

static void one_link(int argc, char **argv, const char *out) {
  struct ctx *ctx = calloc(1, sizeof(*ctx));
  if (!ctx)
    abort();
  jmp_buf bail;
  ctx->bail = &bail;
  ctx->guard_inputs = true;
  if (!setjmp(bail)) {
    parse_options(ctx, argc, argv);
    mld_link(ctx);
  }
  release_output(ctx);
  release_inputs(ctx);
  arena_release(ctx);
  free(ctx);
  unlink(out);
}
