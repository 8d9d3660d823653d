/* GNU ld searches an archive again only while a pass over it made names
   undefined that were not seen before.  Here the pass extracts m2.o (for
   t0), whose COMMON v2 takes over a weak reference: nothing new is
   undefined, so m0.o, which defines v2 (and a strong f0), stays out; f0 is
   the weak one.  Found by the random differential tester. */
//# sources: inc/apc_weak_f0.c
//# archive: libapc.a: inc/apc_m0.c inc/apc_m2.c
//# link: archive_pass_common.c inc/apc_weak_f0.c libapc.a
#include <stdio.h>
int f0(void);
int t0(void);
extern int v2 __attribute__((weak));
int main(void)
{
    printf("f0=%d v2=%d t0=%d\n", f0(), &v2 ? v2 : -1, t0());
    return 0;
}
