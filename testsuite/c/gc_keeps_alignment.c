/* --gc-sections: an output section's alignment is that of the input
   sections it keeps, as in GNU ld.  The 64-byte-aligned TLS and data
   sections of the unused functions' variables are collected, so .tdata
   and .data are aligned as the kept inputs need.  Found by the random
   differential test (layout comparison). */
//# cflags: -ffunction-sections -fdata-sections
//# ldflags: -Wl,--gc-sections
#include <stdio.h>

__thread int kept_tls = 5;
__thread int dropped_tls __attribute__((aligned(64))) = 6;
int kept_data = 7;
int dropped_data[4] __attribute__((aligned(64))) = {8};

int unused_reader(void) { return dropped_tls + dropped_data[0]; }

int main(void)
{
    printf("%d %d\n", kept_tls, kept_data);
    return 0;
}
