#!/bin/bash
if [ -z "${BASH_VERSION:-}" ]; then exec bash "$0" "$@"; fi
src=$(cd "$(dirname "$0")/../c" && pwd)
. "$(dirname "$0")/../lib.sh"
# Mergeable sections hold the bytes GNU ld writes (bfd's merge.c): each
# string or constant kept once, by the input section that had it first,
# which keeps its place; strings that end others merged into them; a
# string aligned as its offset was; zero padding dropped but for one empty
# string.  .rodata, .comment and the DWARF string sections of programs
# built with -g must be byte for byte GNU ld's, for glibc, musl and AArch64;
# so must .eh_frame, rewritten record by record (GNU ld drops trailing
# DW_CFA_nop padding, aligns records anew, pads sections inside records).

for v in gcc musl-gcc aarch64-linux-gnu-gcc; do
  t_have "$v" $v || continue
  objcopy=objcopy
  [ $v = aarch64-linux-gnu-gcc ] && objcopy=aarch64-linux-gnu-objcopy
  $v -g -O2 -c -o $v-main.o "$src/string_merge.c" &&
    $v -g -O0 -c -o $v-other.o "$src/inc/strings_other.c" ||
    t_hard_error "$v failed"
  $v -static -o $v.ref $v-main.o $v-other.o || t_hard_error "$v link failed"
  T_CC=$v t_gcc_mld -static -o $v.mld $v-main.o $v-other.o
  [ "$T_STATUS" = 0 ] || { t_fail "$v: mld failed"; continue; }
  for s in .rodata .comment .debug_str .debug_line_str .eh_frame .eh_frame_hdr .gcc_except_table; do
    rm -f ref.bin mld.bin
    $objcopy --dump-section $s=ref.bin $v.ref scratch 2>/dev/null
    $objcopy --dump-section $s=mld.bin $v.mld scratch 2>/dev/null
    [ -s ref.bin ] || continue
    cmp -s ref.bin mld.bin && t_pass "$v: $s as GNU ld's ($(wc -c <ref.bin) bytes)" ||
      t_fail "$v: $s differs: mld $(wc -c <mld.bin) bytes, GNU ld $(wc -c <ref.bin)"
  done
done
# C++: exceptions through several objects, --eh-frame-hdr.
if t_have C++ g++; then
  t_write x1.cc <<'SRC'
#include <cstdio>
#include <stdexcept>
#include <string>
int thrower(int);
int main() {
  int n = 0;
  for (int i = 0; i < 3; i++)
    try { n += thrower(i); } catch (const std::exception &e) { std::puts(e.what()); }
  return n;
}
SRC
  t_write x2.cc <<'SRC'
#include <stdexcept>
#include <string>
int thrower(int i) {
  if (i == 1) throw std::runtime_error("one: " + std::to_string(i));
  return i;
}
SRC
  g++ -O1 -c x1.cc x2.cc || t_hard_error "g++ failed"
  g++ -static -Wl,--eh-frame-hdr -o cxx.ref x1.o x2.o || t_hard_error "g++ link failed"
  T_CC=g++ t_gcc_mld -static -Wl,--eh-frame-hdr -o cxx.mld x1.o x2.o
  for s in .eh_frame .eh_frame_hdr .gcc_except_table .rodata; do
    rm -f ref.bin mld.bin
    objcopy --dump-section $s=ref.bin cxx.ref scratch 2>/dev/null
    objcopy --dump-section $s=mld.bin cxx.mld scratch 2>/dev/null
    cmp -s ref.bin mld.bin && t_pass "g++: $s as GNU ld's ($(wc -c <ref.bin) bytes)" ||
      t_fail "g++: $s differs: mld $(wc -c <mld.bin 2>/dev/null) bytes, GNU ld $(wc -c <ref.bin)"
  done
  [ "$(./cxx.mld 2>&1; echo $?)" = "$(./cxx.ref 2>&1; echo $?)" ] &&
    t_pass "g++: runs as GNU ld's" || t_fail "g++: runs differently"
fi
t_done
