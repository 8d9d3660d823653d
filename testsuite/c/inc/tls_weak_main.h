/* main() of tls_weak_undef_*.c: prints where each helper's code finds
   two undefined weak TLS variables.  GNU ld resolves them to address 0
   in the TLS block's terms, so &v is the thread pointer plus the TP
   offset of 0, which depends on where the TLS segment lies; the test
   prints it relative to that (PT_TLS from the auxiliary vector), so
   that two correct links agree: 0 on x86-64 (TP offset -end of block),
   the TCB size on AArch64 (-start + 16) and 0 - start for local-exec,
   where GNU ld makes the whole TP offset 0.  Entries marked raw are
   printed as they are (see the test). */
#include <stdio.h>
#include <stdint.h>
#include <elf.h>
#include <link.h>
#include <sys/auxv.h>

#define DECLARE(p) void *p##_addr(void); void *p##_elem(void);
DECLARE(a) DECLARE(b) DECLARE(c) DECLARE(d)
DECLARE(e) DECLARE(f) DECLARE(g) DECLARE(h)

struct helper {
    const char *name;
    void *(*addr)(void), *(*elem)(void);
    int raw;
};

/* The thread pointer's offset for TLS address 0, from PT_TLS. */
static intptr_t tls_zero(void)
{
    const ElfW(Phdr) *ph = (const ElfW(Phdr) *)getauxval(AT_PHDR);
    unsigned long i, n = getauxval(AT_PHNUM);
    for (i = 0; ph && i < n; i++) {
        if (ph[i].p_type != PT_TLS)
            continue;
#ifdef __x86_64__
        uintptr_t a = ph[i].p_align ? ph[i].p_align : 1;
        return -(intptr_t)(ph[i].p_vaddr + (ph[i].p_memsz + a - 1) / a * a);
#else
        return -(intptr_t)ph[i].p_vaddr;
#endif
    }
    return 0;
}

static void show(const struct helper *h, int n)
{
    char *tp = __builtin_thread_pointer();
    intptr_t zero = tls_zero();
    int i;
    for (i = 0; i < n; i++) {
        intptr_t a = (char *)h[i].addr() - tp, e = (char *)h[i].elem() - tp;
        if (!h[i].raw) {
            a = a == 0 ? 0 : a - zero;
            e = e == 0 ? 0 : e - zero;
        }
        printf("%s: null=%d,%d addr=%#lx elem=%#lx\n", h[i].name,
               h[i].addr() == NULL, h[i].elem() == NULL,
               (unsigned long)a, (unsigned long)e);
    }
}
