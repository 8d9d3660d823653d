/* Helper for group_rescan_common.c: an object of the group, COMMON v. */
__attribute__((common)) int v;
