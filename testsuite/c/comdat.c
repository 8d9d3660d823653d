/* COMDAT section groups (what C++ inline functions and templates use):
   two objects carry a group with the same signature; only the first
   one in link order is kept, so the symbols are not duplicated. */
//# sources: inc/comdat_a.c inc/comdat_b.c
#include <stdio.h>

extern const int dup_value;
extern const char dup_label[];
const char *label_seen_by_a(void);
const char *label_seen_by_b(void);

int main(void)
{
    printf("dup_value=%d label=%s a=%s b=%s\n", dup_value, dup_label, label_seen_by_a(),
           label_seen_by_b());
    return 0;
}
