/* Helper for archive_pass_common.c: a weak f0 before the archive. */
__attribute__((weak)) int f0(void) { return 1; }
