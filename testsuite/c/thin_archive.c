/* A thin archive (ar T: members are referenced by path, not copied). */
//# thin-archive: libthin.a: inc/chain_a.c inc/chain_b.c inc/chain_c.c
#include <stdio.h>

int chain_a(int);

int main(void)
{
    printf("chain_a(2) = %d\n", chain_a(2));
    return 0;
}
