/* As large_common_ordinary.c, with --gc-sections collecting the only
   real .lbss input (8-aligned): the empty .lbss GNU ld keeps has the
   alignment of what is left in it, 1.  Found by the random differential
   test (layout comparison). */
//# arch: x86_64
//# cflags: -fcommon -mcmodel=medium -mlarge-data-threshold=0 -fdata-sections -ffunction-sections
//# file-cflags: inc/large_common_ordinary_b.c: -fcommon -mcmodel=small
//# sources: inc/large_common_ordinary_b.c
//# ldflags: -Wl,--gc-sections
#include <stdio.h>

char lc_mixed_small_first[4];
char lc_mixed_large_first[8];
static long lbss_unused;        /* .lbss.lbss_unused, collected */
int large_common_ordinary_b(void);

long *lbss_unused_addr(void) { return &lbss_unused; }

int main(void)
{
    lc_mixed_small_first[0] = 1;
    lc_mixed_large_first[0] = 2;
    printf("%d\n", large_common_ordinary_b());
    return 0;
}
