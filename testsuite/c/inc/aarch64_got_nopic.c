/* Helper for aarch64_got_mixed.c, built with -fno-pic: the definitions,
   whose addresses it takes absolutely (ADRP + ADD, R_AARCH64_ABS64 in
   data), to be compared with the ones read from the GOT. */
int got_data[4] = { 10, 20, 30, 40 };
static int got_local_data = 55;
int *const got_local_ptr = &got_local_data;

int got_fn(int x) { return x * 2 + got_data[3]; }

static int impl_a(int x) { return x + 1000; }
static int impl_b(int x) { return x + 2000; }
int got_ifunc_select = 1;
static int (*resolve_got_ifunc(void))(int)
{
    return got_ifunc_select ? impl_a : impl_b;
}
int got_ifunc(int x) __attribute__((ifunc("resolve_got_ifunc")));

/* Addresses taken here, without the GOT. */
void *const nopic_addrs[] = { got_data, got_fn, got_ifunc };
void *nopic_addr(int i)
{
    switch (i) {
    case 0: return got_data;
    case 1: return got_fn;
    default: return got_ifunc;
    }
}

/* Absolute symbols: SHN_ABS in this object, one near address zero and
   one beyond the 4 GiB an ADRP reaches. */
__asm__(".globl got_abs_near\n\t.set got_abs_near, 0x1234\n\t"
        ".globl got_abs_far\n\t.set got_abs_far, 0x123456789abc0");
