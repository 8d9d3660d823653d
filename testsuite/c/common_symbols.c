/* -fcommon: tentative definitions of the same name with different sizes
   in several objects are merged into one (largest size, largest
   alignment); one object also has an initialised definition. */
//# cflags: -fcommon
//# sources: inc/common_a.c inc/common_b.c
#include <stdio.h>
#include <stdint.h>

int comm_int;
char comm_buf[16];
long comm_init;
double comm_aligned;

void common_a_fill(void);
void common_b_fill(void);
int common_b_size(void);

int main(void)
{
    int i;
    long s = 0;
    common_a_fill();
    common_b_fill();
    for (i = 0; i < 16; i++) s += comm_buf[i];
    printf("comm_int=%d comm_buf_sum=%ld comm_init=%ld comm_aligned=%.1f\n", comm_int, s, comm_init, comm_aligned);
    printf("size of comm_buf seen by b: %d\n", common_b_size());
    printf("comm_aligned aligned to 8: %d\n", (uintptr_t)&comm_aligned % 8 == 0);
    return 0;
}
