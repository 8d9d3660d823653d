/* A symbol that is so far only COMMON extracts an archive member whose
   own symbol table defines it for real, as GNU ld does: initialised data,
   zero-initialised .bss data (not COMMON) and const data all count, and
   the member brings everything else it defines, here a strong hook that
   replaces a weak one.  A member whose definition is COMMON too, weak, or
   a function is not extracted.  In common_ar_two.a the index lists x_two
   twice, first in a member where it is COMMON: only the second member is
   extracted.  x_chain is COMMON in a member extracted for another reason,
   and a later archive defines it. */
//# cflags: -fcommon
//# archive: libcomm_data.a: inc/common_ar_data.c
//# archive: libcomm_bss.a: inc/common_ar_bss.c
//# archive: libcomm_rodata.a: inc/common_ar_rodata.c
//# archive: libcomm_common.a: inc/common_ar_common.c
//# archive: libcomm_weak.a: inc/common_ar_weak.c
//# archive: libcomm_func.a: inc/common_ar_func.c
//# archive: libcomm_two.a: inc/common_ar_two_c.c inc/common_ar_two_d.c
//# archive: libcomm_chain1.a: inc/common_ar_chain1.c
//# archive: libcomm_chain2.a: inc/common_ar_chain2.c
#include <stdio.h>

int x_data, x_bss, x_rodata, x_common, x_weak, x_func, x_two;
extern int x_chain;

#define HOOK(n) \
    __attribute__((weak)) const char *hook_##n(void) { return "weak"; }
HOOK(data) HOOK(bss) HOOK(rodata) HOOK(common) HOOK(weak) HOOK(func)
HOOK(two_c) HOOK(two_d) HOOK(chain)

int chain1(void);

int main(void)
{
    printf("data   %d %s\n", x_data, hook_data());
    printf("bss    %d %s\n", x_bss, hook_bss());
    printf("rodata %d %s\n", x_rodata, hook_rodata());
    printf("common %d %s\n", x_common, hook_common());
    printf("weak   %d %s\n", x_weak, hook_weak());
    printf("func   %d %s\n", x_func, hook_func());
    printf("two    %d %s %s\n", x_two, hook_two_c(), hook_two_d());
    printf("chain  %d %d %s\n", chain1(), x_chain, hook_chain());
    return 0;
}
