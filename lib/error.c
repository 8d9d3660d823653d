// error.c: diagnostics.
//
// Every message is one line, "mld: error: FILE: what is wrong", in GNU ld's
// words where GNU ld has words for it.  error() counts and lets the pass
// finish so that a user sees all undefined symbols at once; checkpoint()
// stops between passes; fatal() is for when going on is impossible.  Every
// exit path removes the temporary output file, so a failed link never
// leaves anything at the output path.  warn() prints "mld: warning: ..."
// and counts too; under --fatal-warnings a warning is an error (as in
// lld: printed as one, and the link fails at the next checkpoint).

#include "mld.h"

#include <signal.h>
#include <stdlib.h>
#include <unistd.h>

#include <pthread.h>

// The link the signal handler cleans up after: set by
// install_signal_guards, cleared by remove_signal_guards, so that it never
// points to a ctx that the program has freed.
static struct ctx *guard_ctx;
static const int guarded_sigs[] = {SIGBUS, SIGINT, SIGTERM, SIGHUP, SIGQUIT};

// Sections are relocated on several threads (parallel.c): messages and
// the error count are taken one at a time.
static pthread_mutex_t msg_lock = PTHREAD_MUTEX_INITIALIZER;

static void vmsg(const char *kind, const char *fmt, va_list ap) {
  abandon_speculation();       // a stream's item: done again in order
  char buf[4096];
  int n = snprintf(buf, sizeof(buf), "mld: %s", kind);
  vsnprintf(buf + n, sizeof(buf) - n, fmt, ap);
  if (hold_message(buf))
    return;
  pthread_mutex_lock(&msg_lock);
  fprintf(stderr, "%s\n", buf);
  pthread_mutex_unlock(&msg_lock);
}

enum { ERROR_LIMIT = 20 };

// Like lld's --error-limit: a broken input should not bury the user.  In
// a parallel loop, once its messages are out (parallel.c).
void report_error_limit(struct ctx *ctx) {
  if (__atomic_load_n(&ctx->errors, __ATOMIC_RELAXED) >= ERROR_LIMIT) {
    fputs("mld: error: too many errors emitted, stopping now\n", stderr);
    mld_exit(ctx, 1);
  }
}

static void count_error(struct ctx *ctx) {
  __atomic_add_fetch(&ctx->errors, 1, __ATOMIC_RELAXED);
  if (!in_parallel_loop())
    report_error_limit(ctx);
}

void error(struct ctx *ctx, const char *fmt, ...) {
  if (ctx->mute_diagnostics)
    return;
  va_list ap;
  va_start(ap, fmt);
  vmsg("error: ", fmt, ap);
  va_end(ap);
  count_error(ctx);
}

// An error GNU ld gives without the word "error:" (its "%X%P: ..."
// messages: region overflows, overlapping sections): GNU ld's line,
// which its tests and build logs match, and the link fails all the same.
void gnu_error(struct ctx *ctx, const char *fmt, ...) {
  if (ctx->mute_diagnostics)
    return;
  va_list ap;
  va_start(ap, fmt);
  vmsg("", fmt, ap);
  va_end(ap);
  count_error(ctx);
}

// An error after which GNU ld still writes the output when asked to
// (--noinhibit-exec): an undefined symbol (0), a duplicate definition
// (the first wins), a relocation that does not fit (its low bits).  The
// message is the same; with the option it does not fail the link.
void soft_error(struct ctx *ctx, const char *fmt, ...) {
  if (ctx->mute_diagnostics)
    return;
  va_list ap;
  va_start(ap, fmt);
  vmsg("error: ", fmt, ap);
  va_end(ap);
  if (!ctx->cfg.noinhibit_exec)
    count_error(ctx);
}

// A warning, after PREFIX ("warning: "); an error under --fatal-warnings.
static void vwarn(struct ctx *ctx, const char *prefix, const char *fmt,
                  va_list ap) {
  if (ctx->mute_diagnostics)
    return;
  bool fatal = ctx->cfg.fatal_warnings;
  vmsg(fatal ? "error: " : prefix, fmt, ap);
  __atomic_add_fetch(&ctx->warnings, 1, __ATOMIC_RELAXED);
  if (fatal)
    __atomic_add_fetch(&ctx->errors, 1, __ATOMIC_RELAXED);
}

// -w silences the warnings GNU ld's own code gives (not BFD's: see
// warn_always), and they then do not fail --fatal-warnings either.
void warn(struct ctx *ctx, const char *fmt, ...) {
  if (ctx->cfg.no_warnings)
    return;
  va_list ap;
  va_start(ap, fmt);
  vwarn(ctx, "warning: ", fmt, ap);
  va_end(ap);
}

