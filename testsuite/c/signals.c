/* Signals: raise, sigaction with SA_SIGINFO, signal masks, sigqueue-like
   info fields, alarm-free deterministic delivery. */
#include <stdio.h>
#include <signal.h>
#include <string.h>
#include <unistd.h>

static volatile sig_atomic_t count_usr1, last_code, last_signo, last_value;

static void simple_handler(int sig)
{
    if (sig == SIGUSR1)
        count_usr1++;
}

static void info_handler(int sig, siginfo_t *si, void *uctx)
{
    (void)uctx;
    last_signo = sig;
    last_code = si->si_code;
    last_value = si->si_signo == sig;
}

int main(void)
{
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = simple_handler;
    sigemptyset(&sa.sa_mask);
    if (sigaction(SIGUSR1, &sa, NULL) != 0) { perror("sigaction"); return 1; }
    raise(SIGUSR1);
    raise(SIGUSR1);
    printf("usr1 count: %d\n", (int)count_usr1);

    memset(&sa, 0, sizeof sa);
    sa.sa_sigaction = info_handler;
    sa.sa_flags = SA_SIGINFO;
    sigemptyset(&sa.sa_mask);
    sigaction(SIGUSR2, &sa, NULL);
    raise(SIGUSR2);
    printf("siginfo: signo=%d ok=%d user-sent=%d\n", last_signo == SIGUSR2,
           (int)last_value, last_code == SI_USER || last_code == SI_TKILL);

    /* blocked signal stays pending until unblocked */
    sigset_t set, old, pend;
    sigemptyset(&set);
    sigaddset(&set, SIGUSR1);
    sigprocmask(SIG_BLOCK, &set, &old);
    raise(SIGUSR1);
    sigpending(&pend);
    printf("pending while blocked: %d, count still %d\n", sigismember(&pend, SIGUSR1), (int)count_usr1);
    sigprocmask(SIG_SETMASK, &old, NULL);
    printf("after unblock count: %d\n", (int)count_usr1);

    /* query the installed action */
    struct sigaction cur;
    sigaction(SIGUSR2, NULL, &cur);
    printf("SA_SIGINFO kept: %d, handler matches: %d\n", (cur.sa_flags & SA_SIGINFO) != 0,
           cur.sa_sigaction == info_handler);

    /* ignored signal */
    signal(SIGUSR1, SIG_IGN);
    raise(SIGUSR1);
    printf("ignored, count %d\n", (int)count_usr1);
    printf("strsignal: %s\n", strsignal(SIGSEGV) ? "yes" : "no");
    fflush(stdout);
    /* die from a signal: the exit status is compared too */
    signal(SIGTERM, SIG_DFL);
    raise(SIGTERM);
    return 0;
}
