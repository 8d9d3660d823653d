/* A GOT access (ADR_GOT_PAGE + LD64_GOT_LO12_NC) to a --defsym absolute
   symbol beyond the 4 GiB an ADRP reaches: its GOT entry must stay, as
   for an SHN_ABS symbol of an object (see aarch64_got_mixed.c). */
//# arch: aarch64
//# cflags: -O2 -fPIC
//# ldflags: -Wl,--defsym=defsym_far=0x123456789abc0
//# nopie: aarch64: GNU ld's AArch64 static PIE relocates absolute symbols' GOT entries by the load address (a GNU ld 2.40 bug: the program sees another value); mld keeps their values
#include <stdio.h>
#include <stdint.h>

extern char defsym_far[];

int main(void)
{
    printf("defsym_far=%#lx\n", (unsigned long)(uintptr_t)defsym_far);
    return 0;
}
