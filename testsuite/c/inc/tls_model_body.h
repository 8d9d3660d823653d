/* Shared body of the tls_model_*.c tests.  Each test compiles this with
   a different -ftls-model / -mtls-dialect so that the linker sees (and
   must resolve or relax) the corresponding TLS relocations: local
   variables, variables defined in another object (inc/tls_model_ext.c),
   and access from several threads. */
#include <stdio.h>
#include <stdint.h>
#include <pthread.h>

extern __thread int ext_a;
extern __thread long ext_b[8];
extern __thread char ext_zero[32];
int *ext_a_addr(void);

static __thread int loc_a = 7;
static __thread long loc_b[4] = { 10, 20, 30, 40 };
static __thread int loc_zero;
__thread short glob_c = -3;
__thread double glob_d __attribute__((aligned(32))) = 0.25;

__attribute__((noinline)) static long tls_sum(void)
{
    long s = loc_a + loc_zero + glob_c + (long)(glob_d * 100) + ext_a;
    int i;
    for (i = 0; i < 4; i++) s += loc_b[i];
    for (i = 0; i < 8; i++) s += ext_b[i];
    for (i = 0; i < 32; i++) s += ext_zero[i];
    return s;
}

__attribute__((noinline)) static void tls_mutate(int k)
{
    int i;
    loc_a += k;
    loc_zero = k * 2;
    glob_c = (short)(glob_c - k);
    glob_d += k;
    ext_a *= k + 1;
    for (i = 0; i < 4; i++) loc_b[i] += k;
    for (i = 0; i < 8; i++) ext_b[i] = ext_b[i] * 2 + k;
    for (i = 0; i < 32; i++) ext_zero[i] = (char)k;
}

struct res { long before, after; int same_ext_addr, aligned; };

static void *thread_fn(void *arg)
{
    struct res *r = arg;
    int k = (int)r->before;
    r->before = tls_sum();
    tls_mutate(k);
    r->after = tls_sum();
    r->same_ext_addr = ext_a_addr() == &ext_a;
    r->aligned = (uintptr_t)&glob_d % 32 == 0;
    return NULL;
}

int main(void)
{
    enum { N = 3 };
    pthread_t t[N];
    struct res r[N];
    int k;
    printf("main before: %ld\n", tls_sum());
    for (k = 0; k < N; k++) {
        r[k].before = k + 1;
        pthread_create(&t[k], NULL, thread_fn, &r[k]);
    }
    for (k = 0; k < N; k++) {
        pthread_join(t[k], NULL);
        printf("thread %d: before=%ld after=%ld same_ext_addr=%d aligned=%d\n", k + 1,
               r[k].before, r[k].after, r[k].same_ext_addr, r[k].aligned);
    }
    printf("main unchanged: %ld\n", tls_sum());
    tls_mutate(5);
    printf("main after: %ld loc_a=%d glob_c=%d glob_d=%.2f ext_a=%d ext_b[7]=%ld\n", tls_sum(),
           loc_a, glob_c, glob_d, ext_a, ext_b[7]);
    printf("main ext addr same: %d aligned: %d\n", ext_a_addr() == &ext_a, (uintptr_t)&glob_d % 32 == 0);
    return 0;
}
