#!/bin/bash
if [ -z "${BASH_VERSION:-}" ]; then exec bash "$0" "$@"; fi
. "$(dirname "$0")/../lib.sh"
# x86-64 GOT loads relaxed as GNU ld's elf_x86_64_convert_load_reloc
# relaxes them: when it scans relocations, before any address is known.
# So an executable that is not position-independent gets mov $foo (not
# a lea) whatever the address; test, cmp and the other binary operations
# get their immediate forms with 32-bit registers and REX prefixes
# without REX.W too; and a relaxed form that then overflows is GNU ld's
# error "failed to convert GOTPCREL relocation against 'foo'; relink
# with --no-relax", not a kept GOT load.  An immediate keeps its GOT load
# only when the value GNU ld checks (an absolute symbol's, a constant
# --defsym's or script assignment's) does not fit.  mld chose by the
# final address, kept the GOT load of 32-bit operations and reported
# overflows as "relocation truncated to fit" (GNU's ld-x86-64/pr19609-*).
# Every form, against each kind of symbol, three layouts, with and
# without --no-relax and -mrelax-relocations, non-PIE and static PIE:
# the code bytes, or the errors, against GNU ld.  One exception, which
# mld keeps on purpose: in a PIE, GNU ld makes PC-relative forms of
# absolute symbols (wrong once the PIE is moved), mld keeps an immediate
# or the GOT load; those links are only checked to keep no lea/call/jmp.
t_need_ld_bfd_x86_64
forms='movq SYM@GOTPCREL(%rip), %rax
movl SYM@GOTPCREL(%rip), %ecx
movq SYM@GOTPCREL(%rip), %r11
movl SYM@GOTPCREL(%rip), %r12d
call *SYM@GOTPCREL(%rip)
jmp *SYM@GOTPCREL(%rip)
cmpq SYM@GOTPCREL(%rip), %rax
cmpl SYM@GOTPCREL(%rip), %ecx
cmpl SYM@GOTPCREL(%rip), %r12d
testq %rax, SYM@GOTPCREL(%rip)
testl %ecx, SYM@GOTPCREL(%rip)
addq SYM@GOTPCREL(%rip), %r11
subl SYM@GOTPCREL(%rip), %r9d
xorl SYM@GOTPCREL(%rip), %eax'
printf 'SECTIONS { . = 0x400000; .text : { *(.text) } .data : { *(.data) }\n  scr = 0x80000000; }\n' >s.t
errs() {  # the relocation errors, place and words, of a link's output
    grep -oE '\(\.text\+0x[0-9a-f]+\): (failed to convert GOTPCREL relocation against .[a-z_]+.|relocation truncated to fit: R_X86_64_[A-Z0-9_]+)' "$1" | sort
}
code() {
    objdump -dw "$1" | sed -n '/<_start>:/,$p' | cut -f2-3 | sed 's/ *#.*//'
}
same=0 pie_kept=0
for sym in loc lloc weakund ds_small ds_big ds_neg oabs_big scr; do
    case $sym in
    loc) def='.data; .globl loc; loc: .quad 1'; extra= ;;
    lloc) def='.data; .quad 0; lloc: .quad 1'; extra= ;;
    weakund) def='.weak weakund'; extra= ;;
    ds_small) def=; extra='--defsym ds_small=0x1234' ;;
    ds_big) def=; extra='--defsym ds_big=0x80000000' ;;
    ds_neg) def=; extra='--defsym ds_neg=0xffffffff81000000' ;;
    oabs_big) def='.globl oabs_big; .set oabs_big, 0x80000000'; extra= ;;
    scr) def=; extra='-T s.t' ;;
    esac
    { echo '.text; .globl _start; _start:'; echo "${forms//SYM/$sym}"; echo "$def"; } >$sym.s
    for relax in yes no; do
        as --64 -mrelax-relocations=$relax -o $sym.$relax.o $sym.s ||
            t_hard_error "as failed"
        for layout in "" "-Tdata=0xa0000000" "-Ttext=0x80000000"; do
            for opts in "" "--no-relax" "-pie --no-dynamic-linker"; do
                # (-Tdata with a script moves GNU ld's .got, an orphan,
                # there; not this test's matter.)
                [ $sym = scr ] && [ -n "$layout" ] && continue
                what="$sym, -mrelax-relocations=$relax, ${layout:-default layout}, ${opts:-no option}"
                ld.bfd $layout $opts $extra -o g.out $sym.$relax.o >g.err 2>&1; gs=$?
                "$MLD" $layout $opts $extra -o m.out $sym.$relax.o >m.err 2>&1; ms=$?
                if [ "$opts" = "-pie --no-dynamic-linker" ] && [[ $sym = ds_* || $sym = oabs_* || $sym = scr ]]; then
                    if [ "$ms" = 0 ] && ! code m.out | grep -qE 'lea|^67 e8|^e9 '; then
                        pie_kept=$((pie_kept + 1))
                    else
                        t_fail "$what: a PIE's PC-relative form of an absolute symbol"
                    fi
                    continue
                fi
                if [ $gs != 0 ] || [ "$ms" != 0 ]; then
                    errs g.err >g.e; errs m.err >m.e
                    if [ $gs != 0 ] && [ "$ms" != 0 ] && [ -s g.e ] && cmp -s g.e m.e; then
                        same=$((same + 1))
                    else
                        t_fail "$what: GNU ld status $gs [$(cat g.e)], mld $ms [$(cat m.e)]"
                    fi
                    continue
                fi
                code g.out >g.code; code m.out >m.code
                if cmp -s g.code m.code; then
                    same=$((same + 1))
                else
                    t_fail "$what: not GNU ld's code"; diff g.code m.code | head -6
                fi
            done
        done
    done
done
# What the scan decides and what is applied agree even for linker symbols
# whose value layout settles: a --defsym of another symbol and a constant
# assigned inside an output section (relative to it) are relaxed, and
# overflow in GNU ld's words as in GNU ld; a script's top-level constant
# in a PIE keeps its call's GOT load, which must then exist.
printf '.text\n.globl _start\n_start:\n movl foo@GOTPCREL(%%rip), %%ecx\n call *foo@GOTPCREL(%%rip)\n' >late.s
as -mrelax-relocations=yes -o late.o late.s || t_hard_error "as failed"
printf 'SECTIONS { . = 0x400000; .text : { *(.text) } . = 0x200000000; .data : { foo = 0x10; *(.data) } }\n' >in.t
for opts in "--defsym bar=0x100000000 --defsym foo=bar" "-T in.t"; do
    ld.bfd $opts -o g.out late.o >g.err 2>&1 && t_hard_error "GNU ld linked [$opts]"
    t_mld $opts -o m.out late.o
    expect_failure
    expect_error "failed to convert GOTPCREL relocation against 'foo'"
done
printf 'foo = 0x1000;\nSECTIONS { .text : { *(.text) } }\n' >pie.t
t_mld -pie --no-dynamic-linker -T pie.t -o m.out late.o
expect_success
if code m.out | grep -q '^ff 15' && readelf -SW m.out | grep -q ' \.got '; then
    t_pass "a PIE's call of a script constant through a GOT entry it has"
else
    t_fail "a PIE's call of a script constant: $(code m.out | tr '\n' ' ')"
fi
[ $same -gt 100 ] && t_pass "$same links: the code or the errors as GNU ld's" ||
    t_fail "only $same links as GNU ld's"
[ $pie_kept = 26 ] && t_pass "26 PIE links keep absolute symbols' immediates or GOT loads" ||
    t_fail "$pie_kept of 26 PIE links with absolute symbols checked"
t_done
