// main.c: the mld program.  Reads the command line (options.c) and hands
// the link to the library.

#include "options.h"

#include <stdlib.h>

int main(int argc, char **argv) {
  struct ctx *ctx = calloc(1, sizeof(*ctx));
  if (!ctx) {
    fputs("mld: error: out of memory\n", stderr);
    return 1;
  }
  parse_options(ctx, argc, argv);
  int status = mld_link(ctx);
  arena_release(&ctx->arena);
  free(ctx);
  return status;
}
