/* Mergeable string and constant sections (.rodata.str1.1,
   .rodata.cst8/16) with duplicates across objects: contents must be
   right wherever they end up (addresses are not compared). */
//# cflags: -O2
//# sources: inc/strings_other.c
#include <stdio.h>
#include <string.h>

const char *other_string(int i);
double other_const(int i);
const char *other_suffix(void);

static const char *const mine[] = { "shared literal", "only in main", "tail", "literal" };

int main(void)
{
    int i;
    for (i = 0; i < 4; i++)
        printf("main[%d]=%s other[%d]=%s equal=%d\n", i, mine[i], i, other_string(i),
               strcmp(mine[i], other_string(i)) == 0);
    printf("suffix=%s\n", other_suffix());
    volatile double d = 2.718281828;
    printf("consts %.9f %.9f %.9f\n", other_const(0) * d, other_const(1) + 0.1, 3.14159265358979 * d);
    return 0;
}
