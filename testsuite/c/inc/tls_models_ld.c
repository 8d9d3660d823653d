/* TLS accesses of the TLS model tests (aarch64_tls_*.c, tls_cmodel_*.c),
   compiled with -ftls-model=local-dynamic. */
#define P ld
#define P_INIT 22
#include "inc/tls_models_body.h"
