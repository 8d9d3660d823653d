/* TLS access with -ftls-model=local-dynamic (see inc/tls_model_body.h). */
//# cflags: -fPIC -ftls-model=local-dynamic -pthread
//# ldflags: -pthread
//# sources: inc/tls_model_ext.c
#include "inc/tls_model_body.h"
