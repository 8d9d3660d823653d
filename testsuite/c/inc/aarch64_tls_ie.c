/* TLS accesses of aarch64_tls_desc.c and aarch64_tls_trad.c, compiled
   with -ftls-model=initial-exec. */
#define P ie
#define P_INIT 33
#include "inc/aarch64_tls_body.h"
