// one_link.h: one link of a fuzzer's input, as ld/main.c makes it but
// returning: mld_exit() comes back through ctx->bail, and inputs are read
// into copies that end at an inaccessible page (ctx->guard_inputs), so a
// read past the end of an input faults at once.

#include <setjmp.h>
#include <stdlib.h>
#include <unistd.h>

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
