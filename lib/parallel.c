// parallel.c: a loop run on every processor.
//
// Passes that only read what earlier passes made, and write disjoint
// output bytes, can run their loop bodies in any order on several
// threads: copying and relocating input sections is one.  Items are handed
// out one at a time through an atomic counter, so a thread that drew small
// sections takes more of them.  A host that embeds the library (the
// fuzzer, which longjmps out of errors) gets one thread.

#include "mld.h"

#include <pthread.h>
#include <unistd.h>

// Without --threads, one thread per processor up to this many.
enum { DEFAULT_MAX_THREADS = 8 };

u32 thread_count(struct ctx *ctx) {
  if (ctx->bail)
    return 1;
  if (ctx->cfg.threads)
    return ctx->cfg.threads;
  long cpus = sysconf(_SC_NPROCESSORS_ONLN);
  return cpus < 1 ? 1 : cpus > DEFAULT_MAX_THREADS ? DEFAULT_MAX_THREADS : cpus;
}

struct pfor {
  void (*fn)(struct ctx *ctx, void *arg, u32 i);
  struct ctx *ctx;
  void *arg;
  u32 n;
  u32 next;
};

static void *worker(void *p) {
  struct pfor *w = p;
  for (;;) {
    u32 i = __atomic_fetch_add(&w->next, 1, __ATOMIC_RELAXED);
    if (i >= w->n)
      return NULL;
    w->fn(w->ctx, w->arg, i);
  }
}

void parallel_for(struct ctx *ctx, u32 n,
                  void (*fn)(struct ctx *ctx, void *arg, u32 i), void *arg) {
  struct pfor w = {fn, ctx, arg, n, 0};
  u32 nthreads = thread_count(ctx);
  if (n < 2 * nthreads)
    nthreads = 1;
  pthread_t tid[MAX_THREADS];
  u32 started = 0;
  for (u32 t = 1; t < nthreads; t++) {
    if (pthread_create(&tid[t], NULL, worker, &w))
      break;
    started = t;
  }
  worker(&w);
  for (u32 t = 1; t <= started; t++)
    pthread_join(tid[t], NULL);
}
