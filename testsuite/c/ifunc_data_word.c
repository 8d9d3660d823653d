/* An IFUNC whose address only a pointer in writable data holds: x86-64
   GNU ld makes it no PLT entry (avoid_plt) and gives the word an
   IRELATIVE of its own, in .rela.iplt (an executable) or .rela.dyn (a
   PIE); mld made a PLT entry and pointed the word at it.  The start-up
   code must resolve the word before main calls through it.  (musl has no
   IFUNC.) */
//# libc: glibc
#include <stdio.h>

static int impl(void) { return 42; }
static int (*resolve(void))(void) { return impl; }
int ifunc_data_word(void) __attribute__((ifunc("resolve")));
int (*ifunc_data_word_ptr)(void) = ifunc_data_word;

int main(void)
{
    printf("%d\n", ifunc_data_word_ptr());
    return 0;
}
