#!/bin/bash
if [ -z "${BASH_VERSION:-}" ]; then exec bash "$0" "$@"; fi
. "$(dirname "$0")/../lib.sh"
# An object for another architecture (AArch64 when linking for x86-64):
# the error names the file and says it is incompatible.

command -v aarch64-linux-gnu-gcc >/dev/null 2>&1 || t_skip "aarch64-linux-gnu-gcc not installed"
case $(uname -m) in
    x86_64) ;;
    *) t_skip "this test assumes an x86-64 host" ;;
esac

t_write main.c <<'SRC'
extern int other(void);
void _start(void) { other(); for (;;) ; }
SRC
t_write other.c <<'SRC'
int other(void) { return 1; }
SRC
t_compile main.c
T_CC=aarch64-linux-gnu-gcc t_compile other.c

t_mld -static -o out main.o other.o
expect_failure
expect_first_line_prefix
expect_error other.o
expect_error_re "other\.o.*(incompatible|architecture)|(incompatible|architecture).*other\.o"
expect_no_file out

t_done
