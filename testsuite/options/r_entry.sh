#!/bin/bash
if [ -z "${BASH_VERSION:-}" ]; then exec bash "$0" "$@"; fi
. "$(dirname "$0")/../lib.sh"
# -r's entry point, as GNU ld's lang_end sets it in a relocatable
# output's header: where the entry symbol is in the output (its
# section's address added: a -T script's), for -e SYM, a script's
# ENTRY, or ld's own default "start" (not _start, which only the
# default script for executables names); -e NUMBER as that number; an
# absolute symbol's value; none for a COMMON symbol or one not found,
# with GNU ld's warning where -e named it, or ENTRY did with
# --gc-sections.  mld left e_entry 0 and did not warn.  Both targets:
# the object byte for byte as GNU ld's, and the warning.
t_write st.s <<'SRC'
	.text
	nop
	.globl _start, other, start
_start:	ret
other:	ret
start:	ret
	.globl absy
	.set absy, 0x777
	.comm cm, 8, 8
	.data
	.globl dsym
	.long 1
dsym:	.long 2
SRC
t_write at.ld <<'LD'
SECTIONS { .text 0x100 : { *(.text) } .data 0x2000 : { *(.data) } }
LD
t_write entry.ld <<'LD'
ENTRY(other) SECTIONS { .text 0x100 : { *(.text) } }
LD
t_write nowhere.ld <<'LD'
ENTRY(nothere) SECTIONS { .text : { *(.text) } }
LD

for arch in x86_64 aarch64; do
    t_target $arch
    $as st.s -o st.o || t_hard_error "$arch: $as failed"
    while IFS= read -r opts; do
        # shellcheck disable=SC2086
        $ld -r $opts -o gnu.o st.o 2>gnu.err || t_hard_error "$arch: GNU ld -r $opts"
        # shellcheck disable=SC2086
        t_mld -r $opts -o mld.o st.o
        t_same "$arch: -r ${opts:-(no -e)}" gnu.o mld.o \
            "entry $(readelf -h mld.o | awk '/Entry/ {print $4}')"
        gw=$(sed -n 's/^[^:]*: warning: //p' gnu.err)
        mw=$(sed -n 's/^mld: warning: //p' stderr.txt)
        if [ "$gw" = "$mw" ]; then
            t_pass "$arch: -r ${opts:-(no -e)}: ${gw:-no warning}, as GNU ld"
        else
            t_fail "$arch: -r $opts: warned '$mw', GNU ld '$gw'"
        fi
    done <<'CASES'

-e other
-e 0x1234
-e missing
-e absy
-e cm
-e dsym -T at.ld
-T entry.ld
-T nowhere.ld
-T nowhere.ld --gc-sections -u other
--defsym ds=other+1 -e ds
CASES
done
t_done
