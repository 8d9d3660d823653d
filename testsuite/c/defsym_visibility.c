/* --defsym ALIAS=SYM gives ALIAS SYM's visibility when that is more
   constraining (GNU ld copies it with the type): here SYM is wrapped, so
   the alias is __wrap_f's, a hidden function.  Found by the random
   differential test. */
//# ldflags: -Wl,--wrap=defsym_vis_f -Wl,--defsym=defsym_vis_alias=defsym_vis_f
#include <stdio.h>

int defsym_vis_f(void) { return 1; }
__attribute__((visibility("hidden"))) int __wrap_defsym_vis_f(void)
{
    return 2;
}
int defsym_vis_alias(void);

int main(void)
{
    printf("%d\n", defsym_vis_alias());
    return 0;
}
