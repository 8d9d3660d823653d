/* Archive members are not pulled in to satisfy weak undefined
   references, and a weak definition does not pull in a strong one from
   an archive; a strong undefined reference does pull its member. */
//# archive: libweak.a: inc/weak_ar_fn.c inc/weak_ar_over.c inc/weak_ar_used.c
#include <stdio.h>

extern int ar_only_fn(void) __attribute__((weak));
__attribute__((weak)) const char *ar_override(void) { return "weak definition in main.o"; }
const char *ar_used(void);

int main(void)
{
    printf("ar_only_fn pulled: %d\n", ar_only_fn != 0);
    printf("ar_override: %s\n", ar_override());
    printf("ar_used: %s\n", ar_used());
    return 0;
}
