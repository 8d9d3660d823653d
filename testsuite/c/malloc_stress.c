/* Heavy malloc/free/realloc with many sizes, including large blocks
   that go through mmap, and calloc zeroing. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <stdint.h>

#define NSLOTS 512

static uint32_t rng = 12345;
static uint32_t next_rand(void)
{
    rng = rng * 1103515245u + 12345u;
    return rng >> 8;
}

static unsigned char pattern(size_t slot, size_t i)
{
    return (unsigned char)(slot * 31 + i * 7);
}

int main(void)
{
    static void *slot[NSLOTS];
    static size_t size[NSLOTS];
    unsigned long checks = 0, errors = 0;
    int iter;

    for (iter = 0; iter < 5000; iter++) {
        size_t k = next_rand() % NSLOTS;
        uint32_t r = next_rand();
        size_t n;
        if (r % 100 == 0)
            n = (size_t)1 << (17 + r % 3);          /* 128 .. 512 KiB: mmap */
        else if (r % 10 == 0)
            n = 4096 + r % 60000;
        else
            n = r % 300;
        if (slot[k]) {
            /* verify the old contents (at least a prefix) */
            size_t i, lim = size[k] < 64 ? size[k] : 64;
            for (i = 0; i < lim; i++) {
                checks++;
                if (((unsigned char *)slot[k])[i] != pattern(k, i))
                    errors++;
            }
            if (r & 1) {
                free(slot[k]);
                slot[k] = NULL;
                size[k] = 0;
                continue;
            }
            void *p = realloc(slot[k], n ? n : 1);
            if (!p) { puts("realloc failed"); return 1; }
            slot[k] = p;
            size_t old = size[k];
            size[k] = n ? n : 1;
            for (i = old < size[k] ? old : size[k]; i < size[k]; i++)
                ((unsigned char *)p)[i] = pattern(k, i);
        } else {
            void *p = (r & 2) ? calloc(1, n ? n : 1) : malloc(n ? n : 1);
            if (!p) { puts("malloc failed"); return 1; }
            if (r & 2) {
                size_t i;
                for (i = 0; i < n; i++)
                    if (((unsigned char *)p)[i]) { errors++; break; }
            }
            slot[k] = p;
            size[k] = n ? n : 1;
            size_t i;
            for (i = 0; i < size[k]; i++)
                ((unsigned char *)p)[i] = pattern(k, i);
        }
    }
    size_t total = 0;
    int k;
    for (k = 0; k < NSLOTS; k++) {
        total += size[k];
        free(slot[k]);
    }
    /* a few very large ones */
    for (k = 0; k < 8; k++) {
        size_t n = (size_t)(k + 1) << 20;
        char *p = malloc(n);
        if (!p) { puts("big malloc failed"); return 1; }
        memset(p, k, n);
        if (p[n - 1] != k || p[n / 2] != k) errors++;
        free(p);
    }
    void *al = aligned_alloc(4096, 8192);
    printf("aligned_alloc ok: %d\n", al && ((uintptr_t)al % 4096) == 0);
    free(al);
    printf("checks=%lu errors=%lu live_total=%zu\n", checks, errors, total);
    return errors != 0;
}
