/* TLS access with -ftls-model=global-dynamic (see inc/tls_model_body.h). */
//# cflags: -fPIC -ftls-model=global-dynamic -pthread
//# ldflags: -pthread
//# sources: inc/tls_model_ext.c
#include "inc/tls_model_body.h"
