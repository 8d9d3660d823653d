/* Helper 5 of 10 for many_objects.c: functions and data that refer to
   the next (mo6) and previous (mo4) objects. */
#include "mo.h"

int mo5_data[4] = { 5, 5 * 2, 5 * 3, 5 * 4 };
const char mo5_name[] = "mo5";
static int mo5_calls;
int *const mo5_next_data = mo6_data;
const char *const mo5_prev_name = mo4_name;

int mo5_fn(int depth)
{
    mo5_calls++;
    if (depth <= 0)
        return mo5_data[0];
    return mo5_data[depth % 4] + mo6_fn(depth - 1) + mo5_next_data[1];
}

int mo5_calls_get(void) { return mo5_calls; }
