/* Tentative definitions of mixed sizes and alignments, and where they
   end up relative to each other: GNU ld places COMMON symbols in the
   order of its hash table (by bucket of bfd's string hash), or with
   --sort-common by alignment first.  The program of the common_order*
   tests, with inc/common_order_other.c. */
#include <stdio.h>

char cmo_c1;
double cmo_d1;
char cmo_c2[3];
long cmo_l1;
char cmo_c3;
int cmo_i1;
char cmo_c4[33];
short cmo_s1;
char cmo_c5[17];
long double cmo_ld1;
char cmo_c6[100];
int cmo_i2[5];
char cmo_shared[2];
extern char cmo_o1[], cmo_o3, cmo_shared[];
extern double cmo_o2;
extern int cmo_o4[];

int main(void)
{
    char *p[] = {&cmo_c1, (char *)&cmo_d1, cmo_c2, (char *)&cmo_l1, &cmo_c3,
                 (char *)&cmo_i1, cmo_c4, (char *)&cmo_s1, cmo_c5,
                 (char *)&cmo_ld1, cmo_c6, (char *)cmo_i2, cmo_o1,
                 (char *)&cmo_o2, &cmo_o3, (char *)cmo_o4, cmo_shared};
    char *lo = p[0];
    for (unsigned i = 1; i < sizeof p / sizeof *p; i++)
        if (p[i] < lo)
            lo = p[i];
    for (unsigned i = 0; i < sizeof p / sizeof *p; i++)
        printf("%u:%ld ", i, (long)(p[i] - lo));
    printf("\n");
    return 0;
}
