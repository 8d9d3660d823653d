/* --whole-archive: every member of the archive is linked even though
   nothing references them; the members register themselves from
   constructors.  A second archive after --no-whole-archive is linked
   normally (its unreferenced member stays out). */
//# archive: libplugins.a: inc/plugin_one.c inc/plugin_two.c inc/plugin_three.c
//# archive: libnormal.a: inc/chain_unused.c
//# link: whole_archive.c -Wl,--whole-archive libplugins.a -Wl,--no-whole-archive libnormal.a
#include <stdio.h>
#include <string.h>

static const char *plugins[8];
static int nplugins;

void register_plugin(const char *name)
{
    plugins[nplugins++] = name;
}

int main(void)
{
    int i, j;
    /* constructor order between members is link order, but sort anyway */
    for (i = 0; i < nplugins; i++)
        for (j = i + 1; j < nplugins; j++)
            if (strcmp(plugins[i], plugins[j]) > 0) {
                const char *t = plugins[i]; plugins[i] = plugins[j]; plugins[j] = t;
            }
    printf("%d plugins:", nplugins);
    for (i = 0; i < nplugins; i++)
        printf(" %s", plugins[i]);
    printf("\n");
    return 0;
}
