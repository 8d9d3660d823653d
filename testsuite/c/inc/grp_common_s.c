/* Helper for group_rescan_common.c: the second member, a strong v. */
int v = 2;
void in_s(void) {}
