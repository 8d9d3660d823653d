#!/bin/bash
if [ -z "${BASH_VERSION:-}" ]; then exec bash "$0" "$@"; fi
dir=$(cd "$(dirname "$0")" && pwd)
. "$(dirname "$0")/../lib.sh"
# -q, --emit-relocs against GNU ld 2.40 (relocnorm.py): the same section
# headers (a .rela<NAME> after each NAME with relocations, flags "I",
# sh_link .symtab, sh_info NAME; empty input sections kept), the .rela
# data after .strtab and before .shstrtab, the same relocations entry for
# entry (offsets, types, addends and symbols by name, type, binding and
# section: indices differ with the symbol order), the same .symtab
# contents (section symbols, the .LC labels relocations name, undefined
# symbols they name), and each relocation applied again gives the bytes
# of the output.  Then the programs run as GNU ld's.  glibc programs on
# both architectures: x86-64 GOTPCRELX relaxations (mov, call, jmp, test,
# add, undefined weak), TLS GD/LD/IE/TLSDESC, AArch64 TLSDESC and GOT
# loads, --gc-sections, C++ exceptions, -g, merged strings; -S, -X, -x;
# --icf (no GNU ld reference: the relocations must still be right), -Map;
# --no-relax; -q with -s, --compress-debug-sections and
# --retain-symbols-file refused.
norm() { "$PYTHON" "$dir/relocnorm.py" "$@"; }
mapnorm() { "$PYTHON" "$dir/mapnorm.py" --no-merge "$@"; }

t_write main.c <<'SRC'
#include <stdio.h>
#include <string.h>
extern int used_fn(int);
extern int pic_fn(int);
__thread int tv = 5;
static const char *msgs[] = {"hello", "world"};
int main(int argc, char **argv) {
  (void)argv;
  printf("%s %s %d %d %d\n", msgs[0], msgs[argc - 1], used_fn(argc),
         pic_fn(argc), tv);
  return 0;
}
SRC
t_write gcf.c <<'SRC'
int unused_fn(int x) { return x * 3 + 1; }
int used_fn(int x) { return x * 2 + 1; }
SRC
t_write pic.c <<'SRC'
extern int gvar;
int gvar = 7;
__thread int tls_gd = 3;
extern __thread int tv;
extern int used_fn(int);
__attribute__((weak)) extern int weakfn(int);
int (*fp)(int) = used_fn;
int pic_fn(int x) {
  int r = gvar + tls_gd + tv + x;
  if (weakfn) r += weakfn(x);
  r += used_fn(x);
  return r;
}
SRC
t_write cx.cc <<'SRC'
#include <cstdio>
#include <stdexcept>
#include <string>
#include <vector>
struct E : std::runtime_error { E(const std::string &s) : std::runtime_error(s) {} };
template <class T> T twice(T x) { return x + x; }
__attribute__((noinline)) int thrower(int x) { if (x > 1) throw E("big " + std::to_string(x)); return x; }
int unused_cxx(int x) { return twice(x) * 7; }
int main(int argc, char **) {
  std::vector<std::string> v{"a", "b"};
  try { thrower(argc + 1); } catch (const E &e) { std::printf("caught %s %s\n", e.what(), twice(v[0]).c_str()); }
  return twice(argc) - 2;
}
SRC
t_write nobss.c <<'SRC'
int value = 1;
void _start(void) { for (;;) value++; }
SRC
t_write icf.c <<'SRC'
#include <stdio.h>
__attribute__((noinline)) int f1(int x) { return x * 13 + 7; }
__attribute__((noinline)) int f2(int x) { return x * 13 + 7; }
int (*fp)(int) = f2;
int main(void) { printf("%d %d %d\n", f1(1), f2(2), fp(3)); return 0; }
SRC

