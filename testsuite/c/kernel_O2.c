/* The compute kernel of inc/kernel.c compiled with -O2. */
//# cflags: -O2
//# sources: inc/kernel.c
#include "inc/kernel.h"

int main(void)
{
    run_kernel("kernel -O2");
    return 0;
}
