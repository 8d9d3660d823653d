#!/bin/bash
if [ -z "${BASH_VERSION:-}" ]; then exec bash "$0" "$@"; fi
. "$(dirname "$0")/../lib.sh"
# --dependency-file=FILE writes a make rule, "OUTPUT: INPUT...", naming
# every file read as input in the order read (objects, archives, input
# scripts, the files the scripts name, the -l libraries found), then an
# empty rule for each, as GNU ld writes it: byte for byte the same file,
# from a gcc -static link (its crt files and libraries) and from a
# direct link through an input script.  GNU ld writes it once the inputs
# are read, so also when the link then fails on an undefined symbol.
t_need_ld_bfd_x86_64

t_write main.c <<'SRC'
#include <stdio.h>
int helper(void);
int main(void) { printf("%d\n", helper()); return 0; }
SRC
t_write helper.c <<'SRC'
int helper(void) { return 42; }
SRC
t_compile main.c
t_compile helper.c
ar rcs libhelp.a helper.o
echo 'INPUT(main.o) GROUP(-lhelp)' >in.lds

gcc -static -o prog.gnu main.o -L. -lhelp -Wl,--dependency-file=gnu.d ||
  t_hard_error "gcc failed"
t_gcc_mld -static -o prog.gnu main.o -L. -lhelp -Wl,--dependency-file=mld.d
[ "$T_STATUS" = 0 ] || t_fail "mld failed"
if cmp -s gnu.d mld.d; then
  t_pass "gcc -static: the same dependency file as GNU ld's ($(wc -l <mld.d) lines)"
else
  t_fail "gcc -static: dependency files differ:"; diff gnu.d mld.d | head
fi

# Through an input script; the link fails (no _start, no printf).
ld.bfd -L. --dependency-file=gnu2.d -o x in.lds 2>/dev/null
t_mld -L. --dependency-file=mld2.d -o x in.lds
expect_failure
if [ -s gnu2.d ] && cmp -s gnu2.d mld2.d; then
  t_pass "input script, failed link: the same dependency file as GNU ld's"
else
  t_fail "input script: dependency files differ:"; diff gnu2.d mld2.d | head
fi
# A directory cannot be written: an error naming the file.
t_mld --dependency-file=/nonexistent/dir/x.d -o x.mld main.o helper.o
expect_failure
expect_error "cannot open dependency file /nonexistent/dir/x.d"
t_done
