/* Constructors/destructors with priorities, plain .init_array /
   .fini_array / .preinit_array entries, from two objects; the order
   of all output (including destructor output after main) is compared. */
//# sources: inc/ctor_other.c
#include <stdio.h>

void ctor_log(const char *what);

__attribute__((constructor(101))) static void c101(void) { ctor_log("ctor 101 (main.o)"); }
__attribute__((constructor(65535))) static void c65535(void) { ctor_log("ctor 65535 (main.o)"); }
__attribute__((constructor)) static void cdefault(void) { ctor_log("ctor default (main.o)"); }
__attribute__((constructor(300))) static void c300(void) { ctor_log("ctor 300 (main.o)"); }
__attribute__((constructor(200))) static void c200(void) { ctor_log("ctor 200 (main.o)"); }

__attribute__((destructor(101))) static void d101(void) { ctor_log("dtor 101 (main.o)"); }
__attribute__((destructor(300))) static void d300(void) { ctor_log("dtor 300 (main.o)"); }
__attribute__((destructor)) static void ddefault(void) { ctor_log("dtor default (main.o)"); }

static void raw_init(void) { ctor_log("raw .init_array entry (main.o)"); }
static void raw_init_prio(void) { ctor_log("raw .init_array.00150 entry (main.o)"); }
static void raw_fini(void) { ctor_log("raw .fini_array entry (main.o)"); }
static void raw_preinit(int argc, char **argv, char **envp)
{
    (void)argv; (void)envp;
    ctor_log(argc > 0 ? "preinit_array entry (main.o)" : "preinit_array entry, argc 0");
}

__attribute__((section(".init_array"), used)) static void (*init_p)(void) = raw_init;
__attribute__((section(".init_array.00150"), used)) static void (*init_p150)(void) = raw_init_prio;
__attribute__((section(".fini_array"), used)) static void (*fini_p)(void) = raw_fini;
__attribute__((section(".preinit_array"), used)) static void (*preinit_p)(int, char **, char **) = raw_preinit;

int main(void)
{
    ctor_log("main");
    return 0;
}
