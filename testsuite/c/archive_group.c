/* --start-group/--end-group: two archives that reference each other
   (ping in libping.a calls pong in libpong.a and back); without the
   group this could not be resolved in one pass. */
//# archive: libping.a: inc/group_ping.c inc/group_ping2.c
//# archive: libpong.a: inc/group_pong.c
//# link: archive_group.c -Wl,--start-group libping.a libpong.a -Wl,--end-group
#include <stdio.h>

int ping(int);

int main(void)
{
    printf("ping(10) = %d\n", ping(10));
    return 0;
}
