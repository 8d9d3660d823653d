/* pthreads: create/join, return values, mutex, condition variable
   (producer/consumer), pthread_once, thread-specific keys. */
//# cflags: -pthread
//# ldflags: -pthread
#include <stdio.h>
#include <pthread.h>
#include <stdint.h>

#define NTHREADS 4
#define ITEMS 1000

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t not_empty = PTHREAD_COND_INITIALIZER;
static pthread_cond_t not_full = PTHREAD_COND_INITIALIZER;
static int queue[16], qhead, qtail, qcount;
static long shared_counter;
static pthread_once_t once = PTHREAD_ONCE_INIT;
static int once_calls;
static pthread_key_t key;
static int destructor_calls;

static void init_once(void) { once_calls++; }
static void key_destructor(void *p) { (void)p; __atomic_fetch_add(&destructor_calls, 1, __ATOMIC_SEQ_CST); }

static void *adder(void *arg)
{
    intptr_t id = (intptr_t)arg;
    int i;
    pthread_once(&once, init_once);
    pthread_setspecific(key, (void *)(id + 1));
    for (i = 0; i < 10000; i++) {
        pthread_mutex_lock(&lock);
        shared_counter += id + 1;
        pthread_mutex_unlock(&lock);
    }
    return (void *)((intptr_t)pthread_getspecific(key) * 100);
}

static void *producer(void *arg)
{
    int i;
    (void)arg;
    for (i = 1; i <= ITEMS; i++) {
        pthread_mutex_lock(&lock);
        while (qcount == 16)
            pthread_cond_wait(&not_full, &lock);
        queue[qtail] = i;
        qtail = (qtail + 1) % 16;
        qcount++;
        pthread_cond_signal(&not_empty);
        pthread_mutex_unlock(&lock);
    }
    return NULL;
}

static void *consumer(void *arg)
{
    long sum = 0;
    int i;
    (void)arg;
    for (i = 0; i < ITEMS; i++) {
        pthread_mutex_lock(&lock);
        while (qcount == 0)
            pthread_cond_wait(&not_empty, &lock);
        sum += queue[qhead];
        qhead = (qhead + 1) % 16;
        qcount--;
        pthread_cond_signal(&not_full);
        pthread_mutex_unlock(&lock);
    }
    return (void *)sum;
}

int main(void)
{
    pthread_t t[NTHREADS], p, c;
    intptr_t i;
    void *ret;
    pthread_key_create(&key, key_destructor);
    for (i = 0; i < NTHREADS; i++)
        if (pthread_create(&t[i], NULL, adder, (void *)i) != 0) { puts("create failed"); return 1; }
    for (i = 0; i < NTHREADS; i++) {
        pthread_join(t[i], &ret);
        printf("thread %d returned %ld\n", (int)i, (long)(intptr_t)ret);
    }
    printf("counter=%ld once_calls=%d key_destructors=%d\n", shared_counter, once_calls, destructor_calls);

    pthread_create(&c, NULL, consumer, NULL);
    pthread_create(&p, NULL, producer, NULL);
    pthread_join(p, NULL);
    pthread_join(c, &ret);
    printf("consumer sum=%ld\n", (long)(intptr_t)ret);
    printf("self equal: %d\n", pthread_equal(pthread_self(), pthread_self()) != 0);
    return 0;
}
