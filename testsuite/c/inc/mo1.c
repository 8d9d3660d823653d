/* Helper 1 of 10 for many_objects.c: functions and data that refer to
   the next (mo2) and previous (mo10) objects. */
#include "mo.h"

int mo1_data[4] = { 1, 1 * 2, 1 * 3, 1 * 4 };
const char mo1_name[] = "mo1";
static int mo1_calls;
int *const mo1_next_data = mo2_data;
const char *const mo1_prev_name = mo10_name;

int mo1_fn(int depth)
{
    mo1_calls++;
    if (depth <= 0)
        return mo1_data[0];
    return mo1_data[depth % 4] + mo2_fn(depth - 1) + mo1_next_data[1];
}

int mo1_calls_get(void) { return mo1_calls; }
