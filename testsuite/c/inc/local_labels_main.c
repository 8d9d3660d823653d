/* The program of the symtab_discard_* tests (their own files only choose
   the link options). */
#include <stdio.h>

int local_labels_value(void);

int main(void)
{
    int a = local_labels_value();
    int b = local_labels_value();
    printf("%d %d\n", a, b);
    return 0;
}
