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

// --threads=N, or one thread per online processor.
u32 thread_count(struct ctx *ctx) {
  if (ctx->bail)
    return 1;
  if (ctx->cfg.threads)
    return ctx->cfg.threads;
  long cpus = sysconf(_SC_NPROCESSORS_ONLN);
  return cpus < 1 ? 1 : cpus > MAX_THREADS ? MAX_THREADS : (u32)cpus;
}

// The running loop's thread: 0 for the caller, 1.. for the others, so
// a loop body can keep per-thread state in an array.
static __thread u32 this_worker;

u32 worker_index(void) {
  return this_worker;
}

struct pfor {
  void (*fn)(struct ctx *ctx, void *arg, u32 i);
  struct ctx *ctx;
  void *arg;
  u32 n;
  u32 next;
};

struct worker {
  struct pfor *loop;
  u32 index;
};

static void *worker(void *p) {
  struct worker *me = p;
  struct pfor *w = me->loop;
  this_worker = me->index;
  for (;;) {
    u32 i = __atomic_fetch_add(&w->next, 1, __ATOMIC_RELAXED);
    if (i >= w->n)
      break;
    w->fn(w->ctx, w->arg, i);
  }
  this_worker = 0;
  return NULL;
}

void parallel_for(struct ctx *ctx, u32 n,
                  void (*fn)(struct ctx *ctx, void *arg, u32 i), void *arg) {
  struct pfor w = {fn, ctx, arg, n, 0};
  u32 nthreads = thread_count(ctx);
  if (n < 2 * nthreads)
    nthreads = 1;
  pthread_t tid[MAX_THREADS];
  struct worker me[MAX_THREADS];
  u32 started = 0;
  for (u32 t = 1; t < nthreads; t++) {
    me[t] = (struct worker){&w, t};
    if (pthread_create(&tid[t], NULL, worker, &me[t]))
      break;
    started = t;
  }
  me[0] = (struct worker){&w, 0};
  worker(&me[0]);
  for (u32 t = 1; t <= started; t++)
    pthread_join(tid[t], NULL);
}
