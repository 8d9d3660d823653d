/* Helper for ifunc.c: references the IFUNC symbol from another object. */
typedef int (*fn_t)(int);
int triple(int);

fn_t triple_ptr_from_other(void) { return triple; }
int call_triple_from_other(int x) { return triple(x); }
