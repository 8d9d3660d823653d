int chain_b(int);
int chain_a(int x) { return 100 + chain_b(x + 1); }
