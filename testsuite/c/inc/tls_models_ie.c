/* TLS accesses of the TLS model tests (aarch64_tls_*.c, tls_cmodel_*.c),
   compiled with -ftls-model=initial-exec. */
#define P ie
#define P_INIT 33
#include "inc/tls_models_body.h"
