/* Helper 3 of 10 for many_objects.c: functions and data that refer to
   the next (mo4) and previous (mo2) objects. */
#include "mo.h"

int mo3_data[4] = { 3, 3 * 2, 3 * 3, 3 * 4 };
const char mo3_name[] = "mo3";
static int mo3_calls;
int *const mo3_next_data = mo4_data;
const char *const mo3_prev_name = mo2_name;

int mo3_fn(int depth)
{
    mo3_calls++;
    if (depth <= 0)
        return mo3_data[0];
    return mo3_data[depth % 4] + mo4_fn(depth - 1) + mo3_next_data[1];
}

int mo3_calls_get(void) { return mo3_calls; }
