int x_data = 42;
const char *hook_data(void) { return "strong data"; }
