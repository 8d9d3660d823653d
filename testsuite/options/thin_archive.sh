#!/bin/bash
if [ -z "${BASH_VERSION:-}" ]; then exec bash "$0" "$@"; fi
. "$(dirname "$0")/../lib.sh"
# Thin archives as GNU ar 2.40 writes them (kbuild's built-in.a is
# `ar cDPrST`): member paths of every length around the 16-byte name
# field.  A path of 15 characters leaves '/' in the field's last byte
# after the long-name offset ("/0             /"); GNU ld reads the
# number, and so must mld.  Each archive linked by both, the programs
# run and compared.
t_need_ld_bfd_x86_64

t_write main.c <<'SRC'
extern int a(void), b(void), c(void), d(void);
void _start(void) {
  __asm__ volatile("syscall" :: "a"(60), "D"(a() + b() + c() + d())
                   : "rcx", "r11");
  for (;;) ;
}
SRC
t_compile main.c -fno-stack-protector -fno-asynchronous-unwind-tables
mkdir -p d/sub
i=1
for f in d/abcdefghij.o d/abcdefghijk.o d/abcdefghijkl.o d/sub/abcdefghijklmnopqrst.o; do
    n=$(printf '%s' "$f" | wc -c)
    name=$(printf '%s' abcd | cut -c$i)
    printf 'int %s(void) { return %d; }\n' "$name" "$n" >x.c
    gcc -c -O1 -o "$f" x.c || t_hard_error "compiling $f"
    i=$((i + 1))
done
# Paths of 14, 15, 16 and 26 characters.
for flags in rcTP rcT cDPrST; do
    rm -f t.a
    ar $flags t.a d/abcdefghij.o d/abcdefghijk.o d/abcdefghijkl.o \
        d/sub/abcdefghijklmnopqrst.o || t_hard_error "ar $flags failed"
    t_same_as_ld main.o t.a
done
t_done
