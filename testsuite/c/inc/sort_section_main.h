/* The program of sort_section_alignment.c and sort_section_name.c:
   functions and data of several alignments in sections of their own,
   and COMMON symbols (with inc/sort_section_other.c). */
#include <stdio.h>
#include <stdint.h>

__attribute__((aligned(4))) int small_a = 1;
__attribute__((aligned(64))) int big_a = 2;
__attribute__((aligned(16))) const char mid_ro[] = "mid";
const char plain_ro[] = "plain";
__attribute__((aligned(32))) static int zero_big[8];
int zero_small;
int com_c1;
double com_c8;
__attribute__((aligned(64))) char com_c64[3];

__attribute__((noinline)) int f_plain(int x) { return x + small_a; }
__attribute__((noinline, aligned(64))) int f_big(int x) { return x * big_a; }
__attribute__((noinline, aligned(16))) int f_mid(int x) { return x - 1; }
extern int other_value(int);
extern int o_com4, o_com16[4];

int main(void)
{
    zero_big[1] = 5;
    com_c1 = 1; com_c8 = 2; com_c64[0] = 3; o_com4 = 4; o_com16[0] = 5;
    printf("%d %d %d %d %s %s %d\n", f_plain(1), f_big(2), f_mid(3),
           other_value(4), mid_ro, plain_ro, zero_big[1] + zero_small);
    printf("aligned: %d\n", (int)(((uintptr_t)&big_a % 64 == 0) +
           ((uintptr_t)f_big % 64 == 0) * 2 + ((uintptr_t)com_c64 % 64 == 0) * 4));
    return 0;
}
