/* A function of the same name: not a reason to extract. */
void x_func(void) { }
const char *hook_func(void) { return "strong func"; }
