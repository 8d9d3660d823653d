/* --defsym=ALIAS=SYM references SYM where the option stands on the
   command line, as GNU ld does: an archive before it is not searched for
   SYM (b.o, after it, defines SYM; extracting the archive's member too
   would be a multiple definition), an archive after it is.  Found by the
   random differential test (testsuite/random). */
//# archive: libdsp.a: inc/defsym_position_a.c inc/defsym_position_c.c
//# sources: inc/defsym_position_b.c
//# link: defsym_position.c libdsp.a -Wl,--defsym=dsp_alias=dsp_target inc/defsym_position_b.c -Wl,--defsym=dsp_first=dsp_in_archive libdsp.a
#include <stdio.h>

int dsp_alias(void);
int dsp_first(void);

int main(void)
{
    printf("dsp_alias() = %d\n", dsp_alias());
    printf("dsp_first() = %d\n", dsp_first());
    return 0;
}
