/* C11 _Thread_local and <threads.h>-free use with pthreads; thread
   local in a function scope (static) and at file scope. */
//# cflags: -std=c11 -pthread
//# ldflags: -pthread
#include <stdio.h>
#include <pthread.h>

_Thread_local int tl_counter = 5;
static _Thread_local const char *tl_label = "default";
static _Thread_local double tl_vec[4];

static int tick(void)
{
    static _Thread_local int calls;
    return ++calls;
}

static void *run(void *arg)
{
    const char *label = arg;
    int i;
    tl_label = label;
    for (i = 0; i < 10; i++) { tl_counter += i; tick(); tl_vec[i % 4] += i; }
    static char out[2][96];
    int slot = label[0] == 'A' ? 0 : 1;
    snprintf(out[slot], sizeof out[slot], "%s: counter=%d ticks=%d vec=%.0f,%.0f,%.0f,%.0f", tl_label,
             tl_counter, tick(), tl_vec[0], tl_vec[1], tl_vec[2], tl_vec[3]);
    return out[slot];
}

int main(void)
{
    pthread_t a, b;
    void *ra, *rb;
    tick();
    tick();
    pthread_create(&a, NULL, run, "A");
    pthread_create(&b, NULL, run, "B");
    pthread_join(a, &ra);
    pthread_join(b, &rb);
    printf("%s\n%s\n", (char *)ra, (char *)rb);
    printf("main: counter=%d label=%s ticks=%d\n", tl_counter, tl_label, tick());
    return 0;
}
