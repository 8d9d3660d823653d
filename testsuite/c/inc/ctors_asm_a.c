/* Helper for ctors_asm.c: a second object's assembly .ctors.N that ties
   with a constructor priority of the main object. */
void ctors_log(const char *what);

#ifdef __aarch64__
#define PTR ".xword"
#else
#define PTR ".quad"
#endif

void other_ctor(void) { ctors_log("other_ctor (in main's .ctors)"); }
void a_ct(void) { ctors_log("a .ctors"); }
void a_p1(void) { ctors_log("a .ctors.64535[0] (priority 1000)"); }
void a_p2(void) { ctors_log("a .ctors.64535[1] (priority 1000)"); }
void a_dt1(void) { ctors_log("a .dtors[0]"); }
void a_dt2(void) { ctors_log("a .dtors[1]"); }

__asm__(".section .ctors.64535,\"aw\"\n"
        "\t.balign 8\n"
        "\t" PTR " a_p1\n"
        "\t" PTR " a_p2\n"
        ".section .ctors,\"aw\"\n"
        "\t.balign 8\n"
        "\t" PTR " a_ct\n"
        ".section .dtors,\"aw\"\n"
        "\t.balign 8\n"
        "\t" PTR " a_dt1\n"
        "\t" PTR " a_dt2\n"
        ".text\n");
