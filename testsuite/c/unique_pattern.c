/* --unique=PATTERN: input sections matching it get output sections of
   their own even where the default script would merge them (.data.*),
   placed as orphans after .data. */
//# sources: inc/unique_b.c
//# cflags: -fdata-sections
//# ldflags: -Wl,--unique=.data.u_*
#include <stdio.h>

int u_a1 = 1, u_a2 = 2, plain = 9;
int other_orph(void);

int main(void)
{
    printf("%d %d %d %d\n", u_a1, u_a2, plain, other_orph());
    return 0;
}
