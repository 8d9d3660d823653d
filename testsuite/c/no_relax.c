/* --no-relax: GNU ld keeps every x86-64 GOT load (R_X86_64_GOTPCRELX and
   REX_GOTPCRELX are not rewritten to lea/mov/direct calls), so .got keeps
   an entry per symbol loaded through it; AArch64 (which mld, like GNU ld,
   never relaxes outside TLS) is unchanged.  Compiled -fPIC so that data
   and calls go through the GOT; the undefined weak symbol's load is one
   GNU ld would otherwise turn into an immediate 0. */
//# cflags: -fPIC
//# sources: inc/no_relax_other.c
//# ldflags: -Wl,--no-relax
#include <stdio.h>

extern int nr_counter;
extern const char nr_name[];
extern int nr_bump(int by);
extern int nr_missing(void) __attribute__((weak));
extern int nr_missing_var __attribute__((weak));

int main(void)
{
    int (*fp)(int) = nr_bump;
    nr_counter += fp(2);
    printf("%s %d %d %d\n", nr_name, nr_bump(3), nr_counter,
           (nr_missing ? 1 : 0) + (&nr_missing_var ? 2 : 0));
    return 0;
}
