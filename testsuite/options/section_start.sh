#!/bin/bash
if [ -z "${BASH_VERSION:-}" ]; then exec bash "$0" "$@"; fi
dir=$(cd "$(dirname "$0")" && pwd)
. "$(dirname "$0")/../lib.sh"
# -Ttext=ADDR, -Tdata=ADDR, -Tbss=ADDR and --section-start=SECTION=ADDR
# (also as -Ttext ADDR and --section-start SECTION=ADDR) give one output
# section its address, as GNU ld 2.40 does: exactly there, its inputs
# aligned in the address space (sh_addralign drops to the address's),
# the sections after it in the script following it, those before staying.
# A program with TLS, exceptions and orphans of every kind is linked by
# GNU ld and by mld on both architectures with libc; the allocated
# sections, the program headers (p_paddr too), the entry point and the
# linker symbols (layoutnorm.py) must be GNU ld's, and both programs
# print the same.  The cases include a section moved up, one moved below
# the image (the headers then go on the page below it, in a PT_LOAD of
# their own before x86-64 code, with p_paddr a page lower when the page
# is the code's), a zero-fill-only PT_LOAD (p_offset in its page), an
# orphan given an address (its own statement at the end of the script),
# a name no section has (no effect, but see below), and the last option
# for a section winning.
#
# GNU ld's quirks that mld copies, being consistent rules:
# - Orphans of the last section given an address (e.g. __libc_freeres_fn
#   with -Ttext) move behind the notes into the first page, once a note
#   orphan is placed and with --build-id (GNU ld's list of output
#   sections then has a note after that section: see orphan_key in
#   lib/sections.c); so -Ttext at .text's default address is no no-op.
#   With --build-id=none they stay after their anchor.
# - The sections given an address come first among the section headers.
# - AArch64 -Tdata: the data orphans in the first page make it one RWE
#   PT_LOAD, with GNU ld's warning and no PT_GNU_RELRO.
# Where mld differs, on purpose:
# - Overlaps are errors in GNU ld's words, but mld checks addresses in
#   memory (VMA) even where two sections start at one address, which GNU
#   ld takes for overlays and then links a broken program (x86-64
#   -Tbss at .text's address); so -Tdata at .text's address reports the
#   .bss it overlaps too.
# - A section moved inside the writable segment, where GNU ld stops with
#   an internal error (ldlang.c 6278), gets a sane layout: its address,
#   the rest as without the option; the program runs.
# - TLS sections apart among the section headers (--section-start=.tdata)
#   are an error, as in GNU ld, but on one line.
# Addresses are hexadecimal with or without 0x, with GNU ld's errors.

t_write p.c <<'SRC'
#include <stdio.h>
#include <stdlib.h>
int gdata[16] = {1, 2, 3};
int gbss[1024];
__thread int tls_d = 42;
__thread int tls_b;
const char ro[] = "rodata-string";
__attribute__((section("mysec"))) int mysecvar = 7;
__attribute__((section("myro"))) const int myro_v = 5;
__attribute__((section("mydata"))) int mydata_v = 3;
__attribute__((section("mytext"), noinline)) int mytext_f(int x) {
  return x + myro_v;
}
static void cleanup(void *p) { free(*(char **)p); }
int f(int x) {
  if (x > 100) {
    __attribute__((cleanup(cleanup))) char *z = malloc(10);
    (void)z;
  }
  return x * 2;
}
int main(int argc, char **argv) {
  (void)argv;
  gbss[5] = argc;
  tls_b = gdata[1];
  printf("%s %d %d %d %d %d %d %d\n", ro, gdata[0], gbss[5], tls_d, tls_b,
         mysecvar + f(argc), mytext_f(1), mydata_v);
  return 0;
}
SRC

norm() { "$PYTHON" "$dir/layoutnorm.py" "$1"; }
rwx() { grep -c 'LOAD segment with RWX permissions' "$1"; }

# same OPTIONS: GNU ld's layout and program, with -Wl,OPTIONS.
same() {
  rm -f g.out m.out
  $cc -static -o g.out p.o -Wl,"$1" 2>g.err ||
    { cat g.err; t_hard_error "$arch $1: GNU ld failed"; }
  T_CC=$cc t_gcc_mld -static -o m.out p.o -Wl,"$1"
  [ "$T_STATUS" = 0 ] || { t_fail "$arch $1: mld failed"; return; }
  if [ "$(norm g.out)" = "$(norm m.out)" ]; then
    t_pass "$arch $1: GNU ld's layout"
  else
    t_fail "$arch $1: the layout differs:"
    diff <(norm g.out) <(norm m.out) | head -20
  fi
  [ "$(rwx g.err)" = "$(rwx stderr.txt)" ] ||
    t_fail "$arch $1: GNU ld warns of RWX $(rwx g.err) times, mld $(rwx stderr.txt)"
  $run ./g.out >g.run 2>&1; local gs=$?
  $run ./m.out >m.run 2>&1; local ms=$?
  if [ $gs = $ms ] && cmp -s g.run m.run; then
    t_pass "$arch $1: runs as GNU ld's (status $ms)"
  else
    t_fail "$arch $1: GNU ld's program exits $gs, mld's $ms"
  fi
}

