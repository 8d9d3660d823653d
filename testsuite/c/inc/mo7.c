/* Helper 7 of 10 for many_objects.c: functions and data that refer to
   the next (mo8) and previous (mo6) objects. */
#include "mo.h"

int mo7_data[4] = { 7, 7 * 2, 7 * 3, 7 * 4 };
const char mo7_name[] = "mo7";
static int mo7_calls;
int *const mo7_next_data = mo8_data;
const char *const mo7_prev_name = mo6_name;

int mo7_fn(int depth)
{
    mo7_calls++;
    if (depth <= 0)
        return mo7_data[0];
    return mo7_data[depth % 4] + mo8_fn(depth - 1) + mo7_next_data[1];
}

int mo7_calls_get(void) { return mo7_calls; }
