/* --defsym: an alias of a function and an absolute symbol. */
//# ldflags: -Wl,--defsym=alias_fn=real_fn -Wl,--defsym=magic_abs=0x1234
//# nopie: x86_64: prints magic_abs (--defsym=magic_abs=0x1234), which -fPIE code takes PC-relatively (lea): in a static-pie that is the load address + 0x1234, another value at every run (AArch64 loads it from the GOT: 0x1234)
//# nopie: aarch64: GNU ld's AArch64 static PIE relocates absolute symbols' GOT entries by the load address (a GNU ld 2.40 bug: the program sees another value); mld keeps their values
#include <stdio.h>
#include <stdint.h>

int real_fn(int x) { return x * 11; }
int alias_fn(int x);
extern char magic_abs[];

int main(void)
{
    int (*volatile pa)(int) = alias_fn, (*volatile pr)(int) = real_fn;
    printf("alias_fn(3)=%d same=%d magic_abs=%#lx\n", alias_fn(3), pa == pr,
           (unsigned long)(uintptr_t)magic_abs);
    return 0;
}
