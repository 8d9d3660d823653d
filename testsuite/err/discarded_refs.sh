#!/bin/bash
# References to a symbol of a COMDAT group's losing copy: GNU ld's error
# from code and data (bfd's elf_action_discarded), in a link, with -q and
# with -r, for a named local and a section symbol, in GNU ld's words; and
# none from debugging information or .gcc_except_table.  mld linked the
# first silently, the reference going to address 0.  The same rule for
# what /DISCARD/ takes, referenced from a section that is not allocated
# (but not debugging information), which mld let pass.  A named local of
# the losing copy that debugging information names is listed in the kept
# copy, as GNU ld does, with -r and -q.
. "$(dirname "$0")/../lib.sh"

for arch in x86_64 aarch64; do
  t_target $arch
  # The winning copy of group g, and _start.
  t_write win.s <<'EOF2'
  .section .text.g,"axG",%progbits,g,comdat
  .globl g
g: .byte 0
  .text
  .globl _start
_start: .quad g
EOF2
  # The losing copy: a local label in it, named (lg) or by the section's
  # symbol (.Llg), referenced from SECTION.
  for ref in lg .Llg; do
    for from in .text .rodata .gcc_except_table .debug_info; do
      flags=a
      [ $from = .text ] && flags=ax
      [ $from = .debug_info ] && flags=
      t_write lose.s <<EOF2
  .section .text.g,"axG",%progbits,g,comdat
  .globl g
g: .byte 0
$ref: .byte 0
  .section $from,"$flags",%progbits
  .quad $ref
EOF2
      $as -o win.o win.s && $as -o lose.o lose.s ||
        t_hard_error "$as failed"
      for mode in "-static" "-q -static" "-r"; do
        what="$arch $mode: $ref from $from"
        rm -f g.out
        $ld $mode -o g.out win.o lose.o 2>gnu.err
        gs=$?
        t_mld $mode -o m.out win.o lose.o
        if [ $from = .text ] || [ $from = .rodata ]; then
          [ $gs != 0 ] && grep -q 'defined in discarded section' gnu.err ||
            t_hard_error "$ld linked: $what"
          expect_failure
          expect_error "$(grep 'defined in discarded section' gnu.err |
                          head -1)"
        else
          [ $gs = 0 ] || t_hard_error "$ld failed: $what: $(cat gnu.err)"
          t_check "$what: links as with GNU ld" test "$T_STATUS" = 0
        fi
      done
    done
  done
  # What GNU ld lets pass: .sframe's references, and those of sections it
  # drops first (SHF_LINK_ORDER ones tied to the losing copy, which go
  # too; an unallocated section with relocations --gc-sections collects).
  t_write sf_win.s <<'EOF2'
  .section .text.g,"axG",%progbits,g,comdat
  .globl g
g: .cfi_startproc
  nop
  .cfi_endproc
  .text
  .globl _start
_start: .cfi_startproc
  nop
  .cfi_endproc
  .quad g
EOF2
  t_write sf_lose.s <<'EOF2'
  .section .text.g,"axG",%progbits,g,comdat
  .globl g
g: .cfi_startproc
  nop
  .cfi_endproc
lg: .byte 0
  .section __patchable_function_entries,"ao",%progbits,.text.g
  .quad lg
  .section .stack_sizes,"o",%progbits,.text.g
  .quad lg
  .section .mynote,"",%progbits
  .quad lg
EOF2
  $as --gsframe -o sf_win.o sf_win.s && $as --gsframe -o sf_lose.o sf_lose.s ||
    t_hard_error "$as --gsframe failed"
  $ld --gc-sections -o g.out sf_win.o sf_lose.o 2>gnu.err ||
    t_hard_error "$ld failed: $(cat gnu.err)"
  t_mld --gc-sections -o m.out sf_win.o sf_lose.o
  expect_success
  for x in g m; do
    readelf -SW $x.out | grep -oE ' (__patchable_function_entries|\.stack_sizes|\.mynote|\.sframe) ' |
      sort >$x.secs
  done
  t_same "$arch: .sframe, SHF_LINK_ORDER and collected references: the sections" g.secs m.secs
  $ld -o g.out sf_win.o sf_lose.o 2>gnu.err &&
    t_hard_error "$ld linked .mynote's reference without --gc-sections"
  t_mld -o m.out sf_win.o sf_lose.o
  expect_failure
  expect_error "$(grep 'defined in discarded section' gnu.err | head -1)"

  t_write nonalloc.s <<'EOF2'
  .section .foo,"ax",%progbits
