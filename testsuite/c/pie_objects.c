/* Objects built with -fPIE (GOTPCRELX relocations that a static link
   relaxes or resolves through the GOT), plus -fPIC objects with
   calls through the PLT to global functions. */
//# cflags: -fPIE
//# sources: inc/nopic_other.c inc/pie_helper.c inc/pic_other.c
//# file-cflags: inc/pic_other.c: -fPIC
#include <stdio.h>

extern int nopic_table[16];
extern const char *nopic_strings[];
int nopic_lookup(int i);
int pie_helper(int x);
int pic_call_back(int x);
int pic_global_data;

int (*const fnp)(int) = nopic_lookup;

int main(void)
{
    int i, s = 0;
    pic_global_data = 3;
    for (i = 0; i < 16; i++) s += nopic_lookup(i) + pie_helper(i & 7) + pic_call_back(i);
    printf("s=%d fnp(9)=%d %s%s\n", s, fnp(9), nopic_strings[0], nopic_strings[1]);
    return 0;
}
