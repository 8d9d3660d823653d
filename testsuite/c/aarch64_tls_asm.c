/* AArch64 TLS sequences gcc does not emit (inc/aarch64_tls_asm.s), as
   GNU ld relaxes them to local-exec: tiny general-dynamic becomes mrs;
   add :tprel_hi12:; add :tprel_lo12_nc:, tiny descriptors movz/movk,
   tiny and small local-dynamic mrs x0, tpidr_el0; add x0, x0, #16, and
   the tiny initial-exec load stays a load from the GOT.  Each address
   must be the one main's own code computes, in main and in a new
   thread.  The TLS block is aligned to 16 bytes at most: GNU ld 2.40's
   local-dynamic relaxation adds the TCB's 16 bytes even when the block
   starts further from the thread pointer. */
//# arch: aarch64
//# cflags: -O2 -pthread
//# ldflags: -pthread
//# sources: inc/aarch64_tls_asm.s
#include <stdio.h>
#include <pthread.h>

extern __thread long asm_a;
extern __thread char asm_b[16];
__thread int main_own = 5;
long *tiny_gd(void), *tiny_ld(void), *small_ld(void);
char *tiny_desc(void), *tiny_ie(void);

static void *report(void *who)
{
    printf("%s: gd=%d desc=%d ie=%d a=%ld own=%#lx zero=%ld\n",
           (const char *)who, tiny_gd() == &asm_a, tiny_desc() == asm_b,
           tiny_ie() == asm_b, *tiny_gd(), *tiny_ld(), *small_ld());
    *tiny_ld() += 1;
    *small_ld() += 2;
    asm_a += main_own;
    printf("%s after: a=%ld own=%#lx zero=%ld\n", (const char *)who, asm_a,
           *tiny_ld(), *small_ld());
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
