#include "struct_defs.h"
struct large make_large(int seed)
{
    struct large l;
    int i;
    for (i = 0; i < 20; i++) l.v[i] = seed * i + 1;
    return l;
}
struct large transform_large(struct large l, struct small s)
{
    int i;
    for (i = 0; i < 20; i++) l.v[i] = l.v[i] * s.a - s.b;
    return l;
}
long sum_large(struct large l)
{
    long s = 0;
    int i;
    for (i = 0; i < 20; i++) s += l.v[i];
    return s;
}
struct pair swap_pair(struct pair p) { struct pair q = { p.y, p.x }; return q; }
struct tiny make_tiny(char c) { struct tiny t = { (char)(c + 1) }; return t; }
