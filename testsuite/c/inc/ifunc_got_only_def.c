static int ifunc_got_only_impl(void) { return 42; }
static void *ifunc_got_only_resolve(void) { return (void *)ifunc_got_only_impl; }
int ifunc_got_only(void) __attribute__((ifunc("ifunc_got_only_resolve")));
