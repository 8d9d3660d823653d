#!/bin/bash
if [ -z "${BASH_VERSION:-}" ]; then exec bash "$0" "$@"; fi
. "$(dirname "$0")/../lib.sh"
# The linker's .got named among input sections, as Trusted Firmware-A's
# scripts do (`.rodata : { *(.rodata*) __GOT_START__ = .; *(.got)
# __GOT_END__ = .; }'): mld refused the script outright.  It is laid out
# there as GNU ld lays out its own .got input, empty (GNU ld's x86-64
# always makes one) or with entries, in a static executable and in a
# static PIE (entries relocated by .rela.dyn).  On x86-64 and AArch64,
# against GNU ld: every symbol's value, the section headers, the
# sections' bytes and the dynamic relocations.  Then .got and .got.plt
# in one statement, either first.

cat >t.ld <<'LD'
SECTIONS {
  . = 0x10000;
  .text : { *(.text*) }
  .rodata : {
    *(.rodata*)
    . = ALIGN(8);
    __GOT_START__ = .;
    *(.got)
    __GOT_END__ = .;
  }
  .data : { *(.data*) }
  /DISCARD/ : { *(.note.GNU-stack) }
}
LD
# A PIE's script as Trusted Firmware-A's: .rela.dyn placed, the symbol
# tables and hash tables discarded, .dynamic an orphan.
sed 's|^  /DISCARD/ : { \(.*\) }|  .rela.dyn : ALIGN(8) { __RELA_START__ = .; *(.rela*) __RELA_END__ = .; }\
  /DISCARD/ : { \1 *(.dynsym .dynstr .hash .gnu.hash) }|' t.ld >pie.ld
grep -q __RELA_START__ pie.ld || t_hard_error "pie.ld not made"
# .got and .got.plt in one statement, in either order (GNU ld's
# ld-aarch64/relocs.ld; mld refused: "output section .got holds the
# linker's .got and .got.plt").
cat >j1.ld <<'LD'
SECTIONS {
  . = 0x10000;
  .text : { *(.text*) }
  .rodata : { *(.rodata*) }
  . = 0x20000;
  .got : { *(.got) *(.got.plt) }
  .data : { *(.data*) }
  /DISCARD/ : { *(.note.GNU-stack) }
}
LD
sed 's/{ \*(.got) \*(.got.plt) }/{ *(.got.plt) *(.got) }/' j1.ld >j2.ld
grep -q 'got.plt) \*(.got) }' j2.ld || t_hard_error "j2.ld not made"
cat >x86.s <<'ASM'
	.text
	.globl _start
_start:	movq foo@GOTPCREL(%rip), %rax
	.section .rodata.x,"a"
	.byte 1
	.data
	.globl foo
foo:	.quad 1
ASM
cat >a64.s <<'ASM'
	.text
	.globl _start
_start:	adrp x0, foo
	add x0, x0, :lo12:foo
	.section .rodata.x,"a"
	.byte 1
	.data
	.globl foo
foo:	.quad 1
ASM
cat >x86got.s <<'ASM'
	.text
	.globl use_got
use_got: movq foo@GOTPCREL(%rip), %rax
ASM
cat >a64got.s <<'ASM'
	.text
	.globl use_got
use_got: adrp x0, :got:foo
	ldr x0, [x0, :got_lo12:foo]
ASM

# The allocated sections: name, type, address, size, flags, alignment.
secs() { readelf -SW "$1" | sed -n 's/^ *\[ *[0-9]*\] \(\.[^ ]*\) *\([A-Z]*\) *\([0-9a-f]*\) [0-9a-f]* \([0-9a-f]*\) [0-9a-f]* *\([A-Z]*A[A-Z]*\) .* \([0-9]*\)$/\1 \2 \3 \4 \5 \6/p'; }

# same WHAT: gnu.out and mld.out agree
same() {
    nm gnu.out | sort >gnu.syms
    nm mld.out | sort >mld.syms
    if [ "$T_STATUS" != 0 ]; then
        t_fail "$arch $1: mld failed: $(head -1 stderr.txt)"
    elif ! cmp -s gnu.syms mld.syms; then
        t_fail "$arch $1: symbols differ: $(diff gnu.syms mld.syms | tr '\n' ' ')"
    elif [ -z "$(secs gnu.out)" ]; then
        t_hard_error "$arch $1: no sections read from GNU ld's output"
    elif ! diff <(secs gnu.out) <(secs mld.out) >d.txt; then
        t_fail "$arch $1: sections differ: $(tr '\n' ' ' <d.txt)"
    elif ! cmp -s <(objdump -s gnu.out | tail -n +3) \
                  <(objdump -s mld.out | tail -n +3); then
        t_fail "$arch $1: contents differ"
    elif ! cmp -s <(readelf -rW gnu.out) <(readelf -rW mld.out); then
        t_fail "$arch $1: dynamic relocations differ"
    elif ! cmp -s <(readelf -dW gnu.out) <(readelf -dW mld.out); then
        t_fail "$arch $1: dynamic tags differ: $(diff <(readelf -dW gnu.out) <(readelf -dW mld.out) | tr '\n' ' ')"
    else
        t_pass "$arch $1: GNU ld's output"
    fi
}

checked=0
for arch in x86_64 aarch64; do
    t_target $arch
    as="as -mrelax-relocations=no" src=x86.s got=x86got.s
    [ $arch = aarch64 ] && as=aarch64-linux-gnu-as src=a64.s got=a64got.s
    $as -o t.o $src && $as -o got.o $got || t_hard_error "$as failed"
    for how in "-T t.ld t.o" "-T t.ld t.o got.o" \
               "-T pie.ld -pie --no-dynamic-linker t.o got.o" \
               "-T j1.ld t.o got.o" "-T j2.ld t.o got.o" \
               "-T j1.ld -pie --no-dynamic-linker t.o got.o"; do
        rm -f gnu.out mld.out
        $ld -o gnu.out $how 2>/dev/null || t_hard_error "GNU ld failed"
        t_mld -o mld.out $how --no-warn-rwx-segments
        case $how in
            "-T t.ld t.o") same "empty .got among .rodata's inputs" ;;
            "-T j1.ld t.o got.o") same ".got and .got.plt in .got" ;;
            "-T j2.ld t.o got.o") same ".got.plt and .got in .got" ;;
            "-T j1.ld -pie"*) same "PIE, .got and .got.plt in .got" ;;
            *-pie*) same "PIE, .got with an entry among .rodata's inputs" ;;
            *) same ".got with an entry among .rodata's inputs" ;;
        esac
    done
    checked=$((checked + 1))
done
[ $checked = 2 ] || t_fail "only $checked of 2 architectures checked"
t_done
