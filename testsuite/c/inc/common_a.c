/* Helper for common_symbols.c (-fcommon). */
int comm_int;
char comm_buf[64];
long comm_init = 77;        /* the one initialised definition */
double comm_aligned;

void common_a_fill(void)
{
    int i;
    for (i = 0; i < 64; i++) comm_buf[i] = 1;
    comm_int += 10;
    comm_aligned += 0.5;
}
