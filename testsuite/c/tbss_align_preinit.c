/* A .tbss aligned beyond the sections after it (64) at the start of the
   RW segment, then .preinit_array: its alignment moves the location
   counter, as in GNU ld, and RELRO placement honours it (mld once put
   .preinit_array below .tbss, giving a RW PT_LOAD of negative size).
   Found by the random differential tester (musl). */
#include <stdio.h>
__attribute__((aligned(64))) __thread int t;                 /* .tbss, 64-aligned */
static void pre(void) { }
__attribute__((section(".preinit_array"), used)) static void (*p_pre)(void) = pre;
__attribute__((constructor)) static void ctor(void) { puts("ctor"); }
int main(void) { printf("t=%d\n", t); return 0; }
