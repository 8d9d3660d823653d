#!/bin/bash
if [ -z "${BASH_VERSION:-}" ]; then exec bash "$0" "$@"; fi
. "$(dirname "$0")/../lib.sh"
# Inputs that cannot be mapped: a script or an object read from a pipe
# (`-T /dev/stdin`, `<(...)`).  GNU ld reads them to their end; mld read
# such a script as empty (fstat gives size 0) and silently made another
# layout.  On x86-64 and AArch64, against GNU ld: section addresses and
# the program's exit.

{
    printf 'int value = 40;\nint get(void) { return value + 2; }\n'
    t_exit_start 'get()'
} >p.c
cat >t.ld <<'LD'
ENTRY(_start)
SECTIONS {
  . = 0x500000 + SIZEOF_HEADERS;
  .text : { *(.text .text.*) }
  . = ALIGN(0x1000);
  .data : { *(.data .data.*) }
  .bss : { *(.bss .bss.*) }
}
LD

addrs() { readelf -SW "$1" | awk '/^ *\[/ && $2 ~ /^\./ {print $2, $4}'; }

compare() {   # compare NAME: gnu.out and mld.out agree
    if [ "$T_STATUS" != 0 ]; then
        t_fail "$arch $1: mld failed: $(head -2 stderr.txt)"
        return
    fi
    addrs gnu.out >gnu.a
    addrs mld.out >mld.a
    local g m
    t_run_both
    if ! cmp -s gnu.a mld.a; then
        t_fail "$arch $1: addresses differ: $(diff gnu.a mld.a | tr '\n' ' ')"
    elif [ $g != $m ]; then
        t_fail "$arch $1: exits $m, GNU ld's $g"
    else
        t_pass "$arch $1: GNU ld's addresses, exit $g"
    fi
}

checked=0
for arch in x86_64 aarch64; do
    t_target $arch
    $cc -c -O1 -fno-pie -fno-stack-protector -fno-asynchronous-unwind-tables \
        -o p.o p.c || t_hard_error "$cc failed"
    $ld -static -T t.ld -o gnu.out p.o || t_hard_error "GNU ld failed"
    # The script from a pipe on standard input.
    cat t.ld | "$MLD" -static -T /dev/stdin -o mld.out p.o >stdout.txt 2>stderr.txt
    T_STATUS=$?
    compare "-T /dev/stdin from a pipe"
    # Script and object through process substitution.
    "$MLD" -static -T <(cat t.ld) -o mld.out <(cat p.o) >stdout.txt 2>stderr.txt
    T_STATUS=$?
    compare "-T <(cat t.ld) <(cat p.o)"
    checked=$((checked + 1))
done
[ $checked = 2 ] || t_fail "only $checked of 2 architectures checked"
t_done
