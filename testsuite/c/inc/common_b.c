/* Helper for common_symbols.c (-fcommon). */
int comm_int;
char comm_buf[256];
long comm_init;

void common_b_fill(void)
{
    int i;
    for (i = 64; i < 256; i++) comm_buf[i] = 2;
    comm_int += 5;
}

int common_b_size(void)
{
    int i, s = 0;
    for (i = 0; i < 256; i++) s += comm_buf[i];
    return s;
}
