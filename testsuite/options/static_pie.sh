#!/bin/bash
if [ -z "${BASH_VERSION:-}" ]; then exec bash "$0" "$@"; fi
dir=$(cd "$(dirname "$0")" && pwd)
. "$(dirname "$0")/../lib.sh"
# -static -pie --no-dynamic-linker (gcc -static-pie): a static PIE, on
# both architectures, against GNU ld 2.40.  A program with the address
# kinds a PIE relocates (pointers in data and .data.rel.ro, an
# .init_array constructor, IFUNCs called and taken as pointers, TLS, a
# weak undefined function, _DYNAMIC, __ehdr_start) runs as GNU ld's at
# the kernel's random load address; the output is ET_DYN with GNU ld's
# program headers, section names and types, sh_link/sh_info, .dynamic's
# tags in order with the same values where they are counts, and the same
# dynamic relocations (types and offsets of the relocated words).  Then
# the options a static PIE gives a meaning to (--hash-style,
# --spare-dynamic-tags, -z now, --pic-executable, -z text, -q (the
# inputs' relocations kept too), and on x86-64
# -z pack-relative-relocs: DT_RELR, with GNU ld's encoding of the same
# addresses, none without RELATIVE relocations; AArch64's GNU ld ignores
# it, with a warning), and the
# relocations a PIE cannot have, refused in GNU ld's words.

