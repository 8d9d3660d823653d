#include <stdio.h>
int chain_unused(void) { return 1; }
__attribute__((constructor)) static void unused_ctor(void) { puts("chain_unused member was linked!"); }