# same NAME: GNU ld's NAME.g and mld's NAME.m alike, and run alike.
# Symbols AArch64's plain links already place differently ($d and the
# like in .eh_frame, whose records GNU ld's mapping symbols follow in
# their own way) are left out of the .symtab comparison there.
same() {
  local n=$1 what ok=1
  for what in secs rela order; do
    norm $n.g $what | grep -v '^\.s*h*strtab ' >$n.g.$what
    norm $n.m $what | grep -v '^\.s*h*strtab ' >$n.m.$what
    if ! cmp -s $n.g.$what $n.m.$what; then
      t_fail "$n: $what differ from GNU ld's:"
      diff $n.g.$what $n.m.$what | head -20
      ok=
    fi
  done
  norm $n.g syms | awk '$4 != ".eh_frame" || !arm' arm=$arm | sort >$n.g.syms
  norm $n.m syms | awk '$4 != ".eh_frame" || !arm' arm=$arm | sort >$n.m.syms
  if ! cmp -s $n.g.syms $n.m.syms; then
    t_fail "$n: .symtab differs from GNU ld's:"
    diff $n.g.syms $n.m.syms | head -20
    ok=
  fi
  [ -n "$ok" ] && t_pass "$n: sections, $(grep -vc '^section' $n.m.rela) relocations and .symtab as GNU ld's"
  local c
  c=$(norm $n.m check | tail -1)
  case $c in
    "checked 0 "*) t_fail "$n: no relocation checked" ;;
    *" missed 0") t_pass "$n: relocations match the bytes ($c)" ;;
    *) t_fail "$n: relocations do not match the bytes: $c"; norm $n.m check | head -5 ;;
  esac
  $run ./$n.g >$n.g.run 2>&1; local r1=$?
  $run ./$n.m >$n.m.run 2>&1; local r2=$?
  if [ $r1 = $r2 ] && cmp -s $n.g.run $n.m.run; then
    t_pass "$n: runs as GNU ld's (exit $r2)"
  else
    t_fail "$n: GNU ld's program exits $r1, mld's $r2"
  fi
}

# link NAME CC ARGS...: NAME.g by GNU ld and NAME.m by mld, both -q.
link() {
  local n=$1 cc=$2
  shift 2
  $cc -static -Wl,-q -o $n.g "$@" || t_hard_error "$cc -q $* failed"
  T_CC=$cc t_gcc_mld -static -Wl,-q -o $n.m "$@"
  [ "$T_STATUS" = 0 ] || { t_fail "$n: mld failed"; return 1; }
}

