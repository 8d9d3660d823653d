/* Function pointers and pointers to data stored in initialised data:
   const tables of pointers (.data.rel.ro in PIE code), writable ones
   (.data), static locals, and pointers into the middle of objects. */
//# sources: inc/relro_other.c
#include <stdio.h>
#include <string.h>

typedef int (*op_fn)(int, int);
static int add(int a, int b) { return a + b; }
static int sub(int a, int b) { return a - b; }
static int mul(int a, int b) { return a * b; }
int other_div(int a, int b);
extern const char *const other_names[];
extern int other_counter;

struct op { const char *name; op_fn fn; };
static const struct op ops[] = {
    { "add", add }, { "sub", sub }, { "mul", mul }, { "div", other_div },
};
static op_fn writable_ops[] = { add, sub, mul, other_div };
static const char *const greeting_parts[] = { "static", "local", "tables" };
static const int numbers[] = { 10, 20, 30, 40, 50 };
static const int *const middle = &numbers[2];
static int *const counter_ptr = &other_counter;

static int next_id(void)
{
    static int id = 100;            /* static local in .data */
    static int zero_id;             /* static local in .bss */
    zero_id++;
    return id++ + zero_id;
}

int main(void)
{
    unsigned i;
    for (i = 0; i < sizeof ops / sizeof ops[0]; i++)
        printf("%s(12,4)=%d\n", ops[i].name, ops[i].fn(12, 4));
    writable_ops[0] = writable_ops[2];
    printf("patched: %d\n", writable_ops[0](6, 7));
    printf("%s %s %s\n", greeting_parts[0], greeting_parts[1], greeting_parts[2]);
    printf("middle=%d before=%d after=%d\n", *middle, middle[-1], middle[2]);
    for (i = 0; i < 3; i++) printf("id %d\n", next_id());
    printf("other names: %s %s\n", other_names[0], other_names[1]);
    *counter_ptr += 5;
    printf("other counter: %d\n", other_counter);
    return 0;
}
