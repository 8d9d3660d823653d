/* Helper for archive_scan_defined.c: pulled for f, a COMMON v. */
__attribute__((common)) int v;
int f(void) { return 7; }
