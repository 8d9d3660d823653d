/* Objects built with -fcf-protection=full carry a
   .note.gnu.property with IBT/SHSTK bits; the output property note
   (and PT_GNU_PROPERTY) must be merged like GNU ld does it (here
   libc's objects are not all marked, so the AND of the bits). */
//# arch: x86_64
//# cflags: -fcf-protection=full
//# sources: inc/pie_helper.c inc/nopic_other.c
#include <stdio.h>

int pie_helper(int x);

int main(void)
{
    printf("pie_helper(3)=%d\n", pie_helper(3));
    return 0;
}
