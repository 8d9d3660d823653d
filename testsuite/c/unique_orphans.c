/* --unique: every orphan input section (here "myorph" from two objects,
   and libc's own orphans) becomes an output section of its own, placed as
   GNU ld places orphans; __start_/__stop_ name the first one. */
//# sources: inc/unique_b.c
//# ldflags: -Wl,--unique
//# nopie: GNU ld gives --unique's linker-made .rela.dyn inputs output sections of their own
#include <stdio.h>

extern int __start_myorph[], __stop_myorph[];
__attribute__((section("myorph"), used)) int o1 = 3;
__attribute__((section("myorph"), used)) int o2 = 4;
int other_orph(void);

int main(void)
{
    int s = 0;
    for (int *p = __start_myorph; p < __stop_myorph; p++)
        s += *p;
    printf("first myorph: %d entries, sum %d; other %d\n",
           (int)(__stop_myorph - __start_myorph), s, other_orph());
    return 0;
}
