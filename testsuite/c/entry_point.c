/* -e my_entry: a custom entry point that bypasses libc start-up.  libc
   is not initialised (no TLS, so not even libc's syscall() wrapper is
   safe: it may use the stack protector canary in TLS), hence raw
   system calls in inline assembly; static data with relocations is
   used, and the program leaves with exit_group.  On x86-64 the stack
   is 16-byte aligned at entry, not call-aligned, hence
   force_align_arg_pointer. */
//# ldflags: -Wl,-e,my_entry
//# cflags: -fno-stack-protector
#include <stddef.h>

static const char message[] = "entered at my_entry\n";
static char buffer[64];
static const char *const parts[] = { "data ", "relocations ", "work\n" };

#if defined(__x86_64__)
static long raw_syscall3(long n, long a, long b, long c)
{
    long ret;
    __asm__ volatile("syscall" : "=a"(ret) : "a"(n), "D"(a), "S"(b), "d"(c) : "rcx", "r11", "memory");
    return ret;
}
#define NR_write 1
#define NR_exit_group 231
#define ENTRY_ATTR __attribute__((force_align_arg_pointer))
#elif defined(__aarch64__)
static long raw_syscall3(long n, long a, long b, long c)
{
    register long x8 __asm__("x8") = n;
    register long x0 __asm__("x0") = a;
    register long x1 __asm__("x1") = b;
    register long x2 __asm__("x2") = c;
    __asm__ volatile("svc 0" : "+r"(x0) : "r"(x8), "r"(x1), "r"(x2) : "memory");
    return x0;
}
#define NR_write 64
#define NR_exit_group 94
#define ENTRY_ATTR
#else
#error "add raw_syscall3 for this architecture"
#endif

ENTRY_ATTR __attribute__((noreturn, used)) void my_entry(void)
{
    unsigned i, n = 0;
    const char *p;
    raw_syscall3(NR_write, 1, (long)message, sizeof message - 1);
    for (i = 0; i < 3; i++)
        for (p = parts[i]; *p; p++)
            buffer[n++] = *p;
    raw_syscall3(NR_write, 1, (long)buffer, n);
    raw_syscall3(NR_exit_group, 7, 0, 0);
    for (;;)
        ;
}

int main(void)
{
    /* never called */
    return 1;
}
