/* x86-64 medium model with -mlarge-data-threshold=0: tentative
   definitions become large COMMON symbols (section index
   SHN_X86_64_LCOMMON), merged like COMMON and placed at the end of .lbss;
   .lbss, .lrodata and .ldata follow .bss as in GNU ld's script, and
   _edata stays at the end of .data.  Found by the random differential
   test (testsuite/random).  The printing is in another object: string
   literals in .lrodata keep .LC symbols, which GNU ld lists. */
//# file-cflags: large_common.c: -fcommon -mcmodel=medium -mlarge-data-threshold=0
//# file-cflags: inc/large_common_b.c: -fcommon -mcmodel=medium -mlarge-data-threshold=0
//# sources: inc/large_common_b.c inc/large_common_print.c
//# arch: x86_64

int lcomm_arr[100];
int lcomm_one;
long lcomm_merged;
int ldata_arr[50] = {1, 2, 3};              /* .ldata */
static int lbss_arr[50];                    /* .lbss */
const int lrodata_arr[50] = {4, 5};         /* .lrodata */

int large_common_b(void);
void large_common_print(int b, int arr99, int one, long merged, int ldata,
                        int lrodata, int lbss);

int main(void)
{
    lcomm_arr[99] = 7;
    lcomm_one = 3;
    lbss_arr[49] = ldata_arr[2] + lrodata_arr[1];
    large_common_print(large_common_b(), lcomm_arr[99], lcomm_one,
                       lcomm_merged, ldata_arr[1], lrodata_arr[0],
                       lbss_arr[49]);
    return 0;
}
