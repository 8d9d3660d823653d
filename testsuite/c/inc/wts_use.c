/* Helper for group_weak_then_strong.c: a strong call to f0. */
int f0(void);
int use(void) { return f0() + 2; }
