/* Objects built with -fno-pic: absolute 32-bit relocations
   (R_X86_64_32/32S), direct calls, absolute addresses in data and
   code; mixed with a PIE-compiled object. */
//# cflags: -fno-pic
//# sources: inc/nopic_other.c inc/pie_helper.c
//# file-cflags: inc/pie_helper.c: -fPIE
//# nopie: -fno-pic objects take absolute addresses in code and read-only data (R_X86_64_32/32S; AArch64 ABS64 in .rodata), which a static-pie refuses (GNU ld: recompile with -fPIE / read-only segment has dynamic relocations)
#include <stdio.h>

extern int nopic_table[16];
extern const char *nopic_strings[];
int nopic_lookup(int i);
int pie_helper(int x);
int (*const fnp)(int) = nopic_lookup;
static int *const table_entry5 = &nopic_table[5];

int main(void)
{
    int i, s = 0;
    for (i = 0; i < 16; i++) s += nopic_lookup(i) * (i + 1);
    printf("s=%d entry5=%d fnp(3)=%d %s %s pie=%d\n", s, *table_entry5, fnp(3), nopic_strings[0],
           nopic_strings[1], pie_helper(4));
    printf("address of table matches: %d\n", &nopic_table[5] == table_entry5);
    return 0;
}
