/* Local symbols in .symtab: -x: no local symbol of an input is kept (GNU ld's rules, compared by the
   structure check).  The AArch64 driver passes -X itself. */
//# sources: inc/local_labels.c
//# file-cflags: inc/local_labels.c: -Wa,-L
//# ldflags: -Wl,-x
#include <stdio.h>

int local_labels_value(void);

int main(void)
{
    int a = local_labels_value();
    int b = local_labels_value();
    printf("%d %d\n", a, b);
    return 0;
}
