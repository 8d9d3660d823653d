/* TLS accesses of aarch64_tls_desc.c and aarch64_tls_trad.c, compiled
   with -ftls-model=local-exec. */
#define P le
#define P_INIT 44
#include "inc/aarch64_tls_body.h"
