/* Helper for ctors_asm.c, in an archive: .ctors and .dtors of a member. */
void ctors_log(const char *what);

#ifdef __aarch64__
#define PTR ".xword"
#else
#define PTR ".quad"
#endif

void lib_func(void) { ctors_log("lib_func"); }
void b_ct1(void) { ctors_log("b .ctors[0]"); }
void b_ct2(void) { ctors_log("b .ctors[1]"); }
void b_dt(void) { ctors_log("b .dtors.00001 (priority 65534)"); }

__asm__(".section .ctors,\"aw\"\n"
        "\t.balign 8\n"
        "\t" PTR " b_ct1\n"
        "\t" PTR " b_ct2\n"
        ".section .dtors.00001,\"aw\"\n"
        "\t.balign 8\n"
        "\t" PTR " b_dt\n"
        ".text\n");
