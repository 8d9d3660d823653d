/* A name weakly referenced first and strongly later in a group makes GNU ld
   search the group again (the strong reference puts it on the undefined
   list): the whole-archive member's call to f0 pulls f0's member from the
   archive before it.  Found by the random differential tester. */
//# archive: libwtsdef.a: inc/wts_def.c
//# archive: libwtsuse.a: inc/wts_use.c
//# link: group_weak_then_strong.c -Wl,--start-group libwtsdef.a -Wl,--whole-archive libwtsuse.a -Wl,--no-whole-archive -Wl,--end-group
#include <stdio.h>
extern int f0(void) __attribute__((weak));
extern int use(void) __attribute__((weak));
int main(void)
{
    printf("f0 %s, use %d\n", f0 ? "linked" : "absent", use ? use() : -1);
    return 0;
}
