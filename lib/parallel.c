// parallel.c: a loop run on every processor, and streams.
//
// Passes that only read what earlier passes made, and write disjoint
// output bytes, can run their loop bodies in any order on several
// threads: copying and relocating input sections is one.  Items are handed
// out in small batches through an atomic counter, so a thread that drew
// small sections takes more of them.  The helper threads are made once
// and wait between loops.  A host that embeds the library (the fuzzer,
// which longjmps out of errors) gets one thread.  What a loop body
// allocates and what it reports comes out the same for any number of
// threads: per-thread arenas, and messages printed in item order.  A
// stream (below) is a loop whose items come while the caller works on.

#include "mld.h"

#include <pthread.h>
#include <stdlib.h>
#include <time.h>
#include <unistd.h>

// --threads=N, or one thread per online processor.
u32 thread_count(struct ctx *ctx) {
  if (ctx->bail)
    return 1;
  if (ctx->cfg.threads)
    return ctx->cfg.threads;
  // sysconf reads /sys each time (12 us here, 80 times on llvm's link).
  u32 n = __atomic_load_n(&ctx->online_cpus, __ATOMIC_RELAXED);
  if (!n) {
    long cpus = sysconf(_SC_NPROCESSORS_ONLN);
    n = cpus < 1 ? 1 : cpus > MAX_THREADS ? MAX_THREADS : (u32)cpus;
    __atomic_store_n(&ctx->online_cpus, n, __ATOMIC_RELAXED);
  }
  return n;
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
  u32 batch;                   // items drawn at a time
};

// Items are drawn a batch at a time, some 32 batches per thread: tiny
// items (a file's symbols, a small section) would otherwise have the
// threads trading the counter's cache line for every one.
enum { BATCHES_PER_THREAD = 32 };

static void run_items(struct worker *me) {
  struct pfor *w = me->loop;
  this_worker = me->index;
  this_loop_worker = me;
  for (;;) {
    u32 i = __atomic_fetch_add(&w->next, w->batch, __ATOMIC_RELAXED);
    if (i >= w->n)
      break;
    u32 end = w->n - i > w->batch ? i + w->batch : w->n;
    for (; i < end; i++) {
      me->item = i;
      w->fn(w->ctx, w->arg, i);
    }
  }
  this_loop_worker = NULL;
  this_worker = 0;
}

// The helper threads are made once, at the first loop that wants them,
// and wait between loops.  A loop is published under the lock with a new
// generation; a helper that wakes takes items only if that loop is still
// open.  The caller closes the loop when it has drawn the last item and
// waits only for the helpers inside it: on a busy machine a helper can
// wait a time slice to run, and a loop does not wait for one that did
// none of its work.
static struct {
  pthread_mutex_t lock;
  pthread_cond_t wake;         // a loop was opened
  pthread_cond_t left;         // a helper left a loop
  u32 nhelpers;                // helpers 1..nhelpers exist
  u32 gen;                     // the latest loop's number
  struct pfor *loop;           // the open loop, or NULL
  u32 want;                    // helpers 1..want-1 may join it
  u32 inside;                  // helpers running its items
  struct worker workers[MAX_THREADS];
  bool joined[MAX_THREADS];    // helper t ran items of the last loop
} pool = {.lock = PTHREAD_MUTEX_INITIALIZER,
          .wake = PTHREAD_COND_INITIALIZER,
          .left = PTHREAD_COND_INITIALIZER};

