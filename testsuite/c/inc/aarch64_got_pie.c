/* Helper for aarch64_got_mixed.c, built with -fPIE. */
extern int got_data[4];
int got_fn(int x);
extern int got_missing __attribute__((weak));

int *pie_data(void) { return &got_data[1]; }
int pie_call(int x) { return got_fn(x) + 1; }
int pie_missing_is_null(void) { return &got_missing == 0; }
