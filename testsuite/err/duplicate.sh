#!/bin/bash
if [ -z "${BASH_VERSION:-}" ]; then exec bash "$0" "$@"; fi
. "$(dirname "$0")/../lib.sh"
# Duplicate strong definitions: the error names the symbol and both
# object files; nothing is written.

t_write a.c <<'SRC'
int foo(void) { return 1; }
void _start(void) { foo(); for (;;) ; }
SRC
t_write b.c <<'SRC'
int foo(void) { return 2; }
SRC
t_compile a.c
t_compile b.c

t_mld -static -o out a.o b.o
expect_failure
expect_first_line_prefix
expect_error "multiple definition of \`foo'"
expect_stderr a.o
expect_stderr b.o
expect_no_file out

t_done
