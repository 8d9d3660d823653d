/* Undefined weak TLS variables on AArch64 under every -ftls-model, both
   dialects and the code models, as GNU ld 2.40 links them: general- and
   local-dynamic (trad) and initial-exec find TP offset 0 - start + 16
   (GNU ld keeps the initial-exec GOT entry and the __tls_get_addr call
   with a GOT pair; mld makes the call initial-exec too); local-exec
   finds the thread pointer itself (GNU ld makes the whole offset 0,
   addend included).  Helpers: a b global- and local-dynamic, trad; c
   global-dynamic, desc, -fno-pic (gcc makes it initial-exec); d
   -mcmodel=tiny global-dynamic, trad; e initial-exec; f local-exec; g
   -mcmodel=tiny initial-exec, a literal load, which GNU ld points at
   itself for an undefined symbol: the "offset" is the instruction pair
   (ldr x0, .; mrs x1, tpidr_el0), printed raw; h -mcmodel=large.
   TLS descriptors (desc, -fPIC) against an undefined weak symbol crash
   GNU ld 2.40 and are refused: see err/tls_weak_desc.sh. */
//# arch: aarch64
//# cflags: -O2
//# sources: inc/tls_weak_a.c inc/tls_weak_b.c inc/tls_weak_c.c inc/tls_weak_d.c
//# sources: inc/tls_weak_e.c inc/tls_weak_f.c inc/tls_weak_g.c inc/tls_weak_h.c
//# file-cflags: inc/tls_weak_a.c: -fPIC -ftls-model=global-dynamic -mtls-dialect=trad
//# file-cflags: inc/tls_weak_b.c: -fPIC -ftls-model=local-dynamic -mtls-dialect=trad
//# file-cflags: inc/tls_weak_c.c: -fno-pic -ftls-model=global-dynamic -mtls-dialect=desc
//# file-cflags: inc/tls_weak_d.c: -fPIC -mcmodel=tiny -ftls-model=global-dynamic -mtls-dialect=trad
//# file-cflags: inc/tls_weak_e.c: -fPIC -ftls-model=initial-exec
//# file-cflags: inc/tls_weak_f.c: -ftls-model=local-exec
//# file-cflags: inc/tls_weak_g.c: -mcmodel=tiny -ftls-model=initial-exec
//# file-cflags: inc/tls_weak_h.c: -fno-pic -mcmodel=large -ftls-model=initial-exec
//# nopie: aarch64: the address of an undefined weak TLS variable: GNU ld's static PIE leaves its code unrelaxed or gives another offset than its static link (no program can use it); mld gives the static link's
#include "inc/tls_weak_main.h"

__thread int defined_one = 1;   /* a TLS block exists */

int main(void)
{
    static const struct helper h[] = {
        { "gd trad", a_addr, a_elem, 0 }, { "ld trad", b_addr, b_elem, 0 },
        { "gd desc no-pic", c_addr, c_elem, 0 }, { "gd tiny", d_addr, d_elem, 0 },
        { "ie", e_addr, e_elem, 0 }, { "le", f_addr, f_elem, 0 },
        { "ie tiny", g_addr, g_elem, 1 }, { "ie large", h_addr, h_elem, 0 },
    };
    show(h, sizeof h / sizeof *h);
    return defined_one - 1;
}
