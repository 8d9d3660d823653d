/* x86-64: a tentative definition that is large COMMON (SHN_X86_64_LCOMMON)
   in one object and ordinary COMMON in another becomes ordinary whatever
   the sizes and the order, as in GNU ld: it goes in .bss, its GOT loads
   are relaxed, and .lbss stays as an empty section.  Found by the random
   differential test (layout comparison). */
//# arch: x86_64
//# cflags: -fcommon -mcmodel=medium -mlarge-data-threshold=0
//# file-cflags: inc/large_common_ordinary_b.c: -fcommon -mcmodel=small
//# sources: inc/large_common_ordinary_b.c
#include <stdio.h>

char lc_mixed_small_first[4];
char lc_mixed_large_first[8];
int large_common_ordinary_b(void);

int main(void)
{
    lc_mixed_small_first[0] = 1;
    lc_mixed_large_first[0] = 2;
    printf("%d\n", large_common_ordinary_b());
    return 0;
}
