/* -mcmodel=tiny (the image must fit in 1 MiB): gcc takes addresses with
   ADR (R_AARCH64_ADR_PREL_LO21), here of data in another object, with
   addends; literal loads (LDR, R_AARCH64_LD_PREL_LO19) of a word, a
   doubleword and a double defined in another object are written in asm,
   since gcc only uses them within a section.  -fno-pie: under the
   default -fPIE, gcc reads addresses from the GOT instead
   (R_AARCH64_GOT_LD_PREL19, see aarch64_mcmodel_tiny_pic.c). */
//# arch: aarch64
//# cflags: -O2 -mcmodel=tiny -fno-pie
//# sources: inc/aarch64_tiny_other.c
#include <stdio.h>

extern int tiny_word;
extern long tiny_dword;
extern const double tiny_const;
extern char tiny_bytes[16];
int tiny_bump(int by);
int *tiny_counter_addr(void);

static int local_word = 77;

int main(void)
{
    int w;
    long d;
    double c;
    char *p3;
    int *lw;
    __asm__("ldr %w0, tiny_word" : "=r"(w));
    __asm__("ldr %0, tiny_dword" : "=r"(d));
    __asm__("ldr %d0, tiny_const" : "=w"(c));
    __asm__("adr %0, tiny_bytes+3" : "=r"(p3));
    __asm__("adr %0, %1" : "=r"(lw) : "S"(&local_word));
    printf("ldr: w=%#x d=%ld c=%.2f\n", w, d, c);
    printf("adr: %c%c same=%d local=%d\n", p3[0], p3[1], p3 == &tiny_bytes[3], *lw);
    tiny_bytes[5] = 'X';
    tiny_word += 1;
    printf("c: %s %#x %d %d same=%d\n", tiny_bytes, tiny_word, tiny_bump(4), tiny_bump(10),
           tiny_counter_addr() == tiny_counter_addr());
    return 0;
}
