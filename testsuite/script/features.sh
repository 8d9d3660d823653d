#!/bin/bash
if [ -z "${BASH_VERSION:-}" ]; then exec bash "$0" "$@"; fi
. "$(dirname "$0")/../lib.sh"
# Script features, each linked by GNU ld and by mld from the same objects
# and script, on x86-64 and AArch64: PHDRS (FILEHDR, PHDRS, FLAGS, AT,
# sticky and :NONE assignments), ONLY_IF_RO/ONLY_IF_RW, every SORT_*,
# EXCLUDE_FILE, archive:member patterns, INCLUDE, REGION_ALIAS, fills
# (=FILL and FILL()), SUBALIGN, data commands, PROVIDE/HIDDEN, "+=",
# orphans, symbols before and after sections, NOCROSSREFS and
# NOCROSSREFS_TO, stubs for far code.  Compared: sections
# (address, size, type, flags), program headers, symbols (value,
# binding, section) and every allocated section's bytes.

cat >a.c <<'C'
int counter = 5;
int zeroed;
const char msg[] = "hello";
__attribute__((section(".sorted.c"), used)) const char sc[3] = "cc";
__attribute__((section(".sorted.a"), used, aligned(8))) const char sa[1] = "";
__attribute__((section(".sorted.b"), used, aligned(2))) const char sb[5] = "bbbb";
__attribute__((section(".init_array.00200"), used)) const void *ia2 = 0;
__attribute__((section(".init_array.00100"), used)) const void *ia1 = 0;
__attribute__((section(".init_array"), used)) const void *ia0 = 0;
__attribute__((section(".rwtab"), used)) int rw[2] = {1, 2};
__attribute__((section(".rotab"), used)) const int ro[2] = {3, 4};
__attribute__((section(".orphan_ro"), used)) const int orphan = 7;
__attribute__((section(".orphan_rw"), used)) int orphan_w = 8;
__attribute__((aligned(4), section(".note.x"), used)) const int note[4] = {4, 4, 1, 0x41414141};
void _start(void) { for (;;) ; }
C
cat >b.c <<'C'
__attribute__((section(".sorted.a2"), used, aligned(4))) const char sa2[2] = "a";
__attribute__((section(".only_b"), used)) const int only_b = 11;
__attribute__((section(".rotab"), used)) const int ro_b = 12;
int in_b(void) { return 2; }
C
cat >m.c <<'C'
__attribute__((section(".member"), used)) const int member = 13;
int in_member(void) { return 3; }
C
cat >inc.ld <<'LD'
  .included : { *(.only_b) }
LD

script_of() {
  case $1 in
  phdrs) cat <<'LD'
ENTRY(_start)
PHDRS {
  hdr PT_PHDR PHDRS;
  text PT_LOAD FILEHDR PHDRS;
  data PT_LOAD FLAGS(6);
  note PT_NOTE;
  stack PT_GNU_STACK FLAGS(6);
}
SECTIONS {
  . = 0x10000000 + SIZEOF_HEADERS;
  .text : { *(.text .text.*) } :text
  .rodata : { *(.rodata .rodata.* .sorted.* .only_b .member .rotab .orphan_ro) }
  .note.x : { *(.note.x) } :text :note
  . = ALIGN(0x10000);
  .data : { *(.data .data.* .rwtab .orphan_rw .init_array*) } :data
  .bss : { *(.bss .bss.*) *(COMMON) }
  .comment 0 : { *(.comment) } :NONE
  /DISCARD/ : { *(.note.GNU-stack) *(.eh_frame) *(.note.gnu.property) }
}
LD
  ;;
  sorts) cat <<'LD'
ENTRY(_start)
SECTIONS {
  . = 0x10000000;
  .text : { *(.text .text.*) }
  .byname : { KEEP(*(SORT_BY_NAME(.sorted.*))) }
  .byalign : { KEEP(*(SORT_BY_ALIGNMENT(.sorted.*))) }
  .both : { KEEP(*(SORT_BY_NAME(SORT_BY_ALIGNMENT(.sorted.*)))) }
  .both2 : { KEEP(*(SORT_BY_ALIGNMENT(SORT_BY_NAME(.sorted.*)))) }
  .none : { KEEP(*(SORT_NONE(.sorted.*))) }
  .prio : { KEEP(*(SORT_BY_INIT_PRIORITY(.init_array.*))) KEEP(*(.init_array)) }
  .files : { KEEP(SORT(*)(.rotab)) }
  .data : { *(.data .data.*) }
  .bss : { *(.bss .bss.*) *(COMMON) }
  /DISCARD/ : { *(.note.GNU-stack) *(.eh_frame) *(.note.gnu.property) *(.comment) }
}
LD
  ;;
  files) cat <<'LD'
