#!/bin/bash
if [ -z "${BASH_VERSION:-}" ]; then exec bash "$0" "$@"; fi
. "$(dirname "$0")/../lib.sh"
# Unallocated orphan sections go where GNU ld puts them: a debugging one
# (.debug*, .zdebug*, .stab*, .line*, .gdb_index, ...) after every
# section GNU ld's script names, so after .debug_info; any other after
# .comment; each group in the order the inputs give them.
t_need_ld_bfd_x86_64
t_write o.s <<'SRC'
	.globl _start
	.text
_start:	ret
	.section .debug_zzz,"",@progbits
	.byte 1
	.section other1,"",@progbits
	.byte 2
	.section .gdb_index,"",@progbits
	.byte 3
	.section xstabfoo,"",@progbits
	.byte 4
	.section .debug_info,"",@progbits
	.byte 6
	.section .debugx,"",@progbits
	.byte 7
	.section .comment,"",@progbits
	.byte 8
	.section other2,"",@progbits
	.byte 9
SRC
as o.s -o o1.o || t_hard_error "as failed"
# gas will not make a .stab section of its own; rename one.
objcopy --rename-section xstabfoo=.stabfoo o1.o o.o || t_hard_error "objcopy failed"
names() { readelf -SW "$1" | sed -n 's/^ *\[ *[0-9]*\] \([^ ]*\) .*/\1/p' | tr '\n' ' '; }
ld.bfd -o g.out o.o || t_hard_error "ld.bfd failed"
t_mld -o m.out o.o
[ "$T_STATUS" = 0 ] && [ "$(names g.out)" = "$(names m.out)" ] &&
  t_pass "GNU ld's section order: $(names m.out)" ||
  { t_fail "section order differs"; echo "  ld:  $(names g.out)"; echo "  mld: $(names m.out)"; }
t_done