foo: .byte 0
  .section .mynote,"",%progbits
  .quad foo
  .text
  .globl _start
_start: .byte 0
EOF2
  t_write nonalloc.t <<'EOF2'
SECTIONS { /DISCARD/ : { *(.foo) } .text : { *(.text) } .mynote 0 : { *(.mynote) } }
EOF2
  $as -o nonalloc.o nonalloc.s || t_hard_error "$as failed"
  $ld -T nonalloc.t -o g.out nonalloc.o 2>gnu.err &&
    t_hard_error "$ld linked: $arch /DISCARD/ from .mynote"
  t_mld -T nonalloc.t -o m.out nonalloc.o
  expect_failure
  expect_error "$(grep 'defined in discarded section' gnu.err | head -1)"

  # A named local of the losing copy that debugging information names,
  # twice from one file and once from another: GNU ld lists it again, in
  # the kept copy, after the file's locals and without an STT_FILE, and
  # the relocations name it (mld pointed -r's at the section symbol and
  # made -q's R_*_NONE).  Byte for byte with -r, -r -x and -r -X; with -q,
  # the same locals and relocations.
  # (The kept copy has the same size and defines the same symbols: bfd's
  # _bfd_elf_check_kept_section.)
  t_write dbg_win.s <<'EOF2'
  .section .text.g,"axG",%progbits,g,comdat
  .globl g
g: .byte 0
lg: .byte 0
lg2: .byte 0
  .text
  .globl _start
_start: .quad g
EOF2
  t_write dbg_lose.s <<'EOF2'
  .section .text.g,"axG",%progbits,g,comdat
  .globl g
g: .byte 0
lg: .byte 0
lg2: .byte 0
  .section .debug_info,"",%progbits
  .quad lg
  .quad .text.g + 1
  .quad lg2 + 4
  .section .debug_line,"",%progbits
  .quad lg
EOF2
  t_write dbg_other.s <<'EOF2'
  .section .text.g,"axG",%progbits,g,comdat
  .globl g
g: .byte 0
lg2: .byte 0
lg: .byte 0
  .section .debug_info,"",%progbits
  .quad lg
  .quad lg2
EOF2
  $as -o dbg_win.o dbg_win.s && $as -o dbg_lose.o dbg_lose.s &&
    $as -o dbg_other.o dbg_other.s || t_hard_error "$as failed"
  ins="dbg_win.o dbg_lose.o dbg_other.o"
  for mode in -r "-r -x" "-r -X"; do
    $ld $mode -o g.o $ins 2>gnu.err || t_hard_error "$ld $mode failed"
    t_mld $mode -o m.o $ins
    t_same "$arch $mode: locals of a lost copy named by debugging information" g.o m.o
  done
  for mode in "-q -static" "-q -static -x"; do
    $ld $mode -e _start -o g.out $ins 2>gnu.err ||
      t_hard_error "$ld $mode failed"
    t_mld $mode -e _start -o m.out $ins
    # (Not the relocations' symbol indexes: the globals' order differs
    # on AArch64, GNU's hash order.)
    for x in g m; do
      { readelf -rW $x.out | awk '$3 ~ /^R_/ {$2 = ""; print}';
        readelf -sW $x.out | awk '$8 ~ /^(lg|lg2)$/'; } >$x.rs
    done
    t_same "$arch $mode: locals of a lost copy named by debugging information" g.rs m.rs
  done
done
t_done
