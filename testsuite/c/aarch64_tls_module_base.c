/* Local-dynamic TLS as LLVM emits it on AArch64: the module's TLS block
   from a TLS descriptor for _TLS_MODULE_BASE_ (which the linker
   defines at the start of the TLS block), then each variable's offset
   in the block with TLSLD_ADD_DTPREL_HI12 and _LO12(_NC).  gcc has no
   such sequence, so it is written in asm. */
//# arch: aarch64
//# layout-differs: aarch64: GNU ld 2.40 also gives _TLS_MODULE_BASE_ an initial-exec GOT entry that the relaxed code never reads (the symbol is not yet defined when it counts GOT entries)
//# cflags: -O2 -fPIC
//# sources: inc/tls_models_defs.c
#include <stdio.h>
#include "inc/tls_models_body.h"

static __thread int own_init = 31;
static __thread long own_zero;

/* The module base, relaxed to local-exec by the link: a TP offset. */
#define MODULE_BASE()                                                     \
    ({ char *b_;                                                          \
       __asm__("adrp x0, :tlsdesc:_TLS_MODULE_BASE_\n\t"                  \
               "ldr x1, [x0, :tlsdesc_lo12:_TLS_MODULE_BASE_]\n\t"        \
               "add x0, x0, :tlsdesc_lo12:_TLS_MODULE_BASE_\n\t"          \
               ".tlsdesccall _TLS_MODULE_BASE_\n\t"                       \
               "blr x1\n\t"                                               \
               "mrs x1, tpidr_el0\n\t"                                    \
               "add %0, x0, x1"                                           \
               : "=r"(b_) : : "x0", "x1", "x30", "cc", "memory");          \
       b_; })
#define DTPREL(base, sym)                                                 \
    ({ char *r_;                                                          \
       __asm__("add %0, %1, :dtprel_hi12:%2\n\t"                          \
               "add %0, %0, :dtprel_lo12_nc:%2"                           \
               : "=r"(r_) : "r"(base), "S"(&sym));                         \
       (void *)r_; })
#define DTPREL_CHECKED(base, sym)                                         \
    ({ char *r_;                                                          \
       __asm__("add %0, %1, :dtprel_lo12:%2" : "=r"(r_) : "r"(base), "S"(&sym)); \
       (void *)r_; })

int main(void)
{
    char *base = MODULE_BASE();
    own_zero = 9;
    printf("c1=%d l8=%d b64=%d z64=%d own=%d,%d\n",
           DTPREL(base, tls_c1) == (void *)&tls_c1, DTPREL(base, tls_l8) == (void *)&tls_l8,
           DTPREL(base, tls_b64) == (void *)&tls_b64, DTPREL(base, tls_z64) == (void *)&tls_z64,
           DTPREL(base, own_init) == (void *)&own_init,
           DTPREL_CHECKED(base, own_zero) == (void *)&own_zero);
    printf("values: %d %ld %d\n", *(char *)DTPREL(base, tls_c1),
           ((struct blk64 *)DTPREL(base, tls_b64))->v[2], *(int *)DTPREL(base, own_init));
    return 0;
}
