#!/bin/bash
if [ -z "${BASH_VERSION:-}" ]; then exec bash "$0" "$@"; fi
. "$(dirname "$0")/../lib.sh"
# Text relocations in a static PIE: an absolute address in a read-only
# section (Trusted Firmware-A's `ldr x0, =pie_fixup' in its PIE BL31).
# GNU ld gives it an R_*_RELATIVE in .rela.dyn with DT_TEXTREL and
# DF_TEXTREL; mld refused the link.  On x86-64 and AArch64, against GNU
# ld, with no option, -z notext, --warn-textrel, -z text and -z now: the
# exit status, the messages (x86-64 warns unless -z notext; -z text is
# an error; an IFUNC resolved there, another warning), the dynamic tags,
# the relocations and the code's bytes.

# Against a global symbol and a local one (and, in g-*.s, the global one
# alone); unwind information, so that .eh_frame is not empty.
cat >x86.s <<'ASM'
	.text
	.globl _start
_start:	.cfi_startproc
	ret
	.cfi_endproc
	.quad _start + 8
	.section .text.more,"ax"
here:	.quad here
	.data
	.quad _start
ASM
cat >a64.s <<'ASM'
	.section .text.asm.entry,"ax"
	.globl _start
_start:
	.cfi_startproc
	ldr x0, =_start
	ldr x1, =here
	ret
	.cfi_endproc
	.ltorg
here:	.quad 0
ASM

# x86-64: an IFUNC's address in .text, which the start-up code resolves
# (an IRELATIVE) while the text is read-only: GNU ld warns of it
# whenever it makes DT_TEXTREL, -z notext too (its pr18801a,
# ifunc-textrel-1a).
cat >ifunc-x86.s <<'ASM'
	.text
	.type selector, %gnu_indirect_function
foo:	ret
selector:
	movabs $foo, %rax
	ret
	.globl _start
_start:
	movabs $selector, %rax
	call *%rax
	ret
ASM

sed '/here/d; /text.more/d' x86.s >g-x86.s
sed '/here/d' a64.s >g-a64.s
# AArch64: 64-bit addresses of absolute symbols in .text, for which GNU
# ld reserves R_AARCH64_NONE entries, text relocations too (its
# ld-aarch64/pr20402; mld made none).
cat >abs-a64.s <<'ASM'
	.text
	.globl _start, foo, bar
	.hidden foo
_start:	.xword foo
	.xword bar
	foo = 1
	bar = 2
ASM

# shape FILE: the dynamic tags, the relocations and .text, or nothing
shape() {
    [ -f "$1" ] || return 0
    readelf -dW "$1" | sed -n 's/^ *0x[0-9a-f]* (\([A-Z_0-9]*\)) *\(.*\)/\1 \2/p'
    readelf -rW "$1" | sed -n 's/^\([0-9a-f]\{12,\}\) *[0-9a-f]* *\([A-Z_0-9]*\) *\(.*\)/\1 \2 \3/p'
    readelf -x .text "$1" 2>/dev/null | sed -n 's/^  0x/0x/p'
}
# The messages without the linker's name.
words() { sed 's/^[^ :]*: //; s/^warning: //' "$1"; }

checked=0
for arch in x86_64 aarch64; do
    t_target $arch
    as=as src=x86.s
    [ $arch = aarch64 ] && as=aarch64-linux-gnu-as src=a64.s
    srcs="$src g-$src"
    [ $arch = aarch64 ] && srcs="$srcs abs-a64.s"
    [ $arch = x86_64 ] && srcs="$srcs ifunc-x86.s"
    for src in $srcs; do
    $as -o t.o $src || t_hard_error "$as failed"
    for opts in "" "-z notext" "--warn-textrel" "-z text" "-z now" \
                "-z text -z notext"; do
        rm -f gnu.out mld.out
        $ld -pie --no-dynamic-linker -static $opts -o gnu.out t.o 2>gnu.err
        gs=$?
        t_mld -pie --no-dynamic-linker -static $opts -o mld.out t.o
        what="$arch $src ${opts:-(no option)}"
        if [ "$gs" != 0 ] && [ -s gnu.out ]; then
            t_hard_error "$what: GNU ld failed and wrote its output"
        elif [ $((gs != 0)) != $((T_STATUS != 0)) ]; then
            t_fail "$what: exit $T_STATUS, GNU ld's $gs: $(head -1 stderr.txt)"
        elif ! diff <(words gnu.err) <(words stderr.txt) >d.txt; then
            t_fail "$what: messages differ: $(tr '\n' ' ' <d.txt)"
        elif ! diff <(shape gnu.out) <(shape mld.out) >d.txt; then
            t_fail "$what: output differs: $(head -6 d.txt | tr '\n' ' ')"
        else
            t_pass "$what: exit $gs, GNU ld's messages and output"
        fi
    done
    done
    checked=$((checked + 1))
done
[ $checked = 2 ] || t_fail "only $checked of 2 architectures checked"
t_done
