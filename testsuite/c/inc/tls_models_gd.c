/* TLS accesses of the TLS model tests (aarch64_tls_*.c, tls_cmodel_*.c),
   compiled with -ftls-model=global-dynamic. */
#define P gd
#define P_INIT 11
#include "inc/tls_models_body.h"
