/* -fexceptions: __attribute__((cleanup)) handlers run when a thread
   is unwound by pthread_exit/pthread_cancel (glibc unwinds with
   libgcc_eh using .eh_frame, .eh_frame_hdr and .gcc_except_table). */
//# libc: glibc
//# cflags: -fexceptions -pthread
//# ldflags: -pthread
#include <stdio.h>
#include <pthread.h>
#include <unistd.h>

static char log_buf[512];
static int log_len;

static void note(const char *s)
{
    while (*s && log_len < (int)sizeof log_buf - 1)
        log_buf[log_len++] = *s++;
}

static void cleanup_outer(int *p) { (void)p; note("cleanup outer; "); }
static void cleanup_inner(int *p) { (void)p; note("cleanup inner; "); }
static void push_handler(void *p) { (void)p; note("pthread_cleanup handler; "); }

__attribute__((noinline)) static void inner(void)
{
    int x __attribute__((cleanup(cleanup_inner))) = 1;
    (void)x;
    note("calling pthread_exit; ");
    pthread_exit((void *)42);
}

static void *thread_exit(void *arg)
{
    int y __attribute__((cleanup(cleanup_outer))) = 2;
    (void)arg; (void)y;
    pthread_cleanup_push(push_handler, NULL);
    inner();
    pthread_cleanup_pop(0);
    return NULL;
}

static void *thread_cancel(void *arg)
{
    int y __attribute__((cleanup(cleanup_outer))) = 2;
    (void)arg; (void)y;
    for (;;) {
        pthread_testcancel();
        usleep(1000);
    }
    return NULL;
}

int main(void)
{
    pthread_t t;
    void *ret;
    pthread_create(&t, NULL, thread_exit, NULL);
    pthread_join(t, &ret);
    printf("exit: ret=%ld log: %s\n", (long)ret, log_buf);
    log_len = 0;
    log_buf[0] = 0;
    pthread_create(&t, NULL, thread_cancel, NULL);
    pthread_cancel(t);
    pthread_join(t, &ret);
    log_buf[log_len] = 0;
    printf("cancel: canceled=%d log: %s\n", ret == PTHREAD_CANCELED, log_buf);
    return 0;
}
