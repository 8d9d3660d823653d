int chain_c_data = 5;
int chain_c(int x) { return x + chain_c_data; }
