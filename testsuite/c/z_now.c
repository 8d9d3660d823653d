/* -z now (with RELRO, the default): GNU ld's script puts .got.plt and
   .igot.plt at the start of .got, one section read-only after relocation
   (DATA_SEGMENT_RELRO_END(0, .)): the IFUNC slots and .rela.iplt point
   into it, _GLOBAL_OFFSET_TABLE_ is its start on x86-64 and its first
   GOT entry on AArch64.  -fPIC so that data goes through the GOT too. */
//# cflags: -fPIC
//# ldflags: -Wl,-z,now
#include <stdio.h>
#include <string.h>

extern int shared_counter;
int shared_counter = 4;
static int impl(int x) { return x + 100; }
static int (*resolve_f(void))(int) { return impl; }
int f(int) __attribute__((ifunc("resolve_f")));

int main(void)
{
    int (*fp)(int) = f;
    size_t (*len)(const char *) = strlen;
    char buf[16];
    strcpy(buf, "now");
    printf("%d %d %zu %s %d\n", f(1), fp(2), len(buf), buf, shared_counter);
    return 0;
}
