/* -z lam-u48 and -z lam-u57 force the x86-64 LAM features on in
   .note.gnu.property (GNU ld 2.40: lam-u48 sets LAM_U57 too). */
//# arch: x86_64
//# ldflags: -Wl,-z,lam-u48
#include <stdio.h>

int main(void)
{
    puts("lam");
    return 0;
}
