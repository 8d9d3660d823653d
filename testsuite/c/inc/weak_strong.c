/* Helper for weak_override.c */
const char *who_a(void) { return "strong a (weak_strong.o)"; }
__attribute__((weak)) const char *who_b(void) { return "weak b (weak_strong.o)"; }
int wvar = 2;

const char *call_a_from_other(void) { return who_a(); }
int wvar_seen_by_other(void) { return wvar; }
