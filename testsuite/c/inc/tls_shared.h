#ifndef TLS_SHARED_H
#define TLS_SHARED_H
extern __thread int ext_tls_counter;
extern __thread char ext_tls_name[16];
extern __thread long ext_tls_zero;
int bump_ext_counter(int by);
int *ext_counter_addr(void);
#endif
