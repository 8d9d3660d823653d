/* COMMON, and larger: not a reason to extract. */
int x_common[4];
const char *hook_common(void) { return "strong common"; }
