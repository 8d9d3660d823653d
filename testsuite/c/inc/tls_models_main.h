/* main() of the TLS model tests (aarch64_tls_*.c, tls_cmodel_*.c): every
   access model must see the same addresses and values as the others and as
   main's own (global-dynamic) accesses, in the main thread and in a new
   one, whose block starts from .tdata and a zeroed .tbss again. */
#include <stdio.h>
#include <stdint.h>
#include <pthread.h>
#include "inc/tls_models_body.h"

#define DECLARE(p) \
    void p##_view(struct tls_view *v); \
    void p##_bump(int k);
DECLARE(gd) DECLARE(ld) DECLARE(ie) DECLARE(le)

enum { NMODELS = 4 };
static const char *const names[NMODELS] = { "gd", "ld", "ie", "le" };
static void (*const views[NMODELS])(struct tls_view *) = { gd_view, ld_view, ie_view, le_view };
static void (*const bumps[NMODELS])(int) = { gd_bump, ld_bump, ie_bump, le_bump };

static void report(const char *who)
{
    void *mine[6] = { &tls_c1, &tls_z1, &tls_l8, &tls_z8, &tls_b64, &tls_z64 };
    struct tls_view v[NMODELS];
    int i, j, same = 1;
    for (i = 0; i < NMODELS; i++) {
        views[i](&v[i]);
        for (j = 0; j < 6; j++) same &= v[i].addr[j] == mine[j];
    }
    printf("%s: same_addr=%d aligned=%d%d%d c1=%d z1=%d l8=%#lx z8=%ld b64=%ld,%ld,%ld "
           "z64=%ld,%ld,%ld\n", who, same, (uintptr_t)&tls_l8 % 8 == 0,
           (uintptr_t)&tls_b64 % 64 == 0, (uintptr_t)&tls_z64 % 64 == 0, tls_c1, tls_z1,
           tls_l8, tls_z8, tls_b64.v[0], tls_b64.v[1], tls_b64.v[2], tls_z64.v[0],
           tls_z64.v[1], tls_z64.v[2]);
    for (i = 0; i < NMODELS; i++)
        printf("  %s: sum=%ld own=%ld\n", names[i], v[i].sum, v[i].own);
}

static void *thread_fn(void *arg)
{
    report("thread start");
    bumps[(intptr_t)arg](100);
    report("thread after le bump");
    return NULL;
}

int main(void)
{
    pthread_t t;
    int i;
    report("main start");
    for (i = 0; i < NMODELS; i++) {
        char who[32];
        bumps[i](i + 1);
        snprintf(who, sizeof who, "main after %s bump", names[i]);
        report(who);
    }
    pthread_create(&t, NULL, thread_fn, (void *)(intptr_t)3);
    pthread_join(t, NULL);
    report("main end");
    return 0;
}
