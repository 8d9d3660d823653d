/* The compute kernel of inc/kernel.c compiled with -Os. */
//# cflags: -Os
//# sources: inc/kernel.c
#include "inc/kernel.h"

int main(void)
{
    run_kernel("kernel -Os");
    return 0;
}
