#!/bin/bash
if [ -z "${BASH_VERSION:-}" ]; then exec bash "$0" "$@"; fi
. "$(dirname "$0")/../lib.sh"
# _GLOBAL_OFFSET_TABLE_ in .symtab as GNU ld lists it: on AArch64 with
# .got, whether or not an object names it; on x86-64 not when every GOT
# load was relaxed and no GOT section is left, though gas names the
# symbol.  Found by comparing tiny links with GNU ld.

# got_listed EXE: how many .symtab entries _GLOBAL_OFFSET_TABLE_ has
got_listed() {
    readelf -sW "$1" | grep -c ' _GLOBAL_OFFSET_TABLE_$'
}

# same_got_listing LD OBJ WHAT [MLD-ARGS...]: link OBJ with LD and with mld,
# compare how often each lists the symbol
same_got_listing() {
    local ld=$1 obj=$2 what=$3
    shift 3
    "$ld" -static -o ref.out "$obj" >ref.log 2>&1 ||
        t_hard_error "$ld failed on $obj"
    t_mld "$@" -static -o mld.out "$obj"
    [ "$T_STATUS" -eq 0 ] || { t_fail "mld failed on $obj"; return; }
    local r m
    r=$(got_listed ref.out)
    m=$(got_listed mld.out)
    if [ "$r" = "$m" ]; then
        t_pass "$what: listed $r time(s) by both"
    else
        t_fail "$what: GNU ld lists it $r time(s), mld $m"
    fi
}

if t_have x86-64 ld.bfd as; then
    t_write x86.s <<'SRC'
	.text
	.globl _start
_start:	movq gv@GOTPCREL(%rip), %rax
	ret
	.data
	.globl gv
gv:	.quad 1
SRC
    as -o x86.o x86.s || t_hard_error "as failed"
    same_got_listing ld.bfd x86.o "x86-64, GOT load relaxed"
fi

if t_have AArch64 aarch64-linux-gnu-ld; then
    t_write a64.s <<'SRC'
	.text
	.globl _start
_start:	adrp x0, :got:gv
	ldr x0, [x0, :got_lo12:gv]
	ret
	.data
	.globl gv
gv:	.quad 1
SRC
    aarch64-linux-gnu-as -o a64.o a64.s || t_hard_error "as failed"
    same_got_listing aarch64-linux-gnu-ld a64.o "AArch64, .got made" \
        -m aarch64linux
fi
t_done
