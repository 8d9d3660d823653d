/* Helper 8 of 10 for many_objects.c: functions and data that refer to
   the next (mo9) and previous (mo7) objects. */
#include "mo.h"

int mo8_data[4] = { 8, 8 * 2, 8 * 3, 8 * 4 };
const char mo8_name[] = "mo8";
static int mo8_calls;
int *const mo8_next_data = mo9_data;
const char *const mo8_prev_name = mo7_name;

int mo8_fn(int depth)
{
    mo8_calls++;
    if (depth <= 0)
        return mo8_data[0];
    return mo8_data[depth % 4] + mo9_fn(depth - 1) + mo8_next_data[1];
}

int mo8_calls_get(void) { return mo8_calls; }