for arch in x86_64 aarch64; do
  cc=gcc cxx=g++ run= arm= pic=-Wa,-mrelax-relocations=yes
  if [ $arch = aarch64 ]; then
    cc=aarch64-linux-gnu-gcc cxx=aarch64-linux-gnu-g++ run=qemu-aarch64
    arm=1 pic=
    t_have AArch64 $cc $cxx qemu-aarch64 || continue
  else
    t_have x86-64 ld.bfd || continue
  fi
  p=$arch
  $cc -O1 -g -ffunction-sections -c main.c -o $p-main.o &&
    $cc -O1 -g -ffunction-sections -c gcf.c -o $p-gcf.o &&
    $cc -O1 -g -fPIC $pic -c pic.c -o $p-pic.o &&
    $cxx -O1 -g -ffunction-sections -c cx.cc -o $p-cx.o &&
    $cc -O1 -g -ffunction-sections -c icf.c -o $p-icf.o ||
    t_hard_error "$cc failed"
  objs="$p-main.o $p-gcf.o $p-pic.o"
  link $p-c $cc $objs && same $p-c
  link $p-gc $cc -Wl,--gc-sections $objs && same $p-gc
  # -q keeps the empty .bss, and empty: GNU ld's ". = ALIGN(. != 0 ? 8 :
  # 1)" pads only one with contents (mld made it 4 bytes).
  $cc -O1 -c nobss.c -o $p-nobss.o &&
    $cc -nostdlib -static -Wl,-q -o $p-nobss.g $p-nobss.o ||
    t_hard_error "$cc -q nobss.c failed"
  T_CC=$cc t_gcc_mld -nostdlib -static -Wl,-q -o $p-nobss.m $p-nobss.o
  bss() { readelf -SW "$1" | sed -n 's/^ *\[ *[0-9]*\] //p' | awk '$1 == ".bss" { print $3, $5 }'; }
  [ -n "$(bss $p-nobss.g)" ] && [ "$(bss $p-nobss.g)" = "$(bss $p-nobss.m)" ] &&
    t_pass "$p: -q, empty .bss as GNU ld's: $(bss $p-nobss.m)" ||
    t_fail "$p: -q, empty .bss: GNU ld's '$(bss $p-nobss.g)', mld's '$(bss $p-nobss.m)'"
  # The collected function's FDE is gone (its relocation an R_*_NONE at
  # the previous one's place), and debug information referring to it
  # gets R_*_NONE.
  nones() { awk '/^section/ { s = $2 } / 0 0 0x0$/ && s == sec { n++ } END { print n + 0 }' sec=$2 $1; }
  if [ "$(nones $p-c.m.rela .rela.debug_info)" = 0 ] &&
     [ "$(nones $p-gc.m.rela .rela.debug_info)" -gt 0 ] &&
     [ "$(nones $p-gc.m.rela .rela.eh_frame)" -gt \
       "$(nones $p-c.m.rela .rela.eh_frame)" ]; then
    t_pass "$p: --gc-sections: R_*_NONE in .rela.debug_info and .rela.eh_frame"
  else
    t_fail "$p: --gc-sections: no R_*_NONE where GNU ld writes them"
  fi
  link $p-cx $cxx $p-cx.o && same $p-cx
  link $p-cxgc $cxx -Wl,--gc-sections $p-cx.o && same $p-cxgc
  for o in -S -X -x; do
    link $p$o $cc -Wl,$o $objs && same $p$o
  done
  # What GNU ld keeps of the relaxed and TLS sequences.
  if [ $arch = x86_64 ]; then
    grep -q ' 11 gvar/1/1/.data 0x0$' $p-c.m.rela &&
      grep -q ' 19 tls_gd/6/1/.tdata -0x4$' $p-c.m.rela &&
      grep -q ' 4 __tls_get_addr/0/1/UND -0x4$' $p-c.m.rela &&
      t_pass "$p: mov GOTPCRELX as R_X86_64_32S, GD->LE keeps TLSGD and PLT32" ||
      t_fail "$p: relaxed relocations"
  else
    grep -c ' 56[2-9] tls_gd/6/1/.tdata 0x0$' $p-c.m.rela | grep -q '^4$' &&
      grep -q ' 311 gvar/1/1/.data 0x0$' $p-c.m.rela &&
      t_pass "$p: TLSDESC quadruple and GOT loads kept as they were" ||
      t_fail "$p: TLSDESC and GOT relocations"
  fi
  # -Map: the same map as GNU ld's (no .rela<NAME>; empty sections kept).
  $cc -static -Wl,-q,-Map=g.map -o map.g $objs || t_hard_error "-Map"
  T_CC=$cc t_gcc_mld -static -Wl,-q,-Map=m.map -o map.m $objs
  if [ "$(mapnorm g.map)" = "$(mapnorm m.map)" ]; then
    t_pass "$p: -q -Map as GNU ld's"
  else
    t_fail "$p: -q -Map differs"; diff <(mapnorm g.map) <(mapnorm m.map) | head
  fi
  # --icf (GNU ld has none): the folded function's relocations go, those
  # naming it stay right.
  T_CC=$cc t_gcc_mld -static -Wl,-q,--icf=all,--gc-sections -o $p-icf.m $p-icf.o
  c=$(norm $p-icf.m check | tail -1)
  out=$($run ./$p-icf.m)
  if [ "$T_STATUS" = 0 ] && [ "$out" = "20 33 46" ] && [ "${c% missed 0}" != "$c" ]; then
    t_pass "$p: --icf=all -q runs, relocations match the bytes ($c)"
  else
    t_fail "$p: --icf=all -q: status $T_STATUS, '$out', $c"
  fi
