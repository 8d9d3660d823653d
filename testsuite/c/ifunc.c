/* A user IFUNC: called directly, through a function pointer stored in
   data, through a pointer taken at run time, and from another object
   (built with -fno-pic, so it takes the address with an absolute
   relocation); all addresses of the function must compare equal.  Static IFUNC
   support (IRELATIVE relocations) is a glibc feature. */
//# libc: glibc
//# sources: inc/ifunc_other.c
//# file-cflags: inc/ifunc_other.c: -fno-pic
//# nopie: x86_64: inc/ifunc_other.c is -fno-pic: R_X86_64_32 absolute addresses, refused in a PIE (AArch64's -fno-pic code links)
//# nopie: aarch64: GNU ld's AArch64 static PIE breaks this IFUNC's pointer equality (its data pointer gets an IRELATIVE, the -fno-pic object's ADRP+ADD the canonical PLT address); mld keeps the pointers equal
#include <stdio.h>

static int impl_fast(int x) { return x * 3; }
static int impl_slow(int x) { return x + x + x; }

int select_impl_flag = 1;

typedef int (*fn_t)(int);

static fn_t resolve_triple(void)
{
    return select_impl_flag ? impl_fast : impl_slow;
}

int triple(int) __attribute__((ifunc("resolve_triple")));

fn_t triple_ptr_in_data = triple;
fn_t triple_ptr_from_other(void);
int call_triple_from_other(int);

int main(void)
{
    fn_t volatile p = triple;
    printf("direct: %d\n", triple(5));
    printf("data pointer: %d\n", triple_ptr_in_data(6));
    printf("runtime pointer: %d\n", p(7));
    printf("from other object: %d\n", call_triple_from_other(8));
    printf("pointers equal: %d %d %d\n", p == triple_ptr_in_data, p == triple_ptr_from_other(),
           (fn_t)triple == triple_ptr_in_data);
    return 0;
}
