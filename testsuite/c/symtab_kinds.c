/* The symbol table GNU ld writes: hidden and internal symbols stay GLOBAL
   or WEAK with their visibility; STB_GNU_UNIQUE objects of COMDAT groups
   are kept once and stay UNIQUE; static functions and variables are
   locals after their file's STT_FILE symbol; objects whose only kept data
   is zero-fill show no locals; the linker's PROVIDE_HIDDEN symbols are
   locals; AArch64 lists one STT_SECTION symbol per output section.  The
   driver compares type, binding, visibility and section of every defined
   symbol with GNU ld's. */
//# sources: inc/symtab_kinds_b.c
#include <stdio.h>

__attribute__((visibility("hidden"))) int hid_data = 3;
__attribute__((visibility("internal"))) int internal_fn(void) { return 4; }
__attribute__((weak, visibility("hidden"))) int weak_hidden_fn(void) { return 5; }
__attribute__((visibility("protected"))) int prot_data = 6;
__attribute__((visibility("hidden"))) __thread int hid_tls = 7;
static int local_data = 8;
static __attribute__((noinline)) int local_fn(int x) { return x + local_data; }

/* A unique object in a COMDAT group, as g++ makes for a static local of
   an inline function; inc/symtab_kinds_b.c has the same group. */
__asm__(".section .data.uniq,\"awG\",%progbits,uniq_obj,comdat\n"
        ".globl uniq_obj\n"
        ".type uniq_obj, %gnu_unique_object\n"
        ".size uniq_obj, 4\n"
        ".balign 4\n"
        "uniq_obj: .long 11\n"
        ".text\n");
extern int uniq_obj;

int other_sum(void);
int *other_uniq(void);
extern char __init_array_start[], __init_array_end[];

int main(void)
{
    printf("%d %d %d %d %d %d\n", hid_data, internal_fn(), weak_hidden_fn(),
           prot_data, hid_tls, local_fn(1));
    printf("other %d, unique %d, same object %d\n", other_sum(), uniq_obj,
           other_uniq() == &uniq_obj);
    printf("init_array entries %d\n",
           (int)((__init_array_end - __init_array_start) / sizeof(void *)));
    return 0;
}
