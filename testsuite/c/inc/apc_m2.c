/* Helper for archive_pass_common.c: pulled for t0, a COMMON v2. */
__attribute__((common)) int v2;
int t0(void) { return v2 + 7; }
