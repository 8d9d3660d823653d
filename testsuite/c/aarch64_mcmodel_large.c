/* -mcmodel=large: gcc loads every address from a literal pool (an
   R_AARCH64_ABS64 in .text read by ADRP+LDR) and calls with CALL26.  The
   MOVZ/MOVK sequences of the large model are written in asm, against
   data, functions and absolute symbols of another object: the unsigned
   groups MOVW_UABS_G0..G3 (checked and _NC), the signed MOVW_SABS_G0..G2
   (MOVN for a negative value, MOVZ otherwise) and MOVW_PREL_G1/G0_NC.
   Every printed value depends on the relocated immediates. */
//# arch: aarch64
//# cflags: -O2 -mcmodel=large -fno-pie
//# sources: inc/aarch64_large_other.c
//# nopie: -mcmodel=large -fno-pie: MOVW_UABS_G0..G3 and literal-pool ABS64 words in .text are absolute, refused in a PIE
#include <stdio.h>
#include <stdint.h>

extern long large_table[64];
extern const char large_msg[];
extern int large_counter;
int large_scale(int x);
long large_sum(const long *p, int n);

/* sym+off with the full four-instruction sequence (G3, G2_NC, G1_NC,
   G0_NC). */
#define ABS64(sym, off)                                                   \
    ({ uint64_t r_;                                                       \
       __asm__("movz %0, #:abs_g3:" #sym "+" #off "\n\t"                  \
               "movk %0, #:abs_g2_nc:" #sym "+" #off "\n\t"               \
               "movk %0, #:abs_g1_nc:" #sym "+" #off "\n\t"               \
               "movk %0, #:abs_g0_nc:" #sym "+" #off : "=r"(r_));          \
       r_; })

/* The checked groups: G2 for values below 2^48, G1 below 2^32, G0 below
   2^16. */
#define ABS48(sym)                                                        \
    ({ uint64_t r_;                                                       \
       __asm__("movz %0, #:abs_g2:" #sym "\n\t"                           \
               "movk %0, #:abs_g1_nc:" #sym "\n\t"                        \
               "movk %0, #:abs_g0_nc:" #sym : "=r"(r_));                   \
       r_; })
#define ABS32(sym)                                                        \
    ({ uint64_t r_;                                                       \
       __asm__("movz %0, #:abs_g1:" #sym "\n\t"                           \
               "movk %0, #:abs_g0_nc:" #sym : "=r"(r_));                   \
       r_; })
#define ABS16(sym)                                                        \
    ({ uint64_t r_; __asm__("movz %0, #:abs_g0:" #sym : "=r"(r_)); r_; })

/* Signed groups: the top instruction becomes MOVN for a negative value. */
#define SABS48(sym)                                                       \
    ({ int64_t r_;                                                        \
       __asm__("movz %0, #:abs_g2_s:" #sym "\n\t"                         \
               "movk %0, #:abs_g1_nc:" #sym "\n\t"                        \
               "movk %0, #:abs_g0_nc:" #sym : "=r"(r_));                   \
       r_; })
#define SABS32(sym)                                                       \
    ({ int64_t r_;                                                        \
       __asm__("movz %0, #:abs_g1_s:" #sym "\n\t"                         \
               "movk %0, #:abs_g0_nc:" #sym : "=r"(r_));                   \
       r_; })
#define SABS16(sym)                                                       \
    ({ int64_t r_; __asm__("movz %0, #:abs_g0_s:" #sym : "=r"(r_)); r_; })

/* sym - P, P being the MOVZ (the MOVK's addend makes up for its own P
   being 4 further), plus P taken with ADR: the address again. */
#define PREL32(sym)                                                       \
    ({ uint64_t r_, p_;                                                   \
       __asm__("1: movz %0, #:prel_g1:" #sym "\n\t"                       \
               "movk %0, #:prel_g0_nc:" #sym "+4\n\t"                     \
               "adr %1, 1b\n\t"                                           \
               "add %0, %0, %1" : "=&r"(r_), "=&r"(p_));                   \
       r_; })

int main(void)
{
    int i;
    long *table = (long *)ABS64(large_table, 0);
    for (i = 0; i < 64; i++) table[i] = i * 3 + 1;
    long *tenth = (long *)ABS64(large_table, 80);
    int (*scale)(int) = (int (*)(int))ABS64(large_scale, 0);
    int *counter = (int *)ABS32(large_counter);

    printf("table: same=%d tenth=%ld sum=%ld\n", table == large_table, *tenth,
           large_sum(table, 64));
    *counter += 5;
    printf("counter=%d scale(3)=%d direct=%d same_fn=%d\n", large_counter,
           scale(3), large_scale(4), scale == large_scale);
    printf("msg=%s same=%d prel_same=%d prel_fn=%d\n",
           (const char *)ABS48(large_msg), ABS48(large_msg) == (uint64_t)large_msg,
           PREL32(large_table) == (uint64_t)large_table,
           ((int (*)(int))PREL32(large_scale))(10));
    printf("abs: g0=%#llx g1=%#llx g2=%#llx g3=%#llx g3+8=%#llx\n",
           (unsigned long long)ABS16(large_abs16),
           (unsigned long long)ABS32(large_abs32),
           (unsigned long long)ABS48(large_abs48),
           (unsigned long long)ABS64(large_abs64, 0),
           (unsigned long long)ABS64(large_abs64, 8));
    printf("signed: g0=%lld g1=%lld g2=%lld positive g1=%#llx g2=%#llx\n",
           (long long)SABS16(large_neg16), (long long)SABS32(large_neg32),
           (long long)SABS48(large_neg48), (long long)SABS32(large_abs32),
           (long long)SABS48(large_abs48));
    return 0;
}
