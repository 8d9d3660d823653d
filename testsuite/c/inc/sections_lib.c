/* Helper for function_sections.c / gc_sections.c: many small functions
   and data objects, each in its own section with -ffunction-sections
   -fdata-sections; only some are referenced. */
int used_data[4] = { 1, 2, 3, 4 };
int unused_data[1024] = { 5 };
static int counter;
const char used_string[] = "used string";
const char unused_string[] = "this string is never referenced";

int used_fn1(int x) { return x + used_data[0]; }
int used_fn2(int x) { counter += x; return counter * used_data[3]; }
int unused_fn1(int x) { return x * unused_data[0]; }
int unused_fn2(int x) { return x - 1; }
static int helper(int x) { return x ^ 0x55; }
int used_fn3(int x) { return helper(x) + (int)sizeof used_string; }
int unused_fn3(int x) { return helper(x) + unused_string[0]; }
