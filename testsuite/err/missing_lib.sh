#!/bin/bash
if [ -z "${BASH_VERSION:-}" ]; then exec bash "$0" "$@"; fi
. "$(dirname "$0")/../lib.sh"
# -lNAME that no search directory provides.

t_write main.c <<'SRC'
void _start(void) { for (;;) ; }
SRC
t_compile main.c

t_mld -static -o out -L. main.o -lnosuchlib
expect_failure
expect_first_line_prefix
expect_error "cannot find -lnosuchlib"
expect_no_file out

t_done
