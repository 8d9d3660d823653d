/* TLS accesses of aarch64_tls_desc.c and aarch64_tls_trad.c, compiled
   with -ftls-model=global-dynamic. */
#define P gd
#define P_INIT 11
#include "inc/aarch64_tls_body.h"
