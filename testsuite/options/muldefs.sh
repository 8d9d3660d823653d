#!/bin/bash
if [ -z "${BASH_VERSION:-}" ]; then exec bash "$0" "$@"; fi
. "$(dirname "$0")/../lib.sh"
# --allow-multiple-definition and -z muldefs: several strong definitions
# of a symbol are no error and the first one wins, as in GNU ld (the
# later files are linked all the same, their code and data included).
# Without the option both linkers refuse the link.
t_which_main
t_write a.c <<'SRC'
int shared_value = 10;
int which(void) { return 1 + shared_value; }
SRC
t_write b.c <<'SRC'
int shared_value = 20;
int other(void) { return 40; }
int which(void) { return 2 + shared_value + other(); }
SRC
t_write c.c <<'SRC'
int which(void) { return 3; }
SRC
for f in main a b c; do t_compile $f.c -fno-stack-protector; done
t_same_as_ld main.o a.o b.o
expect_error "multiple definition of \`which'"
t_same_as_ld --allow-multiple-definition main.o a.o b.o
t_same_as_ld -z muldefs main.o b.o a.o
t_same_as_ld -allow-multiple-definition main.o c.o b.o a.o
# An archive member pulled in for one symbol brings a second definition.
ar rcs libb.a b.o
t_write d.c <<'SRC'
int other(void);
int which(void) { return 5 + other(); }
SRC
t_compile d.c -fno-stack-protector
t_same_as_ld main.o d.o libb.a
t_same_as_ld --allow-multiple-definition main.o d.o libb.a
t_done