static void *helper(void *arg) {
  u32 t = (u32)(uintptr_t)arg;
  u32 seen = 0;
  pthread_mutex_lock(&pool.lock);
  for (;;) {
    while (pool.gen == seen)
      pthread_cond_wait(&pool.wake, &pool.lock);
    seen = pool.gen;
    if (!pool.loop || t >= pool.want)
      continue;
    pool.inside++;
    pool.joined[t] = true;
    pthread_mutex_unlock(&pool.lock);
    run_items(&pool.workers[t]);
    pthread_mutex_lock(&pool.lock);
    if (--pool.inside == 0)
      pthread_cond_signal(&pool.left);
  }
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

// Opens loop w on up to nthreads threads: the helpers join it as they
// wake.  Returns how many threads it has, the caller's included; with
// one, nothing was opened.
static u32 open_loop(struct pfor *w, u32 nthreads) {
  pthread_mutex_lock(&pool.lock);
  if (pool.loop)                 // another loop: a stream, another link's
    nthreads = 1;
  while (nthreads > 1 && pool.nhelpers + 1 < nthreads) {
    pthread_t tid;
    void *t = (void *)(uintptr_t)(pool.nhelpers + 1);
    if (pthread_create(&tid, NULL, helper, t))
      break;
    pthread_detach(tid);
    pool.nhelpers++;
  }
  if (nthreads > pool.nhelpers + 1)
    nthreads = pool.nhelpers + 1;
  if (nthreads == 1) {
    pthread_mutex_unlock(&pool.lock);
    return 1;
  }
  for (u32 t = 1; t < nthreads; t++) {
    pool.workers[t] = (struct worker){.loop = w, .index = t};
    pool.joined[t] = false;
  }
  pool.loop = w;
  pool.want = nthreads;
  pool.gen++;
  pthread_cond_broadcast(&pool.wake);
  pthread_mutex_unlock(&pool.lock);
  return nthreads;
}

// The caller takes the items left, waits for the helpers inside the
// loop, then takes their arenas and prints their messages.
static void close_loop(struct ctx *ctx, struct pfor *w, u32 nthreads) {
  struct worker self = {.loop = w, .index = 0};
  run_items(&self);

  pthread_mutex_lock(&pool.lock);
  pool.loop = NULL;              // closed: late helpers take nothing
  while (pool.inside)
    pthread_cond_wait(&pool.left, &pool.lock);
  struct worker *me[MAX_THREADS];
  u32 joined = 0;
  me[0] = &self;
  for (u32 t = 1; t < nthreads; t++)
    if (pool.joined[t])
      me[++joined] = &pool.workers[t];
  pthread_mutex_unlock(&pool.lock);
  for (u32 k = 0; k <= joined; k++)
    arena_join(&ctx->arena, &ctx->thread_arenas[me[k]->index]);
  print_held(ctx, me, joined);
}

void parallel_for(struct ctx *ctx, u32 n,
                  void (*fn)(struct ctx *ctx, void *arg, u32 i), void *arg) {
  u32 nthreads = thread_count(ctx);
  if (n < 2 * nthreads || in_parallel_loop())
    nthreads = 1;
  u32 batch = n / (nthreads * BATCHES_PER_THREAD);
  struct pfor w = {fn, ctx, arg, n, 0, batch ? batch : 1};
  if (nthreads > 1)
    nthreads = open_loop(&w, nthreads);
  if (nthreads == 1) {
    for (u32 i = 0; i < n; i++)
      fn(ctx, arg, i);
    return;
  }
  close_loop(ctx, &w, nthreads);
}

//
// Streams
//

// A stream's items are handed to the helper threads one at a time while
// the caller goes on with work of its own: resolution adds each file as
// it joins the link, and its sections are parsed meanwhile.  An item
// runs speculatively: a message it would give abandons it (longjmp), so
// nothing of it shows, and the pass that wants its work does it again
// in its own time, where its messages come in their order.  Items are
// kept in blocks that never move, so helpers read them while the caller
// adds more.  The caller never waits or wakes anyone: a helper without
// an item looks again every STREAM_NAP nanoseconds.  While a stream is
// open, other loops run on the caller alone.
enum { STREAM_BLOCK = 1024, STREAM_BLOCKS = 1 << 12, STREAM_NAP = 50000 };

struct stream {
  void (*fn)(struct ctx *ctx, void *arg, void *item);
  void *arg;
  void **blocks[STREAM_BLOCKS];
  u32 added;                   // items published (atomic)
  u32 next;                    // the next one to run (atomic)
  bool closed;                 // no more will come (atomic)
  struct pfor loop;            // the helpers' loop, an item each
  u32 nthreads;
};

static __thread jmp_buf *speculation;

void abandon_speculation(void) {
  if (speculation)
    longjmp(*speculation, 1);
}

static void run_speculatively(struct ctx *ctx, struct stream *s,
                              void *item) {
  jmp_buf here;
  if (!setjmp(here)) {
    speculation = &here;
    s->fn(ctx, s->arg, item);
  }
  speculation = NULL;
}

// The next item, once published; NULL when the stream is closed and
// every item taken.
static void *stream_take(struct stream *s) {
  for (;;) {
    u32 i = __atomic_load_n(&s->next, __ATOMIC_ACQUIRE);
    if (i < __atomic_load_n(&s->added, __ATOMIC_ACQUIRE)) {
      if (__atomic_compare_exchange_n(&s->next, &i, i + 1, false,
                                      __ATOMIC_ACQ_REL, __ATOMIC_ACQUIRE))
        return s->blocks[i / STREAM_BLOCK][i % STREAM_BLOCK];
      continue;
    }
    if (__atomic_load_n(&s->closed, __ATOMIC_ACQUIRE))
      return NULL;
    nanosleep(&(struct timespec){0, STREAM_NAP}, NULL);
  }
}

static void stream_helper(struct ctx *ctx, void *arg, u32 i) {
  (void)i;
  struct stream *s = arg;
  for (void *item; (item = stream_take(s));)
    run_speculatively(ctx, s, item);
}

struct stream *stream_open(struct ctx *ctx,
                           void (*fn)(struct ctx *ctx, void *arg, void *item),
                           void *arg) {
  u32 nthreads = thread_count(ctx);
  if (nthreads < 2 || in_parallel_loop())
    return NULL;
  struct stream *s = arena_alloc(ctx, sizeof(*s));  // zeroed
  s->fn = fn;
  s->arg = arg;
  s->loop = (struct pfor){stream_helper, ctx, s, nthreads - 1, 0, 1};
  s->nthreads = open_loop(&s->loop, nthreads);
  return s->nthreads > 1 ? s : NULL;
}

// Past STREAM_BLOCKS * STREAM_BLOCK items, an item is not run: the pass
// that wants its work does it.
void stream_add(struct ctx *ctx, struct stream *s, void *item) {
  u32 n = s->added;              // only the caller writes it
  if (n / STREAM_BLOCK >= STREAM_BLOCKS)
    return;
  void ***b = &s->blocks[n / STREAM_BLOCK];
  if (!*b)
    *b = arena_alloc(ctx, STREAM_BLOCK * sizeof(void *));
  (*b)[n % STREAM_BLOCK] = item;
  __atomic_store_n(&s->added, n + 1, __ATOMIC_RELEASE);
}

// Runs what is left on every thread, then closes the helpers' loop.
void stream_close(struct ctx *ctx, struct stream *s) {
  __atomic_store_n(&s->closed, true, __ATOMIC_RELEASE);
  for (void *item; (item = stream_take(s));)
    run_speculatively(ctx, s, item);
  close_loop(ctx, &s->loop, s->nthreads);
}
