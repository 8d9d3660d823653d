/* __patchable_function_entries: a SHF_LINK_ORDER orphan section, placed
   as GNU ld places it, with its sh_link naming the code section. */
//# cflags: -O2 -ffunction-sections
#include <stdio.h>

__attribute__((patchable_function_entry(2), noinline)) int used(int x) {
  return x + 1;
}
__attribute__((patchable_function_entry(2), noinline)) int spare(int x) {
  return x + 2;
}

int main(void) {
  printf("%d %d\n", used(1), spare(1));
  return 0;
}
