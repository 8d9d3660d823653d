/* Hidden and protected visibility across objects: hidden symbols are
   usable between objects of the link but do not appear among the
   defined default-visibility globals (which the driver compares). */
//# sources: inc/hidden_other.c
#include <stdio.h>

__attribute__((visibility("hidden"))) int hidden_counter = 1;
__attribute__((visibility("hidden"))) int hidden_add(int a, int b);
__attribute__((visibility("protected"))) int protected_value = 77;
__attribute__((visibility("internal"))) int internal_fn(void) { return 5; }
int visible_fn(int x);

int main(void)
{
    printf("hidden_add=%d visible_fn=%d protected=%d internal=%d counter=%d\n", hidden_add(2, 3),
           visible_fn(4), protected_value, internal_fn(), hidden_counter);
    return 0;
}
