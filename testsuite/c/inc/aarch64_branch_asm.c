/* Helper for aarch64_cond_branch.c: br_classify(x) tail-branches with
   CBZ, TBNZ, B.cond, TBZ and CBNZ to functions of other objects, the
   test's (linked before this one: backward branches) and
   inc/aarch64_branch_fwd.c's (after it: forward branches).  The target
   returns straight to br_classify's caller. */
__asm__(
    ".text\n"
    ".globl br_classify\n"
    ".type br_classify, %function\n"
    ".p2align 2\n"
    "br_classify:\n"
    "  cbz x0, br_zero\n"              /* R_AARCH64_CONDBR19, backward */
    "  tbnz x0, #63, br_negative\n"    /* R_AARCH64_TSTBR14, backward */
    "  cmp x0, #100\n"
    "  b.ge br_big\n"                  /* R_AARCH64_CONDBR19, backward */
    "  tbz w0, #0, br_even\n"          /* R_AARCH64_TSTBR14, forward */
    "  cbnz x0, br_odd\n"              /* R_AARCH64_CONDBR19, forward */
    "  brk #0\n"
    ".size br_classify, .-br_classify\n"
    /* br_pick(x): B.cond into the middle of a table in another object
       (a symbol with an addend), each entry "mov x0, #N; ret". */
    ".globl br_pick\n"
    ".type br_pick, %function\n"
    ".p2align 2\n"
    "br_pick:\n"
    "  cmp x0, #1\n"
    "  b.eq br_table+8\n"
    "  cmp x0, #2\n"
    "  b.eq br_table+16\n"
    "  cbz x0, br_table\n"
    "  tbnz w0, #3, br_table+24\n"
    "  mov x0, #-1\n"
    "  ret\n"
    ".size br_pick, .-br_pick\n");
