/* AArch64 TLS descriptors against undefined weak variables that also have
   initial-exec references: GNU ld makes the descriptors initial-exec from
   the GOT entry (default visibility) or local-exec with the value 0
   (hidden).  Without such a reference GNU ld 2.40 crashes or writes a
   call through a null descriptor, which mld refuses (tests/).  Found by
   the random differential test. */
//# arch: aarch64
//# cflags: -O2 -fPIC -mtls-dialect=desc
//# sources: inc/tls_weak_desc_ie.c
//# file-cflags: inc/tls_weak_desc_ie.c: -ftls-model=initial-exec
//# nopie: aarch64: the address of an undefined weak TLS variable: GNU ld's static PIE leaves its code unrelaxed or gives another offset than its static link (no program can use it); mld gives the static link's
#include <stdio.h>

extern __thread int tls_desc_absent __attribute__((weak));
extern __thread int tls_desc_absent_hidden
    __attribute__((weak, visibility("hidden")));
long tls_desc_ie_offsets(void);

__attribute__((noinline)) static long desc_offset(void)
{
    return (char *)&tls_desc_absent - (char *)__builtin_thread_pointer();
}

__attribute__((noinline)) static long desc_offset_hidden(void)
{
    return (char *)&tls_desc_absent_hidden -
           (char *)__builtin_thread_pointer();
}

int main(void)
{
    printf("%ld %ld %ld\n", tls_desc_ie_offsets(), desc_offset(),
           desc_offset_hidden());
    return 0;
}
