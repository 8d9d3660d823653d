/* Helper for group_weak_then_strong.c: f0, in an archive. */
int f0(void) { return 40; }
