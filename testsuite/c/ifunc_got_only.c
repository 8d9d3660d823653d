/* An IFUNC whose address is only loaded from the GOT (-fPIC) and called,
   never taken otherwise: GNU ld lets the GOT load read its .got.plt slot
   (the resolved function) instead of making a GOT entry for it, on both
   targets; the layout comparison checks the GOT's size.  Found by the
   random differential test on AArch64.  (musl has no IFUNC.) */
//# libc: glibc
//# cflags: -O1 -fPIC
//# sources: inc/ifunc_got_only_def.c
//# file-cflags: inc/ifunc_got_only_def.c: -fno-pic
//# nopie: x86_64: inc/ifunc_got_only_def.c is -fno-pic: R_X86_64_32 against .text, refused in a PIE (AArch64's -fno-pic code links)
#include <stdio.h>

int ifunc_got_only(void);
int (*volatile ifunc_got_only_ptr)(void);

int main(void)
{
    ifunc_got_only_ptr = ifunc_got_only;
    printf("%d %d\n", ifunc_got_only_ptr(), ifunc_got_only());
    return 0;
}
