/* Helper for archive_scan_defined.c: a weak v. */
__attribute__((weak)) int v = 1;
