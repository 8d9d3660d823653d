/* --wrap=SYMBOL: undefined references to compute() go to
   __wrap_compute, and __real_compute reaches the original definition
   in another object; also wrapping a libc function (puts). */
//# sources: inc/wrap_other.c
//# ldflags: -Wl,--wrap=compute -Wl,--wrap=puts
#include <stdio.h>

int compute(int x);
int __real_compute(int x);
int call_compute_from_other(int x);
int __real_puts(const char *s);

int __wrap_compute(int x)
{
    return 1000 + __real_compute(x);
}

int __wrap_puts(const char *s)
{
    printf("[wrapped] ");
    return __real_puts(s);
}

int main(void)
{
    printf("compute(2)=%d\n", compute(2));
    printf("from other=%d\n", call_compute_from_other(3));
    puts("hello through the wrapper");
    return 0;
}