ENTRY(_start)
MEMORY { FLASH (rx) : ORIGIN = 0x20000000, LENGTH = 1M
         SRAM (rw!x) : ORIGIN = 0x30000000, LENGTH = 1M }
REGION_ALIAS("CODE", FLASH);
SECTIONS {
  .text : { *(.text .text.*) } > CODE
  .fromb : { *b.o(.rotab) } > CODE
  .nota : { EXCLUDE_FILE(*a.o) *(.sorted.*) } > CODE
  .archive : { *lib.a:m.o(.member .text) } > CODE
  INCLUDE inc.ld
  .rest : { *(.rodata .rodata.* .rotab .sorted.* .note.x) } > CODE
  .ro ALIGN(64) : ONLY_IF_RO { *(.rwtab) } > CODE
  .rw : ONLY_IF_RW { *(.rwtab) } > SRAM
  .data : { *(.data .data.*) } > SRAM
  .bss : { *(.bss .bss.*) *(COMMON) } > SRAM
  /DISCARD/ : { *(.note.GNU-stack) *(.eh_frame) *(.note.gnu.property) *(.comment) }
}
LD
  ;;
  data) cat <<'LD'
ENTRY(_start)
SECTIONS {
  . = 0x10000000;
  start_of_all = .;
  .text : { *(.text .text.*) } =0x90909090
  .filled : SUBALIGN(32) {
    FILL(0xdeadbeef)
    *(.rotab)
    . = . + 5;
    BYTE(1) SHORT(0x0202) LONG(0x03030303) QUAD(0x0404040404040404)
    SQUAD(-1)
    . = ALIGN(16);
    inside = .;
    inside_rel = 0x10;
    *(.sorted.*)
  } =0xa5
  PROVIDE(provided_unused = 1);
  PROVIDE(counter = 99);
  HIDDEN(hidden_sym = ADDR(.filled) + 4);
  total = SIZEOF(.text);
  total += SIZEOF(.filled);
  .data : { *(.data .data.*) *(.rwtab) }
  . = . + 0x100;
  after_gap = .;
  .bss : { *(.bss .bss.*) *(COMMON) }
  end_of_all = .;
  /DISCARD/ : { *(.note.GNU-stack) *(.eh_frame) *(.note.gnu.property) *(.comment) }
}
LD
  ;;
  esac
}

shape() {
  $readelf -SW "$1" | sed -n 's/^ *\[ *[0-9]*\] //p' |
    awk '$1 != ".strtab" && $1 != ".shstrtab" && $1 != ".symtab" {print $1, $2, $3, $5, $7}'
  $readelf -lW "$1" | awk '/^  [A-Z]/ && $1 != "Type" {print}'
  $readelf -sW "$1" | awk 'NR > 3 && $8 != "" && $8 != "$d" && $8 != "$x" {print $8, $2, $4, $5, $7}' | sort
}

for arch in x86_64 aarch64; do
  if [ $arch = x86_64 ]; then
    cc=gcc readelf=readelf ld=ld.bfd ar=ar emul=elf_x86_64
    t_have x86-64 ld.bfd || continue
  else
    t_have AArch64 aarch64-linux-gnu-gcc || continue
    cc=aarch64-linux-gnu-gcc readelf=aarch64-linux-gnu-readelf
    ld=aarch64-linux-gnu-ld ar=aarch64-linux-gnu-ar emul=aarch64linux
  fi
  for f in a b m; do
    $cc -O2 -ffreestanding -fno-pie -fno-asynchronous-unwind-tables \
      -ffunction-sections -c $f.c -o $f.o || t_hard_error "$cc -c $f.c"
  done
  rm -f lib.a
  $ar rc lib.a m.o
  for s in phdrs sorts files data; do
    script_of $s >$s.ld
    objs="a.o b.o lib.a"
    [ $s = files ] && objs="a.o b.o -u in_member lib.a"
    $ld -static -T $s.ld $objs -o ref.out 2>ref.err ||
      { t_fail "$arch $s: GNU ld failed: $(head -3 ref.err)"; continue; }
    t_mld -m $emul -static -T $s.ld $objs -o t.out
    [ "$T_STATUS" = 0 ] || { t_fail "$arch $s: mld failed"; continue; }
    shape ref.out >ref.shape
    shape t.out >t.shape
    if diff ref.shape t.shape >shape.diff; then
      t_pass "$arch $s: sections, headers and symbols are GNU ld's"
    else
      t_fail "$arch $s: differs from GNU ld's: $(head -16 shape.diff)"
    fi
    bad=
    for sec in $($readelf -SW ref.out | awk '$3 == "PROGBITS" || $3 == "NOTE" || $3 == "INIT_ARRAY" {print $2}' | grep '^\.'); do
      $readelf -x $sec ref.out >ref.hex 2>&1
      $readelf -x $sec t.out >t.hex 2>&1
      cmp -s ref.hex t.hex || bad+=" $sec"
    done
    [ -z "$bad" ] && t_pass "$arch $s: every section has GNU ld's bytes" ||
      t_fail "$arch $s: bytes differ in$bad"
  done
