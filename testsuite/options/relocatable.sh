#!/bin/bash
if [ -z "${BASH_VERSION:-}" ]; then exec bash "$0" "$@"; fi
. "$(dirname "$0")/../lib.sh"
# -r (-i, --relocatable) against GNU ld 2.40's -r, on x86-64 and AArch64
# (under qemu-aarch64): the partial link's section headers (names,
# types, flags, links, sizes, but for the string tables), the contents
# of every section but the symbol and string tables, the relocations,
# the COMDAT groups and the set of symbols must be GNU ld's; then the
# partial link, linked by GNU ld and by mld, must run as the program
# linked from the original objects.  Inputs: C split over three objects
# (statics, COMMON, TLS, merged strings, a constructor, a weak
# definition), also with -ffunction-sections and -g (addr2line of the
# final program gives the original file:line), and with options GNU ld
# takes with -r (-x, -X, -S, --wrap, -u, -e, -N); C++ exceptions thrown
# across objects, with COMDAT groups (also signed by local symbols, as
# g++ signs constructors); an archive; a -r of -r outputs;
# more than 65,280 sections (SHN_XINDEX, .symtab_shndx).

t_write main.c <<'SRC'
#include <stdio.h>
#include <string.h>
int counter;                            /* COMMON with -fcommon */
__thread int tls_calls = 3;
extern int util(int);
extern const char *name(void);
extern int table_sum(void);
static int twice(int x) { return 2 * x; }
__attribute__((weak)) int hook(void) { return 1; }
__attribute__((constructor)) static void init(void) { counter += 100; }
int main(void) {
  printf("%s %d %d %d\n", name(), util(twice(counter)), table_sum(), hook());
  printf("%zu tls %d\n", strlen("a merged string"), tls_calls);
  return 0;
}
SRC
t_write util.c <<'SRC'
#include <stdio.h>
extern __thread int tls_calls;
static int calls;
int hook(void) { return 7; }
int util(int x) { calls++; tls_calls++; printf("a merged string\n");
                  return x + calls; }
SRC
t_write data.c <<'SRC'
static int one(void) { return 1; }
static int two(void) { return 2; }
int (*const table[])(void) = {one, two};
const char *name(void) { return "data"; }
int table_sum(void) { return table[0]() + table[1](); }
SRC
# Constructors of class templates: g++ puts C1 and C2 in a group whose
# signature (C5) is a local symbol of the group section itself; with
# several such groups they must keep their own signatures, or a final
# link takes them for one group and keeps the first only.
t_write box1.cc <<'SRC'
template <class T> struct Box { T v; Box(T x) : v(x + 1) {} };
int box_int(int x) { return Box<int>(x).v; }
double box_double(double x) { return Box<double>(x).v; }
SRC
t_write box2.cc <<'SRC'
template <class T> struct Box { T v; Box(T x) : v(x + 1) {} };
int box_int(int);
double box_double(double);
long box_long(long x) { return Box<long>(x).v; }
int main() { return box_int(1) + (int)box_double(2) + (int)box_long(3) - 9; }
SRC
t_write box3.cc <<'SRC'
template <class T> struct Box { T v; Box(T x) : v(x + 1) {} };
short box_short(short x) { return Box<short>(x).v; }
int box_int2(int x) { return Box<int>(x).v; }
SRC
t_write c1.cc <<'SRC'
#include <cstdio>
#include <stdexcept>
template <class T> T twice(T x) { return x + x; }
inline int inl(int x) { static int calls; return x + ++calls; }
int thrower(int);
int catcher(int x) {
  try { return thrower(x); }
  catch (const std::runtime_error &e) {
    std::printf("caught %s %d %d\n", e.what(), twice(x), inl(x));
    return -1;
  }
}
int main() { return catcher(3) == -1 ? 0 : 1; }
SRC
t_write c2.cc <<'SRC'
#include <stdexcept>
template <class T> T twice(T x) { return x + x; }
inline int inl(int x) { static int calls; return x + ++calls; }
int thrower(int x) {
  if (x + twice(x) + inl(x) > 0) throw std::runtime_error("boom");
  return x;
}
SRC
# .gnu.linkonce.* sections: the first of each name stays, the others go
# with their symbols; the debugging relocations against a lost copy of
# another size go, but one R_*_NONE that keeps .rela.debug_frame (GNU
# ld's RELOC_AGAINST_DISCARDED_SECTION; GNU's ld-elf/linkonce1).
t_write lo1.c <<'SRC'
__attribute__((section(".gnu.linkonce.d.dummy"))) int lo_first = 1;
int main(void) { return lo_first - 1; }
SRC
t_write lo2.c <<'SRC'
__attribute__((section(".gnu.linkonce.d.dummy"))) int lo_pad;
__attribute__((section(".gnu.linkonce.d.dummy"), used)) static int lo_local = 2;
asm(".section .debug_frame,\"\",%progbits\n.quad lo_local\n.text");
SRC
# -Ur defines __start_SEC and __stop_SEC in the output's SEC, as a link
# does (GNU ld's build_constructors); -r leaves them undefined.
t_write ss.c <<'SRC'
#include <stdio.h>
__attribute__((section("my_items"), used)) static int items[3] = {1, 2, 3};
extern int __start_my_items[], __stop_my_items[];
int main(void) {
  int s = 0;
  for (int *p = __start_my_items; p < __stop_my_items; p++) s += *p;
  printf("%d\n", s);
  return 0;
}
SRC
# A global defined only in a lost COMDAT group's member: an undefined
# symbol of its type where a kept relocation names it (GNU's
# ld-elf/pr17550d), GNU ld's error naming the member as "NAME[GROUP]"
# where the reference's symbol is local (pr17550c).
t_write cg1.s <<'SRC'
	.section .data,"awG",%progbits,foo_group,comdat
	.type	x, %object
	.p2align 2
	.size	x, 4
