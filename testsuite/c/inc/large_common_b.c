/* Helper of large_common.c: more large COMMON definitions, one larger. */
extern int lcomm_arr[];
extern int lcomm_one;
long lcomm_merged[4];

int large_common_b(void)
{
    lcomm_merged[3] = 11;
    return lcomm_arr[99] * 10 + lcomm_one + (int)lcomm_merged[3];
}
