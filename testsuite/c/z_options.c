/* -z options that change the segment layout: norelro (no
   PT_GNU_RELRO), noseparate-code (text shares a segment with the ELF
   headers and rodata), execstack (PT_GNU_STACK gets X). */
//# ldflags: -Wl,-z,norelro -Wl,-z,noseparate-code -Wl,-z,execstack
#include <stdio.h>

static int (*const fp)(const char *) = puts;

int main(void)
{
    fp("z options");
    return 0;
}
