// demangle.c: C++ names as people read them, as GNU ld shows them by
// default (--demangle; --no-demangle keeps the mangled form).
//
// mld depends on nothing but libc at run time, so the demangler is the
// C++ runtime's own (__cxa_demangle in libstdc++), loaded with dlopen the
// first time a mangled name is shown.  Without libstdc++ names stay
// mangled, and --demangle says once why.

#include "mld.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdlib.h>

typedef char *demangle_fn(const char *name, char *buf, size_t *len,
                          int *status);

static demangle_fn *cxa_demangle;
static bool tried;
static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;

static demangle_fn *load(struct ctx *ctx) {
  pthread_mutex_lock(&lock);
  if (!tried) {
    tried = true;
    static const char *const libs[] = {"libstdc++.so.6", "libc++abi.so.1",
                                       "libc++.so.1"};
    for (u32 i = 0; i < sizeof(libs) / sizeof(*libs) && !cxa_demangle; i++) {
      void *h = dlopen(libs[i], RTLD_LAZY | RTLD_LOCAL);
      if (h)
        cxa_demangle = (demangle_fn *)dlsym(h, "__cxa_demangle");
    }
    if (!cxa_demangle && ctx->cfg.demangle_explicit)
      warn(ctx, "--demangle: no C++ runtime (libstdc++.so.6) to demangle "
           "with; names stay mangled");
  }
  pthread_mutex_unlock(&lock);
  return cxa_demangle;
}

// The name to show for a symbol: demangled if it is a mangled C++ name
// and demangling is on, otherwise the name itself.  The result lives in
// the arena.
const char *demangled(struct ctx *ctx, const char *name) {
  if (ctx->cfg.no_demangle || name[0] != '_' || name[1] != 'Z')
    return name;
  demangle_fn *fn = load(ctx);
  if (!fn)
    return name;
  int status = 0;
  char *d = fn(name, NULL, NULL, &status);
  if (status || !d) {
    free(d);
    return name;
  }
  const char *r = arena_strndup(ctx, d, strlen(d));
  free(d);
  return r;
}
