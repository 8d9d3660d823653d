/* Helper 9 of 10 for many_objects.c: functions and data that refer to
   the next (mo10) and previous (mo8) objects. */
#include "mo.h"

int mo9_data[4] = { 9, 9 * 2, 9 * 3, 9 * 4 };
const char mo9_name[] = "mo9";
static int mo9_calls;
int *const mo9_next_data = mo10_data;
const char *const mo9_prev_name = mo8_name;

int mo9_fn(int depth)
{
    mo9_calls++;
    if (depth <= 0)
        return mo9_data[0];
    return mo9_data[depth % 4] + mo10_fn(depth - 1) + mo9_next_data[1];
}

int mo9_calls_get(void) { return mo9_calls; }
