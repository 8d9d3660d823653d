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

enum { MAX_THREADS = 8 };

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
  long cpus = sysconf(_SC_NPROCESSORS_ONLN);
  u32 nthreads = cpus < 1 ? 1 : cpus > MAX_THREADS ? MAX_THREADS : cpus;
  if (ctx->bail || n < 2 * nthreads)
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
