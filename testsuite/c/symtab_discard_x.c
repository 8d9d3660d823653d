/* Local symbols in .symtab with -x: no local symbol of an input is kept
   (GNU ld's rules, compared by the structure check).  The AArch64 driver
   passes -X itself.  The program is inc/local_labels_main.c. */
//# sources: inc/local_labels.c inc/local_labels_main.c
//# file-cflags: inc/local_labels.c: -Wa,-L
//# ldflags: -Wl,-x
