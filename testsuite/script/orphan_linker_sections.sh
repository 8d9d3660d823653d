#!/bin/bash
if [ -z "${BASH_VERSION:-}" ]; then exec bash "$0" "$@"; fi
. "$(dirname "$0")/../lib.sh"
# Where a -T script that names neither puts the linker's own sections
# (.got, .got.plt, a PIE's .dynamic, ...): GNU ld makes them in one input
# file (bfd's dynobj) and places orphans file by file, so they come
# right after that file's own orphans.  The file is the first input on
# x86-64 (or the one whose property note is kept) and in a PIE; on
# AArch64 the first whose relocations need them (a GOT load, a call to
# a global).  mld placed them after every input's orphans, so .data of
# later files came before .got (OP-TEE's all_objs link).  Both targets,
# three input orders: the section headers as GNU ld's.
t_write a.s <<'SRC'
	.text
	.globl _start
_start:	ret
	.section .data.a,"aw"
	.quad 1
SRC
t_write b_x86_64.s <<'SRC'
	.text
	.globl fb
fb:	movq var@GOTPCREL(%rip), %rax
	ret
	.section .data.b,"aw"
	.globl var
var:	.quad 2
SRC
t_write b_aarch64.s <<'SRC'
	.text
	.globl fb
fb:	adrp x0, :got:var
	ldr x0, [x0, :got_lo12:var]
	ret
	.section .data.b,"aw"
	.globl var
var:	.quad 2
SRC
t_write c.s <<'SRC'
	.section .data.c,"aw"
	.quad 3
SRC
t_write s.ld <<'LD'
SECTIONS { .text : { *(.text) } }
LD

for arch in x86_64 aarch64; do
    t_target $arch
    $as a.s -o a.o && $as c.s -o c.o || t_hard_error "$arch: $as failed"
    # x86-64: a GOT load that stays one (no GOTPCRELX, --no-relax)
    opt=
    [ $arch = x86_64 ] && opt=-mrelax-relocations=no
    $as $opt b_$arch.s -o b.o || t_hard_error "$arch: $as b_$arch.s"
    # (A PIE's .rela.dyn GNU ld places after the hash tables, mld before
    # the dynamic symbols: not yet matched, so no PIE here.)
    for how in "--no-relax"; do
        for order in "a b c" "b a c" "c a b"; do
            files=$(for x in $order; do printf '%s.o ' $x; done)
            # shellcheck disable=SC2086
            $ld $how -T s.ld $files -o gnu.exe 2>/dev/null ||
                t_hard_error "$arch: GNU ld $how ($order)"
            # shellcheck disable=SC2086
            t_mld $how -T s.ld $files -o mld.exe --no-warn-rwx-segments
            t_section_headers gnu.exe > gnu.txt
            t_section_headers mld.exe > mld.txt
            t_same "$arch: $how, files $order" gnu.txt mld.txt \
                "$(cut -d' ' -f1 mld.txt | grep '^\.[dg]' | tr '\n' ' ')"
        done
    done
done
t_done
