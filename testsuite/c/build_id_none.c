/* --build-id=none after the driver's default --build-id: no
   .note.gnu.build-id section (compared via the section list). */
//# ldflags: -Wl,--build-id=none
#include <stdio.h>

int main(void)
{
    puts("no build-id");
    return 0;
}