done
# OUTPUT names the output unless -o does; VERSION's nodes are read as a
# version script's (a static executable is the same without them), and
# their syntax errors stop the link with GNU ld's words; an input script's
# OUTPUT changes nothing (GNU ld has opened its output by then).
if t_have "OUTPUT and VERSION" ld.bfd; then
  printf 'int v = 1;\nvoid _start(void) { for (;;) ; }\n' >ov.c
  gcc -O2 -fno-pie -c ov.c -o ov.o || t_hard_error "gcc -c ov.c"
  printf 'OUTPUT(named.out)\nVERSION {\n  V1 { global: _start; local: *; };\n  V2 { global: v; } V1;\n}\nSECTIONS { . = 0x400000; .text : { *(.text) } .data : { *(.data) } }\n' >ov.ld
  for o in "" "-o given.out"; do
    rm -f named.out given.out
    ld.bfd -T ov.ld ov.o $o || t_hard_error "GNU ld -T ov.ld $o"
    want=$(ls named.out given.out 2>/dev/null)
    mv $want ref.out
    t_mld -T ov.ld ov.o $o
    got=$(ls named.out given.out 2>/dev/null)
    if [ "$T_STATUS" = 0 ] && [ "$got" = "$want" ]; then
      t_pass "OUTPUT and VERSION${o:+ with $o}: writes $got, as GNU ld"
      shape ref.out >ref.shape
      shape $got >t.shape
      diff ref.shape t.shape >shape.diff &&
        t_pass "OUTPUT and VERSION${o:+ with $o}: GNU ld's layout" ||
        t_fail "OUTPUT and VERSION: differs: $(head -8 shape.diff)"
    else
      t_fail "OUTPUT${o:+ with $o}: mld status $T_STATUS wrote '$got', GNU ld '$want'"
    fi
  done
  printf 'VERSION {\n  V1 { global: _start; local: * }\n};\nSECTIONS { .text : { *(.text) } }\n' >bad.ld
  ld.bfd -T bad.ld ov.o -o x.out 2>ref.err && t_hard_error "GNU ld took bad.ld"
  t_mld -T bad.ld ov.o -o x.out
  want=$(sed -n 's/^[^:]*:\(bad.ld:[0-9]*: syntax error\)$/\1/p' ref.err)
  [ -n "$want" ] || t_hard_error "GNU ld's message: $(cat ref.err)"
  expect_error "$want"
  # An empty output section with an address: GNU ld removes it, but
  # ADDR () is that address (GNU ld's ld-scripts/data).
  printf 'SECTIONS {\n  . = 0x1000 + SIZEOF_HEADERS;\n  .text ALIGN (0x20) : {\n    LONG (label - .)\n    label = .;\n    LONG (ADDR (.other))\n    *(.text)\n  }\n  .other 0x2000 : { x = .; }\n  after = .;\n  .none 0x3000 : { }\n  later = .;\n}\n' >empty.ld
  ld.bfd -T empty.ld ov.o -o ref.out 2>ref.err || t_hard_error "GNU ld: $(cat ref.err)"
  t_mld -T empty.ld ov.o -o x.out
  if [ "$T_STATUS" = 0 ] &&
     [ "$(objdump -s -j .text ref.out | tail -n +4)" = "$(objdump -s -j .text x.out | tail -n +4)" ] &&
     [ "$(nm ref.out | grep -E ' (x|after|later|label)$')" = "$(nm x.out | grep -E ' (x|after|later|label)$')" ]; then
    t_pass "an empty section's own address: ADDR (), symbols in it, as GNU ld"
  else
    t_fail "empty section with an address: $(objdump -s -j .text x.out | tail -1) $(nm x.out | grep -E ' (x|after|later|label)$' | tr '\n' ' ')"
  fi
  # ALIGN and ALIGN_WITH_INPUT together: GNU ld's error, in its words.
  printf 'SECTIONS {\n  .abc : ALIGN(1) ALIGN_WITH_INPUT {\n    *(.abc)\n  }\n}\n' >awi.ld
  ld.bfd -T awi.ld ov.o -o x.out 2>ref.err && t_hard_error "GNU ld took awi.ld"
  t_mld -T awi.ld ov.o -o x.out
  want=$(grep -o "awi.ld:2: error: align with input and explicit align specified" ref.err)
  [ -n "$want" ] || t_hard_error "GNU ld's message: $(cat ref.err)"
  expect_error "$want"
  printf 'OUTPUT(ignored.out)\n' >in.ld
  rm -f ignored.out
  ld.bfd ov.o in.ld -o ref.out && t_mld ov.o in.ld -o t.out
  [ "$T_STATUS" = 0 ] && [ ! -e ignored.out ] && [ -e t.out ] &&
    t_pass "an input script's OUTPUT: no effect, as in GNU ld" ||
    t_fail "an input script's OUTPUT: status $T_STATUS, $(ls *.out)"
