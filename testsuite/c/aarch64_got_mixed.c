/* GOT accesses that a static link resolves, from -fPIC (this
   file: ADR_GOT_PAGE + LD64_GOT_LO12_NC), -fPIE and -fpic (LD64_GOTPAGE_LO15)
   objects mixed with a -fno-pic one: to data and functions of another
   object, an IFUNC (its GOT entry holds the IPLT entry's address, as
   its -fno-pic address does), a weak undefined symbol (0), absolute
   symbols (one beyond ADRP's reach, whose GOT entry must stay) and a
   --defsym one.  GNU ld keeps every GOT load (the layout comparison
   checks that the GOT is as large as GNU ld's); the asm pairs, one with
   an instruction between ADRP and LDR and one loading into another
   register, too.  Every way of taking an address must give the same one. */
//# arch: aarch64
//# cflags: -O2 -fPIC
//# sources: inc/aarch64_got_nopic.c inc/aarch64_got_pie.c inc/aarch64_got_smallpic.c
//# file-cflags: inc/aarch64_got_nopic.c: -fno-pic
//# file-cflags: inc/aarch64_got_pie.c: -fno-pic -fPIE
//# file-cflags: inc/aarch64_got_smallpic.c: -fno-pic -fpic
//# ldflags: -Wl,--defsym=got_defsym=0x5678
//# nopie: inc/aarch64_got_nopic.c is -fno-pic: its absolute address in read-only data needs a text relocation (GNU ld: read-only segment has dynamic relocations)
#include <stdio.h>
#include <stdint.h>

extern int got_data[4];
extern int *const got_local_ptr;
int got_fn(int x);
int got_ifunc(int x);
extern int got_missing __attribute__((weak));
int got_missing_fn(void) __attribute__((weak));
extern char got_abs_near[], got_abs_far[], got_defsym[];
extern void *const nopic_addrs[];
void *nopic_addr(int i);
int *pie_data(void);
int pie_call(int x);
int pie_missing_is_null(void);
void *smallpic_addr(int i);

/* adrp + ldr with a nop between. */
#define GOT_APART(sym)                                                    \
    ({ void *r_;                                                          \
       __asm__("adrp %0, :got:" #sym "\n\t"                               \
               "nop\n\t"                                                  \
               "ldr %0, [%0, :got_lo12:" #sym "]" : "=&r"(r_));           \
       r_; })
/* The LDR writes another register than the ADRP's. */
#define GOT_OTHER_REG(sym)                                                \
    ({ void *r_, *t_;                                                     \
       __asm__("adrp %1, :got:" #sym "\n\t"                               \
               "ldr %0, [%1, :got_lo12:" #sym "]" : "=r"(r_), "=&r"(t_));  \
       r_; })

int main(void)
{
    int i;
    void *pic[3] = { got_data, (void *)got_fn, (void *)got_ifunc };
    void *apart[3] = { GOT_APART(got_data), GOT_APART(got_fn), GOT_APART(got_ifunc) };
    void *other[3] = { GOT_OTHER_REG(got_data), GOT_OTHER_REG(got_fn),
                       GOT_OTHER_REG(got_ifunc) };
    for (i = 0; i < 3; i++)
        printf("addr %d: nopic=%d data=%d smallpic=%d apart=%d other_reg=%d\n", i,
               pic[i] == nopic_addr(i), pic[i] == nopic_addrs[i], pic[i] == smallpic_addr(i),
               pic[i] == apart[i], pic[i] == other[i]);
    printf("data: %d %d %d local=%d pie=%d\n", got_data[2], *pie_data(), got_fn(1),
           *got_local_ptr, pie_call(5));
    printf("ifunc: %d via ptr %d\n", got_ifunc(1), ((int (*)(int))smallpic_addr(2))(2));
    printf("weak: null=%d,%d,%d,%d,%d fn_null=%d\n", &got_missing == 0,
           pie_missing_is_null(), smallpic_addr(3) == 0, GOT_APART(got_missing) == 0,
           GOT_OTHER_REG(got_missing) == 0, got_missing_fn == 0);
    printf("abs: near=%#lx far=%#lx defsym=%#lx smallpic=%#lx,%#lx apart=%#lx,%#lx\n",
           (unsigned long)(uintptr_t)got_abs_near, (unsigned long)(uintptr_t)got_abs_far,
           (unsigned long)(uintptr_t)got_defsym, (unsigned long)(uintptr_t)smallpic_addr(4),
           (unsigned long)(uintptr_t)smallpic_addr(5),
           (unsigned long)(uintptr_t)GOT_APART(got_abs_far),
           (unsigned long)(uintptr_t)GOT_OTHER_REG(got_defsym));
    return 0;
}
