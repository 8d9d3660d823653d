#!/bin/bash
if [ -z "${BASH_VERSION:-}" ]; then exec bash "$0" "$@"; fi
. "$(dirname "$0")/../lib.sh"
# -z unique-symbol, on x86-64 and AArch64 against GNU ld: every local
# symbol of .symtab but file and section symbols is written NAME.N, N (in
# hexadecimal) counting the locals of that name before it, in .symtab's
# order; globals, also those made local (hidden), keep their names;
# -z nounique-symbol undoes it.  Labels that already look like NAME.N
# (bar and bar.1 in two files) stay apart, a static C program's locals
# (libc's included) are GNU ld's in GNU ld's order (each file's where its
# sections first come in the output), and so are -r's and its
# relocations.

t_write a.s <<'SRC'
	.text
	.globl _start
_start:
bar:
bar.1:
bar.2:
	nop
SRC
t_write b.s <<'SRC'
	.text
bar:
	nop
bar.1:
	nop
	.globl hid
	.hidden hid
hid:	nop
SRC
t_write m.c <<'SRC'
#include <stdio.h>
static int counter(void) { static int n; return ++n; }
int main(void) { counter(); printf("%d\n", counter()); return 0; }
SRC
# The locals in .symtab's order; the globals, whose order is GNU ld's
# hash table's, as a set.
locals() { readelf -sW "$1" | awk '$5 == "LOCAL" && $4 != "SECTION" { print $4, $8 }'; }
all() {
  readelf -sW "$1" | sed -n 's/^ *[0-9]*: //p' |
    awk '$4 == "LOCAL" { print $1, $3, $4, $5, $7, $8 }'
  readelf -sW "$1" | sed -n 's/^ *[0-9]*: //p' |
    awk '$4 != "LOCAL" { print $1, $3, $4, $5, $7, $8 }' | sort
}

for arch in x86_64 aarch64; do
  t_target $arch
  $as -o a.o a.s && $as -o b.o b.s && $cc -O2 -c m.c -o m.o ||
    t_hard_error "$arch: cannot assemble or compile"
  $ld -e _start -z unique-symbol -o g a.o b.o || t_hard_error "$ld failed"
  t_mld -e _start -z unique-symbol -o m a.o b.o
  [ "$T_STATUS" = 0 ] && [ "$(all g)" = "$(all m)" ] &&
    t_pass "$arch: NAME.N as GNU ld: $(locals m | awk '{print $2}' | tr '\n' ' ')" ||
    { t_fail "$arch: .symtab differs"; diff <(all g) <(all m); }
  t_mld -e _start -z unique-symbol -z nounique-symbol -o n a.o b.o
  [ "$(locals n | awk '$2 ~ /^bar/ { print $2 }' | tr '\n' ' ')" = "bar bar.1 bar.2 bar bar.1 " ] &&
    t_pass "$arch: -z nounique-symbol: names as they are" ||
    t_fail "$arch: -z nounique-symbol: $(locals n | tr '\n' ' ')"
  $cc -static -Wl,-z,unique-symbol -o pg m.o || t_hard_error "$cc failed"
  t_gcc_mld_as() { T_CC=$cc t_gcc_mld "$@"; }
  t_gcc_mld_as -static -Wl,-z,unique-symbol -o pm m.o
  [ "$T_STATUS" = 0 ] && [ "$(locals pg)" = "$(locals pm)" ] &&
    t_pass "$arch: a static C program's locals as GNU ld's ($(locals pm | wc -l))" ||
    { t_fail "$arch: a static C program's locals differ"; diff <(locals pg) <(locals pm) | head; }
  out=$($run ./pm)
  [ "$out" = 2 ] && t_pass "$arch: it runs" || t_fail "$arch: it prints '$out'"
  $ld -r -z unique-symbol -o gr.o a.o b.o m.o || t_hard_error "$ld -r failed"
  t_mld -r -z unique-symbol -o mr.o a.o b.o m.o
  relocs() { readelf -rW "$1" | sed 's/ at offset 0x[0-9a-f]*//'; }
  [ "$(all gr.o)" = "$(all mr.o)" ] && [ "$(relocs gr.o)" = "$(relocs mr.o)" ] &&
    t_pass "$arch: -r: GNU ld's .symtab and relocations" ||
    { t_fail "$arch: -r differs"; diff <(all gr.o) <(all mr.o) | head; }
done
t_done
