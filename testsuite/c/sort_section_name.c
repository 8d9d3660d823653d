/* --sort-section=name: GNU ld sorts the inputs of each statement of
   its script by name (ties in input order; SORT(.text.sorted.*) stays
   by name), the per-file COMMON sections too; --sort-common orders
   the symbols inside each.  Functions and data of several alignments in
   sections of their own, over two files, with COMMON symbols. */
//# cflags: -ffunction-sections -fdata-sections -fcommon
//# sources: inc/sort_section_other.c
//# ldflags: -Wl,--sort-section=name -Wl,--sort-common
#include "inc/sort_section_main.h"
