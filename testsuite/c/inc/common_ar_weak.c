__attribute__((weak)) int x_weak = 5;
const char *hook_weak(void) { return "strong weak"; }
