/* setjmp/longjmp across several frames, sigsetjmp/siglongjmp,
   and volatile locals surviving the jump. */
#include <stdio.h>
#include <setjmp.h>
#include <signal.h>

static jmp_buf env;
static sigjmp_buf senv;
static int depth_reached;

static void dive(int n)
{
    volatile char pad[64];
    pad[0] = (char)n;
    depth_reached = n + pad[0] - n;
    if (n == 10)
        longjmp(env, n * 3);
    dive(n + 1);
}

static void handler(int sig)
{
    siglongjmp(senv, sig);
}

int main(void)
{
    volatile int counter = 0;
    int r = setjmp(env);
    counter++;
    if (r == 0) {
        dive(0);
        puts("not reached");
    }
    printf("longjmp returned %d, depth %d, counter %d\n", r, depth_reached, counter);

    /* longjmp with value 0 must come back as 1 */
    if ((r = setjmp(env)) == 0)
        longjmp(env, 0);
    printf("longjmp(0) gives %d\n", r);

    signal(SIGUSR1, handler);
    r = sigsetjmp(senv, 1);
    if (r == 0) {
        raise(SIGUSR1);
        puts("not reached");
    }
    printf("siglongjmp from handler: %d\n", r == SIGUSR1);
    /* the signal mask was restored, so this works again */
    r = sigsetjmp(senv, 1);
    if (r == 0)
        raise(SIGUSR1);
    printf("second time: %d\n", r == SIGUSR1);
    return 0;
}
