/* TLS accesses of the TLS model tests (aarch64_tls_*.c, tls_cmodel_*.c),
   compiled with -ftls-model=local-exec. */
#define P le
#define P_INIT 44
#include "inc/tls_models_body.h"
