/* TLS access with -ftls-model=local-exec (see inc/tls_model_body.h). */
//# cflags: -fno-pic -ftls-model=local-exec -pthread
//# ldflags: -pthread
//# sources: inc/tls_model_ext.c
#include "inc/tls_model_body.h"
