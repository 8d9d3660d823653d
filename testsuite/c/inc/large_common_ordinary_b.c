/* The same tentative definitions as large_common_ordinary.c, ordinary
   COMMON here (small model). */
char lc_mixed_small_first[8];
char lc_mixed_large_first[4];

int large_common_ordinary_b(void)
{
    return lc_mixed_small_first[0] + lc_mixed_large_first[0];
}
