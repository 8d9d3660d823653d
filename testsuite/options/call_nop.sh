#!/bin/bash
if [ -z "${BASH_VERSION:-}" ]; then exec bash "$0" "$@"; fi
. "$(dirname "$0")/../lib.sh"
# -z call-nop=PADDING on x86-64: a relaxed `call *foo@GOTPCREL(%rip)`
# (gcc -fno-plt) becomes "addr32 call foo" by default and with
# prefix-addr, "call foo; nop" with suffix-nop, the byte N before or
# after the call with prefix-N / suffix-N; a value GNU ld cannot read
# is its error.  mld took the option and ignored it.  Against GNU ld:
# the code bytes, the -q relocations, the programs' exits and the
# messages.
t_need_ld_bfd_x86_64
t_write f.c <<'SRC'
int far_away(int x) { return x + 40; }
SRC
{
    printf 'extern int far_away(int);\n'
    t_exit_start 'far_away(2)'
} >main.c
gcc -c -O1 -fno-plt -fno-pie -fno-asynchronous-unwind-tables -o main.o main.c &&
    gcc -c -O1 -fno-asynchronous-unwind-tables -o f.o f.c ||
    t_hard_error "compiling failed"
objdump -dr main.o | grep -q 'GOTPCRELX' || t_hard_error "no GOTPCRELX call in main.o"

for z in "" prefix-addr suffix-nop prefix-0x2e suffix-0x90 suffix-144 prefix-0x3e; do
    opt=()
    [ -n "$z" ] && opt=(-z "call-nop=$z")
    ld.bfd "${opt[@]}" -q -o gnu.out main.o f.o || t_hard_error "GNU ld ${opt[*]} failed"
    t_mld "${opt[@]}" -q -o mld.out main.o f.o
    expect_success
    objdump -d --section=.text gnu.out | sed -n '/<_start>:/,$p' >gnu.dis
    objdump -d --section=.text mld.out | sed -n '/<_start>:/,$p' >mld.dis
    # Offsets, types, symbols and addends (the symbols' indexes differ:
    # .symtab's order is not GNU ld's).
    readelf -rW gnu.out | awk '$3 ~ /^R_/ {$2 = ""; print}' >gnu.rel
    readelf -rW mld.out | awk '$3 ~ /^R_/ {$2 = ""; print}' >mld.rel
    ./gnu.out; g=$?
    ./mld.out; m=$?
    if ! cmp -s gnu.dis mld.dis; then
        t_fail "-z call-nop=$z: code differs: $(diff gnu.dis mld.dis | head -6 | tr '\n' ' ')"
    elif ! cmp -s gnu.rel mld.rel; then
        t_fail "-z call-nop=$z: -q relocations differ: $(diff gnu.rel mld.rel | head -4 | tr '\n' ' ')"
    elif [ $g != 42 ] || [ $m != 42 ]; then
        t_fail "-z call-nop=$z: programs exit $m (GNU ld's $g)"
    else
        t_pass "-z call-nop=${z:-(default)}: GNU ld's code and relocations; exits 42"
    fi
done
for z in prefix-nop suffix-1x bogus; do
    ld.bfd -z call-nop=$z -o gnu.out main.o f.o 2>gnu.err
    t_mld -z call-nop=$z -o mld.out main.o f.o
    expect_failure
    expect_error "$(sed -n 's/^ld.bfd: //p' gnu.err | head -1)"
done
t_done
