#!/bin/bash
if [ -z "${BASH_VERSION:-}" ]; then exec bash "$0" "$@"; fi
. "$(dirname "$0")/../lib.sh"
# An unknown command-line option is an error that names the option;
# no default output (a.out) is created.

t_mld --no-such-option
expect_failure
expect_first_line_prefix
expect_error "--no-such-option"
expect_no_file a.out

t_write main.c <<'SRC'
void _start(void) { for (;;) ; }
SRC
t_compile main.c
t_mld -static -o out --no-such-option main.o
expect_failure
expect_error "--no-such-option"
expect_no_file out

t_done
