// error.c: diagnostics.
//
// Every message is one line, "mld: error: FILE: what is wrong", in GNU ld's
// words where GNU ld has words for it.  error() counts and lets the pass
// finish so that a user sees all undefined symbols at once; checkpoint()
// stops between passes; fatal() is for when going on is impossible.  Every
// exit path removes the temporary output file, so a failed link never
// leaves anything at the output path.

#include "mld.h"

#include <signal.h>
#include <stdlib.h>
#include <unistd.h>

static struct ctx *guard_ctx;

static void vmsg(const char *kind, const char *fmt, va_list ap) {
  char buf[4096];
  int n = snprintf(buf, sizeof(buf), "mld: %s", kind);
  vsnprintf(buf + n, sizeof(buf) - n, fmt, ap);
  fprintf(stderr, "%s\n", buf);
}

void error(struct ctx *ctx, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  vmsg("error: ", fmt, ap);
  va_end(ap);
  // Like lld's --error-limit: a broken input should not bury the user.
  if (++ctx->errors >= 20) {
    fputs("mld: error: too many errors emitted, stopping now\n", stderr);
    mld_exit(ctx, 1);
  }
}

void warn(struct ctx *ctx, const char *fmt, ...) {
  (void)ctx;
  va_list ap;
  va_start(ap, fmt);
  vmsg("warning: ", fmt, ap);
  va_end(ap);
}

void fatal(struct ctx *ctx, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  vmsg("error: ", fmt, ap);
  va_end(ap);
  mld_exit(ctx, 1);
}

void checkpoint(struct ctx *ctx) {
  if (ctx->errors)
    mld_exit(ctx, 1);
}

void mld_exit(struct ctx *ctx, int status) {
  remove_temp_output(ctx);
  if (ctx && ctx->bail) {
    ctx->exit_status = status;
    longjmp(*ctx->bail, 1);
  }
  fflush(stdout);
  exit(status);
}

// A mapped input that shrinks under us raises SIGBUS on access.  There is
// no way to go on, but the user gets a clear message and no output file.
static void on_fault(int sig) {
  static const char msg[] =
      "mld: error: an input file changed while it was being read "
      "(bus error); no output written\n";
  if (guard_ctx && guard_ctx->tmp_path)
    unlink(guard_ctx->tmp_path);
  if (sig == SIGBUS && write(2, msg, sizeof(msg) - 1) < 0)
    _exit(1);
  if (sig != SIGBUS) {
    signal(sig, SIG_DFL);
    raise(sig);
  }
  _exit(1);
}

void install_signal_guards(struct ctx *ctx) {
  if (ctx->bail)
    return;      // embedded (the fuzzer): the host owns the signals
  guard_ctx = ctx;
  signal(SIGBUS, on_fault);
  signal(SIGINT, on_fault);
  signal(SIGTERM, on_fault);
  signal(SIGHUP, on_fault);
}
