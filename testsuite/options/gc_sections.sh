#!/bin/bash
if [ -z "${BASH_VERSION:-}" ]; then exec bash "$0" "$@"; fi
. "$(dirname "$0")/../lib.sh"
# --gc-sections and --print-gc-sections against GNU ld: the list of
# removed sections is GNU ld's, line for line (file by file in link
# order, section by section, no empty ones; COMDAT groups that lost to an
# earlier copy are listed, a group's .group section with its first member,
# members named NAME[SIGNATURE]); notes outside groups are roots, also
# those not allocated (.note.stapsdt keeps .stapsdt.base and the probed
# code); --no-gc-sections and --no-print-gc-sections undo the options.
# Marking, on all threads, leaves GNU ld's list at every thread count.
t_need_ld_bfd_x86_64

gcl() { sed -n "s/^[^ ]*: removing unused section /removing unused section /p" "$1"; }
alloc() { readelf -SW "$1" | sed -n 's/^ *\[ *[0-9]*\] //p' | awk '$7 ~ /A/'; }

# Both files hold the COMDAT groups foo and bar; a.s's win.
t_write groups.s <<'SRC'
	.section .text.foo,"axG",@progbits,foo,comdat
	.globl foo
	.type foo,@function
foo:	ret
	.section .data.bar,"awG",@progbits,bar,comdat
	.globl bar
bar:	.quad 1
SRC
t_write a_own.s <<'SRC'
	.section .bss.empty,"aw",@nobits
	.section .text.probed,"ax",@progbits
probed:	ret
	.section .note.probe,"",@note
	.quad probed
	.text
	.globl _start
_start:	call foo
	ret
SRC
t_write b_own.s <<'SRC'
	.section .text.zap,"ax",@progbits
zap:	ret
SRC
cat groups.s a_own.s >a.s && cat groups.s b_own.s >b.s
as -o a.o a.s && as -o b.o b.s || t_hard_error "as failed"
ld.bfd --gc-sections --print-gc-sections -o g a.o b.o 2>g.err ||
  t_hard_error "ld.bfd failed"
t_mld --gc-sections --print-gc-sections -o m a.o b.o
if [ "$(gcl g.err)" = "$(gcl stderr.txt)" ]; then
  t_pass "COMDAT groups and empty sections: GNU ld's list ($(gcl g.err | wc -l) lines)"
else
  t_fail "removed sections differ:"; diff <(gcl g.err) <(gcl stderr.txt)
fi
[ "$(alloc g)" = "$(alloc m)" ] &&
  t_pass "the same allocated sections (the note keeps .text.probed)" ||
  { t_fail "allocated sections differ"; diff <(alloc g) <(alloc m); }

t_mld --gc-sections --print-gc-sections --no-print-gc-sections -o m2 a.o b.o
[ ! -s stderr.txt ] && t_pass "--no-print-gc-sections: nothing printed" ||
  t_fail "--no-print-gc-sections: printed $(wc -l <stderr.txt) lines"
ld.bfd -o g3 a.o b.o || t_hard_error "ld.bfd failed"
t_mld --gc-sections --no-gc-sections -o m3 a.o b.o
[ "$(alloc g3)" = "$(alloc m3)" ] &&
  t_pass "--no-gc-sections: GNU ld's sections without gc" ||
  t_fail "--no-gc-sections: sections differ from GNU ld's without gc"

# A section group is marked whole, as GNU ld marks it: _start refers to
# .text.pair only, and the group's .rodata.pair (a VTT beside its vtable,
# in C++) stays with it; the group nobody refers to goes.
t_write pair.s <<'SRC'
	.section .text.pair,"axG",@progbits,pair,comdat
	.globl pair
pair:	ret
	.section .rodata.pair,"aG",@progbits,pair,comdat
	.globl pair_data
pair_data:	.quad 2
	.section .text.lone,"axG",@progbits,lone,comdat
lone:	ret
	.section .rodata.lone,"aG",@progbits,lone,comdat
	.quad 3
	.text
	.globl _start
_start:	call pair
	ret
SRC
as -o pair.o pair.s || t_hard_error "as failed"
ld.bfd --gc-sections --print-gc-sections -o pg pair.o 2>pg.err ||
  t_hard_error "ld.bfd failed"
