/* -s: the output has no .symtab/.strtab (compared via section names and
   the, then empty, set of global symbols) and still runs. */
//# ldflags: -s
#include <stdio.h>

static int square(int x) { return x * x; }
int global_value = 12;

int main(void)
{
    printf("stripped: %d\n", square(global_value));
    return 0;
}
