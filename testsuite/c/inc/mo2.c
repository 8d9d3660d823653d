/* Helper 2 of 10 for many_objects.c: functions and data that refer to
   the next (mo3) and previous (mo1) objects. */
#include "mo.h"

int mo2_data[4] = { 2, 2 * 2, 2 * 3, 2 * 4 };
const char mo2_name[] = "mo2";
static int mo2_calls;
int *const mo2_next_data = mo3_data;
const char *const mo2_prev_name = mo1_name;

int mo2_fn(int depth)
{
    mo2_calls++;
    if (depth <= 0)
        return mo2_data[0];
    return mo2_data[depth % 4] + mo3_fn(depth - 1) + mo2_next_data[1];
}

int mo2_calls_get(void) { return mo2_calls; }
