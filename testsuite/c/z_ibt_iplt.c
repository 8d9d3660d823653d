/* -z ibt: GNU ld marks the output IBT and writes its IFUNC PLT entries
   in the IBT form (endbr64; jmp *slot(%rip); nopw: 16 bytes, 16-aligned),
   with .got.plt slots pointing at the entries themselves.  mld used to
   keep the 8-byte entries, whose addresses (taken here through function
   pointers to IFUNCs) hold no endbr64.  glibc's static string functions
   are IFUNCs; so is the local one below. */
//# arch: x86_64
//# libc: glibc
//# ldflags: -Wl,-z,ibt
//# nopie: a static PIE with an IBT PLT (.plt.sec) is refused by mld, not implemented yet
#include <stdio.h>
#include <string.h>

static int impl(int x) { return x * 7; }
static int (*resolve_twice(void))(int) { return impl; }
int twice(int) __attribute__((ifunc("resolve_twice")));

int main(void)
{
    size_t (*len)(const char *) = strlen;
    int (*t)(int) = twice;
    printf("%zu %d %d\n", len("indirect"), t(3), twice(4));
    return 0;
}
