/* Helper for aarch64_large_bss.c: .bss and .data placed after the test's
   256 MiB array, and a 16 MiB COMMON array. */
/* Initialised, so .bss even under -fcommon. */
long bss_after[8] __attribute__((aligned(4096))) = { 0 };
int data_after = 12345;
const char *data_after_str = "after";
int common_big[4 << 20];   /* -fcommon: a COMMON symbol */

long bss_after_sum(void)
{
    long s = data_after;
    int i;
    for (i = 0; i < 8; i++) s += bss_after[i] * (i + 1);
    return s + common_big[0] + common_big[(4 << 20) - 1];
}
