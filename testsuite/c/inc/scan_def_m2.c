/* Helper for archive_scan_defined.c: a strong v (left out). */
int v = 3;
void in_m2(void) {}
