#!/bin/bash
if [ -z "${BASH_VERSION:-}" ]; then exec bash "$0" "$@"; fi
. "$(dirname "$0")/../lib.sh"
# An output section with no contents that assigns to "." stays, as in
# GNU ld (bfd's SEC_KEEP in exp_fold_tree_1), unless the assignment is
# one of the few GNU ld lets go: ". = 0", ". = . + 0" (". += 0"), the
# same with a script's symbol of value 0, and
# ". = ALIGN (. != 0 ? EXPR : 1)".  mld dropped every such section whose
# "." moved only by ALIGN, so `. = ALIGN (8)` lost its padding section.
# Both arches: the section (type, address, size, flags) as GNU ld's.
# Not covered: a kept section that stays at size 0, which GNU ld lists
# as an unallocated PROGBITS section and mld leaves out.

t_write e.s <<'EOF2'
	.text
	.globl _start
_start:
	.byte 0
EOF2

sec() {  # sec FILE: .e's header line, the index and offset left out
  readelf -SW "$1" | sed -n 's/^ *\[ *[0-9]*\] \(\.e .*\)$/\1/p' |
    awk '{ print $1, $2, $3, $5, $7 }'
}

for arch in x86_64 aarch64; do
  t_target $arch
  $as -o e.o e.s || t_hard_error "$as failed"
  i=0
  while IFS= read -r body; do
    i=$((i + 1))
    printf 'SECTIONS { .text : { *(.text) } z = 0; .e : { *(.none) %s } .f : { LONG(1) } }\n' \
      "$body" >s$i.ld
    $ld -T s$i.ld e.o -o g$i.out 2>/dev/null || t_hard_error "$ld -T s$i.ld"
    t_mld -m $emul -T s$i.ld e.o -o m$i.out
    sec g$i.out >g$i.sec
    sec m$i.out >m$i.sec
    t_same "$arch { $body }: .e $( [ -s g$i.sec ] && echo kept || echo left out)" \
      g$i.sec m$i.sec
  done <<'BODIES'
. = ALIGN (8);
. = NEXT (8);
. = ALIGN (8); x = .;
. = 0x10;
. = ALIGN (. != 0 ? 8 : 1);
. = 0;
. = . + 0;
. += 0;
. = z;
. = . + z;
x = .;
BODIES
done
t_done
