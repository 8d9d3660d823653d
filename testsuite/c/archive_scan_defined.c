/* In one search of an archive GNU ld does not look again at a name it
   found defined: the index lists m2.o's v first, seen defined (weak, from
   an earlier archive); m1.o, pulled for f, then makes v COMMON, but m2.o,
   which defines v for real, is not extracted in that search.  Found by the random
   differential tester. */
//# archive: libscanweak.a: inc/scan_weak_v.c
//# archive: libscandef.a: inc/scan_def_m2.c inc/scan_def_m1.c
//# link: archive_scan_defined.c libscanweak.a libscandef.a
#include <stdio.h>
extern int v;
int f(void);
extern void in_m2(void) __attribute__((weak));
int main(void) { printf("v=%d f=%d m2=%s\n", v, f(), in_m2 ? "in" : "out"); return 0; }
