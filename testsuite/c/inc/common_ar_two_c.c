int x_two;
const char *hook_two_c(void) { return "strong two_c"; }
