/* Constructor and destructor order as GNU ld's default script makes it:
   .ctors and .dtors sections join .init_array and .fini_array with their
   entries reversed (relocations against local and global functions move
   with their entries), .ctors.N sorts as priority 65535-N among
   .init_array.N, equal priorities by section name, then input order;
   plain .init_array and .ctors mix in input order; .preinit_array first.
   Spread over objects and archive members extracted out of member order;
   everything, including what runs after main, is compared. */
//# sources: inc/ctors_a.c inc/ctors_b.c
//# archive: libctors.a: inc/ctors_c.c inc/ctors_d.c
#include "inc/ctors.h"

static int seq;

void ctors_log(const char *what)
{
    /* write(2) so that the order is exact even after stdio shutdown */
    char buf[128];
    int n = snprintf(buf, sizeof buf, "%2d %s\n", ++seq, what);
    if (write(1, buf, (size_t)n) != n)
        _exit(3);
}

void a_global(void);            /* in ctors_a.c */
void d_func(void);              /* in libctors.a(ctors_d.o) */

LOCAL_FN(m_ct0, "main .ctors[0] local")
LOCAL_FN(m_ct1, "main .ctors[1] local")
GLOBAL_FN(m_ct2, "main .ctors[2] global")
PTRS(".ctors", m_ctors) = {m_ct0, m_ct1, m_ct2, a_global};

LOCAL_FN(m_p0, "main .ctors.00100[0] (priority 65435)")
LOCAL_FN(m_p1, "main .ctors.00100[1] (priority 65435)")
PTRS(".ctors.00100", m_ctors100) = {m_p0, m_p1};

LOCAL_FN(m_i0, "main .init_array.65435[0]")
LOCAL_FN(m_i1, "main .init_array.65435[1]")
PTRS(".init_array.65435", m_init65435) = {m_i0, m_i1};

LOCAL_FN(m_ia0, "main .init_array[0]")
LOCAL_FN(m_ia1, "main .init_array[1]")
PTRS(".init_array", m_init) = {m_ia0, m_ia1};

static void m_pre0(void) { ctors_log("main .preinit_array[0]"); }
static void m_pre1(void) { ctors_log("main .preinit_array[1]"); }
PTRS(".preinit_array", m_preinit) = {m_pre0, m_pre1};

__attribute__((constructor(101))) static void m_c101(void) { ctors_log("main constructor(101)"); }
__attribute__((constructor(65535))) static void m_c65535(void) { ctors_log("main constructor(65535)"); }
__attribute__((constructor)) static void m_cdef(void) { ctors_log("main constructor"); }

LOCAL_FN(m_dt0, "main .dtors[0] local")
LOCAL_FN(m_dt1, "main .dtors[1] local")
GLOBAL_FN(m_dt2, "main .dtors[2] global")
PTRS(".dtors", m_dtors) = {m_dt0, m_dt1, m_dt2, a_global};

LOCAL_FN(m_dp0, "main .dtors.00100[0] (priority 65435)")
LOCAL_FN(m_dp1, "main .dtors.00100[1] (priority 65435)")
PTRS(".dtors.00100", m_dtors100) = {m_dp0, m_dp1};

LOCAL_FN(m_f0, "main .fini_array.00200[0]")
LOCAL_FN(m_f1, "main .fini_array.00200[1]")
PTRS(".fini_array.00200", m_fini200) = {m_f0, m_f1};

__attribute__((destructor(101))) static void m_d101(void) { ctors_log("main destructor(101)"); }
__attribute__((destructor)) static void m_ddef(void) { ctors_log("main destructor"); }

int main(void)
{
    ctors_log("main");
    d_func();
    return 0;
}
