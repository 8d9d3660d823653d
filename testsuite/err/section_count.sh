#!/bin/bash
if [ -z "${BASH_VERSION:-}" ]; then exec bash "$0" "$@"; fi
. "$(dirname "$0")/../lib.sh"
# Tens of thousands of orphan sections (GNU's ld-elf/64ksec links 66,000
# .foo.N): each its own output section, as in GNU ld, with and without a
# -T script (mld looked each name up by walking every chunk: 20 s for
# 65,000 orphans; then sized .symtab walking every section for each
# symbol: 17 s for 64ksec's).  From 65,279 sections on, an executable needs
# extended section numbering (e_shnum 0, SHN_XINDEX, .symtab_shndx): mld
# wrote the count wrapped (65,304 sections became 469 headers, names
# corrupt), then refused; now it writes them as GNU ld does.  On x86-64
# and AArch64: the section names in order, the symbols with their section
# indexes (through .symtab_shndx) and the header count against GNU ld's;
# a static PIE, whose .dynsym cannot name such sections, is refused.
gen() {  # gen N: N sections .foo.1 ... .foo.N, a global in each, _start
    cat <<ASM
 .altmacro
 .macro sec n
  .section .foo.\n,"ax"
  .globl foo_\n
foo_\n: .byte 0
 .endm
 n = 0
 .rept $1
  n = n + 1
  sec %(n)
 .endr
 .text
 .globl _start
_start: .byte 0
ASM
}
gen 65200 >many.s
gen 65300 >toomany.s
printf 'SECTIONS { .text : { *(.text) } }\n' >text.ld

checked=0
for arch in x86_64 aarch64; do
    t_target $arch
    $as -o many.o many.s && $as -o toomany.o toomany.s ||
        t_hard_error "$as failed"
    for obj in many.o toomany.o; do
      for how in "" "-T text.ld"; do
        # shellcheck disable=SC2086
        $ld $how -o gnu.out $obj >gnu.log 2>&1 || t_hard_error "GNU ld: $(head -1 gnu.log)"
        # A symbol in each: .symtab's sizing walked every section for
        # each of them (17 s for GNU's 64ksec); the guard is for a hang.
        # shellcheck disable=SC2086
        t_run timeout 120 "$MLD" $how -o mld.out $obj
        what="$arch $obj ${how:-default layout}"
        t_section_names gnu.out >gnu.names
        t_section_names mld.out >mld.names
        for x in gnu mld; do
          readelf -sW $x.out 2>&1 | awk 'NR > 3 { $1 = ""; print }' |
            sort >$x.syms
          readelf -hW $x.out | grep -E 'Number of section headers|string table index' >$x.hdr
        done
        t_same "$what: the symbols and their sections" gnu.syms mld.syms
        t_same "$what: the header's counts" gnu.hdr mld.hdr
        if [ "$T_STATUS" != 0 ]; then
            t_fail "$what: mld failed: $(head -1 stderr.txt)"
        elif ! cmp -s gnu.names mld.names; then
            t_fail "$what: sections differ: $(diff gnu.names mld.names | head -4 | tr '\n' ' ')"
        else
            t_pass "$what: GNU ld's $(wc -l <gnu.names) sections"
        fi
      done
    done
    t_mld -pie --no-dynamic-linker -o toomany.out toomany.o
    expect_failure
    expect_error "output sections: more than 65278 in a static PIE"
    expect_no_file toomany.out
    checked=$((checked + 1))
done
[ $checked = 2 ] || t_fail "only $checked of 2 architectures checked"
t_done
