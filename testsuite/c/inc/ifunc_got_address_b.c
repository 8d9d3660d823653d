/* Helper of ifunc_got_address.c: the IFUNCs' addresses through the GOT
   (extern functions in -fPIE code), and one in data (R_X86_64_64). */
int got_only(void);
int with_data(void);
void *b_data_with_data = (void *)with_data;
__attribute__((noinline)) void *b_got_only(void) { return (void *)got_only; }
__attribute__((noinline)) void *b_with_data(void) { return (void *)with_data; }
