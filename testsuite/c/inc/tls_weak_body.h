/* The code of the tls_weak_{a..h}.c helpers of tls_weak_undef_*.c, each
   compiled with its own -ftls-model, dialect and code model, each with
   its own prefix P: the addresses of two undefined weak TLS variables,
   one with an addend. */
extern __thread int tls_weak_v __attribute__((weak));
extern __thread long tls_weak_arr[] __attribute__((weak));

#define CAT2(a, b) a##_##b
#define CAT(a, b) CAT2(a, b)

void *CAT(P, addr)(void)
{
    return &tls_weak_v;
}

void *CAT(P, elem)(void)
{
    return &tls_weak_arr[3];
}
