/* -z ibtplt: IBT-form IFUNC PLT entries without the IBT property (GNU
   ld's meaning); see z_ibt_iplt.c. */
//# arch: x86_64
//# libc: glibc
//# ldflags: -Wl,-z,ibtplt
//# nopie: a static PIE with an IBT PLT (.plt.sec) is refused by mld, not implemented yet
#include <stdio.h>
#include <string.h>

int main(void)
{
    size_t (*len)(const char *) = strlen;
    char buf[32];
    strcpy(buf, "ibtplt");
    printf("%zu %s\n", len(buf), buf);
    return 0;
}
