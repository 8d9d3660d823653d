/* Helper 6 of 10 for many_objects.c: functions and data that refer to
   the next (mo7) and previous (mo5) objects. */
#include "mo.h"

int mo6_data[4] = { 6, 6 * 2, 6 * 3, 6 * 4 };
const char mo6_name[] = "mo6";
static int mo6_calls;
int *const mo6_next_data = mo7_data;
const char *const mo6_prev_name = mo5_name;

int mo6_fn(int depth)
{
    mo6_calls++;
    if (depth <= 0)
        return mo6_data[0];
    return mo6_data[depth % 4] + mo7_fn(depth - 1) + mo6_next_data[1];
}

int mo6_calls_get(void) { return mo6_calls; }
