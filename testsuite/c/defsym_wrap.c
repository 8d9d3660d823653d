/* --defsym with --wrap: the expression's symbol is looked up as an
   undefined reference is, so ALIAS=SYM means __wrap_SYM and
   ALIAS=__real_SYM means SYM, as in GNU ld.  Found by the random
   differential test (testsuite/random). */
//# ldflags: -Wl,--wrap=dw_f -Wl,--defsym=ds_plain=dw_f -Wl,--defsym=ds_real=__real_dw_f
#include <stdio.h>

__attribute__((noinline)) int dw_f(void) { return 1; }
int __real_dw_f(void);
int __wrap_dw_f(void) { return __real_dw_f() + 100; }
int ds_plain(void);
int ds_real(void);

int main(void)
{
    printf("ds_plain() = %d, ds_real() = %d\n", ds_plain(), ds_real());
    return 0;
}
