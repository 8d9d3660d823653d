#include "registry.h"
static int cube(int x) { return x * x * x; }
REGISTER(b1, "b.cube", cube, 5);