x:	.zero	4
SRC
t_write cg2.s <<'SRC'
	.data
	.dc.a	y
	.section .data,"awG",%progbits,foo_group,comdat
	.globl	y
	.type	y, %object
	.size	y, 4
y:	.zero	4
SRC
t_write cg3.s <<'SRC'
	.data
	.dc.a	y
	.section .data,"awG",%progbits,foo_group,comdat
	.type	y, %object
	.size	y, 4
y:	.zero	4
SRC
# Constructors of the C5 COMDAT groups: no symbol has the signature's
# name, so the assembler makes a local one in the SHT_GROUP section.
# c4.o's copy of A's group is the one discarded.
t_write c3.cc <<'SRC'
struct A { int v; A(); };
inline A::A() : v(1) { }
struct B { int v; B(); };
inline B::B() : v(2) { }
int fab() { A a; B b; return a.v + b.v; }
SRC
t_write c4.cc <<'SRC'
#include <cstdio>
struct A { int v; A(); };
inline A::A() : v(1) { }
int fab();
int main() { A a; std::printf("%d\n", fab() + a.v); return 0; }
SRC

# Section headers without file offsets, addresses and string table sizes.
sections() {
  readelf -SW "$1" | sed -n 's/^  \[ *[0-9]*\] //p' | awk '
    $1 == ".strtab" || $1 == ".shstrtab" { print $1, $2; next }
    { n = split($0, f, / +/); if ($2 == "SYMTAB" && $3 == "SECTION") {
        print $1, "SYMTAB_SHNDX", f[n-4], f[n-3], f[n-2], f[n-1], f[n]
      } else print $1, $2, $5, $6, $7, $8, $9, $10 }'
}
# The sections whose contents differ, by index, but the symbol and string
# tables: one pass over both files.
contents_differ() {
  "$PYTHON" "$T_LIB_DIR/elfbytes.py" --every "$1" "$2" \
    .symtab .strtab .shstrtab .symtab_shndx
}
# Without r_info, whose symbol index follows the symbol order.
relocs() {
  readelf -rW "$1" | sed 's/ at offset 0x[0-9a-f]*//' |
    awk '/^[0-9a-f]+ +[0-9a-f]+ / { $2 = "" } { print }'
}
symbols() { readelf -sW "$1" | sed -n 's/^ *[0-9]*: //p' | sort; }
groups() { readelf -gW "$1"; }

