#!/bin/bash
if [ -z "${BASH_VERSION:-}" ]; then exec bash "$0" "$@"; fi
. "$(dirname "$0")/../lib.sh"
# The section a symbol assigned outside output sections belongs to:
# the one before, or after an assignment to "." the one after, unless
# that one comes after an assignment to end, _end, __end, ... (leading
# underscores stripped, at any depth, PROVIDE too; GNU ld's found_end
# and section_for_dot): then the one before.  mld took the one after,
# so OP-TEE's __end and _end_of_ram, assigned between .nozi and .dynamic
# after "__end = .", had .dynamic's index where GNU ld gives .nozi's.
# Both targets: each script symbol's section index and value as GNU
# ld's.
t_write a.s <<'SRC'
	.text
	.globl _start
_start:	ret
	.data
	.quad 1
	.bss
	.zero 64
	.section .tail,"aw"
	.quad 2
SRC
b='.text 0x1000 : { *(.text) } .data : { *(.data) }'
t_write cases.txt <<CASES
SECTIONS { $b .bss : { *(.bss) } . = ALIGN(0x1000); x1 = .; _end = .; x2 = .; . = 0x8000; x3 = .; .tail : { *(.tail) } }
SECTIONS { $b .bss : { *(.bss) } . = ALIGN(0x1000); x1 = .; x2 = .; . = 0x8000; x3 = .; .tail : { *(.tail) } }
SECTIONS { $b .bss : { *(.bss) _end = .; } . = ALIGN(0x1000); x1 = .; . = 0x8000; x3 = .; .tail : { *(.tail) } }
SECTIONS { $b .bss : { *(.bss) } . = ALIGN(0x1000); x1 = .; PROVIDE(end = .); . = 0x8000; x3 = .; .tail : { *(.tail) } }
SECTIONS { $b .bss : { *(.bss) } . = ALIGN(0x1000); x1 = .; __end__ = .; . = 0x8000; x3 = .; .tail : { *(.tail) } }
SECTIONS { _end = .; .text 0x1000 : { *(.text) } . = ALIGN(0x1000); x1 = .; .data : { *(.data) } .bss : { *(.bss) } .tail : { *(.tail) } }
SECTIONS { . = 0x1000; x0 = .; ___end = .; .text : { *(.text) } .data : { *(.data) } .bss : { *(.bss) } . = ALIGN(0x1000); x1 = .; .tail : { *(.tail) } }
CASES

# syms FILE: the script's symbols, with their values and section indexes
syms() {
    readelf -sW "$1" | awk '$8 ~ /^(x[0-9]|_*end_*)$/ {print $8, $2, $7}' | sort
}

for arch in x86_64 aarch64; do
    t_target $arch
    $as a.s -o a.o || t_hard_error "$arch: $as failed"
    n=0
    while IFS= read -r script; do
        n=$((n + 1))
        echo "$script" > s$n.ld
        $ld -T s$n.ld a.o -o gnu.exe 2>/dev/null || t_hard_error "$arch: GNU ld, script $n"
        t_mld -T s$n.ld a.o -o mld.exe --no-warn-rwx-segments
        syms gnu.exe > gnu.txt
        syms mld.exe > mld.txt
        t_same "$arch: script $n" gnu.txt mld.txt "$(awk '{print $1 "@" $3}' mld.txt | tr '\n' ' ')"
    done < cases.txt
done
t_done
