/* TLS with TLS descriptors (-mtls-dialect=desc, gcc's default here): one
   helper per -ftls-model, all relaxed to local-exec in a static link
   (TLSDESC_* sequences, TLSIE_* GOT loads, TLSLE_ADD_TPREL_*), against
   variables of another object aligned 1, 8 and 64, initialised and
   zero, and against each helper's static variables (local symbols).
   -fPIC, or gcc would use initial-exec for the dynamic models.  gcc has
   no local-dynamic sequence on AArch64 and emits global-dynamic's. */
//# arch: aarch64
//# cflags: -O2 -fPIC -mtls-dialect=desc -pthread
//# ldflags: -pthread
//# sources: inc/tls_models_defs.c inc/tls_models_gd.c inc/tls_models_ld.c
//# sources: inc/tls_models_ie.c inc/tls_models_le.c
//# file-cflags: inc/tls_models_gd.c: -ftls-model=global-dynamic
//# file-cflags: inc/tls_models_ld.c: -ftls-model=local-dynamic
//# file-cflags: inc/tls_models_ie.c: -ftls-model=initial-exec
//# file-cflags: inc/tls_models_le.c: -ftls-model=local-exec
#include "inc/tls_models_main.h"
