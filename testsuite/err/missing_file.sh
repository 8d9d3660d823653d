#!/bin/bash
if [ -z "${BASH_VERSION:-}" ]; then exec bash "$0" "$@"; fi
. "$(dirname "$0")/../lib.sh"
# A named input file that does not exist.

t_write main.c <<'SRC'
void _start(void) { for (;;) ; }
SRC
t_compile main.c

t_mld -static -o out main.o nosuchfile.o
expect_failure
expect_first_line_prefix
expect_error_re "nosuchfile\.o.*(cannot find|no such file)|(cannot find|no such file).*nosuchfile\.o"
expect_no_file out

t_done
