/* Helper for aarch64_cond_branch.c: targets after the branches. */
long br_even(long x) { return x / 2 + 1000; }
long br_odd(long x) { return x * 3 + 2000; }

/* Four entries of two instructions: mov x0, #N; ret. */
__asm__(".text\n"
        ".globl br_table\n"
        ".p2align 2\n"
        "br_table:\n"
        "  mov x0, #40\n  ret\n"
        "  mov x0, #41\n  ret\n"
        "  mov x0, #42\n  ret\n"
        "  mov x0, #43\n  ret\n");
