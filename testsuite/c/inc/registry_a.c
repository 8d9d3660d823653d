#include "registry.h"
static int square(int x) { return x * x; }
REGISTER(a1, "a.square", square, 3);
static int inc(int x) { return x + 1; }
REGISTER(a2, "a.inc", inc, 4);
