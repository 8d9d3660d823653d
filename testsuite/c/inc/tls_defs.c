/* Helper for tls_basic.c: __thread variables defined here, used there. */
#include "tls_shared.h"

__thread int ext_tls_counter = 1000;
__thread char ext_tls_name[16] = "external";
__thread long ext_tls_zero;

int bump_ext_counter(int by)
{
    ext_tls_counter += by;
    return ext_tls_counter;
}

int *ext_counter_addr(void)
{
    return &ext_tls_counter;
}
