/* TLS accesses of aarch64_tls_desc.c and aarch64_tls_trad.c, compiled
   with -ftls-model=local-dynamic. */
#define P ld
#define P_INIT 22
#include "inc/aarch64_tls_body.h"
