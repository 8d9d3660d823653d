#!/bin/bash
if [ -z "${BASH_VERSION:-}" ]; then exec bash "$0" "$@"; fi
. "$(dirname "$0")/../lib.sh"
# A failed link leaves a pre-existing file at the output path untouched
# (mld writes the output only once the link has succeeded).

t_write main.c <<'SRC'
extern int foo(void);
void _start(void) { foo(); for (;;) ; }
SRC
t_compile main.c
printf 'previous contents\n' >out
before=$(cksum <out)

t_mld -static -o out main.o
expect_failure
expect_error "undefined reference to \`foo'"
expect_unchanged out "$before"

t_done
