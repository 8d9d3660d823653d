/* Helper for ctors_order.c: .ctors.N against .init_array.N of other
   objects, a constructor(101) tied with main's and b's. */
#include "ctors.h"

GLOBAL_FN(a_global, "a_global (ctors_a.o)")

LOCAL_FN(a_ct0, "a .ctors[0]")
LOCAL_FN(a_ct1, "a .ctors[1]")
PTRS(".ctors", a_ctors) = {a_ct0, a_ct1};

LOCAL_FN(a_p0, "a .ctors.65434[0] (priority 101)")
LOCAL_FN(a_p1, "a .ctors.65434[1] (priority 101)")
PTRS(".ctors.65434", a_ctors101) = {a_p0, a_p1};

LOCAL_FN(a_q0, "a .ctors.65335[0] (priority 200)")
PTRS(".ctors.65335", a_ctors200) = {a_q0};

__attribute__((constructor(101))) static void a_c101(void) { ctors_log("a constructor(101)"); }
__attribute__((constructor(150))) static void a_c150(void) { ctors_log("a constructor(150)"); }
__attribute__((constructor)) static void a_cdef(void) { ctors_log("a constructor"); }

LOCAL_FN(a_dt0, "a .dtors[0]")
LOCAL_FN(a_dt1, "a .dtors[1]")
PTRS(".dtors", a_dtors) = {a_dt0, a_dt1};

LOCAL_FN(a_dp0, "a .dtors.65434 (priority 101)")
PTRS(".dtors.65434", a_dtors101) = {a_dp0};

__attribute__((destructor(101))) static void a_d101(void) { ctors_log("a destructor(101)"); }
__attribute__((destructor(65535))) static void a_d65535(void) { ctors_log("a destructor(65535)"); }
