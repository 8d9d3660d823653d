/* A 64 MiB zero-initialised array (and a 16 MiB one in another object)
   touched sparsely; .bss must be zero and large. */
//# sources: inc/large_bss_other.c
#include <stdio.h>
#include <stddef.h>

#define BIG (64u << 20)
static unsigned char big[BIG];
extern unsigned char other_big[16u << 20];
int sum_other(void);

int main(void)
{
    size_t i;
    unsigned long nonzero = 0, sum = 0;
    for (i = 0; i < BIG; i += 4096 * 16 + 1)
        if (big[i]) nonzero++;
    for (i = 0; i < BIG; i += 1u << 20)
        big[i] = (unsigned char)(i >> 20);
    for (i = 0; i < BIG; i += 1u << 20)
        sum += big[i];
    big[BIG - 1] = 7;
    other_big[0] = 1;
    other_big[sizeof other_big - 1] = 2;
    printf("nonzero=%lu sum=%lu last=%d other=%d\n", nonzero, sum, big[BIG - 1], sum_other());
    return 0;
}
