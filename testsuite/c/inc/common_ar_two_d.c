int x_two = 2;
const char *hook_two_d(void) { return "strong two_d"; }
