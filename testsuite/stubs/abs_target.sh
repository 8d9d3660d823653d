#!/bin/bash
if [ -z "${BASH_VERSION:-}" ]; then exec bash "$0" "$@"; fi
. "$(dirname "$0")/../lib.sh"
# A call or jump to an address the link defines (--defsym bar=ADDR, or a
# script's `bar = ADDR;') beyond branch range gets a veneer, as GNU ld
# makes it (ld-aarch64/farcall-b-defsym, farcall-bl-defsym): mld took the
# code alone, which was all in reach of itself, and stopped at
# "relocation truncated to fit".  128 MiB away exactly is out of reach;
# one word less is not.  Against GNU ld: objdump -d.

t_aarch64

t_write f.s <<'SRC'
	.globl	_start
	.text
_start:	b	bar
	bl	baz
	ret
SRC
$AS -o f.o f.s || t_hard_error "as failed"
printf 'bar = 0x8001000;\nbaz = 0x8000ffc;\nSECTIONS { .text 0x1000 : { *(.text) } }\n' >s.ld

same() {
    local what=$1
    shift
    $GLD "$@" -o gnu.out f.o >gnu.log 2>&1 || t_hard_error "GNU ld: $(cat gnu.log)"
    t_mld "$@" -o mld.out f.o
    if [ "$T_STATUS" = 0 ] &&
       cmp -s <($OBJDUMP -d gnu.out | tail -n +3) <($OBJDUMP -d mld.out | tail -n +3); then
        t_pass "$what: GNU ld's code and veneer"
    else
        t_fail "$what: differs from GNU ld's"
        diff <($OBJDUMP -d gnu.out | tail -n +3) <($OBJDUMP -d mld.out | tail -n +3) | head
    fi
}
same "--defsym" -Ttext 0x1000 --defsym=bar=0x8001000 --defsym=baz=0x8000ffc
$OBJDUMP -d mld.out | grep -q '<__bar_veneer>:' &&
    ! $OBJDUMP -d mld.out | grep -q '<__baz_veneer>:' &&
    t_pass "a veneer for bar (128 MiB away), none for baz" ||
    t_fail "veneers: $($OBJDUMP -d mld.out | grep veneer)"
same "a script's assignment" -T s.ld
t_done
