/* __thread variables: initialised and zero-initialised, several
   alignments (char, int, 16, 64-byte aligned struct), TLS arrays,
   extern __thread defined in another object, and the address of a
   TLS variable passed to another thread. */
//# cflags: -pthread
//# ldflags: -pthread
//# sources: inc/tls_defs.c
#include <stdio.h>
#include <string.h>
#include <stdint.h>
#include <pthread.h>
#include "inc/tls_shared.h"

struct big { char tag; long long v[3]; } __attribute__((aligned(64)));

static __thread char tls_c = 'x';
static __thread char tls_c0;
__thread int tls_i = 42;
__thread int tls_i0;
static __thread long double tls_ld16 __attribute__((aligned(16))) = 1.5L;
static __thread struct big tls_big = { 'B', { 1, 2, 3 } };
static __thread struct big tls_big0;
static __thread int tls_arr[100] = { 1, 2, 3, [99] = 99 };
static __thread int tls_arr0[1000];

static int check_alignment(void)
{
    return ((uintptr_t)&tls_ld16 % 16 == 0) && ((uintptr_t)&tls_big % 64 == 0) &&
           ((uintptr_t)&tls_big0 % 64 == 0);
}

static long summarize(char *out, size_t outlen, const char *who)
{
    long s = tls_c + tls_c0 + tls_i + tls_i0 + (long)tls_ld16 + tls_big.tag + tls_big.v[2] +
             tls_big0.tag + tls_arr[0] + tls_arr[99] + tls_arr0[999] + ext_tls_counter + ext_tls_zero;
    snprintf(out, outlen, "%s: c=%c c0=%d i=%d i0=%d ld=%.1Lf big=%c,%lld big0=%d arr=%d,%d,%d ext=%d,%s,%ld aligned=%d sum=%ld\n",
           who, tls_c, tls_c0, tls_i, tls_i0, tls_ld16, tls_big.tag, tls_big.v[2], tls_big0.tag,
           tls_arr[0], tls_arr[99], tls_arr0[999], ext_tls_counter, ext_tls_name, ext_tls_zero,
           check_alignment(), s);
    return s;
}

static void mutate(int k)
{
    int i;
    tls_c = (char)('a' + k);
    tls_c0 = (char)k;
    tls_i += k;
    tls_i0 = k * 10;
    tls_ld16 += k;
    tls_big.v[2] = k * 7;
    tls_big0.tag = (char)(k + 1);
    for (i = 0; i < 100; i++) tls_arr[i] += k;
    for (i = 0; i < 1000; i++) tls_arr0[i] = i * k;
    bump_ext_counter(k);
    ext_tls_name[0] = (char)('A' + k);
    ext_tls_zero = -k;
}

static pthread_barrier_t barrier;

struct job { int k; int *foreign; long result; char initial[256], final[256]; };

static void print_summary(const char *who)
{
    char buf[256];
    summarize(buf, sizeof buf, who);
    fputs(buf, stdout);
}

static void *worker(void *arg)
{
    struct job *j = arg;
    char name[16];
    /* a fresh thread sees the initial values */
    snprintf(name, sizeof name, "t%d-initial", j->k);
    summarize(j->initial, sizeof j->initial, name);
    pthread_barrier_wait(&barrier);
    mutate(j->k);
    /* write through the main thread's TLS address we were handed */
    __atomic_fetch_add(j->foreign, j->k, __ATOMIC_SEQ_CST);
    pthread_barrier_wait(&barrier);
    /* check our own external TLS address is distinct from main's */
    j->result = (ext_counter_addr() != j->foreign) + ext_tls_counter * 1000L;
    snprintf(name, sizeof name, "t%d-final", j->k);
    summarize(j->final, sizeof j->final, name);
    return NULL;
}

int main(void)
{
    enum { N = 3 };
    pthread_t t[N];
    struct job jobs[N];
    int k;
    print_summary("main-initial");
    pthread_barrier_init(&barrier, NULL, N);
    for (k = 0; k < N; k++) {
        jobs[k].k = k + 1;
        jobs[k].foreign = &tls_i;
        pthread_create(&t[k], NULL, worker, &jobs[k]);
    }
    for (k = 0; k < N; k++)
        pthread_join(t[k], NULL);
    for (k = 0; k < N; k++)
        printf("%s%sjob %d result %ld\n", jobs[k].initial, jobs[k].final, jobs[k].k, jobs[k].result);
    printf("main tls_i after foreign writes: %d\n", tls_i);
    print_summary("main-final");
    mutate(9);
    print_summary("main-mutated");
    printf("ext via pointer: %d\n", *ext_counter_addr());
    return 0;
}
