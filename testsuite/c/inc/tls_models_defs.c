/* TLS variables of the TLS model tests (aarch64_tls_*.c, tls_cmodel_*.c),
   defined apart from the code using them: alignments 1, 8 and 64, each once
   initialised (.tdata) and once zero (.tbss).  The 64-byte alignment
   makes the TLS block start 64 bytes after the thread pointer on AArch64
   (variant 1: the 16-byte TCB rounded up to the block's alignment). */
#include "inc/tls_models_body.h"

__thread char tls_c1 = 'q';
__thread char tls_z1;
__thread long tls_l8 = 0x1122334455667788;
__thread long tls_z8;
__thread struct blk64 tls_b64 = { { 7, 8, 9 } };
__thread struct blk64 tls_z64;
