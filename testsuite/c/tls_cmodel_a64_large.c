/* AArch64 TLS with -mcmodel=large (which gcc has only without -fPIC):
   one helper per -ftls-model (inc/tls_models_*.c), traditional and
   descriptor dialects mixed, against variables of another object
   aligned 1, 8 and 64, initialised and zero, and each helper's static
   variables.  gcc makes the dynamic models initial-exec here. */
//# arch: aarch64
//# cflags: -O2 -fno-pic -mcmodel=large -pthread
//# ldflags: -pthread
//# sources: inc/tls_models_defs.c inc/tls_models_gd.c inc/tls_models_ld.c
//# sources: inc/tls_models_ie.c inc/tls_models_le.c
//# file-cflags: inc/tls_models_gd.c: -ftls-model=global-dynamic -mtls-dialect=trad
//# file-cflags: inc/tls_models_ld.c: -ftls-model=local-dynamic -mtls-dialect=desc
//# file-cflags: inc/tls_models_ie.c: -ftls-model=initial-exec
//# file-cflags: inc/tls_models_le.c: -ftls-model=local-exec
//# nopie: -fno-pic -mcmodel=large: literal-pool ABS64 words in .text need text relocations, refused in a PIE (-z text)
#include "inc/tls_models_main.h"