done

# The relaxations one by one, without libc: the same relocations and the
# same code as GNU ld's.
if ! as --version 2>/dev/null | grep -q x86; then
  t_skip_part "x86-64 relaxations: as is not an x86-64 assembler"
elif t_have "x86-64 relaxations" ld.bfd; then
  t_write rx.s <<'SRC'
	.text
	.globl _start
_start:
	movq foo@GOTPCREL(%rip), %rax
	movl foo@GOTPCREL(%rip), %eax
	movl foo@GOTPCREL(%rip), %r8d
	movq foo@GOTPCREL(%rip), %r9
	call *foo@GOTPCREL(%rip)
	jmp *bar@GOTPCREL(%rip)
	testq %rax, foo@GOTPCREL(%rip)
	addq foo@GOTPCREL(%rip), %rcx
	movq wk@GOTPCREL(%rip), %rax
	call *wk@GOTPCREL(%rip)
	movq loc@GOTPCREL(%rip), %rax
	movq tvar@gottpoff(%rip), %rax
	movq %fs:0, %rax
	leaq tvar@tpoff(%rax), %rax
	leaq tvar@tlsdesc(%rip), %rax
	call *tvar@tlscall(%rax)
	leaq tvar@tlsld(%rip), %rdi
	call __tls_get_addr@PLT
	leaq tvar@dtpoff(%rax), %rax
	.byte 0x66
	leaq tvar@tlsgd(%rip), %rdi
	.value 0x6666
	rex64
	call __tls_get_addr@PLT
	leaq .LC1(%rip), %rax
	leaq .LC0+1(%rip), %rax
	movq $60, %rax
	syscall
	.globl foo, bar, __tls_get_addr
foo:	ret
bar:	ret
__tls_get_addr: ret
	.weak wk
	.data
loc:	.quad 1
	.section .tdata,"awT",@progbits
	.globl tvar
tvar:	.long 3
	.section .rodata.str1.1,"aMS",@progbits,1
.LC0:	.string "abc"
.LC1:	.string "xyz"
SRC
  as -mrelax-relocations=yes -o rx.o rx.s || t_hard_error "as failed"
  ld.bfd -q -o rx.g rx.o || t_hard_error "ld.bfd -q failed"
  t_mld -q -o rx.m rx.o
  norm rx.g rela >rx.g.rela
  norm rx.m rela >rx.m.rela
  if [ "$T_STATUS" = 0 ] && cmp -s rx.g.rela rx.m.rela &&
     cmp -s <(objdump -d rx.g | tail -n +3) <(objdump -d rx.m | tail -n +3); then
    t_pass "relaxations: GNU ld's code and relocations ($(grep -c ' ' rx.m.rela) entries)"
  else
    t_fail "relaxations differ from GNU ld's"; diff rx.g.rela rx.m.rela
  fi
  grep -q ' 2 bar/0/1/.text -0x4$' rx.m.rela &&
    grep -q '^401010 10 foo' rx.m.rela &&
    t_pass "jmp *GOTPCREL: PC32 one byte earlier; mov to %r8d: R_X86_64_32" ||
    t_fail "jmp/mov relaxations"
  # Refused: GNU ld fails on -q -s; compression is not implemented.
  t_mld -q -s -o s.out rx.o
  expect_failure
  expect_error "--emit-relocs with --strip-all"
  t_mld -q --compress-debug-sections=zlib -o z.out rx.o
  expect_failure
  expect_error "--emit-relocs with --compress-debug-sections: not implemented"
  echo _start >keep.txt
  t_mld -q --retain-symbols-file=keep.txt -o k.out rx.o
  expect_failure
  expect_error "--emit-relocs with --retain-symbols-file: not implemented"
  # --no-relax: the GOT loads stay, and so do their relocations.
  ld.bfd -q --no-relax -o nr.g rx.o || t_hard_error "ld.bfd --no-relax"
  t_mld -q --no-relax -o nr.m rx.o
  if [ "$T_STATUS" = 0 ] && [ "$(norm nr.g rela)" = "$(norm nr.m rela)" ]; then
    t_pass "--no-relax: GNU ld's relocations"
  else
    t_fail "--no-relax: relocations differ"; diff <(norm nr.g rela) <(norm nr.m rela)
  fi
  # Under a -T script too: the script's output sections, each .rela<NAME>
  # after its NAME, the same relocations as GNU ld's.
  t_write q.ld <<'SRC'
