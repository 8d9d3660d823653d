/* Weak undefined functions and variables resolve to 0; a weak reference
   to something that is defined resolves normally. */
#include <stdio.h>

extern int missing_fn(void) __attribute__((weak));
extern int missing_var __attribute__((weak));
extern int missing_arr[] __attribute__((weak));
extern int present_fn(int) __attribute__((weak));

int present_fn(int x) { return x * 2; }

static int (*const fp_table[])(void) = { missing_fn, 0 };
static int *const var_ptr = &missing_var;

int main(void)
{
    printf("missing_fn is null: %d\n", missing_fn == 0);
    printf("missing_var is null: %d\n", &missing_var == 0);
    printf("missing_arr is null: %d\n", missing_arr == 0);
    printf("table entry null: %d, var_ptr null: %d\n", fp_table[0] == 0, var_ptr == 0);
    if (missing_fn)
        printf("called missing_fn: %d\n", missing_fn());
    printf("present_fn: %d\n", present_fn ? present_fn(21) : -1);
    return 0;
}
