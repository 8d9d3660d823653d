/* .gnu.linkonce.* sections outside groups: the first of each name is
   kept, later ones (here inc/linkonce_other.c's, of another size) are
   discarded and their definitions become references, as GNU ld does;
   mld kept both, and the duplicate definitions failed the link.  A
   debugging reference to the discarded copy gets 0 (no kept copy of its
   size).  g++ 3.4's .gnu.linkonce.r.F goes with the other file's
   .gnu.linkonce.t.F. */
//# sources: inc/linkonce_other.c
//# cflags: -g
#include <stdio.h>

__attribute__((section(".gnu.linkonce.d.shared_counter")))
int shared_counter = 42;
__attribute__((section(".gnu.linkonce.t.shared_twice"), noinline))
int shared_twice(int x) { return 2 * x; }

int other_counter(void);
int other_twice(int x);
const char *other_text(void);

int main(void)
{
    printf("%d %d %d %d\n", shared_counter, other_counter(),
           shared_twice(5), other_twice(6));
    printf("%s\n", other_text());
    return 0;
}