t_mld --gc-sections --print-gc-sections -o pm pair.o
if [ "$(gcl pg.err)" = "$(gcl stderr.txt)" ] &&
   [ "$(alloc pg)" = "$(alloc pm)" ]; then
  t_pass "a group is kept whole: GNU ld's sections and list"
else
  t_fail "groups: differ from GNU ld"; diff <(gcl pg.err) <(gcl stderr.txt)
  diff <(alloc pg) <(alloc pm)
fi

# GNU ld's roots by name besides the entry point: _init and _fini, or
# what -init and -fini name, wherever they are; with --gc-keep-exported
# every global that is not hidden, as in a shared object.
t_write roots.s <<'SRC'
	.section .text.i,"ax",@progbits
	.globl _init
_init:	ret
	.section .text.f,"ax",@progbits
	.globl _fini
_fini:	ret
	.section .text.g,"ax",@progbits
	.globl g
g:	ret
	.section .text.h,"ax",@progbits
	.globl h
	.hidden h
h:	ret
	.section .text.x,"ax",@progbits
x:	ret
	.text
	.globl _start
_start:	ret
SRC
as -o roots.o roots.s || t_hard_error "as failed"
for o in "" --gc-keep-exported "-init g -fini=x"; do
  ld.bfd --gc-sections $o --print-gc-sections -o rg roots.o 2>rg.err ||
    t_hard_error "ld.bfd failed"
  t_mld --gc-sections $o --print-gc-sections -o rm roots.o
  if [ "$(gcl rg.err)" = "$(gcl stderr.txt)" ] &&
     [ "$(alloc rg)" = "$(alloc rm)" ]; then
    t_pass "roots by name${o:+ with $o}: GNU ld's ($(gcl rg.err | wc -l) removed)"
  else
    t_fail "roots by name${o:+ with $o}: differ from GNU ld"
    diff <(gcl rg.err) <(gcl stderr.txt)
  fi
done

# C++ with libstdc++ (COMDAT groups, x86-64's SystemTap probes, the VTTs
# of the streams, in their vtables' groups).
t_write c.cc <<'SRC'
#include <cstdio>
#include <sstream>
#include <string>
#include <vector>
template <class T> T twice(T x) { return x + x; }
inline int unused_inline(int x) { return x * 3; }
int user() { return unused_inline(2); }
int main() {
  std::vector<std::string> v{"a", "b"};
  try { if (v.size() > 1) throw 5; } catch (int e) { std::printf("caught %d\n", e); }
  std::ostringstream os;
  os << v.size() << ' ' << twice(3);
  std::printf("%s\n", os.str().c_str());
  return 0;
}
SRC
# An unallocated SHF_LINK_ORDER section (.stack_sizes) goes with the
# section it is linked to (GNU's ld-elf/pr25021); mld kept every one.
cat >ss.s <<'SRC'
	.section .text.live,"ax",%progbits
	.globl live
live:	.byte 0
	.section .stack_sizes,"o",%progbits,.text.live,unique,0
	.byte 1
	.section .text.dead,"ax",%progbits
	.globl dead
dead:	.byte 1
	.section .stack_sizes,"o",%progbits,.text.dead,unique,1
	.byte 2
	.section .text.main,"ax",%progbits
	.globl _start
_start:	.byte 0
	.section .note,"",%note
	.dc.a live
SRC
for arch in x86_64 aarch64; do
  t_target $arch
  $as -o ss.o ss.s || t_hard_error "$as failed"
  $ld --gc-sections -o ss.g ss.o || t_hard_error "$ld failed"
  t_mld -m $emul --gc-sections -o ss.m ss.o
  secs() { readelf -SW "$1" | sed -n 's/^ *\[ *[0-9]*\] //p' | awk '{ print $1, $2, $5 }' | grep -v strtab; }
  secs ss.g >ss.g.secs; secs ss.m >ss.m.secs
  t_same "$arch: .stack_sizes of collected code goes" ss.g.secs ss.m.secs \
    "$(grep stack_sizes ss.m.secs)"
done

# __patchable_function_entries linked to no section: GNU ld's error
# (GNU's ld-elf/pr25490-1).
printf '\t.globl _start\n\t.text\n_start:\t.byte 0\n\t.section __patchable_function_entries,"aw",%%progbits\n\t.dc.a _start\n' >pfe.s
as -o pfe.o pfe.s || t_hard_error "as failed"
ld.bfd --gc-sections -e _start -o pfe.g pfe.o 2>pfe.err &&
  t_hard_error "GNU ld took pfe.o"
