/* AArch64 large-code-model TLS sequences (inc/aarch64_tls_large.s) as
   GNU ld links them: initial-exec keeps its GOT entry, reached through
   movz/movk of its GOT offset; general-dynamic and descriptors become
   local-exec in three moves; local-dynamic offsets in movz/movk groups
   and load offsets of each size.  Each address must be the one main's
   own code computes, in main and in a new thread.  The TLS block is
   aligned to 16 bytes (GNU ld 2.40's local-dynamic relaxation adds the
   TCB's 16 bytes whatever the alignment). */
//# arch: aarch64
//# cflags: -O2 -pthread
//# ldflags: -pthread
//# sources: inc/aarch64_tls_large.s
#include <stdio.h>
#include <pthread.h>

extern __thread long large_a, large_b;
long *large_ie(void), *large_gd(void), *large_desc(void);
long *ld_movw(void), *ld_movw_g1(void), *ld_movw_g0(void);
long ld_loads(void);

static void *report(void *who)
{
    printf("%s: ie=%d gd=%d desc=%d a=%ld b=%ld far=%d,%#lx,%#lx near=%#lx "
           "loads=%#lx\n", (const char *)who, large_ie() == &large_a,
           large_gd() == &large_b, large_desc() == &large_b, *large_ie(),
           *large_gd(), ld_movw() == ld_movw_g1(),
           (unsigned long)((char *)ld_movw() - (char *)&large_a), *ld_movw(),
           *ld_movw_g0(), ld_loads());
    *large_gd() += 5;
    *ld_movw_g0() += 1;
    printf("%s after: b=%ld near=%#lx loads=%#lx\n", (const char *)who,
           large_b, *ld_movw_g0(), ld_loads());
    return NULL;
}

int main(void)
{
    pthread_t t;
    report("main");
    pthread_create(&t, NULL, report, "thread");
    pthread_join(t, NULL);
    return 0;
}
