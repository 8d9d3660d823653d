#!/bin/bash
if [ -z "${BASH_VERSION:-}" ]; then exec bash "$0" "$@"; fi
. "$(dirname "$0")/../lib.sh"
# Debugging sections under --gc-sections, as GNU ld's
# _bfd_elf_gc_mark_extra_sections keeps them, and where the default
# script puts them:
#   frag   -gdwarf-sections' fragments (.debug_info.text.f) go with the
#          code section they are named after (.text.f) when it goes, in
#          a file that has a .debug_line.* fragment; .debug_line.*
#          joins .debug_line (mld kept every fragment, .debug_line.*
#          as sections of their own)
#   refs   a file none of whose code stays keeps the debugging sections
#          another file's kept debugging sections refer to, and those
#          they refer to (mld dropped them: a relocation against nothing)
# Compared with GNU ld: the debugging sections (name, size, contents)
# and symbols, on both targets, with and without --gc-sections.

t_write frag.s <<'SRC'
	.section .text.dead,"ax",%progbits
	.globl dead
	.type dead, %function
dead:	.long 1
	.section .text.live,"ax",%progbits
	.globl _start
_start:	.long 2
	.section .debug_info.text.live,"",%progbits
info_live:	.long 0x11
	.dc.a _start
	.section .debug_info.text.dead,"",%progbits
info_dead:	.long 0x22
	.dc.a dead
	.section .debug_info,"",%progbits
	.long 0x33
	.section .debug_line,"",%progbits
	.long 0x44
	.section .debug_line.text.live,"",%progbits
line_live:	.long 0x55
	.dc.a _start
	.section .debug_line.text.dead,"",%progbits
line_dead:	.long 0x66
	.dc.a dead
SRC
t_write refs1.s <<'SRC'
	.text
	.globl _start
_start:	.byte 0
	.section .debug_info,"",%progbits
	.dc.a other_info+2
SRC
t_write refs2.s <<'SRC'
	.section .debug_info,"",%progbits
	.hidden other_info
	.globl other_info
other_info:
	.dc.a .Labbrev
	.section .debug_abbrev,"",%progbits
.Labbrev:
	.byte 1, 2, 3, 4
SRC
t_write refs3.s <<'SRC'
	.section .debug_info,"",%progbits
	.byte 0x29
	.section .debug_str,"",%progbits
	.asciz "unreferenced"
SRC

dump() {   # the debugging sections and symbols of $1
  local secs
  secs=$(readelf -SW "$1" | sed -n 's/^ *\[ *[0-9]*\] //p' |
           awk '$1 ~ /^\.debug/ {print $1, $5}')
  echo "$secs"
  for s in $(echo "$secs" | awk '{print $1}'); do
    readelf -x "$s" "$1" | tail -n +2
  done
  nm -B "$1" | awk '$2 == "N"'
}

for arch in x86_64 aarch64; do
  t_target $arch
  for f in frag refs1 refs2 refs3; do
    $as -o $f.o $f.s || t_hard_error "$as $f.s failed"
  done
  for case in frag refs; do
    objs=frag.o
    [ $case = refs ] && objs="refs1.o refs2.o refs3.o"
    for gc in --gc-sections ""; do
      $ld $gc -e _start -o gnu.out $objs || t_hard_error "$ld $case failed"
      t_mld -m $emul $gc -e _start -o mld.out $objs
      dump gnu.out >gnu.dump
      dump mld.out >mld.dump
      t_same "$arch $case ${gc:-no gc}" gnu.dump mld.dump \
        "$(grep -c '^\.debug' mld.dump) debugging sections"
    done
  done
done
t_done
