#ifndef STRUCT_DEFS_H
#define STRUCT_DEFS_H
struct small { int a, b; };
struct mixed { double d; int i; float f; };
struct large { long v[20]; };
struct pair { double x, y; };
struct tiny { char c; };
struct large make_large(int seed);
struct large transform_large(struct large l, struct small s);
long sum_large(struct large l);
struct pair swap_pair(struct pair p);
struct tiny make_tiny(char c);
#endif
