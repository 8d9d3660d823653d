/* Helper for ctors_order.c, second member of libctors.a, extracted
   first (main calls d_func). */
#include "ctors.h"

void c_func(void);

void d_func(void) { ctors_log("d_func"); c_func(); }

LOCAL_FN(d_ct0, "d .ctors[0]")
LOCAL_FN(d_ct1, "d .ctors[1]")
PTRS(".ctors", d_ctors) = {d_ct0, d_ct1};
LOCAL_FN(d_p0, "d .ctors.65435 (priority 100)")
PTRS(".ctors.65435", d_ctors100) = {d_p0};
__attribute__((constructor(100))) static void d_c100(void) { ctors_log("d constructor(100)"); }
LOCAL_FN(d_dt0, "d .dtors[0]")
PTRS(".dtors", d_dtors) = {d_dt0};
