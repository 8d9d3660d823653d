/* Local-dynamic TLS with TLS descriptors (-mtls-dialect=gnu2): the
   descriptor for _TLS_MODULE_BASE_ is relaxed to a TP offset and each
   variable is then reached with R_X86_64_DTPOFF32 in code, so
   _TLS_MODULE_BASE_ must sit where GNU ld puts it (the end of the TLS
   block on x86-64). */
//# arch: x86_64
//# cflags: -O2 -fPIC -ftls-model=local-dynamic -mtls-dialect=gnu2
#include <stdio.h>

static __thread int a = 11;
static __thread long b[4] = {1, 2, 3, 4};
static __thread char z[40];

__attribute__((noinline)) long get(int i) { return a + b[i] + z[i]; }
__attribute__((noinline)) int *pa(void) { return &a; }

int main(void) {
  z[3] = 5;
  printf("%ld %ld %d\n", get(0), get(3), *pa());
  return 0;
}
