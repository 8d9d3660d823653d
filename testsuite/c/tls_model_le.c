/* TLS access with -ftls-model=local-exec (see inc/tls_model_body.h). */
//# cflags: -fno-pic -ftls-model=local-exec -pthread
//# ldflags: -pthread
//# sources: inc/tls_model_ext.c
//# nopie: x86_64: built -fno-pic: R_X86_64_32 against .rodata, refused in a PIE (AArch64's -fno-pic code is PC-relative and links)
#include "inc/tls_model_body.h"
