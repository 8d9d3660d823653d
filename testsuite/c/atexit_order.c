/* atexit handlers run in reverse registration order, interleaved with
   destructors and stdio flushing at exit; handlers registered from
   within a handler; exit status from exit(). */
#include <stdio.h>
#include <stdlib.h>

static void h1(void) { printf("atexit h1\n"); }
static void h2(void) { printf("atexit h2\n"); }
static void late(void) { printf("atexit late (registered by h3)\n"); }
static void h3(void) { printf("atexit h3\n"); atexit(late); }
__attribute__((destructor)) static void dtor(void) { printf("destructor\n"); }

int main(void)
{
    atexit(h1);
    atexit(h2);
    atexit(h3);
    printf("main: buffered output, exiting with 5\n");
    exit(5);
}