# fails OPTIONS: both fail; mld's messages for overlaps are GNU ld's.
fails() {
  rm -f m.out
  $cc -static -o g.out p.o -Wl,"$1" 2>g.err &&
    t_hard_error "$arch $1: GNU ld links"
  T_CC=$cc t_gcc_mld -static -o m.out p.o -Wl,"$1"
  expect_failure
  expect_no_file m.out
  local g m
  g=$(sed -n 's/^.*ld: \(section .* overlaps .*\)/\1/p; s/^.*ld: \(section .* wraps .*\)/\1/p' g.err)
  m=$(sed -n 's/^mld: \(error: \)\{0,1\}\(section .*\)/\2/p' stderr.txt)
  if [ -n "$g" ]; then
    [ "$g" = "$m" ] && t_pass "$arch $1: GNU ld's words: $(head -1 <<<"$m")" ||
      t_fail "$arch $1: GNU ld says '$g', mld '$m'"
  fi
}

for arch in x86 a64; do
  if [ $arch = x86 ]; then
    cc=gcc run=
  else
    cc=aarch64-linux-gnu-gcc run=qemu-aarch64
    t_have AArch64 $cc $run || continue
  fi
  $cc -O1 -c p.c -o p.o || t_hard_error "$cc failed"
  $cc -static -o ref.out p.o && $run ./ref.out >ref.run ||
    t_hard_error "$arch: GNU ld's program fails"
  for o in -Ttext=0x500000 -Ttext,0x500000 -Ttext=500123 -Ttext=0x300000 \
      -Ttext=0x300800 -Tdata=0x600000 -Tdata=0x300000 -Tbss=0x700840 \
      --section-start=.rodata=0x600000 --section-start=mysec=0x700000 \
      --section-start,mytext=0x600000 --section-start=myro=0x680000 \
      --section-start=.init=0x500000 \
      --section-start=.nonexist=0x700000,-Ttext=0x500000 \
      -Ttext=0x600000,--section-start=.text=0x500000 \
      -Ttext=0x500000,-Tdata=0x600000 --build-id=none,-Ttext=0x500000; do
    same "$o"
  done
  fails --section-start=.tdata=0x600000
  expect_error "TLS sections are not adjacent: .tdata, then"
  fails -Ttext=0
  expect_error "undefined reference to \`__ehdr_start'"
  fails -Ttext=-0x1000
  if [ $arch = x86 ]; then
    same -Ttext=0x401100
    fails -Ttext=0x401000
    fails -Tbss=0x401200
    # GNU ld links this one, and its program crashes.
    T_CC=$cc t_gcc_mld -static -o m.out p.o -Wl,-Tbss=0x401100
    expect_failure
    T_GNU_ERROR=1 expect_error "section .text VMA [0000000000401100,"
    # GNU ld: internal error; mld: .bss or .data where asked, and it runs.
    for o in .bss=4a6300 .data=4a6000; do
      T_CC=$cc t_gcc_mld -static -o m.out p.o -Wl,--section-start=${o/=/=0x}
      if [ "$T_STATUS" = 0 ] && ./m.out | cmp -s - ref.run &&
          readelf -SW m.out | sed -n 's/^ *\[ *[0-9]*\] //p' |
            awk -v n="${o%=*}" -v a="${o#*=}" '$1 == n && $3 ~ "0" a "$"' |
            grep -q .; then
        t_pass "x86 $o: a sane layout (GNU ld: internal error), runs"
      else
        t_fail "x86 $o: no sane layout"
      fi
    done
  else
    fails -Ttext=0x400340
  fi
done

# The value syntax: hexadecimal (bfd_scan_vma, base 16), GNU ld's errors.
t_need_ld_bfd_x86_64
t_write s.s <<'SRC'
	.globl _start
_start:
	nop
SRC
as -o s.o s.s || t_hard_error "as failed"
for v in 500000 0500000 5242880 ' 0x600000' 0X700000; do
  ld.bfd -o g.out s.o -Ttext="$v" || t_hard_error "GNU ld -Ttext=$v"
  t_mld -o m.out s.o -Ttext="$v"
  text() { readelf -SW "$1" | awk '$2 == ".text" {print $4}'; }
  [ "$(text g.out)" = "$(text m.out)" ] &&
    t_pass "-Ttext='$v': .text at $(text m.out)" ||
    t_fail "-Ttext='$v': .text at $(text m.out), GNU ld's at $(text g.out)"
done
for a in -Ttext=1M -Ttext=0x -Tdata=0x1_0000 -Tbss=500000h --section-start=.text \
    --section-start=.text= --section-start=.text=4096K; do
  ld.bfd -o g.out s.o $a 2>g.err && t_hard_error "GNU ld takes $a"
  t_mld -o m.out s.o $a
  expect_failure
  [ "$(sed 's/^ld.bfd: //' g.err)" = "$(sed 's/^mld: error: //' stderr.txt)" ] &&
    t_pass "$a: GNU ld's words ($(cat stderr.txt))" ||
    t_fail "$a: GNU ld says '$(cat g.err)', mld '$(cat stderr.txt)'"
done
t_done