SECTIONS {
  . = 0x10000;
  .text : { *(.text) }
  .rodata : { *(.rodata*) }
  .tdata : { *(.tdata) }
  .data : { *(.data) }
}
SRC
  ld.bfd -q -T q.ld -o qs.g rx.o || t_hard_error "ld.bfd -q -T"
  t_mld -q -T q.ld -o qs.m rx.o
  if [ "$T_STATUS" = 0 ] && [ "$(norm qs.g secs)" = "$(norm qs.m secs)" ] &&
     [ "$(norm qs.g rela)" = "$(norm qs.m rela)" ] &&
     grep -q '^section .rela.text' <(norm qs.m rela); then
    t_pass "-q -T: GNU ld's sections and relocations"
  else
    t_fail "-q -T: differs from GNU ld's"
    diff <(norm qs.g secs; norm qs.g rela) <(norm qs.m secs; norm qs.m rela) | head
  fi
fi
if t_have "AArch64 -q -T" aarch64-linux-gnu-ld.bfd aarch64-linux-gnu-as; then
  t_write a.s <<'SRC'
	.text
	.globl _start
_start:	.word tempy
	.xword tempy2
	.hword tempy3
	.hword tempy3+8
	bl far
	adrp x0, loc
	add x0, x0, :lo12:loc
	.data
loc:	.quad _start
SRC
  t_write a.ld <<'SRC'
SECTIONS {
  . = 0x10000;
  .text : { *(.text) }
  .data : { *(.data) }
}
SRC
  aarch64-linux-gnu-as -o a.o a.s || t_hard_error "as failed"
  d='--defsym tempy=0x11012 --defsym tempy2=0x45034 --defsym tempy3=0x1234 --defsym far=0x10100'
  aarch64-linux-gnu-ld.bfd -q -T a.ld $d -o qa.g a.o || t_hard_error "ld.bfd -q -T"
  t_mld -q -T a.ld $d -o qa.m a.o
  if [ "$T_STATUS" = 0 ] && [ "$(norm qa.g secs)" = "$(norm qa.m secs)" ] &&
     [ "$(norm qa.g rela)" = "$(norm qa.m rela)" ] &&
     grep -q '^section .rela.data' <(norm qa.m rela); then
    t_pass "AArch64 -q -T: GNU ld's sections and relocations (--defsym targets too)"
  else
    t_fail "AArch64 -q -T: differs from GNU ld's"
    diff <(norm qa.g secs; norm qa.g rela) <(norm qa.m secs; norm qa.m rela) | head
  fi
fi

# BOLT needs -q's relocations; Debian 12 has it as bolt-16 (not installed
# by default).
bolt=$(command -v llvm-bolt llvm-bolt-16 2>/dev/null | head -1)
if [ -n "$bolt" ] && [ -f x86_64-c.m ]; then
  if "$bolt" x86_64-c.m -o bolt.out >bolt.log 2>&1 &&
     grep -qi 'enabling relocation mode' bolt.log &&
     [ "$(./bolt.out)" = "$(./x86_64-c.g)" ]; then
    t_pass "llvm-bolt: relocation mode, the optimised program runs"
  else
    t_fail "llvm-bolt on mld's output"; tail -5 bolt.log
  fi
else
  echo "  note: llvm-bolt not installed (Debian 12 packages none): BOLT not tried"
fi
t_done
