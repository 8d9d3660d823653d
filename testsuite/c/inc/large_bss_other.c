unsigned char other_big[16u << 20];
int sum_other(void)
{
    unsigned i;
    int s = 0;
    for (i = 0; i < sizeof other_big; i += 8191) s += other_big[i];
    return s + other_big[sizeof other_big - 1];
}
