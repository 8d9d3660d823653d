/* x86-64 large-model data placed as GNU ld's script places it, without .lrodata: the script still moves the location counter to where .lrodata would start, so .ldata starts two pages after .lbss, in its own segment (file contents after zero-fill start a new PT_LOAD). */
//# arch: x86_64
//# cflags: -mcmodel=medium -mlarge-data-threshold=65536
#include <stdio.h>

char lbss_odd[100003];                 /* .lbss */
char ldata_odd[70001] = {1};           /* .ldata */
char bss_odd[5];                       /* .bss, 5 bytes */

int main(void)
{
    lbss_odd[100002] = 7;
    bss_odd[4] = 3;
    printf("%d %d %d\n", lbss_odd[100002], ldata_odd[0], bss_odd[4]);
    return 0;
}