t_write p.c <<'SRC'
#include <stdio.h>
#include <string.h>
#include <stdlib.h>
#include <elf.h>
static const char *msgs[] = {"one", "two", "three"};
const char *const table[] = {"ro-a", "ro-b"};
__thread int tv = 5;
__thread long tz;
size_t (*lenp)(const char *) = strlen;     /* a glibc IFUNC in data */
static int impl_a(void) { return 41; }
static int (*resolve(void))(void) { return impl_a; }
int chosen(void) __attribute__((ifunc("resolve")));
int (*chosenp)(void) = chosen;
extern void missing(void) __attribute__((weak));
extern Elf64_Dyn _DYNAMIC[];
extern const char __ehdr_start[];
static void ctor(void) __attribute__((constructor));
static void ctor(void) { printf("ctor %d\n", tv); }
int main(void) {
  for (int i = 0; i < 3; i++) puts(msgs[i]);
  printf("%s %s %zu %d %d\n", table[0], table[1], lenp("four"), chosen(),
         chosenp());
  tz = lenp(table[1]);
  printf("%ld %d %d\n", tz, missing == 0, chosenp == chosen);
  int tags = 0;
  for (Elf64_Dyn *d = _DYNAMIC; d->d_tag != DT_NULL; d++) tags++;
  printf("tags %d elf %.3s\n", tags, __ehdr_start + 1);
  char *p = malloc(64);
  snprintf(p, 64, "%.2f", 2.5);
  puts(p);
  return 0;
}
SRC
# What the comparisons read: program headers, sections (name, type,
# flags, link and info by name; not .symtab's count of locals: its
# order of symbols is not yet GNU ld's), dynamic tags, dynamic
# relocations.
phdrs() { $re -lW "$1" | awk '/^  [A-Z]/ && $1 != "Type" {print $1, $(NF-1)}'; }
sections() {
  $re -SW "$1" | "$PYTHON" -c '
import sys, re
rows = []
for l in sys.stdin:
    m = re.match(r"\s*\[\s*(\d+)\]\s+(\S+)\s+(\S+)\s+\S+\s+\S+\s+\S+\s+(\S+)\s+(\S*?)\s*(\d+)\s+(\d+)\s+(\d+)$", l)
    if m: rows.append(m.groups())
names = {r[0]: r[1] for r in rows}
for r in rows:
    if r[1] != ".plt.got":   # GNU ld x86-64: 8 dead bytes, left out
        print(r[1], r[2], r[4], names.get(r[5], r[5]), names.get(r[6], r[6]) if "I" in r[4] else r[6] if r[2] != "SYMTAB" else "")
'
}
tags() { $re -dW "$1" | awk '/^ 0x/ {print $2}'; }
# (GNU ld's AArch64 .rela.dyn has the extra entries dynrel leaves out.)
counts() { $re -dW "$1" | awk -v a=$arch '/^ 0x/ && ($2 ~ /SZ\)|ENT\)|COUNT\)|FLAGS/) &&
    !(a == "a64" && $2 ~ /RELASZ|RELACOUNT/) {print $2, $3, $4, $5}'; }
# Relocated words: each as its section and offset in it (GNU ld's x86-64
# .eh_frame has FDEs for the PLT that mld does not write, which can move
# what follows), and its type.  GNU ld for AArch64 also relocates
# absolute symbols' GOT entries (addend < 0x100, which cannot be
# addresses in the image) and pads .rela.dyn with R_AARCH64_NONE; its
# .got has them in another order, so there only the counts per section
# are compared.
dynrel() { { $re -SW "$1"; $re -rW "$1"; } | "$PYTHON" -c '
import sys, re, collections
secs, rels = [], []
for l in sys.stdin:
    m = re.match(r"\s*\[\s*\d+\]\s+(\S+)\s+(\S+)\s+([0-9a-f]{16})\s+\S+\s+([0-9a-f]+)", l)
    if m and m.group(2) != "NOBITS":
        m = re.match(r"(\S+) \S+ (\S+) (\S+)", " ".join(m.groups()))
        secs.append((m.group(1), int(m.group(2), 16), int(m.group(3), 16)))
        continue
    p = l.split()
    if len(p) >= 4 and re.match(r"R_(X86_64|AARCH64)_", p[2]) and "NONE" not in p[2]:
        rels.append((int(p[0], 16), p[2], int(p[3], 16)))
a64 = sys.argv[1] == "a64"
out = collections.Counter()
for o, t, a in rels:
    if a64 and t.endswith("_RELATIVE") and a < 0x100:
        continue
    s = [n for n, b, z in secs if b <= o < b + z and b]
    name = s[0] if s else "?"
    off = [o - b for n, b, z in secs if n == name][0] if s else o
    out[(name, t) if a64 and name == ".got" else (name, hex(off), t)] += 1
for k in sorted(out):
    print(*k, out[k])
' $arch; }

# DT_RELR: the addresses it relocates, as section + offset.
relr() { { $re -SW "$1"; $re -rW "$1" | sed -n '/^Relocation section .\.relr\.dyn/,/^$/p' | grep -E '^[0-9a-f]{16} *'; } | "$PYTHON" -c '
import sys, re
secs = []
for l in sys.stdin:
    m = re.match(r"\s*\[\s*\d+\]\s+(\S+)\s+(\S+)\s+([0-9a-f]{16})\s+\S+\s+([0-9a-f]+)", l)
    if m:
        if m.group(2) != "NOBITS": secs.append((m.group(1), int(m.group(3), 16), int(m.group(4), 16)))
        continue
    o = int(l.split()[0], 16)
    s = [(n, o - b) for n, b, z in secs if b <= o < b + z and b]
    print(*(s[0] if s else ("?", o)))
'; }

for arch in x86 a64; do
  if [ $arch = x86 ]; then
    cc=gcc run= re=readelf
  else
    cc=aarch64-linux-gnu-gcc run=qemu-aarch64 re=aarch64-linux-gnu-readelf
    t_have AArch64 $cc $run || continue
  fi
  $cc -O1 -fPIE -c p.c -o p.o || t_hard_error "$cc failed"
  for o in "" -Wl,-z,now -Wl,--hash-style=sysv -Wl,--hash-style=gnu \
      -Wl,--hash-style=both -Wl,--spare-dynamic-tags=0 \
      -Wl,--spare-dynamic-tags=2 -Wl,-z,norelro -Wl,--gc-sections \
      -Wl,-z,pack-relative-relocs -Wl,-z,pack-relative-relocs,-z,now -Wl,-q; do
    $cc -static-pie -o g.out p.o $o 2>g.err || t_hard_error "GNU ld $o"
    case $o in *pack-rel*)
      [ $arch = a64 ] && { grep -q 'pack-relative-relocs ignored' g.err ||
        t_hard_error "AArch64 GNU ld took -z pack-relative-relocs"; } ;;
    esac
    T_CC=$cc t_gcc_mld -static-pie -o m.out p.o $o
    [ "$T_STATUS" = 0 ] || { t_fail "$arch $o: mld failed: $(head -3 stderr.txt)"; continue; }
    for what in phdrs sections tags counts dynrel relr; do
      if [ "$($what g.out)" = "$($what m.out)" ]; then
        t_pass "$arch $o: $what as GNU ld's"
      else
        t_fail "$arch $o: $what differ"; diff <($what g.out) <($what m.out) | head -8
      fi
    done
    [ "$($re -hW m.out | awk '/Type:/ {print $2}')" = DYN ] &&
      t_pass "$arch $o: ET_DYN" || t_fail "$arch $o: not ET_DYN"
    # Twice: two random load addresses, the same output.
    g=$($run ./g.out 2>&1); m1=$($run ./m.out 2>&1); m2=$($run ./m.out 2>&1)
    [ "$g" = "$m1" ] && [ "$g" = "$m2" ] && t_pass "$arch $o: runs as GNU ld's" ||
      { t_fail "$arch $o: the program differs"; diff <(echo "$g") <(echo "$m1") | head -5; }
  done
  # DT_RELR takes what GNU ld's x86 code takes: an even offset of an input
  # section aligned to 2 or more (mld took only multiples of 8), none of
  # a section aligned to 1.
  if [ $arch = x86 ]; then
    printf '\t.text\n\t.globl _start\n_start: ret\n\t.data\n\t.p2align 1\n\t.byte 0,0\n\t.dc.a _start\n\t.p2align 3\n\t.dc.a _start\n\t.section .data.one,"aw"\n\t.p2align 0\n\t.dc.a _start\n' >relr2.s
    as -o relr2.o relr2.s || t_hard_error "as relr2.s"
    ld.bfd -pie --no-dynamic-linker -z pack-relative-relocs -o g.out relr2.o ||
      t_hard_error "GNU ld relr2.o"
    t_mld -pie --no-dynamic-linker -z pack-relative-relocs -o m.out relr2.o
    [ "$($re -rdW g.out)" = "$($re -rdW m.out)" ] &&
      t_pass "x86 RELR: 2-aligned words packed, a 1-aligned section's not, DT_RELACOUNT before DT_RELR" ||
      { t_fail "x86 RELR: relocations or tags differ"; diff <($re -rdW g.out) <($re -rdW m.out) | head; }
    # No RELATIVE relocation at all: no .relr.dyn, DT_RELR or empty
    # DT_RELA, but their room in .dynamic (mld gave the tags).
    # Or only one at an odd address, which stays in .rela.dyn.
    printf '\t.text\n\t.globl _start\n_start: ret\n\t.data\n\t.long 1\n' >norel.s
    printf '\t.text\n\t.globl _start\n_start: ret\n\t.data\n\t.byte 1\n\t.quad _start\n' >oddrel.s
    for n in norel oddrel; do
      as -o $n.o $n.s || t_hard_error "as $n.s"
      ld.bfd -pie --no-dynamic-linker -z pack-relative-relocs -o g.out $n.o ||
        t_hard_error "GNU ld $n.o"
      t_mld -pie --no-dynamic-linker -z pack-relative-relocs -o m.out $n.o
      [ "$($re -SdrW g.out | grep -v 'strtab\|There are')" = "$($re -SdrW m.out | grep -v 'strtab\|There are')" ] &&
        t_pass "x86 RELR: none to pack ($n): no tags, GNU ld's .dynamic" ||
        { t_fail "x86 RELR: none to pack ($n): not as GNU ld"; diff <($re -SdrW g.out) <($re -SdrW m.out) | head; }
    done
  fi
  # The spellings gcc does not use, as GNU ld takes them.
  T_CC=$cc t_gcc_mld -static -nostartfiles -o m2.out p.o -Wl,--pic-executable \
    -Wl,--no-dynamic-linker -Wl,-z,text -Wl,-e,main \
    $($cc -print-file-name=rcrt1.o) $($cc -print-file-name=crti.o) \
    $($cc -print-file-name=crtbeginS.o) $($cc -print-file-name=crtendS.o) \
    $($cc -print-file-name=crtn.o) -Wl,-z,notext -Wl,-z,textoff
  [ "$T_STATUS" = 0 ] && [ "$($re -hW m2.out | awk '/Type:/ {print $2}')" = DYN ] &&
    t_pass "$arch: --pic-executable -z text -z notext -z textoff: a static PIE" ||
    t_fail "$arch: --pic-executable failed: $(head -2 stderr.txt)"
done

# What a PIE cannot hold, in GNU ld's words.
refuse() {   # refuse CC SRC TEXT
  local cc=$1 text=$3
  printf '%s\n' "$2" >e.s
  $cc -c e.s -o e.o || t_hard_error "$cc e.s"
  T_CC=$cc t_gcc_mld -static-pie -o e.out p.o e.o
  if [ "$T_STATUS" != 0 ] && grep -qF "$text" stderr.txt && [ ! -e e.out ]; then
    t_pass "refused: $text"
  else
    t_fail "not refused as GNU ld: $text"; head -3 stderr.txt
  fi
}
gcc -O1 -fPIE -c p.c -o p.o
refuse gcc '.data
gv: .quad 0
.text
.globl f
f: movl $gv, %eax
ret' "e.o: relocation R_X86_64_32 against \`.data' can not be used when making a PIE object; recompile with -fPIE"
refuse gcc '.data
.globl gv2
gv2: .quad 0
.text
.globl f
f: movq $gv2, %rax
ret' "e.o: relocation R_X86_64_32S against symbol \`gv2' can not be used when making a PIE object; recompile with -fPIE"
refuse gcc '.text
.globl ft
ft: .quad ft' "relocation against \`ft' in read-only section \`.text'"
if t_have "AArch64 refusals" aarch64-linux-gnu-gcc; then
  aarch64-linux-gnu-gcc -O1 -fPIE -c p.c -o p.o
  refuse aarch64-linux-gnu-gcc '.data
.globl gva
gva: .quad 0
.text
.globl f
f: movz x0, #:abs_g0:gva
ret' "e.o: relocation R_AARCH64_MOVW_UABS_G0 against \`gva' can not be used when making a shared object; recompile with -fPIC"
  refuse aarch64-linux-gnu-gcc '.data
.globl gvc
gvc: .quad 0
.word gvc' "e.o: relocation R_AARCH64_ABS32 against \`gvc' can not be used when making a shared object"
fi
t_done
