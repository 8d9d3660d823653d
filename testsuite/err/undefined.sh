#!/bin/bash
if [ -z "${BASH_VERSION:-}" ]; then exec bash "$0" "$@"; fi
. "$(dirname "$0")/../lib.sh"
# Undefined symbol: the error names the symbol and the object that
# references it; nothing is written.  Checked with a direct mld
# invocation and through the gcc driver.

t_write main.c <<'SRC'
extern int foo(void);
void _start(void) { foo(); for (;;) ; }
SRC
t_compile main.c

t_mld -static -o out main.o
expect_failure
expect_first_line_prefix
expect_error "undefined reference to \`foo'"
expect_stderr main.o
expect_no_file out

t_write prog.c <<'SRC'
extern int foo(void);
int main(void) { return foo(); }
SRC
t_compile prog.c
t_gcc_mld -static -o prog prog.o
expect_failure
expect_error "undefined reference to \`foo'"
expect_stderr prog.o
expect_no_file prog

t_done
