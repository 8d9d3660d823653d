/* TLS descriptors (x86-64 -mtls-dialect=gnu2, TLSDESC relocations),
   see inc/tls_model_body.h.  The flag is x86-specific (AArch64 uses
   descriptors by default), hence the arch restriction. */
//# arch: x86_64
//# cflags: -fPIC -ftls-model=global-dynamic -mtls-dialect=gnu2 -pthread
//# ldflags: -pthread
//# sources: inc/tls_model_ext.c
#include "inc/tls_model_body.h"