same_as_gnu() {   # same_as_gnu WHAT: compare g.o (GNU ld) and m.o (mld)
  local what=$1 f
  for f in sections relocs symbols groups; do
    if [ "$($f g.o)" = "$($f m.o)" ]; then
      t_pass "$arch $what: $f as GNU ld's"
    else
      t_fail "$arch $what: $f differ from GNU ld's"
      diff <($f g.o) <($f m.o) | head -20
    fi
  done
  contents_differ g.o m.o >contents.diff
  if [ ! -s contents.diff ]; then
    t_pass "$arch $what: section contents as GNU ld's"
  else
    t_fail "$arch $what: section contents differ from GNU ld's"
    head -20 contents.diff
  fi
}

# runs WHAT REF OBJ...: OBJ linked by GNU ld and by mld runs as REF.
runs() {
  local what=$1 ref=$2 out
  shift 2
  rm -f p.gnu p.mld
  $cc -static -o p.gnu "$@" >/dev/null 2>&1 ||
    { t_fail "$arch $what: GNU ld cannot link $*"; return; }
  $cc -static -B"$T/bin/" -o p.mld "$@" >mld.err 2>&1 ||
    { t_fail "$arch $what: mld cannot link $*"; cat mld.err; return; }
  for p in p.gnu p.mld; do
    out=$(timeout 30 $run ./$p 2>&1; echo "exit $?")
    [ "$out" = "$ref" ] && t_pass "$arch $what: $p runs as the original" ||
      { t_fail "$arch $what: $p prints '$out', not '$ref'"; }
  done
}

# partial WHAT ARGS...: -r by GNU ld (g.o) and mld (m.o), compared.
partial() {
  local what=$1
  shift
  rm -f g.o m.o
  $ld -r "$@" -o g.o 2>/dev/null || t_hard_error "$ld -r $* failed"
  t_mld -r "$@" -o m.o
  [ "$T_STATUS" = 0 ] && [ -f m.o ] && t_pass "$arch $what: mld -r links" ||
    { t_fail "$arch $what: mld -r $* failed"; return 1; }
}

