/* errno is thread-local in libc: failing calls in several threads set
   their own errno values; strerror of several codes. */
//# cflags: -pthread
//# ldflags: -pthread
#include <stdio.h>
#include <errno.h>
#include <string.h>
#include <pthread.h>
#include <unistd.h>
#include <fcntl.h>
#include <stdlib.h>

static pthread_barrier_t bar;

static void *worker(void *arg)
{
    int kind = (int)(long)arg, e;
    errno = 0;
    switch (kind) {
    case 0: close(-1); break;                                /* EBADF */
    case 1: open("/nonexistent/dir/file", O_RDONLY); break;  /* ENOENT */
    case 2: strtol("99999999999999999999999", NULL, 10); break; /* ERANGE */
    }
    e = errno;
    pthread_barrier_wait(&bar);      /* everybody has set errno */
    pthread_barrier_wait(&bar);      /* main has set its own errno */
    return (void *)(long)(errno == e ? e : -1);
}

int main(void)
{
    pthread_t t[3];
    void *r;
    int i;
    pthread_barrier_init(&bar, NULL, 4);
    for (i = 0; i < 3; i++)
        pthread_create(&t[i], NULL, worker, (void *)(long)i);
    pthread_barrier_wait(&bar);
    errno = EINTR;
    pthread_barrier_wait(&bar);
    for (i = 0; i < 3; i++) {
        pthread_join(t[i], &r);
        printf("thread %d errno: %s\n", i,
               (long)r == EBADF ? "EBADF" : (long)r == ENOENT ? "ENOENT" : (long)r == ERANGE ? "ERANGE" : "wrong");
    }
    printf("main errno still EINTR: %d\n", errno == EINTR);
    printf("strerror(ENOENT): %s\n", strerror(ENOENT));
    return 0;
}
