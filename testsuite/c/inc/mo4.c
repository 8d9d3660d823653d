/* Helper 4 of 10 for many_objects.c: functions and data that refer to
   the next (mo5) and previous (mo3) objects. */
#include "mo.h"

int mo4_data[4] = { 4, 4 * 2, 4 * 3, 4 * 4 };
const char mo4_name[] = "mo4";
static int mo4_calls;
int *const mo4_next_data = mo5_data;
const char *const mo4_prev_name = mo3_name;

int mo4_fn(int depth)
{
    mo4_calls++;
    if (depth <= 0)
        return mo4_data[0];
    return mo4_data[depth % 4] + mo5_fn(depth - 1) + mo4_next_data[1];
}

int mo4_calls_get(void) { return mo4_calls; }
