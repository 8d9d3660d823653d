/* The quick-start demo: a static program with the pieces a static
   linker must get right (TLS, IFUNC'd string functions, stdio, floating
   point, constructors), linked by mld. */
#include <math.h>
#include <stdio.h>
#include <string.h>

static __thread int calls = 40;
static int ready;

__attribute__((constructor)) static void init(void) { ready = 1; }

int main(void) {
  char buf[64];
  calls++;
  snprintf(buf, sizeof(buf), "linked by mld: %d %.3f", ++calls, sqrt(2.0));
  printf("%s (%zu chars, ctor %s)\n", buf, strlen(buf), ready ? "ran" : "missing");
  return 0;
}
