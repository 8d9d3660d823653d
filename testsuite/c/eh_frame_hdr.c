/* _Unwind_Backtrace through .eh_frame_hdr: the unwind_backtrace program
   linked with --eh-frame-hdr, so the unwinder finds frames through
   PT_GNU_EH_FRAME and the binary-search table, as in dynamic and
   static-pie links.  Glibc only (libgcc_eh needs _dl_find_object). */
//# libc: glibc
//# cflags: -O1 -funwind-tables -fno-toplevel-reorder -fno-reorder-functions
//# ldflags: -Wl,--eh-frame-hdr
#include "unwind_backtrace.c"
