#!/bin/bash
if [ -z "${BASH_VERSION:-}" ]; then exec bash "$0" "$@"; fi
src=$(cd "$(dirname "$0")/../c" && pwd)
. "$(dirname "$0")/../lib.sh"
# Mergeable sections hold the bytes GNU ld writes (bfd's merge.c): each
# string or constant kept once, by the input section that had it first,
# which keeps its place; strings that end others merged into them; a
# string aligned as its offset was; zero padding dropped but for one empty
# string.  .rodata, .comment and the DWARF string sections of programs
# built with -g must be byte for byte GNU ld's, for glibc, musl and AArch64.

for v in gcc musl-gcc aarch64-linux-gnu-gcc; do
  command -v $v >/dev/null || continue
  objcopy=objcopy
  [ $v = aarch64-linux-gnu-gcc ] && objcopy=aarch64-linux-gnu-objcopy
  $v -g -O2 -c -o $v-main.o "$src/string_merge.c" &&
    $v -g -O0 -c -o $v-other.o "$src/inc/strings_other.c" ||
    t_hard_error "$v failed"
  $v -static -o $v.ref $v-main.o $v-other.o || t_hard_error "$v link failed"
  T_CC=$v t_gcc_mld -static -o $v.mld $v-main.o $v-other.o
  [ "$T_STATUS" = 0 ] || { t_fail "$v: mld failed"; continue; }
  for s in .rodata .comment .debug_str .debug_line_str; do
    rm -f ref.bin mld.bin
    $objcopy --dump-section $s=ref.bin $v.ref scratch 2>/dev/null
    $objcopy --dump-section $s=mld.bin $v.mld scratch 2>/dev/null
    [ -s ref.bin ] || continue
    cmp -s ref.bin mld.bin && t_pass "$v: $s as GNU ld's ($(wc -c <ref.bin) bytes)" ||
      t_fail "$v: $s differs: mld $(wc -c <mld.bin) bytes, GNU ld $(wc -c <ref.bin)"
  done
done
t_done
