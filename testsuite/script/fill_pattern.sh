#!/bin/bash
if [ -z "${BASH_VERSION:-}" ]; then exec bash "$0" "$@"; fi
. "$(dirname "$0")/../lib.sh"
# A script's fill patterns as GNU ld makes them (exp_get_fill): a
# hexadecimal number gives as many bytes as its digits make (=0xff is
# 0xff everywhere, FILL (0x003456) three bytes, a 32-digit one sixteen),
# any other value its four bytes, big-endian (=255 is 00 00 00 ff); the
# pattern starts again at each gap.  mld took every fill as four bytes
# repeated from the section's start, so =0xff wrote 00 00 00 ff (GNU
# ld's ld-scripts/fill failed).  On x86-64 and AArch64, against GNU ld:
# the bytes of .text and .data.

for i in 0 1 2; do
    printf '\t.text\n\t.long 0x%d%d%d%d%d%d%d%d\n' $i $i $i $i $i $i $i $i >f$i.s
done
printf '\t.data\n\t.byte 1\n' >d.s
cat >f.ld <<'LD'
SECTIONS {
  .text : {
    . += 4;
    *f0.o(.text)
    FILL (0x12)
    *f1.o(.text)
    . += 1;
    FILL (0x23)
    *f2.o(.text)
    FILL (0x003456)
    . += 4;
    FILL (0x00004567000089ab0000cdef00000123)
    . += 8;
    LONG (0xdeadbeef)
    . += 12;
    . += 16;
  } =0xcafebabe
  .data : { *(.data) . += 7; FILL (255) . += 6; } =0xff
}
LD

checked=0
for arch in x86_64 aarch64; do
    t_target $arch
    for f in f0 f1 f2 d; do
        $cc -c $f.s -o $f.o || t_hard_error "$cc $f.s"
    done
    $ld -T f.ld -o gnu.out f0.o f1.o f2.o d.o >gnu.log 2>&1 ||
        t_hard_error "GNU ld: $(cat gnu.log)"
    t_mld -T f.ld -o mld.out f0.o f1.o f2.o d.o
    expect_success
    for sec in .text .data; do
        objdump -s -j $sec gnu.out | tail -n +4 >gnu.d
        objdump -s -j $sec mld.out | tail -n +4 >mld.d
        [ -s gnu.d ] || t_hard_error "GNU ld wrote no $sec"
        cmp -s gnu.d mld.d && t_pass "$arch $sec: GNU ld's bytes" ||
            t_fail "$arch $sec: $(diff gnu.d mld.d | tr '\n' ' ')"
    done
    checked=$((checked + 1))
done
[ $checked = 2 ] || t_fail "only $checked of 2 architectures checked"
t_done
