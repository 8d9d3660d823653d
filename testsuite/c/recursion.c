/* Recursion: fibonacci, ackermann, mutual recursion, deep recursion on
   a moderately sized stack. */
#include <stdio.h>

static unsigned long fib(unsigned n) { return n < 2 ? n : fib(n - 1) + fib(n - 2); }
static unsigned long ack(unsigned long m, unsigned long n)
{
    if (m == 0) return n + 1;
    if (n == 0) return ack(m - 1, 1);
    return ack(m - 1, ack(m, n - 1));
}
static int is_odd(unsigned n);
static int is_even(unsigned n) { return n == 0 ? 1 : is_odd(n - 1); }
static int is_odd(unsigned n) { return n == 0 ? 0 : is_even(n - 1); }
static long deep(long n) { volatile char pad[32]; pad[0] = 1; return n == 0 ? 0 : pad[0] + deep(n - 1); }

int main(void)
{
    printf("fib(25)=%lu\n", fib(25));
    printf("ack(2,3)=%lu ack(3,4)=%lu\n", ack(2, 3), ack(3, 4));
    printf("is_even(1001)=%d\n", is_even(1001));
    printf("deep(20000)=%ld\n", deep(20000));
    return 0;
}
