/* Compute kernel shared by the kernel_O*.c tests: matrix multiply,
   a sieve, CRC32 with a lookup table built at run time, and a
   floating-point reduction.  Compiled with the test's -O level. */
#include <stdint.h>
#include <stdio.h>
#include "kernel.h"

static uint32_t crc_table[256];

static void crc_init(void)
{
    uint32_t i, j, c;
    for (i = 0; i < 256; i++) {
        for (c = i, j = 0; j < 8; j++)
            c = (c & 1) ? 0xedb88320u ^ (c >> 1) : c >> 1;
        crc_table[i] = c;
    }
}

static uint32_t crc32(const unsigned char *p, size_t n)
{
    uint32_t c = 0xffffffffu;
    while (n--)
        c = crc_table[(c ^ *p++) & 0xff] ^ (c >> 8);
    return c ^ 0xffffffffu;
}

#define N 48
static double A[N][N], B[N][N], C[N][N];
static unsigned char sieve[100000];

void run_kernel(const char *tag)
{
    int i, j, k, primes = 0;
    double trace = 0, harmonic = 0;
    for (i = 0; i < N; i++)
        for (j = 0; j < N; j++) {
            A[i][j] = (i + 1) * 0.5 - j * 0.25;
            B[i][j] = (i == j) ? 2.0 : 1.0 / (i + j + 1);
        }
    for (i = 0; i < N; i++)
        for (j = 0; j < N; j++) {
            double s = 0;
            for (k = 0; k < N; k++) s += A[i][k] * B[k][j];
            C[i][j] = s;
        }
    for (i = 0; i < N; i++) trace += C[i][i];
    for (i = 2; i < 100000; i++) {
        if (sieve[i]) continue;
        primes++;
        for (j = i * 2; j < 100000; j += i) sieve[j] = 1;
    }
    for (i = 1; i <= 100000; i++) harmonic += 1.0 / i;
    crc_init();
    printf("%s: trace=%.6f primes=%d harmonic=%.9f crc=%08x\n", tag, trace, primes, harmonic,
           (unsigned)crc32((const unsigned char *)A, sizeof A));
}
