#!/bin/bash
if [ -z "${BASH_VERSION:-}" ]; then exec bash "$0" "$@"; fi
. "$(dirname "$0")/../lib.sh"
# An input file that is not ELF (a text file named x.o): the error must
# name the file.

t_write main.c <<'SRC'
void _start(void) { for (;;) ; }
SRC
t_compile main.c
printf 'this is not an object file\nat all\n' >x.o

t_mld -static -o out main.o x.o
expect_failure
expect_first_line_prefix
expect_error x.o
expect_no_file out

t_done
