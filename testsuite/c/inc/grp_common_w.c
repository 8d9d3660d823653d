/* Helper for group_rescan_common.c: the first member, a weak v. */
__attribute__((weak)) int v = 1;
