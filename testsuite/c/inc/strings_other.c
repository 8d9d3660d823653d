/* Helper for string_merge.c: some literals duplicate main's, one is a
   suffix of another (tail merging). */
static const char *const theirs[] = { "shared literal", "only in other", "tail", "a longer literal" };
const char *other_string(int i) { return theirs[i]; }
const char *other_suffix(void) { return theirs[3] + 9; }
double other_const(int i) { return i ? 1.4142135623730951 : 2.718281828; }
