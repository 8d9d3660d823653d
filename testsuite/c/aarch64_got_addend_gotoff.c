/* AArch64 GOT relocations GNU ld 2.40 accepts beyond gcc's own: GOT loads
   with an addend (GNU ld leaves the addend out: the entry holds the
   symbol, and the load reads the symbol's address) and the entry's
   offset from _GLOBAL_OFFSET_TABLE_ (MOVW_GOTOFF_G1/G0_NC in a MOVZ/MOVK
   pair, LD64_GOTOFF_LO15 in an LDR), as gas writes them. */
//# arch: aarch64
#include <stdio.h>

long got_target[4] = {10, 20, 30, 40};
extern char _GLOBAL_OFFSET_TABLE_[];

int main(void)
{
    long *with_addend, *via_movw, *via_lo15;
    __asm__("adrp %0, :got:got_target+16\n\t"
            "ldr %0, [%0, :got_lo12:got_target+16]" : "=r"(with_addend));
    __asm__("movz %0, #:gotoff_g1:got_target\n\t"
            "movk %0, #:gotoff_g0_nc:got_target\n\t"
            "ldr %0, [%1, %0]" : "=&r"(via_movw) : "r"(_GLOBAL_OFFSET_TABLE_));
    __asm__("ldr %0, [%1, #:gotoff_lo15:got_target]"
            : "=r"(via_lo15) : "r"(_GLOBAL_OFFSET_TABLE_));
    printf("%ld %d %d\n", *with_addend, via_movw == got_target,
           via_lo15 == got_target);
    return 0;
}
