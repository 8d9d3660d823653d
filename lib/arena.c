// arena.c: one arena per link.
//
// Everything the linker allocates lives until the link ends, so memory is
// carved out of large blocks and released in one call at the end; nothing
// is freed one by one (chibicc's rule).  The threads of a parallel loop
// carve from arenas of their own, joined to this one when it ends.
//
// A block is 2 MiB on a 2 MiB boundary, and asked to be one huge page
// (MADV_HUGEPAGE): one page fault maps it where 512 did (on llvm's link,
// 6,400 faults instead of 16,000).  Since a huge page is all in memory
// once touched, blocks are filled: an allocation of more than a
// sixteenth of one gets a block of its own, of small pages, and a
// thread keeps its block from one loop to the next.

#include "mld.h"

#include <stdlib.h>
#include <sys/mman.h>

// LeakSanitizer does not look into memory it did not allocate: it is told
// of each block, which links the others (an error's exit, which releases
// nothing, would otherwise report them as leaks).
#if defined(__SANITIZE_ADDRESS__)
#define LEAK_CHECKED 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define LEAK_CHECKED 1
#endif
#endif
#ifdef LEAK_CHECKED
#include <sanitizer/lsan_interface.h>
#define leak_root(p, n) __lsan_register_root_region(p, n)
#define leak_unroot(p, n) __lsan_unregister_root_region(p, n)
#else
#define leak_root(p, n) ((void)(p), (void)(n))
#define leak_unroot(p, n) ((void)(p), (void)(n))
#endif

struct arena_block {
  struct arena_block *next;
  u64 used, cap;
  u64 mapped;                  // its mapping's size; 0: from calloc
  _Alignas(16) u8 data[];
};

enum {
  HUGE_PAGE = 2 << 20,
  BLOCK_SIZE = HUGE_PAGE - sizeof(struct arena_block),
};

