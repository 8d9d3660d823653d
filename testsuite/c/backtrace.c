/* glibc backtrace(): the frame count is positive and the innermost
   frames are attributed (by comparing return addresses with the
   addresses of known functions, no symbolisation needed) to the
   expected callers.  musl has no <execinfo.h>. */
//# libc: glibc
//# cflags: -O0 -fno-omit-frame-pointer -funwind-tables -fno-toplevel-reorder -fno-reorder-functions
#include <stdio.h>
#include <stdint.h>
#include <execinfo.h>

#define NOINLINE __attribute__((noinline, noclone))

NOINLINE void level3(int *count, void **frames);
NOINLINE void level2(int *count, void **frames);
NOINLINE void level1(int *count, void **frames);
int main(void);
NOINLINE void end_marker(void);

struct fn { const char *name; uintptr_t addr; };

NOINLINE void level3(int *count, void **frames)
{
    *count = backtrace(frames, 64);
}
NOINLINE void level2(int *count, void **frames) { level3(count, frames); __asm__ volatile(""); }
NOINLINE void level1(int *count, void **frames) { level2(count, frames); __asm__ volatile(""); }

static const char *attribute(void *pc, const struct fn *fns, int n, uintptr_t end)
{
    uintptr_t a = (uintptr_t)pc, best = 0;
    const char *name = "?";
    int i;
    if (a >= end)
        return "?";
    for (i = 0; i < n; i++)
        if (fns[i].addr <= a && fns[i].addr >= best) {
            best = fns[i].addr;
            name = fns[i].name;
        }
    return name;
}

int main(void)
{
    void *frames[64];
    int count = 0, i;
    level1(&count, frames);
    const struct fn fns[] = {
        { "level3", (uintptr_t)level3 }, { "level2", (uintptr_t)level2 },
        { "level1", (uintptr_t)level1 }, { "main", (uintptr_t)main },
    };
    printf("frames > 3: %d\n", count > 3);
    for (i = 0; i < 4 && i < count; i++)
        printf("frame %d: %s\n", i, attribute(frames[i], fns, 4, (uintptr_t)end_marker));
    char **syms = backtrace_symbols(frames, count);
    printf("backtrace_symbols returned %s\n", syms ? "a list" : "NULL");
    return 0;
}

NOINLINE void end_marker(void) { __asm__ volatile(""); }
