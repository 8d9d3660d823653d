/* qsort and bsearch with callbacks over ints, strings and structs. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct rec { int key; char name[12]; };

static int cmp_int(const void *a, const void *b)
{
    int x = *(const int *)a, y = *(const int *)b;
    return (x > y) - (x < y);
}
static int cmp_int_desc(const void *a, const void *b) { return cmp_int(b, a); }
static int cmp_str(const void *a, const void *b)
{
    return strcmp(*(const char *const *)a, *(const char *const *)b);
}
static int cmp_rec(const void *a, const void *b)
{
    const struct rec *x = a, *y = b;
    if (x->key != y->key) return x->key < y->key ? -1 : 1;
    return strcmp(x->name, y->name);
}

typedef int (*cmp_fn)(const void *, const void *);
static const cmp_fn int_cmps[] = { cmp_int, cmp_int_desc };

int main(void)
{
    static int v[5000];
    unsigned s = 7;
    int i, j;
    for (i = 0; i < 5000; i++) { s = s * 1664525u + 1013904223u; v[i] = (int)(s >> 12) % 100000; }
    for (j = 0; j < 2; j++) {
        qsort(v, 5000, sizeof v[0], int_cmps[j]);
        long sum = 0; int ok = 1;
        for (i = 1; i < 5000; i++) { if (int_cmps[j](&v[i - 1], &v[i]) > 0) ok = 0; sum += (long)v[i] * i; }
        printf("order %d: sorted=%d first=%d last=%d weighted=%ld\n", j, ok, v[0], v[4999], sum);
    }
    qsort(v, 5000, sizeof v[0], cmp_int);
    int found = 0;
    for (i = 0; i < 100000; i += 997) {
        int *p = bsearch(&i, v, 5000, sizeof v[0], cmp_int);
        if (p) found++;
    }
    printf("bsearch found %d\n", found);

    const char *words[] = { "pear", "apple", "fig", "banana", "kiwi", "cherry", "date", "apricot" };
    size_t nw = sizeof words / sizeof words[0];
    qsort(words, nw, sizeof words[0], cmp_str);
    for (i = 0; i < (int)nw; i++) printf("%s%c", words[i], i + 1 < (int)nw ? ' ' : '\n');
    const char *key = "fig";
    const char **hit = bsearch(&key, words, nw, sizeof words[0], cmp_str);
    printf("fig at %d\n", hit ? (int)(hit - words) : -1);

    struct rec r[6] = { {3, "c"}, {1, "z"}, {3, "a"}, {2, "m"}, {1, "b"}, {0, "q"} };
    qsort(r, 6, sizeof r[0], cmp_rec);
    for (i = 0; i < 6; i++) printf("(%d,%s)", r[i].key, r[i].name);
    printf("\n");
    return 0;
}
