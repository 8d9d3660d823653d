#!/bin/bash
if [ -z "${BASH_VERSION:-}" ]; then exec bash "$0" "$@"; fi
. "$(dirname "$0")/../lib.sh"
# The linker's .got named among input sections, as Trusted Firmware-A's
# scripts do (`.rodata : { *(.rodata*) __GOT_START__ = .; *(.got)
# __GOT_END__ = .; }'): mld refused the script outright.  A static link's
# .got is mostly empty: then the output is GNU ld's (every symbol's value
# and the section headers, on x86-64 and AArch64).  A .got with entries
# there is refused by name and size: mld cannot yet place it among input
# sections.

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
cat >a64got.s <<'ASM'
	.text
	.globl use_got
use_got: adrp x0, :got:foo
	ldr x0, [x0, :got_lo12:foo]
ASM

secs() { readelf -SW "$1" | sed -n 's/^ *\[ *[0-9]*\] \(\.[^ ]*\) *\([A-Z]*\) *\([0-9a-f]*\) [0-9a-f]* \([0-9a-f]*\) .*/\1 \2 \3 \4/p'; }

checked=0
for arch in x86_64 aarch64; do
    t_target $arch
    as=as src=x86.s
    [ $arch = aarch64 ] && as=aarch64-linux-gnu-as src=a64.s
    $as -o t.o $src || t_hard_error "$as failed"
    $ld -T t.ld -o gnu.out t.o 2>/dev/null || t_hard_error "GNU ld failed"
    t_mld -T t.ld -o mld.out t.o --no-warn-rwx-segments
    nm gnu.out | sort >gnu.syms
    nm mld.out | sort >mld.syms
    if [ "$T_STATUS" != 0 ]; then
        t_fail "$arch empty .got: mld failed: $(head -1 stderr.txt)"
    elif ! cmp -s gnu.syms mld.syms; then
        t_fail "$arch empty .got: symbols differ: $(diff gnu.syms mld.syms | tr '\n' ' ')"
    elif ! diff <(secs gnu.out) <(secs mld.out) >d.txt; then
        t_fail "$arch empty .got: sections differ: $(tr '\n' ' ' <d.txt)"
    else
        t_pass "$arch empty .got among .rodata's inputs: GNU ld's output"
    fi
    checked=$((checked + 1))
done
[ $checked = 2 ] || t_fail "only $checked of 2 architectures checked"

# A .got with an entry, among input sections: refused, by name and size.
aarch64-linux-gnu-as -o got.o a64got.s || t_hard_error "as failed"
t_mld -T t.ld -o x.out t.o got.o
expect_failure
expect_error "t.ld:4: output section .rodata holds input sections and the linker's .got (0x10 bytes)"
expect_no_file x.out
t_done
