/* x86-64 .ldata with a 16 KiB-aligned input at the script's address,
   which is not aligned: the section header shows the address's
   alignment, but the PT_LOAD's p_align is the input's, as in GNU ld.
   Found by the random differential test (layout comparison). */
//# arch: x86_64
//# cflags: -mcmodel=medium -mlarge-data-threshold=0
#include <stdio.h>

char large_odd_byte = 1;                                       /* .ldata */
char large_page_aligned[8] __attribute__((aligned(16384))) = {2};

int main(void)
{
    printf("%d %d %d\n", large_odd_byte, large_page_aligned[0],
           (int)((unsigned long)large_page_aligned % 16384));
    return 0;
}
