int x_bss = 0;
const char *hook_bss(void) { return "strong bss"; }
