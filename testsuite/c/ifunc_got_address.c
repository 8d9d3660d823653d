/* x86-64, as GNU ld does it: the address of an IFUNC loaded through the
   GOT (another object's -fPIE code) is the real function unless some
   reference needs pointer equality (an absolute relocation, or PC32
   outside code); PC-relative code references get the IPLT entry.  So
   got_only's two addresses differ and with_data's agree.  Found by the
   random differential test (testsuite/random). */
//# libc: glibc
//# arch: x86_64
//# cflags: -O2 -fPIE
//# sources: inc/ifunc_got_address_b.c
#include <stdio.h>

static int one(void) { return 1; }
static int two(void) { return 2; }
static int (*pick_one(void))(void) { return one; }
static int (*pick_two(void))(void) { return two; }
int got_only(void) __attribute__((ifunc("pick_one")));
int with_data(void) __attribute__((ifunc("pick_two")));

/* Addresses taken here with lea sym(%rip): R_X86_64_PC32 in code. */
__attribute__((noinline)) void *addr_got_only(void) { return (void *)got_only; }
__attribute__((noinline)) void *addr_with_data(void) { return (void *)with_data; }

void *b_got_only(void);
void *b_with_data(void);
extern void *b_data_with_data;

int main(void)
{
    printf("calls %d %d\n", got_only(), with_data());
    printf("got_only: pc32 == got %d\n", addr_got_only() == b_got_only());
    printf("with_data: pc32 == got %d, == data %d\n",
           addr_with_data() == b_with_data(),
           addr_with_data() == b_data_with_data);
    return 0;
}
