#!/bin/bash
if [ -z "${BASH_VERSION:-}" ]; then exec bash "$0" "$@"; fi
. "$(dirname "$0")/../lib.sh"
# Tail merging of strings (SHF_MERGE|SHF_STRINGS): a string that ends
# another is kept inside it.  mld finds them by sorting the strings from
# their last byte backwards, by keys of 8 bytes at a time, in buckets by
# the last byte, on all threads.  These strings share long tails (runs of
# equal keys many levels deep) and have every length from 1 to 48, so
# that keys are partial at each depth.  Against GNU ld on x86-64 and
# AArch64: .rodata's bytes and the address each reference got, at 1 and
# at 2 threads.

gen() {  # FILE SEED
  awk -v seed="$2" 'BEGIN {
    srand(seed)
    tails[0] = "_ends_the_same_way_in_every_file"
    tails[1] = "xxxxxxxxxxxxxxxxxxxxxxxx"
    tails[2] = "suffix"
    tails[3] = ""
    print "\t.section .rodata.str1.1,\"aMS\",%progbits,1"
    for (i = 0; i < 400; i++) {
      s = ""
      n = int(rand() * 20)
      for (k = 0; k < n; k++)
        s = s substr("abx_", int(rand() * 4) + 1, 1)
      s = s tails[int(rand() * 4)]
      if (s == "")
        s = "a"
      if (length(s) > 48)
        s = substr(s, length(s) - 47)
      printf ".L%d:\t.string \"%s\"\n", i, s
    }
    print "\t.data"
    for (i = 0; i < 400; i++)
      printf "\t.quad .L%d\n", i
  }' > "$1"
}

checked=0
for arch in x86_64 aarch64; do
  t_target $arch
  objs=
  for n in 1 2 3; do
    gen s$n.s $((n * 7919))
    $cc -c s$n.s -o s$n.o || t_hard_error "$cc -c s$n.s"
    objs="$objs s$n.o"
  done
  printf '\t.text\n\t.globl _start\n_start:\t.quad 0\n' >start.s
  $cc -c start.s -o start.o || t_hard_error "$cc -c start.s"
  $ld start.o $objs -o gnu.out >gnu.log 2>&1 ||
    t_hard_error "GNU ld: $(cat gnu.log)"
  objdump -s -j .rodata -j .data gnu.out | tail -n +3 >gnu.d
  for threads in 1 2; do
    t_mld --threads=$threads start.o $objs -o mld.out
    expect_success
    objdump -s -j .rodata -j .data mld.out | tail -n +3 >mld.d
    cmp -s gnu.d mld.d &&
      t_pass "$arch, $threads threads: GNU ld's merged strings" ||
      t_fail "$arch, $threads threads: $(diff gnu.d mld.d | head -5 | tr '\n' ' ')"
  done
  checked=$((checked + 1))
done
[ $checked = 2 ] || t_fail "only $checked of 2 architectures checked"
t_done
