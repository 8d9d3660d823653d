/* Helper for ctors_order.c, first member of libctors.a but extracted
   second (ctors_d.o needs it). */
#include "ctors.h"

void c_func(void) { ctors_log("c_func"); }

LOCAL_FN(c_ct0, "c .ctors[0]")
GLOBAL_FN(c_ct1, "c .ctors[1] global")
PTRS(".ctors", c_ctors) = {c_ct0, c_ct1};
__attribute__((constructor)) static void c_cdef(void) { ctors_log("c constructor"); }
LOCAL_FN(c_dt0, "c .dtors[0]")
LOCAL_FN(c_dt1, "c .dtors[1]")
PTRS(".dtors", c_dtors) = {c_dt0, c_dt1};
