#!/bin/bash
if [ -z "${BASH_VERSION:-}" ]; then exec bash "$0" "$@"; fi
. "$(dirname "$0")/../lib.sh"
# The same inputs give byte-identical executables, build id included,
# and options read from a response file (@file) act as on the command line.

t_write main.c <<'SRC'
#include <stdio.h>
__thread int counter = 1;
int main(void) { printf("%d\n", counter + 41); return 0; }
SRC
t_compile main.c

t_gcc_mld -static -o out1 main.o
[ "$T_STATUS" = 0 ] && t_pass "first link" || t_fail "first link failed: $(cat "$T/stderr" 2>/dev/null)"
t_gcc_mld -static -o out2 main.o
[ "$T_STATUS" = 0 ] && t_pass "second link" || t_fail "second link failed"
if cmp -s out1 out2; then t_pass "outputs are identical"; else t_fail "outputs differ"; fi
[ "$(./out1)" = 42 ] && t_pass "program runs" || t_fail "program output: $(./out1)"

printf -- '--build-id=none\n-e main_entry\n' >opts
t_write entry.c <<'SRC'
/* No C library: write(1, "entry\n", 6) and exit(0) as system calls. */
static const char msg[] = "entry\n";
void main_entry(void) {
  long r;
  __asm__ volatile("syscall" : "=a"(r) : "0"(1L), "D"(1L), "S"(msg), "d"(6L)
                   : "rcx", "r11", "memory");
  __asm__ volatile("syscall" : : "a"(60L), "D"(0L));
  for (;;) ;
}
SRC
t_compile entry.c
t_gcc_mld -static -nostdlib -o out3 entry.o -Wl,@opts
[ "$T_STATUS" = 0 ] && t_pass "link with @opts" || t_fail "link with @opts failed"
if readelf -n out3 2>/dev/null | grep -q 'Build ID'; then
  t_fail "--build-id=none from @opts was ignored"
else
  t_pass "no build id"
fi
[ "$(./out3)" = entry ] && t_pass "-e from @opts" || t_fail "entry point from @opts not used"

t_done
