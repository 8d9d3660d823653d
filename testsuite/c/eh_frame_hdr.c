/* _Unwind_Backtrace through .eh_frame_hdr: linked with --eh-frame-hdr,
   the unwinder finds frames through PT_GNU_EH_FRAME and the binary-search
   table, as in dynamic and static-pie links.  Glibc only (libgcc_eh needs
   _dl_find_object). */
//# libc: glibc
//# cflags: -O1 -funwind-tables -fno-toplevel-reorder -fno-reorder-functions
//# ldflags: -Wl,--eh-frame-hdr
#include <stdio.h>
#include <stdint.h>
#include <unwind.h>

#define NOINLINE __attribute__((noinline, noclone))

struct trace { int count; uintptr_t ips[64]; };

NOINLINE int walk(struct trace *t, int depth);
NOINLINE int recurse(struct trace *t, int depth);
int main(void);
NOINLINE void end_marker(void);

static _Unwind_Reason_Code collect(struct _Unwind_Context *ctx, void *arg)
{
    struct trace *t = arg;
    if (t->count < 64)
        t->ips[t->count] = (uintptr_t)_Unwind_GetIP(ctx);
    t->count++;
    return _URC_NO_REASON;
}

NOINLINE int walk(struct trace *t, int depth)
{
    _Unwind_Backtrace(collect, t);
    __asm__ volatile("" ::: "memory");
    return depth;
}

NOINLINE int recurse(struct trace *t, int depth)
{
    int r = depth > 0 ? recurse(t, depth - 1) : walk(t, depth);
    __asm__ volatile("" ::: "memory");
    return r + 1;
}

static const char *which(uintptr_t ip)
{
    if (ip >= (uintptr_t)end_marker) return "?";
    if (ip > (uintptr_t)main) return "main";
    if (ip > (uintptr_t)recurse) return "recurse";
    if (ip > (uintptr_t)walk) return "walk";
    return "?";
}

int main(void)
{
    struct trace t = { 0 };
    int r = recurse(&t, 5), i, in_recurse = 0, main_seen = 0;
    /* frame 0 is walk() itself (the caller of _Unwind_Backtrace) */
    for (i = 0; i < t.count && i < 64; i++) {
        const char *w = which(t.ips[i]);
        if (w[0] == 'r') in_recurse++;
        if (w[0] == 'm') main_seen++;
    }
    printf("r=%d frames>=9: %d first=%s recurse_frames=%d main_seen=%d\n", r, t.count >= 9,
           which(t.ips[0]), in_recurse, main_seen);
    return 0;
}

NOINLINE void end_marker(void) { __asm__ volatile(""); }
