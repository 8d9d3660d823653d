/* x86-64 TLS with -mcmodel=large -fPIC -mtls-dialect=gnu: one helper per
   -ftls-model (inc/tls_models_*.c) against variables of another object
   aligned 1, 8 and 64, initialised and zero, and each helper's static
   variables; general- and local-dynamic use the large model's call sequence
   (lea x@tlsgd/x@tlsld(%rip), %rdi; movabs $__tls_get_addr@pltoff, %rax;
   add %rbx, %rax; call *%rax), which GNU ld rewrites to local-exec in 22
   bytes (mov %fs:0, then lea x@tpoff or the DTPOFF32 offsets, and nops). */
//# arch: x86_64
//# cflags: -O2 -fPIC -mcmodel=large -mtls-dialect=gnu -pthread
//# ldflags: -pthread
//# sources: inc/tls_models_defs.c inc/tls_models_gd.c inc/tls_models_ld.c
//# sources: inc/tls_models_ie.c inc/tls_models_le.c
//# file-cflags: inc/tls_models_gd.c: -ftls-model=global-dynamic
//# file-cflags: inc/tls_models_ld.c: -ftls-model=local-dynamic
//# file-cflags: inc/tls_models_ie.c: -ftls-model=initial-exec
//# file-cflags: inc/tls_models_le.c: -ftls-model=local-exec
#include "inc/tls_models_main.h"
