#!/bin/bash
if [ -z "${BASH_VERSION:-}" ]; then exec bash "$0" "$@"; fi
. "$(dirname "$0")/../lib.sh"
# PT_GNU_STACK and GNU ld 2.40's warnings about executable memory, each case
# linked by ld.bfd and by mld: an input without .note.GNU-stack next to one
# with it (x86-64: executable stack, and a warning), an executable note,
# -z execstack with and without --warn-execstack, --no-warn-execstack,
# -z stack-size=N (PT_GNU_STACK's size), an "awx" section making an RWX
# LOAD segment and a script making an executable PT_TLS
# (--no-warn-rwx-segments).  The messages are compared whole: GNU ld's
# NOTE on a missing note is a line of its own.

t_write plain.s <<'SRC'
	.text
	.globl _start
_start:
	mov $60, %eax
	xor %edi, %edi
	syscall
SRC
printf '\t.data\n\t.long 1\n' >nonote.s
printf '\t.section .note.GNU-stack,"",@progbits\n' >note.s
{ cat plain.s note.s; } >nx.s
printf '\t.section .note.GNU-stack,"x",@progbits\n' >x.s
{ cat note.s; printf '\t.section .wx,"awx",@progbits\n\t.byte 0\n'; } >wx.s
for f in nonote nx x wx; do as -o $f.o $f.s || t_hard_error "as failed"; done

stack() { readelf -lW "$1" | awk '$1 == "GNU_STACK" {print $7, $6}'; }
rwx() { readelf -lW "$1" | awk '$1 == "LOAD" && $7 == "RWE" {n++} END {print n + 0}'; }
# The messages, without the program name (GNU ld's NOTE line too).
warnings() {
  sed -n 's/^[^:]*: //p' "$1" |
    sed 's/^warning: [^ ]* has a \(LOAD\|TLS\) segment/OUT has a \1 segment/' |
    sort
}
check() {  # check NAME ARGS...: same PT_GNU_STACK, segments and warnings
  local name=$1
  shift
  ld.bfd -o "$name.bfd" "$@" 2>"$name.bfd.err" ||
    t_hard_error "ld.bfd $* failed"
  t_mld -o "$name.mld" "$@"
  cp stderr.txt "$name.mld.err"
  local want got
  want="$(stack "$name.bfd") rwx=$(rwx "$name.bfd") $(warnings "$name.bfd.err" | tr '\n' '|')"
  got="$(stack "$name.mld") rwx=$(rwx "$name.mld") $(warnings "$name.mld.err" | tr '\n' '|')"
  [ "$T_STATUS" = 0 ] && [ "$got" = "$want" ] &&
    t_pass "$name: $got" || t_fail "$name: mld '$got', GNU ld '$want'"
}
check missing nx.o nonote.o
check missing-nowarn nx.o nonote.o --no-warn-execstack
check xnote nx.o x.o
check zexec nx.o -z execstack
check zexec-warn nx.o -z execstack --warn-execstack
check stacksize nx.o -z stack-size=0x200000
check stacksize-nonote nonote.o nx.o -z stack-size=65536
check rwx nx.o wx.o
check rwx-nowarn nx.o wx.o --no-warn-rwx-segments
# An executable PT_TLS (GNU's rwx-segments-2.t): GNU ld's own warning,
# which mld did not give.
cat >tlsx.t <<'LD'
PHDRS { image PT_LOAD FLAGS (5); tls PT_TLS FLAGS (7); }
SECTIONS {
  .text 0x400000 : { *(.text) } :image
  .tdata : { *(.tdata) } :image :tls
  /DISCARD/ : { *(.note.GNU-stack) }
}
LD
printf '\t.section .tdata,"awT",@progbits\n\t.long 1\n' >tdata.s
as -o tdata.o tdata.s || t_hard_error "as failed"
check tls-x nx.o tdata.o -T tlsx.t
check tls-x-nowarn nx.o tdata.o -T tlsx.t --no-warn-rwx-segments

# AArch64: an input without the note does not make the stack executable.
if t_have AArch64 aarch64-linux-gnu-as aarch64-linux-gnu-ld.bfd; then
  printf '\t.text\n\t.globl _start\n_start:\n\tret\n' >a64.s
  printf '\t.section .note.GNU-stack,"",%%progbits\n' >>a64.s
  printf '\t.data\n\t.long 1\n' >a64nonote.s
  aarch64-linux-gnu-as -o a64.o a64.s && aarch64-linux-gnu-as -o a64nonote.o a64nonote.s ||
    t_hard_error "aarch64 as failed"
  ld.bfd() { aarch64-linux-gnu-ld.bfd "$@"; }
  check a64-missing a64.o a64nonote.o
  check a64-stacksize a64nonote.o a64.o -z stack-size=0x100000
fi
t_done
