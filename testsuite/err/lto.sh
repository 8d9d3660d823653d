#!/bin/bash
if [ -z "${BASH_VERSION:-}" ]; then exec bash "$0" "$@"; fi
. "$(dirname "$0")/../lib.sh"
# An object holding only LTO bytecode (gcc -flto), linked without the
# compiler's plugin (options/lto.sh links it with one), is a clear error,
# not a link that silently lacks its code; a fat LTO object links
# normally.

t_write main.c <<'SRC'
#include <stdio.h>
int main(void) { puts("fat"); return 0; }
SRC
t_compile main.c -flto
t_mld -static -e main -o out main.o
expect_failure
expect_first_line_prefix "mld: error:"
expect_error "main.o: object contains only LTO bytecode"
expect_no_file out

t_compile main.c -flto -ffat-lto-objects
t_gcc_mld -static -fno-lto -o out main.o
[ "$T_STATUS" = 0 ] && [ "$(./out)" = fat ] && t_pass "fat LTO object links" ||
  t_fail "fat LTO object: exit $T_STATUS"
t_done
