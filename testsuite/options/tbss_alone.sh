#!/bin/bash
if [ -z "${BASH_VERSION:-}" ]; then exec bash "$0" "$@"; fi
. "$(dirname "$0")/../lib.sh"
# A .tbss with nothing writable beside it is in no PT_LOAD: its file
# offset (and PT_TLS's) is where the file has got to, at the section's
# alignment, as bfd places it, so that objcopy leaves the program
# headers as they are (GNU's ld-elf "objcopy ... (tbss2/tbss3)").  mld
# kept the offset an earlier layout pass had given it (0x70 further on:
# two program headers fewer were estimated) and did not align it.  On
# x86-64 and AArch64, for the page-size and separate-code options of
# GNU's tests: the program headers and section headers (not the string
# tables') against GNU ld's, and unchanged by objcopy.
for align in 0 10; do
    cat >tbss$align.s <<ASM
	.globl _start
	.text
_start:
	.byte 0
	.section .tbss,"awT",%nobits
	.p2align $align
tbss:
	.zero 1024
ASM
done

hdrs() {
    readelf -lW "$1" | sed -n '/^Program Headers/,/^$/p'
    readelf -SW "$1" | sed -n 's/^ *\[ *[0-9]*\] //p' | grep -v strtab
}

checked=0
for arch in x86_64 aarch64; do
    t_target $arch
    oc=objcopy
    [ $arch = aarch64 ] && oc=aarch64-linux-gnu-objcopy
    command -v $oc >/dev/null || t_skip "$oc is not installed"
    for align in 0 10; do
        $as -o tbss$align.o tbss$align.s || t_hard_error "$as failed"
        while read -r opts; do
            # shellcheck disable=SC2086
            $ld -o gnu.out $opts -z stack-size=0 tbss$align.o 2>gnu.log ||
                t_hard_error "GNU ld failed: $(head -1 gnu.log)"
            # shellcheck disable=SC2086
            t_mld -o mld.out $opts -z stack-size=0 tbss$align.o
            cp mld.out copied.out && $oc copied.out ||
                t_hard_error "$oc failed"
            what="$arch .p2align $align $opts"
            if [ "$T_STATUS" != 0 ]; then
                t_fail "$what: mld failed: $(head -1 stderr.txt)"
            elif ! diff <(hdrs gnu.out) <(hdrs mld.out) >d.txt; then
                t_fail "$what: headers differ: $(tr '\n' ' ' <d.txt)"
            elif ! cmp -s <(hdrs mld.out) <(hdrs copied.out); then
                t_fail "$what: objcopy moves the sections"
            else
                t_pass "$what: GNU ld's headers, kept by objcopy"
            fi
        done <<'OPTS'
-z noseparate-code
-z separate-code
-z relro
-z max-page-size=0x100000
-z max-page-size=0x100000 -z common-page-size=0x1000
OPTS
    done
    checked=$((checked + 1))
done
[ $checked = 2 ] || t_fail "only $checked of 2 architectures checked"
t_done
