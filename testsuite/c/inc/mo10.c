/* Helper 10 of 10 for many_objects.c: functions and data that refer to
   the next (mo1) and previous (mo9) objects. */
#include "mo.h"

int mo10_data[4] = { 10, 10 * 2, 10 * 3, 10 * 4 };
const char mo10_name[] = "mo10";
static int mo10_calls;
int *const mo10_next_data = mo1_data;
const char *const mo10_prev_name = mo9_name;

int mo10_fn(int depth)
{
    mo10_calls++;
    if (depth <= 0)
        return mo10_data[0];
    return mo10_data[depth % 4] + mo1_fn(depth - 1) + mo10_next_data[1];
}

int mo10_calls_get(void) { return mo10_calls; }
