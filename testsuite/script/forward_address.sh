#!/bin/bash
if [ -z "${BASH_VERSION:-}" ]; then exec bash "$0" "$@"; fi
. "$(dirname "$0")/../lib.sh"
# An output section's address or AT () naming ADDR () or LOADADDR () of
# a section the script places later has no value where GNU ld needs it:
# it stops with "non constant or forward reference address expression
# for section S" or "nonconstant expression for load base" (GNU's
# ld-elf/expr1).  mld placed such sections with the later section's
# address.  Earlier sections, and a section's own ADDR in its AT (), are
# fine; both linkers' outputs are then compared.
t_need_ld_bfd_x86_64
t_write a.s <<'SRC'
	.globl _start
	.section .bar,"ax",%progbits
_start:	.byte 0
	.section .foo,"aw",%progbits
	.byte 0
SRC
as -o a.o a.s || t_hard_error "as failed"

# fails SCRIPT: both linkers refuse it, with GNU ld's words
fails() {
  local g
  ld.bfd -T "$1" -o g.out a.o 2>g.err && t_hard_error "GNU ld links $1"
  g=$(sed -n "s/^ld\.bfd:\(.*\)/\1/p" g.err | head -1)
  t_mld -T "$1" -o m.out a.o
  expect_failure
  expect_error "$g"
  expect_no_file m.out
}
# links SCRIPT: both link it, to the same sections
links() {
  ld.bfd -T "$1" -o g.out a.o 2>/dev/null || t_hard_error "GNU ld fails $1"
  t_mld -T "$1" -o m.out a.o
  readelf -SW g.out | sed -n 's/^ *\[ *[0-9]*\] //p' | grep -v strtab >g.secs
  readelf -SW m.out | sed -n 's/^ *\[ *[0-9]*\] //p' | grep -v strtab >m.secs
  t_same "$1" g.secs m.secs "$(grep -c '^\.' m.secs) sections"
}

t_write at.t <<'LD'
SECTIONS
{
  .bar : AT ((ADDR(.foo) + 4095) & ~(4095)) { *(.bar) }
  .foo : { *(.foo) }
  /DISCARD/ : { *(.*) }
}
LD
fails at.t
t_write addr.t <<'LD'
SECTIONS { .bar ADDR(.foo) : { *(.bar) } .foo : { *(.foo) } }
LD
fails addr.t
t_write loadaddr.t <<'LD'
SECTIONS { .bar : AT (LOADADDR(.bar) + 0x100) { *(.bar) } .foo : { *(.foo) } }
LD
fails loadaddr.t
t_write back.t <<'LD'
SECTIONS
{
  .foo 0x10000 : { *(.foo) }
  .bar ADDR(.foo) + 0x1000 : AT (LOADADDR(.foo) + 0x2000) { *(.bar) }
}
LD
links back.t
t_write self.t <<'LD'
SECTIONS { .foo 0x10000 : { *(.foo) } .bar 0x20000 : AT (ADDR(.bar) + 0x1000) { *(.bar) } }
LD
links self.t
t_done
