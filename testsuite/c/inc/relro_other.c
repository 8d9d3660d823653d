/* Helper for relro_data.c */
const char *const other_names[] = { "first", "second" };
int other_counter = 37;
int other_div(int a, int b) { return a / b; }
