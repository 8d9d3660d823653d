/* Helper for archive_pass_common.c: f0 and v2 for real (left out). */
int v2 = 5;
int f0(void) { return 2; }