for arch in x86 a64; do
  if [ $arch = x86 ]; then
    cc=gcc cxx=g++ ld=ld.bfd run= as=as
  else
    cc=aarch64-linux-gnu-gcc cxx=aarch64-linux-gnu-g++
    ld=aarch64-linux-gnu-ld run=qemu-aarch64 as=aarch64-linux-gnu-as
    t_have AArch64 $cc $cxx $run || continue
  fi
  command -v $ld >/dev/null || t_skip "$ld not installed"

  # C, three objects, with and without -ffunction-sections and -g.
  for flags in "-O1 -fcommon" "-O2 -g -ffunction-sections -fdata-sections"; do
    $cc $flags -c main.c util.c data.c || t_hard_error "$cc failed"
    $cc -static -o orig main.o util.o data.o || t_hard_error "$cc failed"
    ref=$($run ./orig 2>&1; echo "exit $?")
    what="C ($flags)"
    partial "$what" main.o util.o data.o || continue
    same_as_gnu "$what"
    runs "$what" "$ref" m.o
    # -i and --relocatable are -r.
    t_mld -i main.o util.o data.o -o i.o
    cmp -s i.o m.o && t_pass "$arch: -i is -r" || t_fail "$arch: -i differs"
  done
  # Options with -r as GNU ld takes them: -x and -X keep the locals
  # relocations need, -S drops debugging sections and their relocations,
  # --wrap renames references, -u adds an undefined symbol; -e and -N
  # change nothing.
  # --defsym: absolute, or in the section of the symbol it is (GNU ld's
  # rule outside SECTIONS), with the type of the symbol it names and the
  # size of a definition it replaces.
  defsyms="--defsym a=0x10+2*3 --defsym r=main --defsym s=main+4
    --defsym hook=0x40 --defsym d=table_sum-name"
  for o in -x -X -S --wrap=puts "-u extra" --discard-none "-e main" -N \
      "$defsyms"; do
    partial "C, $o" $o main.o util.o data.o && same_as_gnu "C, $o"
  done
  # --gc-sections from the -e and -u roots (GNU ld wants one defined),
  # or from every exported global: the sections they do not reach go with
  # their symbols, .eh_frame records and debugging relocations, and the
  # undefined symbols only those named become local.  The output runs.
  for o in "-e main" "-e util -u name" --gc-keep-exported; do
    partial "C, --gc-sections $o" --gc-sections $o main.o util.o data.o &&
      same_as_gnu "C, --gc-sections $o"
  done
  partial "C, --gc-sections -e main" --gc-sections -e main main.o util.o \
    data.o && runs "C, --gc-sections -e main" "$ref" m.o
  # --compress-debug-sections: the .debug_* sections compressed as GNU ld
  # compresses them (the same bytes from the same zlib and zstd), their
  # relocations in the offsets before; zlib-gnu renames them .zdebug_*.
  for z in zlib-gnu zstd; do
    partial "C, --compress-debug-sections=$z" --compress-debug-sections=$z \
      main.o util.o data.o && same_as_gnu "C, --compress-debug-sections=$z"
  done
  runs "C, --compress-debug-sections=zstd" "$ref" m.o
  $ld -r --gc-sections main.o util.o data.o -o g.o 2>/dev/null &&
    t_hard_error "$ld -r --gc-sections without a root links"
  t_mld -r --gc-sections main.o util.o data.o -o m.o
  expect_failure
  expect_error "--gc-sections requires a defined symbol root specified by -e or -u"
  # Debug information: kept with its relocations, and the final program
  # has the original's lines.
  [ -n "$(readelf -SW m.o | grep '\.rela\.debug_info')" ] &&
    [ -n "$(readelf -SW m.o | grep ' \.debug_line ')" ] &&
    t_pass "$arch: .debug_info, .rela.debug_info, .debug_line kept" ||
    t_fail "$arch: debugging sections lost"
  $cc -static -B"$T/bin/" -o p.mld m.o
  lines() {
    for f in main util table_sum; do
      addr2line -e "$1" "$(nm "$1" | awk -v f=$f '$3 == f { print $1 }')"
    done
  }
  [ "$(lines orig)" = "$(lines p.mld)" ] &&
    t_pass "$arch: addr2line as the original: $(lines orig | tr '\n' ' ')" ||
    t_fail "$arch: addr2line differs: $(lines orig) vs $(lines p.mld)"

  # .gnu.linkonce.*: the second copy and its debugging relocation go.
  $cc -c lo1.c lo2.c || t_hard_error "$cc failed"
  partial "linkonce" lo1.o lo2.o && same_as_gnu "linkonce"
  [ "$(readelf -rW m.o | grep -c '_NONE')" = 1 ] &&
    t_pass "$arch linkonce: one R_*_NONE left in .rela.debug_frame" ||
    t_fail "$arch linkonce: $(readelf -rW m.o | grep -c '_NONE') R_*_NONE"

  # -Ur: __start_my_items and __stop_my_items defined, protected (or as
  # -z start-stop-visibility says).
  $cc -c ss.c && $cc -static -o ss ss.o || t_hard_error "$cc failed"
  ssref=$($run ./ss 2>&1; echo "exit $?")
  for o in -Ur "-Ur -z start-stop-visibility=hidden"; do
    partial "$o" $o ss.o && same_as_gnu "$o" && runs "$o" "$ssref" m.o
  done
  t_mld -Ur -z start-stop-visibility=hidden ss.o -o ur.o
  readelf -sW ur.o | grep -q ' HIDDEN .* __stop_my_items$' &&
    t_pass "$arch -Ur: __stop_my_items defined, hidden" ||
    t_fail "$arch -Ur: no hidden __stop_my_items"
  t_mld -r ss.o -o r.o
  readelf -sW r.o | grep -q ' UND __start_my_items$' &&
    t_pass "$arch -r: __start_my_items undefined" ||
    t_fail "$arch -r: __start_my_items defined"

  # Lost COMDAT definitions: y stays undefined, or is GNU ld's error.
  $as -o cg1.o cg1.s && $as -o cg2.o cg2.s && $as -o cg3.o cg3.s ||
    t_hard_error "$as failed"
  partial "lost COMDAT definition" cg1.o cg2.o && same_as_gnu "lost COMDAT definition"
  $ld -r -o g.o cg1.o cg3.o 2>cg.err && t_hard_error "$ld -r took cg3.o"
  t_mld -r -o m.o cg1.o cg3.o
  expect_failure
  grep -q 'defined in discarded section' cg.err ||
    t_hard_error "$ld's message: $(cat cg.err)"
  expect_error "$(grep 'defined in discarded section' cg.err | head -1)"

  # An archive member extracted by -r; a -r of -r outputs.
  rm -f libud.a
  ar rcs libud.a util.o data.o
  partial "archive" main.o libud.a && same_as_gnu "archive" &&
    runs "archive" "$ref" m.o
  $ld -r main.o util.o -o g1.o && $ld -r data.o -o g2.o &&
    t_mld -r main.o util.o -o m1.o && t_mld -r data.o -o m2.o ||
    t_hard_error "-r of the parts failed"
  partial "-r of -r outputs" g1.o g2.o && same_as_gnu "-r of -r outputs"
  t_mld -r m1.o m2.o -o mm.o
  runs "-r of mld's -r outputs" "$ref" mm.o

  # --build-id: -r makes the note (first, as GNU ld), of each style's
  # size; a link drops the inputs' notes (GNU ld's ldelf_after_open),
  # keeping only its own, or none with --build-id=none.
  for b in md5 0xfeedf00d; do
    partial "C, --build-id=$b" --build-id=$b main.o util.o data.o || continue
    for f in sections relocs symbols groups; do
      [ "$($f g.o)" = "$($f m.o)" ] &&
        t_pass "$arch C, --build-id=$b: $f as GNU ld's" ||
        { t_fail "$arch C, --build-id=$b: $f differ"; diff <($f g.o) <($f m.o) | head; }
    done
  done
  partial "C, --build-id" --build-id main.o util.o && cp m.o bid1.o &&
    partial "C, --build-id=md5" --build-id=md5 data.o && cp m.o bid2.o &&
    for b in sha1 none; do
      rm -f p.gnu p.mld
      $cc -static -Wl,--build-id=$b -o p.gnu bid1.o bid2.o &&
        $cc -static -B"$T/bin/" -Wl,--build-id=$b -o p.mld bid1.o bid2.o ||
        { t_fail "$arch: cannot link the -r outputs with build IDs"; continue; }
      n=$(readelf -n p.mld | grep -c 'Build ID')
      [ "$n" = "$(readelf -n p.gnu | grep -c 'Build ID')" ] &&
        [ "$(t_section_names p.gnu)" = "$(t_section_names p.mld)" ] &&
        t_pass "$arch: --build-id=$b over inputs with build IDs: $n, as GNU ld" ||
        t_fail "$arch: --build-id=$b over inputs with build IDs: $n notes"
    done

  # A file's locals come where its first section comes in the output:
  # with --gc-sections main.o's empty .text goes, and its locals follow
  # the other files' (main is in .text.startup at -O2).
  mkdir -p o2 && (cd o2 && $cc -O2 -g -c ../main.c ../util.c ../data.c) ||
    t_hard_error "$cc failed"
  partial "C -O2, --gc-sections -e main" --gc-sections -e main o2/main.o \
    o2/util.o o2/data.o && same_as_gnu "C -O2, --gc-sections -e main"

  # C++: exceptions across objects, COMDAT groups kept once each.
  for flags in -O0 "-O2 -g"; do
    $cxx $flags -c c1.cc c2.cc || t_hard_error "$cxx failed"
    $cxx -static -o orig c1.o c2.o || t_hard_error "$cxx failed"
    ref=$($run ./orig 2>&1; echo "exit $?")
    what="C++ ($flags)"
    partial "$what" c1.o c2.o || continue
    same_as_gnu "$what"
    n=$(readelf -gW m.o | grep -c "COMDAT group section .* \[_ZZ3inliE5calls\]")
    [ "$n" = 1 ] && t_pass "$arch $what: one group _ZZ3inliE5calls" ||
      t_fail "$arch $what: $n groups _ZZ3inliE5calls"
    cxx_cc=$cc; cc=$cxx
    runs "$what" "$ref" m.o
    cc=$cxx_cc
  done

  # --gc-sections on groups and exceptions; an .eh_frame input all of
  # whose records go (here a COMDAT copy's) keeps none of its relocations.
  for o in "-e main" "-u _Z7catcheri"; do
    partial "C++, --gc-sections $o" --gc-sections $o c1.o c2.o &&
      same_as_gnu "C++, --gc-sections $o"
  done
  printf 'inline int f(int x) { return x + 1; }\nint a(int x) { return f(x); }\n' >in1.cc
  printf 'inline int f(int x) { return x + 1; }\nint (*p)(int) = f;\n' >in2.cc
  $cxx -O0 -c in1.cc in2.cc || t_hard_error "$cxx failed"
  partial "COMDAT copy's records" in1.o in2.o &&
    same_as_gnu "COMDAT copy's records"

  # Groups signed by local symbols keep their signatures (regression:
  # they were written unnamed, and a final link then kept one of them).
  $cxx -O0 -c box1.cc box2.cc box3.cc || t_hard_error "$cxx failed"
  partial "template constructors" box1.o box2.o && same_as_gnu "template constructors"
  n=$(readelf -gW m.o | grep -c "COMDAT group section .* \[\]")
  [ "$n" = 0 ] && t_pass "$arch: every group keeps its signature" ||
    t_fail "$arch: $n groups without a signature"
  cxx_cc=$cc; cc=$cxx
  runs "template constructors" "exit 0" box3.o m.o
  cc=$cxx_cc

  # Groups named by local signature symbols: kept (also with -x) in the
  # output group section, as sh_info; not the groups without signature
  # that the next link would take for one group, keeping only the first.
  $cxx -O2 -fno-inline -fno-exceptions -fno-unwind-tables \
    -fno-asynchronous-unwind-tables -c c3.cc c4.cc || t_hard_error "$cxx failed"
  readelf -sW c3.o | grep -q 'NOTYPE  LOCAL  DEFAULT *[0-9]* _ZN1BC5Ev$' ||
    t_hard_error "c3.o: no local signature _ZN1BC5Ev"
  for o in "" -x; do
    what="C5 groups${o:+, $o}"
    partial "$what" $o c3.o c4.o || continue
    same_as_gnu "$what"
    n=$(readelf -gW m.o | grep -c 'COMDAT group section .* \[\]')
    [ "$n" = 0 ] && t_pass "$arch $what: every group has its signature" ||
      t_fail "$arch $what: $n groups without signature"
    cxx_cc=$cc; cc=$cxx
    runs "$what" "4
