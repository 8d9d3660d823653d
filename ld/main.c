// main.c: the mld program.  Reads the command line (options.c) and hands
// the link to the library.
//
// Unless --no-fork, the link runs in a child process, as mold and wild
// do: the child tells the parent its exit status once the output is in
// place and everything is printed, and the parent exits with it at once,
// while the child unmaps its files and exits on its own.  The caller
// goes on without waiting for that teardown.

#include "options.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdlib.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

static const int forwarded[] = {SIGINT, SIGTERM, SIGHUP, SIGQUIT};
enum { NFORWARDED = sizeof(forwarded) / sizeof(*forwarded) };

static pid_t child;

static void forward(int sig) {
  kill(child, sig);
}

// The parent: a signal meant for the link goes to the child, which
// removes its temporary file and dies of it.  Exits with the status the
// child sends, or with the child's own end if it sends none.
static _Noreturn void wait_for_link(int fd, const sigset_t *mask) {
  struct sigaction sa = {.sa_handler = forward};
  sigemptyset(&sa.sa_mask);
  for (u32 i = 0; i < NFORWARDED; i++) {
    struct sigaction old;
    // (One the caller ignores stays ignored: `nohup mld`.)
    if (sigaction(forwarded[i], NULL, &old) == 0 && old.sa_handler != SIG_IGN)
      sigaction(forwarded[i], &sa, NULL);
  }
  sigprocmask(SIG_SETMASK, mask, NULL);
  unsigned char status;
  ssize_t n;
  do
    n = read(fd, &status, 1);
  while (n < 0 && errno == EINTR);
  if (n == 1)
    _exit(status);
  int ws;
  while (waitpid(child, &ws, 0) < 0)
    if (errno != EINTR)
      _exit(1);
  if (WIFSIGNALED(ws)) {       // its end is ours, without a second core
    struct rlimit none = {0, 0};
    setrlimit(RLIMIT_CORE, &none);
    for (u32 i = 0; i < NFORWARDED; i++)
      signal(forwarded[i], SIG_DFL);
    signal(WTERMSIG(ws), SIG_DFL);
    raise(WTERMSIG(ws));
  }
  _exit(WIFEXITED(ws) ? WEXITSTATUS(ws) : 1);
}

// Returns the descriptor the child tells the parent its status on, or
// -1 to link in this process (fork failed).  The parent never returns.
static int fork_link(void) {
  int fds[2];
  if (pipe(fds) < 0)
    return -1;
  // (Not for the programs the LTO plugin runs.)
  fcntl(fds[0], F_SETFD, FD_CLOEXEC);
  fcntl(fds[1], F_SETFD, FD_CLOEXEC);
  // No signal between the fork and the parent's handlers goes unseen.
  sigset_t all, mask;
  sigfillset(&all);
  sigprocmask(SIG_BLOCK, &all, &mask);
  fflush(NULL);
  pid_t parent = getpid();
  pid_t pid = fork();
  if (pid != 0) {
    close(fds[1]);
    if (pid > 0) {
      child = pid;
      wait_for_link(fds[0], &mask);
    }
    close(fds[0]);
    fds[1] = -1;
  } else {
    close(fds[0]);
    // A parent killed outright (SIGKILL) takes the link with it: no
    // output the caller was not told of appears later.
    prctl(PR_SET_PDEATHSIG, SIGTERM);
    if (getppid() != parent)
      raise(SIGTERM);
  }
  sigprocmask(SIG_SETMASK, &mask, NULL);
  return fds[1];
}

// The child, its link done: the LTO plugin's temporary files go, as
// they would at exit; the caller may be reading its standard output and
// error through pipes, which end here; then the status.
static void tell_parent(int fd, int status) {
  if (fd < 0)
    return;
  lto_cleanup();
  fflush(NULL);
  int null = open("/dev/null", O_RDWR);
  for (int i = 0; i < 3; i++)
    if (null < 0 || dup2(null, i) < 0)
      close(i);
  if (null > 2)
    close(null);
  // (The parent exits on this word: its death is no signal any more.)
  prctl(PR_SET_PDEATHSIG, 0);
  unsigned char s = (unsigned char)status;
  if (write(fd, &s, 1) < 0)
    _exit(status);
  close(fd);
}

int main(int argc, char **argv) {
  struct ctx *ctx = calloc(1, sizeof(*ctx));
  if (!ctx) {
    fputs("mld: error: out of memory\n", stderr);
    return 1;
  }
  parse_options(ctx, argc, argv);
  int notify = ctx->cfg.no_fork ? -1 : fork_link();
  ctx->keep_old_output = notify >= 0;
  int status = mld_link(ctx);
  tell_parent(notify, status);
  let_old_output_go(ctx);
  arena_release(ctx);
  free(ctx);
  return status;
}
