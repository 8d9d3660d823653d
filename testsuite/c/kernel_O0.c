/* The compute kernel of inc/kernel.c compiled with -O0. */
//# cflags: -O0
//# sources: inc/kernel.c
#include "inc/kernel.h"

int main(void)
{
    run_kernel("kernel -O0");
    return 0;
}
