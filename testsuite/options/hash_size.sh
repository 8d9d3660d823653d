#!/bin/bash
if [ -z "${BASH_VERSION:-}" ]; then exec bash "$0" "$@"; fi
dir=$(cd "$(dirname "$0")" && pwd)
. "$(dirname "$0")/../lib.sh"
# --hash-size=N and --reduce-memory-overheads set the size GNU ld's
# symbol table starts at (bfd_hash_set_default_size: the first of bfd's
# primes not under N; 1021 for --reduce-memory-overheads unless
# --hash-size came before it), and so the order GNU ld walks it in: the
# order of GOT entries, among others.  --reduce-memory-overheads also
# lists each input section's symbols in -Map in that order, not by
# value.  mld refused both.  x86-64 and AArch64, 300 symbols (the table
# grows from 31 several times): the .got bytes and the map's sections
# and symbols (mapnorm.py) against GNU ld, for each option and a few
# sizes; the default order is checked too.
norm() { "$PYTHON" "$dir/mapnorm.py" "$@"; }
N=300
{
    echo '.text; .globl _start; _start:'
    for i in $(seq $N); do
        echo "  .quad v$((i * 7919 % 1000))_x@GOTPCREL"
    done
    echo '.data'
    for i in $(seq $N); do echo ".globl v$((i * 7919 % 1000))_x; v$((i * 7919 % 1000))_x: .quad $i"; done
} >g.x86_64.s
{
    echo '.text; .globl _start; _start:'
    for i in $(seq $N); do
        echo "  adrp x0, :got:v$((i * 7919 % 1000))_x; ldr x0, [x0, :got_lo12:v$((i * 7919 % 1000))_x]"
    done
    echo '.data'
    for i in $(seq $N); do echo ".globl v$((i * 7919 % 1000))_x; v$((i * 7919 % 1000))_x: .quad $i"; done
} >g.aarch64.s
checked=0
for arch in x86_64 aarch64; do
    t_target $arch
    $as -o g.$arch.o g.$arch.s || t_hard_error "$as failed"
    for opts in "" "--hash-size=31" "--hash-size=100" "--hash-size 5000" \
                "--reduce-memory-overheads" \
                "--hash-size=61 --reduce-memory-overheads" \
                "--reduce-memory-overheads --hash-size=251"; do
        $ld $opts -Map=g.map -o g.out g.$arch.o ||
            t_hard_error "$ld $opts failed"
        t_mld $opts -Map=m.map -o m.out g.$arch.o
        expect_success
        objdump -s -j .got g.out | tail -n +5 >g.got
        objdump -s -j .got m.out | tail -n +5 >m.got
        t_same "$arch ${opts:-(default)}: GOT entries in GNU ld's order" g.got m.got \
            "$(wc -l <m.got) lines"
        norm g.map --sections >g.norm; norm m.map --sections >m.norm
        t_same "$arch ${opts:-(default)}: map symbols in GNU ld's order" g.norm m.norm \
            "$(grep -c _x m.norm) symbols"
    done
    checked=$((checked + 1))
done
[ $checked = 2 ] || t_fail "only $checked of 2 architectures checked"
t_mld --hash-size=none -o m.out g.x86_64.o
expect_failure
expect_error "--hash-size needs a numeric argument"
t_done
