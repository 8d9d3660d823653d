/* Local labels (.L..., ..., _.L_...) and ordinary locals in a mergeable
   string section, a plain read-only section, data and code, kept in the
   object by the assembler (-Wa,-L).  Which of them reach .symtab depends
   on -X, -x and --discard-none, as in GNU ld. */
__asm__(".section .rodata.str1.1,\"aMS\",@progbits,1\n"
        ".Lmerge_str: .string \"merged\"\n"
        "..merge_dots: .string \"dots\"\n"
        "_.L_merge_under: .string \"under\"\n"
        "merge_plain: .string \"plain\"\n"
        ".section .rodata.labels,\"a\"\n"
        ".Lro_label: .byte 1\n"
        "..ro_dots: .byte 2\n"
        "_.L_ro_under: .byte 3\n"
        "ro_plain: .byte 4\n"
        ".data\n"
        ".Ldata_label: .long 5\n"
        ".text\n"
        ".Ltext_label: nop\n");

static int local_counter = 3;

int local_labels_value(void)
{
    return local_counter++;
}
