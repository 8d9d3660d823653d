/* x86-64 large-model general-dynamic TLS: the calls to __tls_get_addr
   are relaxed away, so the static link leaves it undefined without an
   error.  With --gc-sections GNU ld lists it in .symtab as an undefined
   global (and not without), which the layout comparison checks through
   .symtab's size.  Found by the random differential test. */
//# arch: x86_64
//# cflags: -fPIC -mcmodel=large -ftls-model=global-dynamic
//# ldflags: -Wl,--gc-sections
#include <stdio.h>

__thread int large_tls = 11;

int main(void)
{
    large_tls += 2;
    printf("%d\n", large_tls);
    return 0;
}
