#!/bin/bash
if [ -z "${BASH_VERSION:-}" ]; then exec bash "$0" "$@"; fi
. "$(dirname "$0")/../lib.sh"
# INSERT AFTER and INSERT BEFORE: a -T script that adds output sections to
# the built-in layout (GNU ld's default script) instead of replacing it,
# as user-space projects do for tables the linker collects.  Compared
# with GNU ld on both targets: sections, segments, symbols (the table's
# bounds among them), the loaded bytes, and the program's output.

cat >tab.c <<'C'
#include <stdio.h>
struct ent { const char *name; int v; };
#define ENT(n, val) \
  static const struct ent n __attribute__((section(".myents"), used)) = {#n, val}
ENT(first, 1);
ENT(second, 2);
__attribute__((section(".mydata"), used)) int counters[4] = {1, 2, 3, 4};
extern const struct ent __myents_start[], __myents_end[];
extern int __mydata_start[], __mydata_end[];
int main(void) {
  for (const struct ent *p = __myents_start; p < __myents_end; p++)
    printf("%s %d\n", p->name, p->v);
  int s = 0;
  for (int *q = __mydata_start; q < __mydata_end; q++)
    s += *q;
  printf("sum %d\n", s);
  return 0;
}
C

script_of() {   # script_of AFTER|BEFORE SECTION
  cat <<LD
SECTIONS {
  .myents : {
    PROVIDE(__myents_start = .);
    KEEP(*(.myents))
    PROVIDE(__myents_end = .);
  }
  .mydata : { __mydata_start = .; *(.mydata) __mydata_end = .; }
  tab_size = SIZEOF(.myents);
}
INSERT $1 $2;
LD
}

shape() {
  $readelf -SW "$1" | sed -n 's/^ *\[ *[0-9]*\] //p' |
    awk '$1 != ".strtab" && $1 != ".shstrtab" && $1 != ".symtab" {print $1, $2, $3, $5, $7}'
  $readelf -lW "$1" | awk '$1 == "LOAD" || $1 == "TLS" || $1 == "GNU_RELRO" {print}'
  $readelf -sW "$1" | awk 'NR > 3 && $8 != "$d" && $8 != "$x" &&
      $8 != "__EH_FRAME_BEGIN__" && $8 !~ /^e843419@/ {print $8, $2, $4, $5, $7}' | sort
}

for arch in x86_64 aarch64; do
  if [ $arch = x86_64 ]; then
    cc=gcc readelf=readelf run=
    t_have x86-64 ld.bfd || continue
  else
    t_have AArch64 aarch64-linux-gnu-gcc qemu-aarch64 || continue
    cc=aarch64-linux-gnu-gcc readelf=aarch64-linux-gnu-readelf run=qemu-aarch64
  fi
  $cc -O2 -c tab.c -o tab.o || t_hard_error "$cc -c tab.c"
  for where in "AFTER .text" "AFTER .data" "BEFORE .bss" "AFTER .rodata" \
               "BEFORE .init_array"; do
    script_of $where >ins.ld
    name="$arch INSERT $where"
    $cc -static -Wl,-T,ins.ld tab.o -o ref.out 2>ref.err ||
      { t_fail "$name: GNU ld failed: $(head -3 ref.err)"; continue; }
    T_CC=$cc t_gcc_mld -static -Wl,-T,ins.ld tab.o -o t.out
    [ "$T_STATUS" = 0 ] || { t_fail "$name: mld failed"; continue; }
    shape ref.out >ref.shape
    shape t.out >t.shape
    if diff ref.shape t.shape >shape.diff; then
      t_pass "$name: sections, segments and symbols are GNU ld's"
    else
      t_fail "$name: differs from GNU ld's: $(head -12 shape.diff)"
    fi
    $run ./ref.out >ref.txt 2>&1
    $run ./t.out >t.txt 2>&1; st=$?
    if [ $st = 0 ] && cmp -s ref.txt t.txt && grep -q "sum 10" t.txt; then
      t_pass "$name: runs as GNU ld's"
    else
      t_fail "$name: exit $st, printed $(head -3 t.txt)"
    fi
  done
done

# INSERT into a later -T script's SECTIONS (GNU ld's ld-elf/loadaddr1,
# loadaddr2): the statements before INSERT, an address, AT and an
# assignment to "." among them, go after the named section of the other
# script (BEFORE: after the one before it), before the assignment to
# "." that follows it.  mld refused them, or looked for the section in
# the built-in layout.  Compared with GNU ld: sections, segments and the
# symbols' values.
t_write ins.s <<'SRC'
	.text
	.globl _start
_start:	.fill 16, 1, 0
	.section .bar, "ax", %progbits
	.fill 16, 1, 1
	.section .foo, "aw", %progbits
	.fill 16, 1, 2
	.data
	.fill 16, 1, 3
SRC
t_write main.ld <<'LD'
SECTIONS
{
  . = 0x100000;
  .text : { *(.text) }
  . = ALIGN(64);
  .foo : { *(.foo) }
  after_foo = .;
  . = ALIGN(8192);
  .data : AT (ADDR(.data)) { *(.data) }
  /DISCARD/ : { *(.*) }
}
LD
insert_of() {   # insert_of AFTER|BEFORE SECTION [ADDRESS]
  local at='(LOADADDR(.foo) + SIZEOF(.foo) + 4095) & ~4095'
  [ $# = 3 ] || at=0x300000    # .foo's is not known before it
  cat <<LD
SECTIONS
{
  .bar $3 : AT ($at) { *(.bar) }
  bar_end = .;
  . = LOADADDR(.bar) + 0x3000;
}
INSERT $1 $2;
LD
}
ishape() {
  readelf -lW "$1" | grep -E '^ +LOAD'
  readelf -SW "$1" | sed -n 's/^ *\[ *[0-9]*\] //p' |
    awk '$1 ~ /^\.(text|foo|bar|data)$/ {print $1, $3, $4, $5}' | sort
  nm "$1" | sort -k3
}
same_insert() {   # same_insert WHAT -T|-dT: ins.ld, then main.ld so
  $ld -T ins.ld $2 main.ld -z max-page-size=0x1000 -o gnu.out ins.o \
    2>gnu.err || t_hard_error "$ld failed: $(cat gnu.err)"
  t_mld -m $emul -T ins.ld $2 main.ld -z max-page-size=0x1000 -o mld.out ins.o
  ishape gnu.out >gnu.txt
  ishape mld.out >mld.txt 2>/dev/null
  t_same "$1" gnu.txt mld.txt
}
for arch in x86_64 aarch64; do
  t_target $arch
  $as -o ins.o ins.s || t_hard_error "$as failed"
  for how in "AFTER .foo 0x200000" "BEFORE .data 0x180000" "AFTER .text" \
             "BEFORE .foo"; do
    insert_of $how >ins.ld
    same_insert "$arch INSERT $how into a -T script" -T
  done
  # The same into a -dT script, which GNU ld reads when every -T script
  # has INSERT (mld read none, and used its built-in layout).
  insert_of AFTER .foo 0x200000 >ins.ld
  same_insert "$arch INSERT into a -dT script" -dT
done
# The section to insert at is looked for after INSERT only (GNU ld's
# words when it is not there).
t_write ins2.ld <<'LD'
SECTIONS { .bar : { *(.bar) } }
INSERT AFTER .foo;
LD
t_mld -T main.ld -T ins2.ld -o out ins.o
expect_failure
expect_error ".foo not found for insert"
t_mld -T ins2.ld -T ins2.ld -T main.ld -o out ins.o
expect_failure
expect_error "INSERT AFTER .foo more than once before a script's SECTIONS: not supported"

# What INSERT cannot do here is refused.
gcc -c -x c /dev/null -o empty.o 2>/dev/null || t_hard_error "gcc -c"
printf 'SECTIONS { .x : { *(.x) } }\nINSERT AFTER .nosuch;\n' >bad.ld
t_mld -static -T bad.ld empty.o -o out
expect_failure
expect_error "INSERT AFTER .nosuch: the built-in layout has no such output section"
t_done
