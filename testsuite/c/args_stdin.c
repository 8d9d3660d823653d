/* Command-line arguments and standard input (args and stdin
   directives): count words/lines of the input, echo the arguments. */
//# args: alpha beta "gamma" 42
//# stdin: inc/input.txt
#include <stdio.h>
#include <ctype.h>
#include <stdlib.h>

int main(int argc, char **argv)
{
    int i, c, lines = 0, words = 0, in_word = 0;
    long sum = 0;
    for (i = 1; i < argc; i++) {
        printf("argv[%d]=%s\n", i, argv[i]);
        sum += atol(argv[i]);
    }
    while ((c = getchar()) != EOF) {
        if (c == '\n') lines++;
        if (isspace(c)) in_word = 0;
        else if (!in_word) { in_word = 1; words++; }
    }
    printf("argc=%d numeric_sum=%ld lines=%d words=%d\n", argc, sum, lines, words);
    return 0;
}
