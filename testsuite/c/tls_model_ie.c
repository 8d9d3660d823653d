/* TLS access with -ftls-model=initial-exec (see inc/tls_model_body.h). */
//# cflags: -fPIC -ftls-model=initial-exec -pthread
//# ldflags: -pthread
//# sources: inc/tls_model_ext.c
#include "inc/tls_model_body.h"
