/* -z start-stop-visibility=hidden: __start_SEC and __stop_SEC are
   defined hidden (GNU ld 2.40's default is protected); .symtab lists
   them GLOBAL HIDDEN, as GNU ld does. */
//# ldflags: -Wl,-z,start-stop-visibility=hidden
#include <stdio.h>

__attribute__((used, section("ssv_items"))) static const int a = 3;
__attribute__((used, section("ssv_items"))) static const int b = 4;
extern const int __start_ssv_items[], __stop_ssv_items[];

int main(void)
{
    int sum = 0;
    for (const int *p = __start_ssv_items; p < __stop_ssv_items; p++)
        sum += *p;
    printf("%d items, sum %d\n", (int)(__stop_ssv_items - __start_ssv_items),
           sum);
    return 0;
}
