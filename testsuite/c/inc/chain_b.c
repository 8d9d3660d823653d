int chain_c(int);
int chain_b(int x) { return 10 * chain_c(x * 2); }
