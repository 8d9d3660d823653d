#!/bin/bash
if [ -z "${BASH_VERSION:-}" ]; then exec bash "$0" "$@"; fi
. "$(dirname "$0")/../lib.sh"
# Sections a script does not allocate, as GNU ld lays them out
# (lang_size_sections_1): one written without an address starts where
# the next section would (the last allocated section's end, or "." as
# the last statement outside sections left it), one with an address has
# it, and either moves "." past it, but not where the next section
# starts.  A (COPY), (INFO) or (OVERLAY) section of .bss inputs is not
# allocated, so SHT_PROGBITS, its symbols at its address (U-Boot's
# `.bss ADDR(.rela.dyn) (OVERLAY)': mld gave the section address 0, and
# its symbols with it, and U-Boot stopped in console_record_init).  And
# a section made by data commands alone is read-only when a data command
# comes first in it (bfd's map_input_to_output_sections).  Against GNU
# ld on x86-64 and AArch64: the section headers (but .strtab's size) and
# every symbol's value, type and section.  Then --gc-sections with such a
# section, with and without ENTRY: the sections GNU ld collects.

cat >f.s <<'SRC'
	.text
	.globl	_start
_start:	.long 0
	.data
	.globl	d
d:	.quad 1
	.section .myinfo,"",%progbits
	.globl	info
info:	.quad 1, 2, 3
	.section .fake,"a",%progbits
	.quad 0, 0, 0, 0
	.bss
	.globl	b0, b1
b0:	.zero 64
b1:	.zero 8
SRC
cat >f.ld <<'LD'
SECTIONS {
  . = 0x10000;
  .text : { *(.text) }
  .myinfo : { *(.myinfo) }
  after_info = .;
  .data : { *(.data) }
  .info2 : { LONG (7) }
  .d1 : { LONG (5) }
  .d2 : { x = .; LONG (5) }
  .d3 : { *(.nothing) SHORT (1) }
  .d4 : { FILL (0x11) BYTE (1) }
  .d5 : { . = . + 4; }
  .relocs ALIGN (8) : { __rel_start = .; *(.fake) __rel_end = .; }
  _end = .;
  .bss ADDR (.relocs) (OVERLAY) : {
    __bss_start = .;
    *(.bss*)
    __bss_end = .;
  }
  after_bss = .;
  .tail : { BYTE (1) }
  .comment 0 : { *(.comment) }
  last = .;
}
LD

checked=0
for arch in x86_64 aarch64; do
  t_target $arch
  $cc -c f.s -o f.o || t_hard_error "$cc f.s"
  $ld -T f.ld -o gnu.out f.o >gnu.log 2>&1 || t_hard_error "GNU ld: $(cat gnu.log)"
  t_mld -T f.ld -o mld.out f.o
  expect_success
  for o in gnu mld; do
    readelf -SW $o.out | grep '^  \[' | grep -v '\.strtab\|\.shstrtab' |
      cut -c 7- >$o.s
    nm $o.out >$o.n
  done
  grep -q '^ *\.bss  *PROGBITS  *0*1.*  W ' gnu.s ||
    t_hard_error "GNU ld's .bss is not what this test expects"
  cmp -s gnu.s mld.s && cmp -s gnu.n mld.n &&
    t_pass "$arch: GNU ld's sections, addresses and symbols" ||
    t_fail "$arch: $(diff gnu.s mld.s | tr '\n' ' ') $(diff gnu.n mld.n | tr '\n' ' ')"
  checked=$((checked + 1))
done
[ $checked = 2 ] || t_fail "only $checked of 2 architectures checked"

# --gc-sections: the inputs of such a section are allocated, and go when
# nothing live refers to them (mld kept every one: U-Boot's .bss had 11
# of GNU ld's collected sections).
cat >g.s <<'SRC'
	.section .text._start,"ax",%progbits
	.globl	_start
_start:	.quad used
	.section .text.unused,"ax",%progbits
	.globl	unused_fn
unused_fn:	.quad unused
	.data
	.quad 1
	.section .bss.used,"aw",%nobits
used:	.zero 8
	.section .bss.unused,"aw",%nobits
unused:	.zero 8
SRC
cat >g.ld <<'LD'
SECTIONS {
  . = 0x10000;
  .text : { *(.text*) }
  .data : { KEEP (*(.data*)) }
  .bss ADDR (.data) (OVERLAY) : { *(.bss*) }
}
LD
# Without ENTRY, _start is no root of the collection (GNU ld's is
# "start"): mld kept it.
sed 's/^SECTIONS {/ENTRY (_start)\nSECTIONS {/' g.ld >ge.ld
checked=0
for arch in x86_64 aarch64; do
  t_target $arch
  $cc -c g.s -o g.o || t_hard_error "$cc g.s"
  for l in ge g; do
    $ld -T $l.ld --gc-sections --print-gc-sections -o gnu.out g.o \
      2>gnu.err || t_hard_error "GNU ld: $(cat gnu.err)"
    sed -n 's/^[^:]*: \(removing.*\)/\1/p' gnu.err >gnu.gc
    t_mld -T $l.ld --gc-sections --print-gc-sections -o mld.out g.o
    expect_success
    sed -n 's/^mld: \(removing.*\)/\1/p' stderr.txt >mld.gc
    grep -q "bss.unused" gnu.gc || t_hard_error "GNU ld kept .bss.unused"
    [ $l = g ] || ! grep -q "bss.used" gnu.gc ||
      t_hard_error "GNU ld collected .bss.used"
    nm gnu.out >gnu.n
    nm mld.out >mld.n
    cmp -s gnu.gc mld.gc && cmp -s gnu.n mld.n &&
      t_pass "$arch: $l.ld: --gc-sections: GNU ld's sections collected" ||
      t_fail "$arch: $l.ld: $(diff gnu.gc mld.gc | tr '\n' ' ') $(diff gnu.n mld.n | tr '\n' ' ')"
  done
  checked=$((checked + 1))
done
[ $checked = 2 ] || t_fail "only $checked of 2 architectures checked"
t_done
