#!/bin/bash
if [ -z "${BASH_VERSION:-}" ]; then exec bash "$0" "$@"; fi
. "$(dirname "$0")/../lib.sh"
# The entry symbol is undefined from the start, as -u makes a symbol, so
# it pulls its archive member: -e NAME, or the default _start (GNU ld's
# after_parse_default); -e ADDRESS pulls nothing.  Linked by GNU ld and
# by mld from the same command lines.

t_need_ld_bfd_x86_64

t_write x.c <<'SRC'
void first(void) {
  __asm__ volatile("syscall" :: "a"(60), "D"(7) : "rcx", "r11");
  for (;;) ;
}
int which(void) { return 1; }
SRC
t_write start.c <<'SRC'
extern int which(void);
void _start(void) {
  __asm__ volatile("syscall" :: "a"(60), "D"(which() + 10) : "rcx", "r11");
  for (;;) ;
}
void start2(void) {
  __asm__ volatile("syscall" :: "a"(60), "D"(42) : "rcx", "r11");
  for (;;) ;
}
SRC
t_compile x.c -fno-toplevel-reorder
t_compile start.c -fno-pic
rm -f libstart.a
ar rcs libstart.a start.o

t_same_as_ld -static x.o libstart.a
t_same_as_ld -static -e start2 x.o libstart.a
t_same_as_ld -static x.o -e start2 libstart.a
t_same_as_ld -static --gc-sections x.o libstart.a
# An address: first() is there, and start.o stays out.
t_same_as_ld -static -e 0x401000 x.o libstart.a
if [ "$(nm ref.out | grep -c start2)" = "$(nm mld.out | grep -c start2)" ]; then
    t_pass "-e ADDRESS pulls no member, as with GNU ld"
else
    t_fail "-e ADDRESS: start2 in one output only"
fi

t_done
