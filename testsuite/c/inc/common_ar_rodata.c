const int x_rodata = 9;
const char *hook_rodata(void) { return "strong rodata"; }
