/* Weak definitions overridden by strong ones in another object (in both
   directions), a weak variable overridden, and a weak one kept. */
//# sources: inc/weak_strong.c
#include <stdio.h>

__attribute__((weak)) const char *who_a(void) { return "weak a (main.o)"; }
const char *who_b(void) { return "strong b (main.o)"; }
__attribute__((weak)) const char *who_c(void) { return "weak c (main.o)"; }
__attribute__((weak)) int wvar = 1;
__attribute__((weak)) int wkept = 11;

const char *call_a_from_other(void);
extern int wvar_seen_by_other(void);

int main(void)
{
    printf("a: %s\n", who_a());
    printf("b: %s\n", who_b());
    printf("c: %s\n", who_c());
    printf("a via other: %s\n", call_a_from_other());
    printf("wvar=%d (other sees %d) wkept=%d\n", wvar, wvar_seen_by_other(), wkept);
    return 0;
}
