int x_chain = 7;
const char *hook_chain(void) { return "strong chain"; }
