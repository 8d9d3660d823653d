// parallel.c: a loop run on every processor.
//
// Passes that only read what earlier passes made, and write disjoint
// output bytes, can run their loop bodies in any order on several
// threads: copying and relocating input sections is one.  Items are handed
// out one at a time through an atomic counter, so a thread that drew small
// sections takes more of them.  A host that embeds the library (the
// fuzzer, which longjmps out of errors) gets one thread.  What a loop
// body allocates and what it reports comes out the same for any number
// of threads: per-thread arenas, and messages printed in item order.

#include "mld.h"

#include <pthread.h>
#include <stdlib.h>
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
// a loop body can keep per-thread state in an array.  Each thread
// allocates from an arena of its own (arena.c), whose blocks join the
// link's arena when the loop ends.
static __thread u32 this_worker;

u32 worker_index(void) {
  return this_worker;
}

// Messages from a loop body are held, each with the number of the item
// that gave it, and printed when the loop ends in item order: the same
// order as on one thread, whatever thread ran what.
struct held_msg {
  u32 item, seq;
  char *text;
};

struct worker {
  struct pfor *loop;
  u32 index;
  u32 item;                    // the item being run
  struct held_msg *msgs;
  u32 nmsgs, cap;
};

// A thread the scheduler has not run by the time the caller has drawn
// the last item is told not to join the loop, and the caller goes on
// without waiting for it: on a busy machine a new thread can wait a
// whole time slice to start, and a loop should not wait for a helper
// that did none of its work.  The launch block is shared by the two
// and freed by whichever lets go of it last.
enum { W_WAITING, W_JOINED, W_CANCELLED };

struct launch {
  struct worker w;
  int state;
  int refs;
};

static void let_go(struct launch *l) {
  if (__atomic_sub_fetch(&l->refs, 1, __ATOMIC_ACQ_REL) == 0)
    free(l);
}

static __thread struct worker *this_loop_worker;

bool hold_message(const char *text) {
  struct worker *me = this_loop_worker;
  if (!me)
    return false;
  if (me->nmsgs == me->cap) {
    u32 cap = me->cap ? me->cap * 2 : 16;
    struct held_msg *v = realloc(me->msgs, cap * sizeof(*v));
    if (!v)
      return false;              // printed at once, out of order
    me->msgs = v;
    me->cap = cap;
  }
  char *copy = strdup(text);
  if (!copy)
    return false;
  me->msgs[me->nmsgs] = (struct held_msg){me->item, me->nmsgs, copy};
  me->nmsgs++;
  return true;
}

bool in_parallel_loop(void) {
  return this_loop_worker != NULL;
}

static int cmp_held(const void *a, const void *b) {
  const struct held_msg *x = a, *y = b;
  if (x->item != y->item)
    return x->item < y->item ? -1 : 1;
  return x->seq < y->seq ? -1 : x->seq > y->seq;
}

struct pfor {
  void (*fn)(struct ctx *ctx, void *arg, u32 i);
  struct ctx *ctx;
  void *arg;
  u32 n;
  u32 next;
};

static void run_items(struct worker *me) {
  struct pfor *w = me->loop;
  this_worker = me->index;
  this_loop_worker = me;
  for (;;) {
    u32 i = __atomic_fetch_add(&w->next, 1, __ATOMIC_RELAXED);
    if (i >= w->n)
      break;
    me->item = i;
    w->fn(w->ctx, w->arg, i);
  }
  this_loop_worker = NULL;
  this_worker = 0;
}

static void *launched(void *p) {
  struct launch *l = p;
  int waiting = W_WAITING;
  if (__atomic_compare_exchange_n(&l->state, &waiting, W_JOINED, false,
                                  __ATOMIC_ACQ_REL, __ATOMIC_ACQUIRE))
    run_items(&l->w);
  let_go(l);
  return NULL;
}

// The loop's held messages, in item order, from the threads that ran it.
static void print_held(struct ctx *ctx, struct worker **me, u32 joined) {
  u32 nmsgs = 0;
  for (u32 k = 0; k <= joined; k++)
    nmsgs += me[k]->nmsgs;
  if (!nmsgs)
    return;
  struct held_msg *all = malloc(nmsgs * sizeof(*all));
  u32 k = 0;
  for (u32 t = 0; all && t <= joined; t++)
    for (u32 i = 0; i < me[t]->nmsgs; i++)
      all[k++] = me[t]->msgs[i];
  if (all)
    qsort(all, nmsgs, sizeof(*all), cmp_held);
  for (u32 i = 0; all && i < nmsgs; i++) {
    fprintf(stderr, "%s\n", all[i].text);
    free(all[i].text);
  }
  for (u32 t = 0; t <= joined; t++) {
    if (!all)                  // no memory to sort: thread by thread
      for (u32 i = 0; i < me[t]->nmsgs; i++) {
        fprintf(stderr, "%s\n", me[t]->msgs[i].text);
        free(me[t]->msgs[i].text);
      }
    free(me[t]->msgs);
  }
  free(all);
  report_error_limit(ctx);
}

void parallel_for(struct ctx *ctx, u32 n,
                  void (*fn)(struct ctx *ctx, void *arg, u32 i), void *arg) {
  struct pfor w = {fn, ctx, arg, n, 0};
  u32 nthreads = thread_count(ctx);
  if (n < 2 * nthreads)
    nthreads = 1;
  if (nthreads == 1) {
    for (u32 i = 0; i < n; i++)
      fn(ctx, arg, i);
    return;
  }
  pthread_t tid[MAX_THREADS];
  struct launch *helper[MAX_THREADS];
  struct worker *me[MAX_THREADS];
  struct worker self = {.loop = &w, .index = 0};
  u32 started = 0;
  for (u32 t = 1; t < nthreads; t++) {
    struct launch *l = malloc(sizeof(*l));
    if (!l)
      break;
    *l = (struct launch){{.loop = &w, .index = t}, W_WAITING, 2};
    if (pthread_create(&tid[t], NULL, launched, l)) {
      free(l);
      break;
    }
    helper[t] = l;
    started = t;
  }
  run_items(&self);
  me[0] = &self;
  u32 joined = 0;
  for (u32 t = 1; t <= started; t++) {
    int waiting = W_WAITING;
    if (__atomic_compare_exchange_n(&helper[t]->state, &waiting, W_CANCELLED,
                                    false, __ATOMIC_ACQ_REL,
                                    __ATOMIC_ACQUIRE)) {
      pthread_detach(tid[t]);
      let_go(helper[t]);
      continue;
    }
    pthread_join(tid[t], NULL);
    me[++joined] = &helper[t]->w;
  }
  for (u32 k = 0; k <= joined; k++)
    arena_join(&ctx->arena, &ctx->thread_arenas[me[k]->index]);
  print_held(ctx, me, joined);
  for (u32 k = 1; k <= joined; k++)
    let_go((struct launch *)me[k]);   // w is a launch's first member
}

