#!/bin/bash
if [ -z "${BASH_VERSION:-}" ]; then exec bash "$0" "$@"; fi
. "$(dirname "$0")/../lib.sh"
# Bad output paths are clear errors that leave nothing behind: a
# directory, a file that is also an input, a missing directory.

t_write main.c <<'SRC'
void _start(void) { for (;;) ; }
SRC
t_compile main.c
mkdir outdir

t_mld -static -o outdir main.o
expect_failure
expect_first_line_prefix "mld: error:"
expect_error "outdir"
[ -z "$(ls -A outdir)" ] && t_pass "directory left empty" || t_fail "files left in outdir"

before=$(cksum <main.o)
t_mld -static -o main.o main.o
expect_failure
expect_error "main.o"
expect_unchanged main.o "$before"

t_mld -static -o nosuchdir/out main.o
expect_failure
expect_error "nosuchdir/out"
expect_no_file nosuchdir/out
[ -z "$(ls -A . | grep '^\.mld-')" ] &&
  t_pass "no temporary files left" || t_fail "left behind: $(ls -A)"

t_done
