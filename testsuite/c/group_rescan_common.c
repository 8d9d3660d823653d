/* GNU ld searches a group again only while a pass over it made names
   undefined that were not seen before.  Here the first pass extracts
   w.o (weak v = 1) and loads c.o, whose COMMON v takes over; nothing new
   is undefined, so libA.a is not searched again and s.o (v = 2) stays
   out: v is 0.  Found by the random differential tester. */
//# sources: inc/grp_common_c.c
//# archive: libgrpcommon.a: inc/grp_common_w.c inc/grp_common_s.c
//# link: group_rescan_common.c -Wl,--start-group libgrpcommon.a inc/grp_common_c.c -Wl,--end-group
#include <stdio.h>
extern int v;
extern void in_s(void) __attribute__((weak));
int main(void) { printf("v=%d s.o=%s\n", v, in_s ? "in" : "out"); return 0; }
