int x_chain;
int chain1(void) { return 1; }
