/* alloca and variable-length arrays, including nested VLAs and
   large-ish stack allocations. */
#include <stdio.h>
#include <alloca.h>
#include <string.h>

static long vla_sum(int n)
{
    long a[n];
    int i;
    long s = 0;
    for (i = 0; i < n; i++) a[i] = (long)i * i;
    for (i = 0; i < n; i++) s += a[i];
    return s;
}

static int matrix_trace(int n)
{
    int m[n][n];
    int i, j, t = 0;
    for (i = 0; i < n; i++) for (j = 0; j < n; j++) m[i][j] = i * n + j;
    for (i = 0; i < n; i++) t += m[i][i];
    return t;
}

static size_t with_alloca(int n)
{
    char *p = alloca((size_t)n);
    memset(p, 'x', (size_t)n - 1);
    p[n - 1] = 0;
    return strlen(p);
}

int main(void)
{
    int n;
    for (n = 1; n <= 4096; n *= 4)
        printf("n=%d vla_sum=%ld trace=%d alloca=%zu\n", n, vla_sum(n), matrix_trace(n < 64 ? n : 64),
               with_alloca(n + 1));
    printf("big alloca: %zu\n", with_alloca(200000));
    return 0;
}
