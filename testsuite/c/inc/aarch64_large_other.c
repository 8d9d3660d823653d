/* Helper for aarch64_mcmodel_large.c: data, functions and absolute
   symbols that the test reaches with MOVZ/MOVK sequences and through
   gcc's large-model literal pools. */
long large_table[64];
const char large_msg[] = "far away";
int large_counter = 100;

int large_scale(int x) { return x * 7 + large_counter; }

long large_sum(const long *p, int n)
{
    long s = 0;
    int i;
    for (i = 0; i < n; i++) s += p[i] * (i + 1);
    return s;
}

/* SHN_ABS symbols: one for each checked MOVW group, and negative ones
   for the signed groups. */
__asm__(".globl large_abs16\n\t.set large_abs16, 0xbeef\n\t"
        ".globl large_abs32\n\t.set large_abs32, 0xdeadbeef\n\t"
        ".globl large_abs48\n\t.set large_abs48, 0x123456789abc\n\t"
        ".globl large_abs64\n\t.set large_abs64, 0xfedcba9876543210\n\t"
        ".globl large_neg16\n\t.set large_neg16, -2\n\t"
        ".globl large_neg32\n\t.set large_neg32, -0x12345\n\t"
        ".globl large_neg48\n\t.set large_neg48, -0x123456789");
