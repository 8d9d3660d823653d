/* stdio on a real file in the current directory: write, seek, read
   back, append, ungetc, fscanf, rename and remove. */
#include <stdio.h>
#include <string.h>
#include <stdlib.h>

int main(void)
{
    const char *name = "stdio_test.txt";
    FILE *f = fopen(name, "w+");
    int i, x, sum = 0;
    char line[128];
    if (!f) { perror("fopen"); return 1; }
    for (i = 0; i < 100; i++)
        fprintf(f, "line %d value %d\n", i, i * i);
    long size = ftell(f);
    rewind(f);
    while (fgets(line, sizeof line, f))
        if (sscanf(line, "line %*d value %d", &x) == 1) sum += x;
    printf("size=%ld sum=%d\n", size, sum);
    fseek(f, 5, SEEK_SET);
    int c = fgetc(f);
    ungetc('#', f);
    printf("char at 5: %c, after ungetc: %c\n", c, fgetc(f));
    fclose(f);

    f = fopen(name, "a");
    fputs("appended\n", f);
    fwrite("binary\0data", 1, 11, f);
    fclose(f);
    f = fopen(name, "rb");
    fseek(f, -20, SEEK_END);
    size_t n = fread(line, 1, sizeof line, f);
    printf("tail %zu bytes: %.8s|%s|%s\n", n, line, line + 9, line + 16);
    fclose(f);

    if (rename(name, "stdio_renamed.txt") != 0) { perror("rename"); return 1; }
    printf("old exists: %d\n", fopen(name, "r") != NULL);
    f = fopen("stdio_renamed.txt", "r");
    printf("renamed exists: %d\n", f != NULL);
    if (f) fclose(f);
    printf("remove: %d\n", remove("stdio_renamed.txt"));

    char *buf = NULL;
    size_t len = 0;
    FILE *m = open_memstream(&buf, &len);
    fprintf(m, "%s-%d-%.2f", "mem", 42, 2.5);
    fclose(m);
    printf("memstream: %s (%zu)\n", buf, len);
    free(buf);
    fprintf(stderr, "a line on stderr\n");
    return 0;
}
