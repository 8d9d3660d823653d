#!/bin/bash
if [ -z "${BASH_VERSION:-}" ]; then exec bash "$0" "$@"; fi
. "$(dirname "$0")/../lib.sh"
# An object named twice is linked twice, as GNU ld links it: its strong
# symbols are defined twice (an error), its weak ones once more (no
# error, two copies of its sections).  Linked by GNU ld and by mld.

t_need_ld_bfd_x86_64

t_write main.c <<'SRC'
extern int which(void);
extern int count;
void _start(void) {
  __asm__ volatile("syscall" :: "a"(60), "D"(which() + count) : "rcx", "r11");
  for (;;) ;
}
SRC
t_write strong.c <<'SRC'
int which(void) { return 1; }
int count;
SRC
t_write weak.c <<'SRC'
__attribute__((weak)) int which(void) { return 3; }
__attribute__((weak)) int count = 4;
SRC
t_compile main.c -fno-pic
t_compile strong.c
t_compile weak.c

t_same_as_ld -static main.o strong.o strong.o
expect_error "multiple definition of \`which'"
t_same_as_ld -static main.o weak.o weak.o
t_same_as_ld -static main.o weak.o ./weak.o
t_same_as_ld -static main.o weak.o strong.o
cp weak.o other.o
t_same_as_ld -static main.o weak.o other.o
ld.bfd -static -o ref.out main.o weak.o weak.o
"$MLD" -static -o mld.out main.o weak.o weak.o
if [ "$(readelf -SW ref.out | grep -c ' .data ')" = "$(readelf -SW mld.out | grep -c ' .data ')" ] &&
   [ "$(readelf -SW ref.out | awk '$2==".data"{print $6}')" = "$(readelf -SW mld.out | awk '$2==".data"{print $6}')" ]; then
    t_pass ".data is as large as GNU ld's (two copies)"
else
    t_fail ".data differs from GNU ld's"
fi

t_done
