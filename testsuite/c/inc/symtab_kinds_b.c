/* Helper for symtab_kinds.c: the other copy of the unique object, hidden
   references, and a file-local zero-fill variable. */
__asm__(".section .data.uniq,\"awG\",%progbits,uniq_obj,comdat\n"
        ".globl uniq_obj\n"
        ".type uniq_obj, %gnu_unique_object\n"
        ".size uniq_obj, 4\n"
        ".balign 4\n"
        "uniq_obj: .long 99\n"
        ".text\n");
extern int uniq_obj;
extern __attribute__((visibility("hidden"))) int hid_data;
extern __attribute__((visibility("hidden"))) __thread int hid_tls;
static int zero_local;

int other_sum(void) { return hid_data + hid_tls + zero_local++; }
int *other_uniq(void) { return &uniq_obj; }
