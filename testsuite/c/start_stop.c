/* __start_SEC/__stop_SEC: iterate a custom section whose entries come
   from three objects; also a weak reference to __start_ of a section
   that does not exist. */
//# sources: inc/registry_a.c inc/registry_b.c
#include <stdio.h>
#include <stdlib.h>
#include "inc/registry.h"

extern const char __start_no_such_section[] __attribute__((weak));

static int twice(int x) { return 2 * x; }
REGISTER(main1, "main.twice", twice, 1);
static int negate(int x) { return -x; }
REGISTER(main2, "main.negate", negate, 2);

static int by_order(const void *a, const void *b)
{
    const struct reg_entry *const *x = a, *const *y = b;
    return (*x)->order - (*y)->order;
}

int main(void)
{
    const struct reg_entry *e, *sorted[32];
    int n = 0, i;
    for (e = __start_mld_registry; e < __stop_mld_registry; e++)
        sorted[n++] = e;
    printf("entries: %d\n", n);
    qsort(sorted, n, sizeof sorted[0], by_order);
    for (i = 0; i < n; i++)
        printf("%d %s(7) = %d\n", sorted[i]->order, sorted[i]->name, sorted[i]->fn(7));
    printf("no_such_section start is null: %d\n", __start_no_such_section == 0);
    return 0;
}
