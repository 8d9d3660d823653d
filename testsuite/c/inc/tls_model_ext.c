/* TLS definitions used by inc/tls_model_body.h (compiled with the same
   TLS model flags as the test). */
__thread int ext_a = 3;
__thread long ext_b[8] = { 1, 2, 3, 4, 5, 6, 7, 8 };
__thread char ext_zero[32];

int *ext_a_addr(void)
{
    return &ext_a;
}
