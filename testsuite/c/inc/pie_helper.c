/* Helper built with -fPIE/-fPIC in a few tests. */
extern int nopic_table[16];
int pie_helper(int x) { return nopic_table[x] * 2; }
