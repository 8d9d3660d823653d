/* Sections aligned beyond the page size (4 KiB on x86-64, 64 KiB on
   AArch64): an 8 KiB-aligned function, 64 KiB- and 256 KiB-aligned data,
   32 KiB-aligned read-only data and 16 KiB-aligned zero-fill.  Every
   object must land on its alignment and keep its value; the segments
   must be GNU ld's (testsuite/err/segment_align.sh checks their offsets
   and p_align). */
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#define AL(p, n) ((uintptr_t)(p) % (n) == 0)

__attribute__((aligned(8192), noinline)) int fn8k(int x) { return x * 3; }
__attribute__((aligned(65536))) int data64k[4] = {1, 2, 3, 4};
__attribute__((aligned(262144))) long data256k[2] = {5, 6};
__attribute__((aligned(32768))) const char ro32k[] = "read-only";
__attribute__((aligned(16384))) int bss16k[8];
static __attribute__((aligned(131072))) char bss128k[3];
int plain = 7;

int main(void)
{
    bss16k[3] = 8;
    memcpy(bss128k, "ok", 3);
    printf("aligned: fn %d data64k %d data256k %d ro %d bss16k %d bss128k %d\n",
           AL(fn8k, 8192), AL(data64k, 65536), AL(data256k, 262144),
           AL(ro32k, 32768), AL(bss16k, 16384), AL(bss128k, 131072));
    printf("values: %d %d %ld %s %d %s %d\n", fn8k(2), data64k[3], data256k[1],
           ro32k, bss16k[3], bss128k, plain);
    return 0;
}
