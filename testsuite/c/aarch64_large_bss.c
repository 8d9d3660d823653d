/* A 256 MiB .bss array touched sparsely, then .bss, .data and a 16 MiB
   COMMON array of another object: ADRP reaches the far end of the array
   and what lies beyond it (page deltas above 256 MiB), .bss must read
   as zero, and .data after it keeps its values. */
//# arch: aarch64
//# cflags: -O2
//# sources: inc/aarch64_bss_other.c
//# file-cflags: inc/aarch64_bss_other.c: -fcommon
#include <stdio.h>
#include <stdint.h>

#define HUGE (256ul << 20)
unsigned char huge[HUGE];
extern long bss_after[8];
extern int data_after;
extern const char *data_after_str;
extern int common_big[4 << 20];
long bss_after_sum(void);
extern char _end[], __bss_start[];

/* The address of huge[HUGE - 8] straight from ADRP + ADD with the offset
   in the addend. */
static unsigned char *huge_tail(void)
{
    unsigned char *p;
    __asm__("adrp %0, %1+0xffffff8\n\t"
            "add %0, %0, :lo12:%1+0xffffff8" : "=r"(p) : "S"(huge));
    return p;
}

int main(void)
{
    unsigned long i, nonzero = 0, sum = 0;
    for (i = 0; i < HUGE; i += (1ul << 20) + 4097)
        if (huge[i]) nonzero++;
    for (i = 0; i < HUGE; i += 1ul << 22)
        huge[i] = (unsigned char)(i >> 22);
    for (i = 0; i < HUGE; i += 1ul << 22)
        sum += huge[i];
    huge_tail()[7] = 0x5a;
    for (i = 0; i < 8; i++) bss_after[i] = (long)i - 3;
    common_big[0] = 1000;
    common_big[(4 << 20) - 1] = 2000;
    printf("nonzero=%lu sum=%lu tail=%#x same_tail=%d\n", nonzero, sum, huge[HUGE - 1],
           huge_tail() == &huge[HUGE - 8]);
    printf("after: data=%d %s sum=%ld\n", data_after, data_after_str, bss_after_sum());
    printf("order: bss_after past huge=%d common past huge=%d bss_start<=huge=%d end>=all=%d\n",
           (uintptr_t)bss_after >= (uintptr_t)huge + HUGE,
           (uintptr_t)common_big >= (uintptr_t)huge + HUGE,
           (uintptr_t)__bss_start <= (uintptr_t)huge,
           (uintptr_t)_end >= (uintptr_t)huge + HUGE &&
               (uintptr_t)_end >= (uintptr_t)(common_big + (4 << 20)) &&
               (uintptr_t)_end >= (uintptr_t)(bss_after + 8));
    printf("aligned=%d\n", (uintptr_t)bss_after % 4096 == 0);
    return 0;
}
