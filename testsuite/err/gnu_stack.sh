#!/bin/bash
if [ -z "${BASH_VERSION:-}" ]; then exec bash "$0" "$@"; fi
. "$(dirname "$0")/../lib.sh"
# PT_GNU_STACK as GNU ld writes it: RW when every input says its stack is
# not executable, RWE when one asks for an executable stack, none at all
# when an input has no .note.GNU-stack; -z execstack/noexecstack decide.

t_write plain.s <<'SRC'
	.text
	.globl _start
_start:
	mov $60, %eax
	xor %edi, %edi
	syscall
SRC
{ cat plain.s; printf '\t.section .note.GNU-stack,"",@progbits\n'; } >nx.s
{ cat plain.s; printf '\t.section .note.GNU-stack,"x",@progbits\n'; } >x.s
for f in plain nx x; do as -o $f.o $f.s || t_hard_error "as failed"; done

stack() { readelf -lW "$1" | awk '$1 == "GNU_STACK" {print $7}'; }
check() {  # check NAME ARGS...: same PT_GNU_STACK as ld.bfd
  local name=$1
  shift
  ld.bfd -o "$name.bfd" "$@" 2>/dev/null || t_hard_error "ld.bfd $* failed"
  t_mld -o "$name.mld" "$@"
  local want got
  want=$(stack "$name.bfd")
  got=$(stack "$name.mld")
  [ "$T_STATUS" = 0 ] && [ "$got" = "$want" ] &&
    t_pass "$name: PT_GNU_STACK '${got:-none}'" ||
    t_fail "$name: mld '${got:-none}', GNU ld '${want:-none}'"
}
check nx nx.o
check x x.o
check plain plain.o
check plain-nx plain.o -z noexecstack
check nx-x nx.o -z execstack
t_done
