/* Over-aligned data in .data, .rodata, .bss and functions: the
   linker must honour section alignment (up to a page). */
#include <stdio.h>
#include <stdint.h>

int data_a16 __attribute__((aligned(16))) = 1;
char data_pad = 'p';
int data_a4096 __attribute__((aligned(4096))) = 2;
static const char ro_a64[3] __attribute__((aligned(64))) = "ro";
char bss_c;
long bss_a256[3] __attribute__((aligned(256)));
static double bss_a8192[2] __attribute__((aligned(8192)));

__attribute__((aligned(64), noinline)) int aligned_fn(int x) { return x + 1; }

#define AL(p, n) ((uintptr_t)(p) % (n) == 0)

int main(void)
{
    volatile char *keep = &data_pad;
    (void)keep;
    bss_c = 1;
    bss_a8192[1] = 0.5;
    printf("data16=%d data4096=%d ro64=%d bss256=%d bss8192=%d fn64=%d\n", AL(&data_a16, 16),
           AL(&data_a4096, 4096), AL(ro_a64, 64), AL(bss_a256, 256), AL(bss_a8192, 8192),
           AL(aligned_fn, 64));
    printf("values %d %d %s %ld %.1f %d\n", data_a16, data_a4096, ro_a64, bss_a256[2], bss_a8192[1],
           aligned_fn(1));
    return 0;
}
