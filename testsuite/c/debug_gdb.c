/* -g -O0: gdb sets a breakpoint by file:line (see debug_gdb.gdb; keep
   the line number there in sync with the BREAK HERE line below), runs,
   and prints initialised locals, a global struct and a backtrace.  The
   output of gdb on both executables is compared (addresses filtered). */
//# cflags: -g -O0
//# gdb: debug_gdb.gdb
#include <stdio.h>

struct point { int x, y; const char *label; };
struct point origin = { 3, -4, "origin" };
static int table[5] = { 2, 3, 5, 7, 11 };

static int compute(int n)
{
    int acc = 0, i;
    for (i = 0; i < n; i++)
        acc += table[i] * (i + 1);
    int result = acc * 10;  /* BREAK HERE (line 18) */
    return result;
}

int main(void)
{
    int local = compute(5);
    printf("local=%d\n", local);
    return 0;
}
