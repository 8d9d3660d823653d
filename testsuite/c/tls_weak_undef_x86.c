/* Undefined weak TLS variables under every -ftls-model, both dialects,
   -fPIC or not and the large code model: GNU ld relaxes every sequence
   to local-exec with x@tpoff = 0 - end of the TLS block (plus the
   addend), so &v is neither NULL nor the thread pointer.  Helpers:
   a b global- and local-dynamic, gnu; c d the same, gnu2; e initial-exec;
   f local-exec, -fno-pic; g h -mcmodel=large global- and local-dynamic. */
//# arch: x86_64
//# cflags: -O2
//# sources: inc/tls_weak_a.c inc/tls_weak_b.c inc/tls_weak_c.c inc/tls_weak_d.c
//# sources: inc/tls_weak_e.c inc/tls_weak_f.c inc/tls_weak_g.c inc/tls_weak_h.c
//# file-cflags: inc/tls_weak_a.c: -fPIC -ftls-model=global-dynamic -mtls-dialect=gnu
//# file-cflags: inc/tls_weak_b.c: -fPIC -ftls-model=local-dynamic -mtls-dialect=gnu
//# file-cflags: inc/tls_weak_c.c: -fPIC -ftls-model=global-dynamic -mtls-dialect=gnu2
//# file-cflags: inc/tls_weak_d.c: -fPIC -ftls-model=local-dynamic -mtls-dialect=gnu2
//# file-cflags: inc/tls_weak_e.c: -fPIC -ftls-model=initial-exec
//# file-cflags: inc/tls_weak_f.c: -fno-pic -ftls-model=local-exec
//# file-cflags: inc/tls_weak_g.c: -fPIC -mcmodel=large -ftls-model=global-dynamic
//# file-cflags: inc/tls_weak_h.c: -fPIC -mcmodel=large -ftls-model=local-dynamic
#include "inc/tls_weak_main.h"

__thread int defined_one = 1;   /* a TLS block exists */

int main(void)
{
    static const struct helper h[] = {
        { "gd gnu", a_addr, a_elem, 0 }, { "ld gnu", b_addr, b_elem, 0 },
        { "gd gnu2", c_addr, c_elem, 0 }, { "ld gnu2", d_addr, d_elem, 0 },
        { "ie", e_addr, e_elem, 0 }, { "le", f_addr, f_elem, 0 },
        { "gd large", g_addr, g_elem, 0 }, { "ld large", h_addr, h_elem, 0 },
    };
    show(h, sizeof h / sizeof *h);
    return defined_one - 1;
}
