/* Helper for ctor_dtor.c: the log function and more prioritised
   constructors/destructors in a second object. */
#include <stdio.h>
#include <unistd.h>
#include <string.h>

static int seq;

void ctor_log(const char *what)
{
    /* write(2) so that the order is exact even after stdio shutdown */
    char buf[128];
    int n = snprintf(buf, sizeof buf, "%2d %s\n", ++seq, what);
    if (write(1, buf, (size_t)n) != n)
        _exit(3);
}

__attribute__((constructor(102))) static void c102(void) { ctor_log("ctor 102 (other.o)"); }
__attribute__((constructor(300))) static void c300(void) { ctor_log("ctor 300 (other.o)"); }
__attribute__((constructor)) static void cdefault(void) { ctor_log("ctor default (other.o)"); }
__attribute__((destructor(102))) static void d102(void) { ctor_log("dtor 102 (other.o)"); }
__attribute__((destructor)) static void ddefault(void) { ctor_log("dtor default (other.o)"); }
