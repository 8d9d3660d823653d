/* Helper for ctors_order.c: .init_array.N written out, and
   constructor(P) at priorities the other objects use as .ctors.N. */
#include "ctors.h"

LOCAL_FN(b_i0, "b .init_array.00200[0]")
LOCAL_FN(b_i1, "b .init_array.00200[1]")
PTRS(".init_array.00200", b_init200) = {b_i0, b_i1};

LOCAL_FN(b_ia0, "b .init_array[0]")
PTRS(".init_array", b_init) = {b_ia0};

__attribute__((constructor(101))) static void b_c101(void) { ctors_log("b constructor(101)"); }
__attribute__((constructor(65435))) static void b_c65435(void) { ctors_log("b constructor(65435)"); }
__attribute__((constructor)) static void b_cdef(void) { ctors_log("b constructor"); }

LOCAL_FN(b_f0, "b .fini_array.65435")
PTRS(".fini_array.65435", b_fini) = {b_f0};
__attribute__((destructor(200))) static void b_d200(void) { ctors_log("b destructor(200)"); }
__attribute__((destructor)) static void b_ddef(void) { ctors_log("b destructor"); }

static void b_pre(void) { ctors_log("b .preinit_array"); }
PTRS(".preinit_array", b_preinit) = {b_pre};