exit 0" m.o
    t_mld -r $o c3.o -o m3.o && runs "$what, one file -r" "4
exit 0" m3.o c4.o
    cc=$cxx_cc
  done

  # More than 65,280 sections: a function in a section of its own each.
  "$PYTHON" - "$arch" >big.s <<'PY'
import sys
x86 = sys.argv[1] == "x86"
n = 70000
for i in range(n):
    print(f'\t.section .text.f{i},"ax",@progbits\n\t.globl f{i}\n'
          f'\t.type f{i},@function\nf{i}:')
    print(f'\tmovl ${i % 1000},%eax\n\tret' if x86 else
          f'\tmov w0, #{i % 1000}\n\tret')
print('\t.section .data.tab,"aw",@progbits\n\t.globl tab\n\t.p2align 3\ntab:')
for i in range(0, n, 997):
    print(f'\t.quad f{i}')
print(f'\t.globl ntab\nntab:\t.long {len(range(0, n, 997))}')
print('\t.section .note.GNU-stack,"",@progbits')
PY
  t_write bigmain.c <<'SRC'
#include <stdio.h>
extern int (*tab[])(void);
extern int ntab;
extern int f69999(void);
int main(void) {
  long s = 0;
  for (int i = 0; i < ntab; i++)
    s += tab[i]();
  printf("sum %ld %d\n", s, f69999());
  return 0;
}
SRC
  $as big.s -o big.o && $cc -O1 -c bigmain.c || t_hard_error "big.s"
  partial big big.o bigmain.o && same_as_gnu big
  readelf -hW m.o | grep -q 'Number of section headers: *0 (700' &&
    readelf -SW m.o | grep -q '\.symtab_shndx' &&
    t_pass "$arch big: e_shnum 0, SHN_XINDEX, .symtab_shndx" ||
    t_fail "$arch big: no extended section numbering"
  runs big "sum 62545 999
exit 0" m.o
  # The output read again: a -r of it, and a final link of that.
  t_mld -r m.o -o mr.o
  runs "-r of big" "sum 62545 999
exit 0" mr.o
done
t_done
