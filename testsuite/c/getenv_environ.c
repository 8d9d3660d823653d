/* getenv/setenv/unsetenv and iteration over environ (the driver runs
   the program with a fixed environment plus the env directive). */
//# env: MLD_TEST_VAR=hello MLD_OTHER=42
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

extern char **environ;

int main(int argc, char **argv, char **envp)
{
    char **e;
    int n = 0, same = environ == envp;
    (void)argc; (void)argv;
    for (e = environ; *e; e++)
        if (strncmp(*e, "MLD_", 4) == 0)
            printf("env: %s\n", *e);
    for (e = environ; *e; e++) n++;
    printf("count=%d environ==envp: %d\n", n, same);
    printf("getenv MLD_TEST_VAR=%s MLD_OTHER=%d missing=%s\n", getenv("MLD_TEST_VAR"),
           atoi(getenv("MLD_OTHER")), getenv("MLD_MISSING") ? "set" : "(null)");
    setenv("MLD_NEW", "new value", 1);
    setenv("MLD_TEST_VAR", "not replaced", 0);
    unsetenv("MLD_OTHER");
    printf("after: MLD_NEW=%s MLD_TEST_VAR=%s MLD_OTHER=%s\n", getenv("MLD_NEW"), getenv("MLD_TEST_VAR"),
           getenv("MLD_OTHER") ? "set" : "(null)");
    return 0;
}
