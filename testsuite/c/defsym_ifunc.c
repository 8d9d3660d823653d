/* --defsym=ALIAS=SYM where SYM is an IFUNC: the alias takes SYM's type,
   as in GNU ld, so a call through it goes through an IPLT entry and
   reaches the resolved function.  Found by the random differential test
   (testsuite/random). */
//# libc: glibc
//# ldflags: -Wl,--defsym=ds_twice=twice
#include <stdio.h>

static int twice_impl(int x) { return 2 * x; }
static int (*resolve_twice(void))(int) { return twice_impl; }
int twice(int) __attribute__((ifunc("resolve_twice")));
int ds_twice(int);

int main(void)
{
    printf("twice(21) = %d, ds_twice(4) = %d\n", twice(21), ds_twice(4));
    return 0;
}
