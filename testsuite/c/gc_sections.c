/* -ffunction-sections -fdata-sections with -Wl,--gc-sections: the
   unreferenced functions/data are removed (the defined-globals set is
   compared with GNU ld's), while referenced sections, a section only
   reached through __start_/__stop_ symbols, and .init_array entries
   survive. */
//# cflags: -ffunction-sections -fdata-sections
//# ldflags: -Wl,--gc-sections
//# sources: inc/sections_lib.c
#include <stdio.h>

int used_fn1(int), used_fn2(int), used_fn3(int);
extern const char used_string[];

/* A section with a C-identifier name referenced through __start_/__stop_
   is kept by GNU ld's default (-z nostart-stop-gc). */
__attribute__((used, section("gc_keep_me"))) static const int kept[3] = { 100, 200, 300 };
extern const int __start_gc_keep_me[], __stop_gc_keep_me[];

static int ctor_ran;
__attribute__((constructor)) static void ctor(void) { ctor_ran = 1; }

int main(void)
{
    int i, s = 0;
    const int *p;
    for (i = 0; i < 8; i++) s += used_fn1(i) + used_fn2(i) + used_fn3(i);
    for (p = __start_gc_keep_me; p < __stop_gc_keep_me; p++) s += *p;
    printf("sum=%d str=%s ctor_ran=%d\n", s, used_string, ctor_ran);
    return 0;
}
