#!/bin/bash
if [ -z "${BASH_VERSION:-}" ]; then exec bash "$0" "$@"; fi
. "$(dirname "$0")/../lib.sh"
# A -T script's INPUT and GROUP files are input files: a link that names
# no file on the command line but in its script links (GNU ld's
# lang_has_input_file), also with -r.  mld said "no input files".
# Compared with GNU ld on both targets: the symbols and sections (and
# for -r, every symbol and the sections' names, types and sizes but the
# string tables').

t_write s.s <<'SRC'
	.text
	.globl _start
_start:	.long 1
	.data
	.globl d
d:	.long 2
SRC
t_write t.ld <<'LD'
INPUT(s.o)
SECTIONS
{
  . = 0x10000;
  .text : { *(.text) }
  .data : { *(.data) }
}
LD
t_write in.ld <<'LD'
GROUP(s.o)
LD

for arch in x86_64 aarch64; do
  t_target $arch
  $as -o s.o s.s || t_hard_error "$as s.s failed"
  $ld -T t.ld -o gnu.out 2>gnu.err || t_hard_error "$ld: $(cat gnu.err)"
  t_mld -m $emul -T t.ld -o mld.out
  { nm gnu.out; readelf -SW gnu.out | grep -E '\] \.(text|data)'; } >gnu.txt
  { nm mld.out; readelf -SW mld.out | grep -E '\] \.(text|data)'; } >mld.txt 2>/dev/null
  t_same "$arch: INPUT in -T, no file on the command line" gnu.txt mld.txt
  $ld -r -T in.ld -o gnu.o 2>gnu.err || t_hard_error "$ld -r: $(cat gnu.err)"
  t_mld -m $emul -r -T in.ld -o mld.o
  robj() {
    readelf -sW "$1"
    readelf -SW "$1" | sed -n 's/^  \[ *[0-9]*\] //p' | grep -v strtab |
      awk '{ print $1, $2, $5 }'
  }
  robj gnu.o >gnu.txt
  robj mld.o >mld.txt 2>/dev/null
  t_same "$arch: -r, GROUP in -T, no file on the command line" gnu.txt mld.txt
done
t_done
