/* Structures passed and returned by value: small (registers), mixed
   int/float, and large (memory, hidden pointer), across objects. */
//# sources: inc/struct_other.c
#include <stdio.h>
#include "inc/struct_defs.h"

static struct small make_small(int a, int b) { struct small s = { a, b }; return s; }
static struct mixed make_mixed(double d, int i) { struct mixed m = { d, i, (float)(d * 2) }; return m; }

int main(void)
{
    struct small s = make_small(3, 4);
    struct mixed m = make_mixed(1.5, 7);
    struct large l = make_large(5);
    struct large l2 = transform_large(l, s);
    struct pair p = swap_pair((struct pair){ 1.25, -2.5 });
    printf("small %d %d\n", s.a, s.b);
    printf("mixed %.2f %d %.2f\n", m.d, m.i, m.f);
    printf("large %ld %ld %ld sum=%ld\n", l.v[0], l.v[9], l.v[19], sum_large(l2));
    printf("pair %.2f %.2f\n", p.x, p.y);
    printf("tiny %d\n", make_tiny('x').c);
    return 0;
}
