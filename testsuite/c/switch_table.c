/* Dense switch statements compiled to jump tables at -O2 (relative
   entries in .rodata referring to .text), plus a computed goto table. */
//# cflags: -O2
#include <stdio.h>

__attribute__((noinline)) static int classify(int x)
{
    switch (x) {
    case 0: return 11;
    case 1: return 23;
    case 2: return 37;
    case 3: return 41;
    case 4: return 53;
    case 5: return 67;
    case 6: return 79;
    case 7: return 83;
    case 8: return 97;
    case 9: return 101;
    case 10: return 113;
    case 11: return 127;
    case 12: return 131;
    case 13: return 149;
    case 14: return 151;
    case 15: return 163;
    default: return -1;
    }
}

__attribute__((noinline)) static const char *name(unsigned x)
{
    switch (x) {
    case 100: return "hundred";
    case 101: return "hundred-one";
    case 102: return "hundred-two";
    case 103: return "hundred-three";
    case 104: return "hundred-four";
    case 105: return "hundred-five";
    case 106: return "hundred-six";
    case 107: return "hundred-seven";
    default: return "other";
    }
}

__attribute__((noinline)) static int interp(const unsigned char *code)
{
    static const void *const labels[] = { &&op_inc, &&op_dbl, &&op_neg, &&op_end };
    int acc = 1;
    goto *labels[*code++];
op_inc: acc++; goto *labels[*code++];
op_dbl: acc *= 2; goto *labels[*code++];
op_neg: acc = -acc; goto *labels[*code++];
op_end: return acc;
}

int main(void)
{
    int i, s = 0;
    for (i = -2; i < 20; i++) s = s * 3 + classify(i);
    printf("classify checksum %d\n", s);
    for (i = 98; i < 110; i++) printf("%s ", name((unsigned)i));
    printf("\n");
    static const unsigned char prog[] = { 0, 1, 1, 0, 2, 1, 3 };
    printf("interp = %d\n", interp(prog));
    return 0;
}
