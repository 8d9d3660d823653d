/* Helper for aarch64_got_mixed.c, built with -fpic: GOT loads relative
   to _GLOBAL_OFFSET_TABLE_ (R_AARCH64_LD64_GOTPAGE_LO15). */
extern int got_data[4];
int got_fn(int x);
int got_ifunc(int x);
extern int got_missing __attribute__((weak));
extern char got_abs_near[], got_abs_far[];

void *smallpic_addr(int i)
{
    switch (i) {
    case 0: return got_data;
    case 1: return got_fn;
    case 2: return got_ifunc;
    case 3: return &got_missing;
    case 4: return got_abs_near;
    default: return got_abs_far;
    }
}
