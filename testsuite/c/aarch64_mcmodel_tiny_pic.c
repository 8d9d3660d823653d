/* -mcmodel=tiny with -fPIE (gcc's default here) and -fPIC: addresses of
   data in another object are read from the GOT with an LDR literal
   (R_AARCH64_GOT_LD_PREL19), which GNU ld supports in static links. */
//# arch: aarch64
//# cflags: -O2 -mcmodel=tiny -fPIE
//# sources: inc/aarch64_tiny_other.c
//# file-cflags: inc/aarch64_tiny_other.c: -fPIC
#include <stdio.h>

extern int tiny_word;
extern long tiny_dword;
extern char tiny_bytes[16];
int tiny_bump(int by);
int *tiny_counter_addr(void);

int main(void)
{
    tiny_bytes[1] = 'B';
    tiny_word -= 0x100;
    printf("%s %#x %ld %d %d same=%d\n", tiny_bytes, tiny_word, tiny_dword, tiny_bump(1),
           *tiny_counter_addr(), tiny_counter_addr() == tiny_counter_addr());
    return 0;
}
