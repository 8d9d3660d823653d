/* x86-64 large-model data placed as GNU ld's script places it, with all three large sections of odd sizes, so that .lrodata and .ldata start at addresses their 32-byte-aligned inputs are not aligned to: the inputs move up inside the output sections, whose alignment drops to the address's, and .bss and .ldata end 8-aligned. */
//# arch: x86_64
//# cflags: -mcmodel=medium -mlarge-data-threshold=65536
#include <stdio.h>

char lbss_odd[100003];                 /* .lbss */
char ldata_odd[70001] = {1};           /* .ldata */
const char lrodata_odd[70001] = {2};   /* .lrodata */
char bss_odd[5];                       /* .bss, 5 bytes */

int main(void)
{
    lbss_odd[100002] = 7;
    bss_odd[4] = 3;
    printf("%d %d %d\n", lbss_odd[100002], ldata_odd[0], bss_odd[4]);
    printf("%d\n", lrodata_odd[0]);
    return 0;
}
