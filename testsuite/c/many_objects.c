/* Eleven objects with a ring of cross references: calls, data
   pointers to other objects' data, and a table of function pointers
   to all of them. */
//# sources: inc/mo1.c inc/mo2.c inc/mo3.c inc/mo4.c inc/mo5.c
//# sources: inc/mo6.c inc/mo7.c inc/mo8.c inc/mo9.c inc/mo10.c
#include <stdio.h>
#include "inc/mo.h"

static int (*const fns[])(int) = { mo1_fn, mo2_fn, mo3_fn, mo4_fn, mo5_fn,
                                    mo6_fn, mo7_fn, mo8_fn, mo9_fn, mo10_fn };
static int (*const calls[])(void) = { mo1_calls_get, mo2_calls_get, mo3_calls_get, mo4_calls_get,
                                      mo5_calls_get, mo6_calls_get, mo7_calls_get, mo8_calls_get,
                                      mo9_calls_get, mo10_calls_get };
static const char *const *const prev_names[] = { &mo1_prev_name, &mo2_prev_name, &mo3_prev_name,
    &mo4_prev_name, &mo5_prev_name, &mo6_prev_name, &mo7_prev_name, &mo8_prev_name,
    &mo9_prev_name, &mo10_prev_name };

int main(void)
{
    int i;
    for (i = 0; i < 10; i++)
        printf("fn%d(%d) = %d, prev of %d is %s\n", i + 1, i * 3, fns[i](i * 3), i + 1, *prev_names[i]);
    for (i = 0; i < 10; i++)
        printf("%d ", calls[i]());
    printf("\nmo10 next data[3] = %d\n", mo10_next_data[3]);
    return 0;
}
