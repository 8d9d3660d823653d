/* --gc-sections with C++-style unwinding data in C: functions that are
   collected lose their FDEs, live ones keep them, and a cleanup handler
   still runs during unwinding (glibc: pthread_exit unwinds). */
//# libc: glibc
//# cflags: -O1 -ffunction-sections -fdata-sections -fexceptions
//# ldflags: -Wl,--gc-sections
#include <pthread.h>
#include <stdio.h>

__attribute__((noinline)) int unused_a(int x) { return x * 3; }
__attribute__((noinline)) int unused_b(int x) { return unused_a(x) + 1; }

static void cleanup(void *arg) { printf("cleanup %s\n", (const char *)arg); }

static void *worker(void *arg) {
  pthread_cleanup_push(cleanup, arg);
  pthread_exit(NULL);
  pthread_cleanup_pop(0);
  return NULL;
}

int main(void) {
  pthread_t t;
  pthread_create(&t, NULL, worker, "ran");
  pthread_join(t, NULL);
  printf("done\n");
  return 0;
}
