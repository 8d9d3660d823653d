#!/bin/bash
if [ -z "${BASH_VERSION:-}" ]; then exec bash "$0" "$@"; fi
. "$(dirname "$0")/../lib.sh"
# Tail merging of strings (SHF_MERGE|SHF_STRINGS): a string that ends
# another is kept inside it.  mld finds them by sorting the strings from
# their last byte backwards, by keys of 8 bytes at a time, in buckets by
# the last byte, on all threads.  The first set of strings share long
# tails (runs of equal keys many levels deep) and have every length from
# 1 to 48, so that keys are partial at each depth.
#
# Groups of many pieces (more than 16,384) join their table on all
# threads: each piece goes to a shard of the table by its hash, and each
# shard takes its pieces in the group's order.  What each piece keeps
# must still be what one pass in order gives, as GNU ld's: the first
# copy, moved to a later one that needs more alignment; zeros after a
# string dropped but for one empty string per section.  The second set
# has four kinds of group, each of twelve sections in three files:
# strings of bytes (with empty strings and zero padding), strings of
# bytes aligned to 8 (copies at offsets of every alignment), strings of
# 2-byte characters, and 8-byte constants.
#
# Against GNU ld on x86-64 and AArch64: .rodata's bytes and the address
# each reference got, at 1, 2 and 4 threads; and a section that ends
# without a terminator, the same at every thread count.

gen_tails() {  # FILE SEED
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

gen_pieces() {  # FILE SEED
  awk -v seed="$2" '
  # Each kind in four input sections, so that a group has many members.
  function part(i, total, name, flags, entsize, align) {
    if (i % (total / 4) == 0) {
      printf "\t.section %s.%d,\"%s\",%%progbits,%d\n", name, i, flags, entsize
      if (align) print "\t.balign " align
    }
  }
  BEGIN {
    srand(seed)
    tails[0] = "_ends_the_same_way_in_every_file"
    tails[1] = "xxxxxxxx"
    tails[2] = "suffix"
    tails[3] = ""
    n = 0
    # Strings of bytes: a pool of 3,000 shared by the files, empty ones,
    # and zero padding.
    for (i = 0; i < 7200; i++) {
      part(i, 7200, ".rodata.str1.1", "aMS", 1, 0)
      r = rand()
      if (r < 0.02) { print "\t.byte 0"; continue }
      if (r < 0.04) { printf ".L%d:\t.string \"\"\n", n++; continue }
      s = "s" int(rand() * 3000)
      k = int(rand() * 6)
      for (c = 0; c < k; c++)
        s = s substr("abx_", int(rand() * 4) + 1, 1)
      printf ".L%d:\t.string \"%s%s\"\n", n++, s, tails[int(rand() * 4)]
    }
    # Aligned to 8: a copy needs the alignment of its offset.
    for (i = 0; i < 6000; i++) {
      part(i, 6000, ".rodata.str1.8", "aMS", 1, 8)
      if (rand() < 0.05) print "\t.balign " (2 ^ int(rand() * 4))
      printf ".L%d:\t.string \"a%d\"\n", n++, int(rand() * 2500)
    }
    # Strings of 2-byte characters.
    for (i = 0; i < 6000; i++) {
      part(i, 6000, ".rodata.str2.2", "aMS", 2, 0)
      v = int(rand() * 2500)
      printf ".L%d:\t.2byte %d, %d, %d, 0\n", n++, 65 + v % 26, 256 + v, \
        65 + int(v / 26) % 26
    }
    # Constants.
    for (i = 0; i < 6000; i++) {
      part(i, 6000, ".rodata.cst8", "aM", 8, 0)
      printf ".L%d:\t.quad %d\n", n++, int(rand() * 3000) * 7919
    }
    print "\t.data"
    for (i = 0; i < n; i++)
      printf "\t.quad .L%d\n", i
  }' > "$1"
}

# compare SET: SET's three files linked by GNU ld and by mld.
compare() {
  local objs= n threads
  for n in 1 2 3; do
    gen_$1 $1$n.s $((n * 7919))
    $cc -c $1$n.s -o $1$n.o || t_hard_error "$cc -c $1$n.s"
    objs="$objs $1$n.o"
  done
  $ld start.o $objs -o gnu.out >gnu.log 2>&1 ||
    t_hard_error "GNU ld: $(cat gnu.log)"
  objdump -s -j .rodata -j .data gnu.out | tail -n +3 >gnu.d
  for threads in 1 2 4; do
    t_mld --threads=$threads start.o $objs -o mld.out
    expect_success
    objdump -s -j .rodata -j .data mld.out | tail -n +3 >mld.d
    cmp -s gnu.d mld.d &&
      t_pass "$arch, $1, $threads threads: GNU ld's merged pieces" ||
      t_fail "$arch, $1, $threads threads: $(diff gnu.d mld.d | head -5 | tr '\n' ' ')"
  done
  # A section whose last string has no terminator.
  for threads in 1 2 4; do
    t_mld --threads=$threads start.o $objs end.o -o end$threads.out
    expect_success
  done
  cmp -s end1.out end2.out && cmp -s end1.out end4.out &&
    t_pass "$arch, $1: an unterminated end merges the same at 1, 2 and 4 threads" ||
    t_fail "$arch, $1: an unterminated end merges differently by thread count"
}

checked=0
for arch in x86_64 aarch64; do
  t_target $arch
  printf '\t.text\n\t.globl _start\n_start:\t.quad 0\n' >start.s
  $cc -c start.s -o start.o || t_hard_error "$cc -c start.s"
  printf '\t.section .rodata.str1.1,"aMS",%%progbits,1\n\t.ascii "a0"\n' >end.s
  $cc -c end.s -o end.o || t_hard_error "$cc -c end.s"
  compare tails
  compare pieces
  [ "$(wc -l <gnu.d)" -gt 10000 ] || t_fail "$arch: the second set is short"
  checked=$((checked + 1))
done
[ $checked = 2 ] || t_fail "only $checked of 2 architectures checked"
t_done
