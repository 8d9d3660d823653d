/* Archive members pulled in by other members: main -> chain_a ->
   chain_b -> chain_c, with the members stored in reverse order
   (c, b, a) so the archive must be rescanned; a member defining an
   unreferenced symbol is not linked (its constructor does not run). */
//# archive: libchain.a: inc/chain_c.c inc/chain_b.c inc/chain_a.c inc/chain_unused.c
#include <stdio.h>

int chain_a(int);
extern int chain_c_data;

int main(void)
{
    printf("chain_a(1) = %d\n", chain_a(1));
    printf("chain_c_data = %d\n", chain_c_data);
    return 0;
}
