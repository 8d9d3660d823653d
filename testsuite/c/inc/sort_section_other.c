/* For sort_section_*.c: more sections and COMMON symbols of several
   alignments, in a second file. */
__attribute__((aligned(32))) int other_data = 7;
short other_small = 3;
__attribute__((aligned(8))) const long other_ro = 11;
int o_com4;
__attribute__((aligned(16))) int o_com16[4];
char o_com1;
__attribute__((noinline, aligned(32))) int other_value(int x)
{
    return x + other_data + other_small + (int)other_ro + o_com1;
}
