/* One helper of tls_weak_undef_*.c: see inc/tls_weak_body.h. */
#define P e
#include "inc/tls_weak_body.h"
