/* Conditional branches to other objects: B.cond, CBZ and CBNZ
   (R_AARCH64_CONDBR19) and TBZ/TBNZ (R_AARCH64_TSTBR14), backward to this
   object and forward to another, and to a symbol plus an addend.  The
   branches are in asm (inc/aarch64_branch_asm.c): gcc only emits them
   within a function.  Every result depends on the branch landing on the
   right instruction. */
//# arch: aarch64
//# cflags: -O2 -ffunction-sections
//# sources: inc/aarch64_branch_asm.c inc/aarch64_branch_fwd.c
#include <stdio.h>

long br_classify(long x);
long br_pick(long x);

long br_zero(long x) { return x + 7; }
long br_negative(long x) { return -x * 10; }
long br_big(long x) { return x - 100 + 500; }

int main(void)
{
    static const long in[] = { 0, -5, 100, 250, 6, 7, 99, 1 };
    int i;
    for (i = 0; i < 8; i++)
        printf("classify(%ld)=%ld\n", in[i], br_classify(in[i]));
    for (i = 0; i < 10; i++)
        printf("pick(%d)=%ld\n", i, br_pick(i));
    return 0;
}
