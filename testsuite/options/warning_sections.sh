#!/bin/bash
# What becomes of .gnu.warning sections and their symbols, as in GNU ld,
# on both arches.  A file's .gnu.warning gives its message and stays,
# emptied, where GNU's default script puts it (the end of .text): a
# symbol defined in it keeps its address for references, and .symtab
# lists it only if its output section was removed as empty (ld-elf/warn2).  mld used to drop the section, so such
# references got 0.  A symbol defined in a .gnu.warning.SYM section is
# "defined in discarded section" to a reference (mld linked it to 0).
# -r keeps .gnu.warning.SYM sections, which it used to refuse, so that
# the final link still warns; a plain .gnu.warning stays refused with -r
# (GNU ld's -r fails an assertion).
. "$(dirname "$0")/../lib.sh"

t_write group.ld <<'EOF2'
SECTIONS
{
  . = 0x1000;
  .text : { *(.text) }
}
EOF2

# syms FILE: the .symtab entries of Foo, foo_local and inbar, without
# their index numbers.
syms() {
  readelf -sW "$1" | awk '$8 ~ /^(Foo|foo_local|inbar|Bar)$/ {
    $1 = ""; print }'
}

# secs FILE: each section's name, type, address and size (not .strtab's:
# GNU ld merges the tails of its names, mld does not).
secs() {
  readelf -SW "$1" | sed -n 's/^ *\[ *[0-9]*\] //p' |
    awk '{print $1, $2, $3, ($1 == ".strtab" ? "-" : $5)}'
}

for arch in x86_64 aarch64; do
  t_target $arch
  t_write start.s <<'EOF2'
  .text
  .globl _start
_start:
  .dc.a 0
EOF2
  t_write ref.s <<'EOF2'
  .data
  .dc.a Foo
EOF2
  t_write w.s <<'EOF2'
  .section .gnu.warning,"a",%progbits
  .global Foo
  .type Foo, %object
  .size Foo, 20
foo_local:
  .byte 1
Foo:
  .string "function 'Foo' used"
EOF2
  t_write wb.s <<'EOF2'
  .section .gnu.warning.Bar,"a",%progbits
  .string "Bar used"
  .globl inbar
inbar:
  .text
  .globl Bar
Bar:
  .dc.a 0
EOF2
  t_write rb.s <<'EOF2'
  .data
  .dc.a Bar
EOF2
  t_write rinbar.s <<'EOF2'
  .data
  .dc.a inbar
EOF2
  for f in start ref w wb rb rinbar; do
    $as -o $f.o $f.s || t_hard_error "$as $f.s failed"
  done

  # A reference gets the emptied section's address, the symbol is listed
  # (or not) as by GNU ld, and the output has no .gnu.warning section.
  for how in "-T group.ld" "" "--gc-sections" "-T group.ld --gc-sections"; do
    what="$arch ${how:-default script}"
    $ld $how -e _start -o g.out start.o ref.o w.o 2>g.err ||
      t_hard_error "$ld failed: $(cat g.err)"
    t_mld $how -e _start -o m.out start.o ref.o w.o
    t_check "$what: links" test "$T_STATUS" = 0
    objdump -s -j .data g.out | tail -n +4 >g.data
    objdump -s -j .data m.out | tail -n +4 >m.data
    t_same "$what: the reference to Foo" g.data m.data
    syms g.out >g.syms
    syms m.out >m.syms
    t_same "$what: Foo and foo_local in .symtab" g.syms m.syms \
      "$(wc -l <g.syms) listed"
    secs g.out >g.secs
    secs m.out >m.secs
    t_same "$what: sections" g.secs m.secs
    grep -q "function 'Foo' used" stderr.txt &&
      t_pass "$what: the warning is given" ||
      t_fail "$what: no warning"
  done

  # A symbol of a .gnu.warning.SYM section: discarded, in GNU ld's words.
  rm -f g.out m.out
  $ld -e _start -o g.out start.o rinbar.o wb.o 2>g.err &&
    t_hard_error "$ld linked a reference to inbar"
  t_mld -e _start -o m.out start.o rinbar.o wb.o
  expect_failure
  expect_error "$(grep 'discarded section' g.err | head -1)"
  expect_no_file m.out

  # -r keeps .gnu.warning.SYM: its section and symbols as GNU ld's, and
  # a final link of the result still warns.
  $ld -r -o g.o wb.o 2>g.err || t_hard_error "$ld -r failed"
  t_mld -r -o m.o wb.o
  t_check "$arch -r with .gnu.warning.Bar: links" test "$T_STATUS" = 0
  secs g.o >g.secs
  secs m.o >m.secs
  t_same "$arch -r: sections" g.secs m.secs
  syms g.o >g.syms
  syms m.o >m.syms
  t_same "$arch -r: symbols" g.syms m.syms
  t_mld -e _start -o m.out start.o rb.o m.o
  t_check "$arch: the -r output links" test "$T_STATUS" = 0
  grep -q "rb.o:(.data+0x0): warning: Bar used" stderr.txt &&
    t_pass "$arch: the -r output still warns" ||
    t_fail "$arch: the -r output gives no warning: $(cat stderr.txt)"

  # A plain .gnu.warning with -r: refused.
  t_mld -r -o m.o w.o
  expect_failure
  expect_error "w.o: a .gnu.warning section is not supported with -r"
done
t_done