t_mld --gc-sections -e _start -o pfe.m pfe.o
expect_failure
T_GNU_ERROR=1 expect_error "$(sed -n 's/^ld\.bfd: //p' pfe.err | head -1)"

# Marking runs on all threads: many sections, reached along long chains
# and wide fans of calls, from tables of pointers, and through the FDEs
# of .eh_frame, must leave GNU ld's list at 1, 2 and 4 threads, on both
# targets.
awk 'BEGIN {
  srand(4242)
  for (i = 0; i < 600; i++) printf "extern int f%d(int);\n", i
  for (i = 0; i < 600; i++) {
    printf "#if F == %d\n", i % 4
    printf "__attribute__((noinline)) int f%d(int x) {\n", i
    for (c = 0; c < 2; c++)
      if (i < 599 && rand() < 0.6)
        printf "  x += f%d(x);\n", i + 1 + int(rand() * (599 - i))
    printf "  return x * %d;\n}\n", i + 1
    if (rand() < 0.1)
      printf "int (*const t%d[])(int) = {f%d, f%d};\n", i, \
        int(rand() * 600), int(rand() * 600)
    printf "#endif\n"
  }
  print "#if F == 0"
  print "int main(void) { return f0(1) + f5(2) + f300(3); }"
  print "#endif"
}' >many.c
for arch in x86_64 aarch64; do
  t_target $arch
  objs=
  for n in 0 1 2 3; do
    $cc -O1 -ffunction-sections -fdata-sections -DF=$n -c many.c -o many$n.o ||
      t_hard_error "$cc many.c"
    objs="$objs many$n.o"
  done
  $ld --gc-sections --print-gc-sections -e main -o many.g $objs 2>many.err ||
    t_hard_error "GNU ld: $(cat many.err)"
  [ "$(gcl many.err | wc -l)" -gt 100 ] || t_hard_error "GNU ld removed little"
  for threads in 1 2 4; do
    t_mld --threads=$threads --gc-sections --print-gc-sections -e main \
      -o many.m $objs
    if [ "$(gcl many.err)" = "$(gcl stderr.txt)" ]; then
      t_pass "$arch, $threads threads: GNU ld's list ($(gcl many.err | wc -l) lines)"
    else
      t_fail "$arch, $threads threads: removed sections differ:"
      diff <(gcl many.err) <(gcl stderr.txt) | head
    fi
    [ "$(alloc many.g)" = "$(alloc many.m)" ] &&
      t_pass "$arch, $threads threads: the same allocated sections" ||
      { t_fail "$arch, $threads threads: allocated sections differ"
        diff <(alloc many.g) <(alloc many.m) | head; }
  done
done

for cxx in g++ aarch64-linux-gnu-g++; do
  t_have "$cxx" $cxx || continue
  $cxx -O1 -ffunction-sections -fdata-sections -c c.cc -o c.o || t_hard_error "$cxx failed"
  $cxx -static -o cg c.o -Wl,--gc-sections,--print-gc-sections 2>cg.err ||
    t_hard_error "$cxx link failed"
  T_CC=$cxx t_gcc_mld -static -o cm c.o -Wl,--gc-sections,--print-gc-sections
  if [ "$(gcl cg.err)" = "$(gcl stderr.txt)" ]; then
    t_pass "$cxx: GNU ld's list ($(gcl cg.err | wc -l) lines)"
  else
    t_fail "$cxx: removed sections differ:"
    diff <(gcl cg.err) <(gcl stderr.txt) | head
  fi
  [ "$(alloc cg)" = "$(alloc cm)" ] && t_pass "$cxx: the same allocated sections" ||
    { t_fail "$cxx: allocated sections differ"; diff <(alloc cg) <(alloc cm) | head; }
  syms() { nm "$1" | awk '$2 != "a" && $2 != "t" && $2 != "d" && $2 != "b" && $2 != "r" {print $2, $3}' | sort -u; }
  [ "$(syms cg)" = "$(syms cm)" ] &&
    t_pass "$cxx: GNU ld's global symbols ($(syms cg | wc -l))" ||
    { t_fail "$cxx: global symbols differ"; diff <(syms cg) <(syms cm) | head; }
done
t_done
