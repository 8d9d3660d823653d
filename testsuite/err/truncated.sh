#!/bin/bash
if [ -z "${BASH_VERSION:-}" ]; then exec bash "$0" "$@"; fi
. "$(dirname "$0")/../lib.sh"
# A truncated object (the first 100 bytes of a real one): the error
# names the file, and mld does not crash.

t_write main.c <<'SRC'
void _start(void) { for (;;) ; }
SRC
t_write real.c <<'SRC'
int data[100] = { 1 };
int f(int x) { return data[x]; }
SRC
t_compile main.c
t_compile real.c
head -c 100 real.o >trunc.o

t_mld -static -o out main.o trunc.o
expect_failure
expect_first_line_prefix
expect_error trunc.o
expect_no_file out

t_done
