/* The code of the tls_models_{gd,ld,ie,le}.c helpers, each compiled with
   its own -ftls-model (and, by the test, -mtls-dialect), each with its
   own prefix P: they read and change the variables of tls_models_defs.c
   and one static TLS variable of their own, initialised, and one zero. */
#ifndef TLS_MODELS_BODY_H
#define TLS_MODELS_BODY_H

struct blk64 { long v[3]; } __attribute__((aligned(64)));

extern __thread char tls_c1, tls_z1;
extern __thread long tls_l8, tls_z8;
extern __thread struct blk64 tls_b64, tls_z64;

/* What one model sees: the six addresses, and a sum of the values. */
struct tls_view {
    void *addr[6];
    long sum;
    long own;          /* the two static variables */
};

#endif

#ifdef P
#define CAT2(a, b) a##_##b
#define CAT(a, b) CAT2(a, b)

static __thread int CAT(P, own) = P_INIT;
static __thread long CAT(P, own_zero);

void CAT(P, view)(struct tls_view *v)
{
    v->addr[0] = &tls_c1;
    v->addr[1] = &tls_z1;
    v->addr[2] = &tls_l8;
    v->addr[3] = &tls_z8;
    v->addr[4] = &tls_b64;
    v->addr[5] = &tls_z64;
    v->sum = tls_c1 + tls_z1 + (tls_l8 & 0xffff) + tls_z8 + tls_b64.v[0] * 100 +
             tls_b64.v[2] + tls_z64.v[1];
    v->own = CAT(P, own) * 1000 + CAT(P, own_zero);
}

void CAT(P, bump)(int k)
{
    tls_c1 += k;
    tls_z1 += k;
    tls_l8 += k;
    tls_z8 += k;
    tls_b64.v[0] += k;
    tls_z64.v[1] += k;
    CAT(P, own) += k;
    CAT(P, own_zero) += 2 * k;
}
#endif
