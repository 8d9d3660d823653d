/* Helper for comdat.c: defines the COMDAT group "dup_group" with
   assembler directives (label "second"). */
__asm__(".section .rodata.dup_group,\"aG\",@progbits,dup_group,comdat\n"
        ".globl dup_value\n"
        ".type dup_value, @object\n"
        ".size dup_value, 4\n"
        ".balign 4\n"
        "dup_value: .long 42\n"
        ".globl dup_label\n"
        ".type dup_label, @object\n"
        ".size dup_label, 8\n"
        "dup_label: .asciz \"second\"\n"
        ".zero 1\n"
        ".previous\n");
extern const char dup_label[];
const char *label_seen_by_b(void) { return dup_label; }
