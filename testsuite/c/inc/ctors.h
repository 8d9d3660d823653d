/* Shared by the ctors_*.c tests: a logger that numbers what runs, and
   arrays of function pointers put in a named section, 8 bytes an entry
   (aligned(8) keeps gcc from aligning a larger array to 16, which would
   leave a null pointer between the arrays of two objects). */
#include <stdio.h>
#include <unistd.h>

void ctors_log(const char *what);

#define PTRS(sec, name) \
    __attribute__((section(sec), used, aligned(8))) static void (*name[])(void)
#define LOCAL_FN(fn, text) static void fn(void) { ctors_log(text); }
#define GLOBAL_FN(fn, text) void fn(void) { ctors_log(text); }
