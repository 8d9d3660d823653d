/* --push-state / --pop-state: the state saved includes --whole-archive,
   so the archive after --pop-state is searched normally (its unused
   member stays out) while the one inside is linked whole.  -Bstatic
   inside the pair is undone too (it is the default here). */
//# archive: libpsall.a: inc/plugin_one.c inc/plugin_two.c
//# archive: libpsnormal.a: inc/chain_unused.c
//# link: push_state.c -Wl,--push-state,--whole-archive,-Bstatic libpsall.a -Wl,--pop-state libpsnormal.a
#include <stdio.h>

static int n;
void register_plugin(const char *name)
{
    (void)name;
    n++;
}

int main(void)
{
    /* inc/chain_unused.c's constructor says so if it was linked. */
    printf("%d plugins\n", n);
    return 0;
}
