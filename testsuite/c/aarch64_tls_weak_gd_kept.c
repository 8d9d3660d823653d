/* AArch64 general-dynamic code (traditional dialect) against an undefined
   weak TLS variable: GNU ld keeps the call to __tls_get_addr with a GOT
   pair (module 1, the offset of address 0 in the block), and the address
   is TP-relative garbage that both links must agree on.  The tiny-model
   initial-exec reference lives elsewhere (another object's GOT entry).
   Found by the random differential test (layout comparison). */
//# arch: aarch64
//# cflags: -O2 -fPIC -ftls-model=global-dynamic -mtls-dialect=trad
//# sources: inc/tls_weak_tiny_ie.c
//# file-cflags: inc/tls_weak_tiny_ie.c: -mcmodel=tiny -ftls-model=initial-exec
#include <stdio.h>

extern __thread int tls_weak_gd_absent __attribute__((weak));
long tls_weak_tiny_ie_offset(void);

__attribute__((noinline)) static long gd_offset(void)
{
    return (char *)&tls_weak_gd_absent - (char *)__builtin_thread_pointer();
}

int main(void)
{
    printf("%ld %ld\n", gd_offset(), tls_weak_tiny_ie_offset());
    return 0;
}
