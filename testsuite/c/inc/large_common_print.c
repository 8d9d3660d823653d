/* Helper of large_common.c: prints, built with the default model. */
#include <stdio.h>

void large_common_print(int b, int arr99, int one, long merged, int ldata,
                        int lrodata, int lbss)
{
    printf("b sees %d\n", b);
    printf("arr[99]=%d one=%d merged=%ld\n", arr99, one, merged);
    printf("ldata %d lrodata %d lbss %d\n", ldata, lrodata, lbss);
}
