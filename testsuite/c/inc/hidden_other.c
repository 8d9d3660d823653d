/* Helper for hidden_visibility.c */
extern int hidden_counter __attribute__((visibility("hidden")));
__attribute__((visibility("hidden"))) int hidden_add(int a, int b) { hidden_counter++; return a + b; }
int visible_fn(int x) { hidden_counter += 10; return hidden_add(x, x); }
