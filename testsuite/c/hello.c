/* The smallest useful test: stdio, exit status from main. */
#include <stdio.h>

int main(void)
{
    printf("Hello, world!\n");
    return 0;
}
