/* --exclude-libs: the global symbols defined by members of the named
   archives (here libexcl.a; ALL would take libc.a too) are hidden, as GNU
   ld makes them: .symtab lists them GLOBAL HIDDEN.  libkept.a's stay
   default. */
//# archive: libexcl.a: inc/exclude_libs_a.c
//# archive: libkept.a: inc/exclude_libs_b.c
//# ldflags: -Wl,--exclude-libs=libother.a:libexcl.a
#include <stdio.h>

int excl_value(void);
int kept_value(void);

int main(void)
{
    printf("%d %d\n", excl_value(), kept_value());
    return 0;
}