fi

# NOCROSSREFS and NOCROSSREFS_TO: a reference between sections listed
# together fails the link, with GNU ld's words; others link.
cat >ncr.c <<'C'
int in_data = 3;
__attribute__((section(".other"))) int in_other = 4;
int use_data(void) { return in_data; }
__attribute__((section(".text.o"))) int use_other(void) { return in_other + use_data(); }
void _start(void) { for (;;) ; }
C
if t_have NOCROSSREFS ld.bfd; then
  gcc -O2 -fno-pie -c ncr.c -o ncr.o || t_hard_error "gcc -c ncr.c"
  for nc in "NOCROSSREFS(.text .data)" "NOCROSSREFS_TO(.other .text)" \
            "NOCROSSREFS(.text2 .other)" "NOCROSSREFS(.data, .other)"; do
    printf 'SECTIONS { . = 0x400000; .text : { *(.text) }
      .text2 : { *(.text.o) } .data : { *(.data) } .other : { *(.other) } }
      %s\n' "$nc" >ncr.ld
    ld.bfd -T ncr.ld ncr.o -o ncr-ref.out 2>ncr-ref.err; rs=$?
    t_mld -T ncr.ld ncr.o -o ncr.out
    want=$(grep -o "prohibited cross reference .*" ncr-ref.err | head -1)
    if [ $rs = 0 ] && [ "$T_STATUS" = 0 ]; then
      t_pass "$nc: links, as with GNU ld"
    elif [ $rs != 0 ] && [ "$T_STATUS" != 0 ] && [ -n "$want" ]; then
      expect_error "$want"
    else
      t_fail "$nc: GNU ld's status $rs, mld's $T_STATUS"
    fi
  done
fi

# AArch64 code placed 512 MiB apart by a script: branches reach through
# range-extension stubs, as GNU ld makes them, and the program runs.
if t_have "AArch64 far branches" aarch64-linux-gnu-gcc qemu-aarch64; then
  cat >far.c <<'C'
__attribute__((section(".text.far"), noinline)) int far_fn(int x) { return x + 1; }
__attribute__((section(".text.near"), noinline)) int near_fn(int x) { return far_fn(x) * 2; }
__attribute__((section(".text.far2"), noinline)) int far2(int x) { return near_fn(x) + 3; }
static long sys(long n, long a) {
  register long x8 __asm__("x8") = n, x0 __asm__("x0") = a;
  __asm__ volatile("svc 0" : "+r"(x0) : "r"(x8) : "memory");
  return x0;
}
void _start(void) { sys(93, far2(4)); }
C
  cat >far.ld <<'LD'
ENTRY(_start)
SECTIONS {
  . = 0x10000000;
  .text : { *(.text .text.near) }
  .far 0x30000000 : { *(.text.far .text.far2) }
  /DISCARD/ : { *(.comment) *(.note.GNU-stack) *(.eh_frame) *(.note.gnu.property) }
}
LD
  readelf=aarch64-linux-gnu-readelf
  aarch64-linux-gnu-gcc -O2 -ffreestanding -fno-pie \
    -fno-asynchronous-unwind-tables -c far.c -o far.o || t_hard_error "cc far.c"
  aarch64-linux-gnu-ld -T far.ld far.o -o far-ref.out || t_hard_error "ld far"
  t_mld -m aarch64linux -T far.ld far.o -o far.out
  shape far-ref.out >ref.shape
  shape far.out >t.shape
  if diff ref.shape t.shape >shape.diff && grep -q __far_fn_veneer t.shape; then
    t_pass "aarch64 far code: stubs, sections and symbols are GNU ld's"
  else
    t_fail "aarch64 far code differs from GNU ld's: $(head -10 shape.diff)"
  fi
  qemu-aarch64 ./far.out; st=$?
  [ $st = 13 ] && t_pass "aarch64 far code runs (13)" || t_fail "far code: exit $st"
fi
t_done
