/* AArch64 TLS with -mcmodel=tiny -fPIC -mtls-dialect=desc: one helper per
   -ftls-model (inc/tls_models_*.c) against variables of another object
   aligned 1, 8 and 64, initialised and zero, and each helper's static
   variables.  Initial-exec is a literal load from the GOT
   (R_AARCH64_TLSIE_LD_GOTTPREL_PREL19), which GNU ld keeps; the dynamic
   models use the small model's sequences. */
//# arch: aarch64
//# cflags: -O2 -fPIC -mcmodel=tiny -mtls-dialect=desc -pthread
//# ldflags: -pthread
//# sources: inc/tls_models_defs.c inc/tls_models_gd.c inc/tls_models_ld.c
//# sources: inc/tls_models_ie.c inc/tls_models_le.c
//# file-cflags: inc/tls_models_gd.c: -ftls-model=global-dynamic
//# file-cflags: inc/tls_models_ld.c: -ftls-model=local-dynamic
//# file-cflags: inc/tls_models_ie.c: -ftls-model=initial-exec
//# file-cflags: inc/tls_models_le.c: -ftls-model=local-exec
#include "inc/tls_models_main.h"
