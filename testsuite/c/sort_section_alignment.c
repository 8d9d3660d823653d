/* --sort-section=alignment: GNU ld sorts the inputs of each statement of
   its script by alignment, the largest first (ties in input order), and
   the per-file COMMON sections of *(COMMON) too; --sort-common orders
   the symbols inside each.  Functions and data of several alignments in
   sections of their own, over two files, with COMMON symbols. */
//# cflags: -ffunction-sections -fdata-sections -fcommon
//# sources: inc/sort_section_other.c
//# ldflags: -Wl,--sort-section=alignment -Wl,--sort-common
#include "inc/sort_section_main.h"
