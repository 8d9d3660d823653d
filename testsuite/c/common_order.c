/* COMMON placement with GNU ld's default order, compared with GNU ld's through the
   offsets the program prints (inc/common_order_main.c). */
//# cflags: -fcommon
//# sources: inc/common_order_main.c inc/common_order_other.c
