/* .ctors, .dtors, .ctors.N and .dtors.N written in assembly (.quad on
   x86-64, .xword on AArch64), as old compilers and hand-written startup
   code emit them, in two objects and an archive member: GNU ld copies
   them into .init_array/.fini_array with each section's entries
   reversed and .ctors.N sorted as priority 65535-N.  The entries refer
   to global functions, to a local one and to another object's. */
//# sources: inc/ctors_asm_a.c
//# archive: libctorsasm.a: inc/ctors_asm_b.c
#include <stdio.h>
#include <unistd.h>

#ifdef __aarch64__
#define PTR ".xword"
#else
#define PTR ".quad"
#endif

static int seq;

void ctors_log(const char *what)
{
    char buf[128];
    int n = snprintf(buf, sizeof buf, "%2d %s\n", ++seq, what);
    if (write(1, buf, (size_t)n) != n)
        _exit(3);
}

void asm_g1(void) { ctors_log("main .ctors[0] asm_g1"); }
void asm_g2(void) { ctors_log("main .ctors[1] asm_g2"); }
/* A local function under a fixed assembler name. */
static void asm_local(void) __asm__("ctors_asm_local") __attribute__((used));
static void asm_local(void) { ctors_log("main .ctors[2] local"); }
void asm_p1(void) { ctors_log("main .ctors.00500[0] (priority 65035)"); }
void asm_p2(void) { ctors_log("main .ctors.00500[1] (priority 65035)"); }
void asm_d1(void) { ctors_log("main .dtors[0]"); }
void asm_d2(void) { ctors_log("main .dtors[1]"); }
void asm_dp(void) { ctors_log("main .dtors.65000 (priority 535)"); }
void other_ctor(void);          /* in ctors_asm_a.c */
void lib_func(void);            /* in libctorsasm.a */

__asm__(".section .ctors,\"aw\"\n"
        "\t.balign 8\n"
        "\t" PTR " asm_g1\n"
        "\t" PTR " asm_g2\n"
        "\t" PTR " ctors_asm_local\n"
        "\t" PTR " other_ctor\n"
        ".section .ctors.00500,\"aw\"\n"
        "\t.balign 8\n"
        "\t" PTR " asm_p1\n"
        "\t" PTR " asm_p2\n"
        ".section .dtors,\"aw\"\n"
        "\t.balign 8\n"
        "\t" PTR " asm_d1\n"
        "\t" PTR " asm_d2\n"
        ".section .dtors.65000,\"aw\"\n"
        "\t.balign 8\n"
        "\t" PTR " asm_dp\n"
        ".text\n");

__attribute__((constructor(1000))) static void c1000(void) { ctors_log("main constructor(1000)"); }
__attribute__((destructor(1000))) static void d1000(void) { ctors_log("main destructor(1000)"); }

int main(void)
{
    ctors_log("main");
    lib_func();
    return 0;
}