// The warnings -w leaves, those GNU ld 2.40 gives through BFD's error
// handler: symbol alignment and size, executable stacks and segments,
// skipped libraries, missing x86-64 properties.
void warn_always(struct ctx *ctx, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  vwarn(ctx, "warning: ", fmt, ap);
  va_end(ap);
}

// A warning in GNU ld's own words, which place "warning:" after the
// file ("FILE: warning: relocation against ..."), as its tests match it.
void gnu_warning(struct ctx *ctx, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  vwarn(ctx, "", fmt, ap);
  va_end(ap);
}

// For what GNU ld does silently but a user should know: not a warning,
// so --fatal-warnings leaves it alone.
void note(struct ctx *ctx, const char *fmt, ...) {
  (void)ctx;
  va_list ap;
  va_start(ap, fmt);
  vmsg("note: ", fmt, ap);
  va_end(ap);
}

void fatal(struct ctx *ctx, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  vmsg("error: ", fmt, ap);
  va_end(ap);
  mld_exit(ctx, 1);
}

// GNU ld's errors in a link are not fatal, and it prints its --cref table
// all the same: so does mld when it stops.
void checkpoint(struct ctx *ctx) {
  if (ctx->errors) {
    write_cref(ctx);
    mld_exit(ctx, 1);
  }
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

// A mapped input that shrinks under us raises SIGBUS on access, and so
// does a write to the mapped output when the disk is full.  There is no
// way to go on, but the faulting address tells which file it was, and the
// user gets a clear message and no output file.  Only async-signal-safe
// calls here.
static void put(const char *s) {
  if (write(2, s, strlen(s)) < 0)
    _exit(1);
}

static void on_fault(int sig, siginfo_t *info, void *uctx) {
  (void)uctx;
  struct ctx *ctx = guard_ctx;
  if (ctx)
    discard_output(ctx);
  if (sig != SIGBUS) {
    // Dies of the signal (status 128 + sig, as GNU ld does): it is
    // blocked while its handler runs, so raise alone would only make it
    // pending.
    sigset_t one;
    sigemptyset(&one);
    sigaddset(&one, sig);
    signal(sig, SIG_DFL);
    raise(sig);
    sigprocmask(SIG_UNBLOCK, &one, NULL);
    _exit(1);
  }
  const u8 *a = info ? info->si_addr : NULL;
  for (u32 i = 0; ctx && i < ctx->mappings.len; i++) {
    struct mapping *m = ctx->mappings.v[i];
    if (m->data && a >= m->data && a < m->data + m->size) {
      put("mld: error: ");
      put(m->path);
      put(": file was truncated or rewritten during the link (bus error); "
          "no output written\n");
      _exit(1);
    }
  }
  if (ctx && ctx->out_buf && a >= ctx->out_buf &&
      a < ctx->out_buf + ctx->filesize) {
    put("mld: error: cannot write output file ");
    put(ctx->cfg.output);
    put(": bus error (is the file system full?); no output written\n");
    _exit(1);
  }
  put("mld: error: bus error reading a mapped file; no output written\n");
  _exit(1);
}

enum { NGUARDED = sizeof(guarded_sigs) / sizeof(*guarded_sigs) };
static struct sigaction saved_actions[NGUARDED + 1]; // + SIGXFSZ's

void install_signal_guards(struct ctx *ctx) {
  if (ctx->bail)
    return;      // embedded (the fuzzer): the host owns the signals
  guard_ctx = ctx;
  // Writes past RLIMIT_FSIZE fail with EFBIG and a message instead.
  struct sigaction ign = {.sa_handler = SIG_IGN};
  sigaction(SIGXFSZ, &ign, &saved_actions[NGUARDED]);
  struct sigaction sa;
  memset(&sa, 0, sizeof(sa));
  sa.sa_sigaction = on_fault;
  sa.sa_flags = SA_SIGINFO;
  sigemptyset(&sa.sa_mask);
  // A signal the caller ignores stays ignored: `nohup mld ...` must
  // outlive its terminal.
  for (u32 i = 0; i < NGUARDED; i++)
    if (sigaction(guarded_sigs[i], NULL, &saved_actions[i]) == 0 &&
        saved_actions[i].sa_handler != SIG_IGN)
      sigaction(guarded_sigs[i], &sa, NULL);
}

// The end of a link: the caller's handlers again, and nothing refers to
// ctx.
void remove_signal_guards(struct ctx *ctx) {
  if (guard_ctx != ctx)
    return;
  for (u32 i = 0; i < NGUARDED; i++)
    sigaction(guarded_sigs[i], &saved_actions[i], NULL);
  sigaction(SIGXFSZ, &saved_actions[NGUARDED], NULL);
  guard_ctx = NULL;
}
