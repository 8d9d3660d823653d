/* Helper built with -fPIC: calls and data references to global symbols
   go through the PLT/GOT. */
extern int pic_global_data;
int nopic_lookup(int i);
int pic_call_back(int x) { return nopic_lookup(x) * pic_global_data; }
