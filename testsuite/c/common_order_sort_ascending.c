/* COMMON placement with --sort-common=ascending, compared with GNU ld's through the
   offsets the program prints (inc/common_order_main.c). */
//# cflags: -fcommon
//# sources: inc/common_order_main.c inc/common_order_other.c
//# ldflags: -Wl,--sort-common=ascending
