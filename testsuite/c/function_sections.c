/* -ffunction-sections -fdata-sections without --gc-sections: every
   input section is kept and merged into the usual output sections. */
//# cflags: -ffunction-sections -fdata-sections
//# sources: inc/sections_lib.c
#include <stdio.h>

int used_fn1(int), used_fn2(int), used_fn3(int), unused_fn1(int);
extern const char used_string[];

static int local_table[8] = { 8, 7, 6, 5, 4, 3, 2, 1 };

int main(void)
{
    int i, s = 0;
    for (i = 0; i < 8; i++) s += used_fn1(local_table[i]) + used_fn2(i) + used_fn3(i);
    printf("sum=%d str=%s unused_fn1(3)=%d\n", s, used_string, unused_fn1(3));
    return 0;
}
