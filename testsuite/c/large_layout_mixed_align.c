/* x86-64 .lrodata at GNU ld's script address when its first input is less
   aligned than a later one: each input is aligned in the address space,
   not by padding the section's start.  Found by the random differential
   test. */
//# arch: x86_64
//# cflags: -mcmodel=medium -mlarge-data-threshold=64 -fdata-sections
#include <stdio.h>

/* First in .lrodata: three bytes, aligned to 1. */
__asm__(".section .lrodata,\"al\"\n"
        "large_ro_bytes: .byte 1, 2, 3\n"
        ".text\n");
extern const char large_ro_bytes[3];
const char large_ro_c[96] __attribute__((aligned(32))) = "c";    /* align 32 */
char large_bss_odd[131];        /* .lbss: .lrodata starts 8 past 32 */

int main(void)
{
    large_bss_odd[130] = 4;
    printf("%d %s %d\n", large_ro_bytes[2], large_ro_c, large_bss_odd[130]);
    return 0;
}