// A block of BLOCK_SIZE bytes, mapped on a huge page's boundary; NULL if
// memory is short.
static struct arena_block *huge_block(void) {
  u8 *p = mmap(NULL, 2 * HUGE_PAGE, PROT_READ | PROT_WRITE,
               MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  if (p == MAP_FAILED)
    return NULL;
  u8 *a = (u8 *)(((uintptr_t)p + HUGE_PAGE - 1) &
                 ~(uintptr_t)(HUGE_PAGE - 1));
  if (a > p)
    munmap(p, a - p);
  munmap(a + HUGE_PAGE, p + HUGE_PAGE - a);
  madvise(a, HUGE_PAGE, MADV_HUGEPAGE);  // a hint: without it, small pages
  leak_root(a, HUGE_PAGE);
  struct arena_block *b = (struct arena_block *)a;
  b->cap = BLOCK_SIZE;
  b->mapped = HUGE_PAGE;
  return b;
}

void *arena_alloc(struct ctx *ctx, u64 size) {
  u32 w = worker_index();
  struct arena *a = w ? &ctx->thread_arenas[w] : &ctx->arena;
  size = align_up(size ? size : 1, 16);
  struct arena_block *b = a->head;
  if (!b || b->cap - b->used < size) {
    u64 cap = size > BLOCK_SIZE / 16 ? size : BLOCK_SIZE;
    struct arena_block *nb = cap == BLOCK_SIZE
                                 ? huge_block()
                                 : calloc(1, sizeof(*nb) + cap);
    if (!nb)
      fatal(ctx, "out of memory allocating %llu bytes",
            (unsigned long long)size);
    nb->cap = cap;
    // A large one-off block goes behind the current one so the current
    // block's free space is not abandoned.
    if (b && cap != BLOCK_SIZE) {
      nb->next = b->next;
      b->next = nb;
      nb->used = size;
      a->used_bytes += size;
      return nb->data;
    }
    nb->next = b;
    a->head = b = nb;
  }
  void *p = b->data + b->used;
  b->used += size;
  a->used_bytes += size;
  return p;
}

// Zeroed memory that threads will read before they write (a hash table's
// slots, probed then claimed): written here first, on all threads.  A
// fresh page that is read first maps the shared zero page, and the write
// that follows faults again to replace it, with a TLB shootdown on every
// other thread of the link: twice the faults of writing it first (a
// third of intern_symbols' time on 4,000 objects).
enum { TOUCH_PIECE = 1 << 20 };

struct touch {
  u8 *p;
  u64 size;
};

static void touch_piece(struct ctx *ctx, void *arg, u32 i) {
  (void)ctx;
  struct touch *t = arg;
  u64 off = (u64)i * TOUCH_PIECE;
  u64 len = t->size - off < TOUCH_PIECE ? t->size - off : TOUCH_PIECE;
  memset(t->p + off, 0, len);
}

void *arena_alloc_touched(struct ctx *ctx, u64 size) {
  struct touch t = {arena_alloc(ctx, size), size};
  parallel_for(ctx, (u32)((size + TOUCH_PIECE - 1) / TOUCH_PIECE), touch_piece,
               &t);
  return t.p;
}

char *arena_strndup(struct ctx *ctx, const char *s, u64 len) {
  char *p = arena_alloc(ctx, len + 1);
  memcpy(p, s, len);
  p[len] = 0;
  return p;
}

char *arena_strdup(struct ctx *ctx, const char *s) {
  return arena_strndup(ctx, s, strlen(s));
}

char *arena_printf(struct ctx *ctx, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  int n = vsnprintf(NULL, 0, fmt, ap);
  va_end(ap);
  char *p = arena_alloc(ctx, n + 1);
  va_start(ap, fmt);
  vsnprintf(p, n + 1, fmt, ap);
  va_end(ap);
  return p;
}

// A parallel loop's thread's blocks, joined to the link's arena: all but
// the one it carves from, which it keeps for the next loop.
void arena_join(struct arena *a, struct arena *t) {
  a->used_bytes += t->used_bytes;
  t->used_bytes = 0;
  struct arena_block *first = t->head ? t->head->next : NULL;
  if (!first)
    return;
  t->head->next = NULL;
  struct arena_block *last = first;
  while (last->next)
    last = last->next;
  if (a->head) {
    last->next = a->head->next;
    a->head->next = first;
  } else {
    a->head = first;
  }
}

static void release(struct arena *a) {
  struct arena_block *b = a->head;
  while (b) {
    struct arena_block *next = b->next;
    if (b->mapped) {
      leak_unroot(b, b->mapped);
      munmap(b, b->mapped);
    } else
      free(b);
    b = next;
  }
  a->head = NULL;
}

// The link's arena and its threads'.
void arena_release(struct ctx *ctx) {
  release(&ctx->arena);
  for (u32 t = 0; t < MAX_THREADS; t++)
    release(&ctx->thread_arenas[t]);
}

// The arena array v of *cap elements of size bytes, used of them in use,
// with room for one more: itself, or when full a copy twice as large (min
// elements at first).  The old copy stays in the arena.
void *arena_grow(struct ctx *ctx, void *v, u32 used, u32 *cap, u32 size,
                 u32 min) {
  if (used < *cap)
    return v;
  u32 ncap = *cap ? *cap * 2 : min;
  void *nv = arena_alloc(ctx, (u64)ncap * size);
  if (*cap)
    memcpy(nv, v, (u64)used * size);
  *cap = ncap;
  return nv;
}

void vec_push(struct ctx *ctx, struct vec *v, void *p) {
  v->v = arena_grow(ctx, v->v, v->len, &v->cap, sizeof(void *), 8);
  v->v[v->len++] = p;
}

void vec_sort(struct vec *v, int (*cmp)(const void *, const void *)) {
  if (v->len > 1)
    qsort(v->v, v->len, sizeof(void *), cmp);
}
