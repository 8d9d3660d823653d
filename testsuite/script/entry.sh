#!/bin/bash
if [ -z "${BASH_VERSION:-}" ]; then exec bash "$0" "$@"; fi
. "$(dirname "$0")/../lib.sh"
# The entry point with -T: a script without ENTRY asks for none, and the
# entry is then GNU ld's own default, "start" (not _start), or silently
# the start of .text (ldlang.c's lang_end); -e, ENTRY(SYM) and the
# default layout's ENTRY(_start) ask,
# and a missing symbol is GNU ld's warning, "defaulting to" the start of
# .text or, without .text, "not setting start address".  x86-64 and
# AArch64: the entry addresses and the warnings, against GNU ld; with an
# archive, the members the entry symbol pulls.
t_need_ld_bfd_x86_64
t_write nf.c <<'SRC'
int value = 1;
void foo(void) { value++; }
SRC
t_write st.c <<'SRC'
int value = 1;
void foo(void) { value++; }
void _start(void) { foo(); }
void start(void) { foo(); }
SRC
printf 'SECTIONS { .text 0x400000 : { *(.text) } .data : { *(.data) } }\n' >noentry.ld
printf 'ENTRY(missing)\nSECTIONS { .text 0x400000 : { *(.text) } .data : { *(.data) } }\n' >entry.ld
printf 'SECTIONS { .data 0x400000 : { *(.data) } /DISCARD/ : { *(.text) } }\n' >notext.ld

checked=0
for arch in x86_64 aarch64; do
    t_target $arch
    for f in nf st; do
        $cc -c -O1 -fno-asynchronous-unwind-tables -o $f.$arch.o $f.c ||
            t_hard_error "$cc failed"
    done
    while read -r obj args; do
        # shellcheck disable=SC2086
        $ld $args -o gnu.out $obj.$arch.o 2>gnu.err
        gs=$?
        # shellcheck disable=SC2086
        t_mld $args -o mld.out $obj.$arch.o
        sed -n 's/gnu\.out/OUT/; s/^[^:]*: warning: /warning: /p' gnu.err >gnu.w
        sed -n 's/mld\.out/OUT/; s/^mld: warning: /warning: /p' stderr.txt >mld.w
        g=$(readelf -h gnu.out 2>/dev/null | sed -n 's/.*Entry point address: *//p')
        m=$(readelf -h mld.out 2>/dev/null | sed -n 's/.*Entry point address: *//p')
        if [ $gs != "$T_STATUS" ] || [ "$g" != "$m" ]; then
            t_fail "$arch $obj $args: GNU ld status $gs entry $g, mld status $T_STATUS entry $m"
        elif ! cmp -s gnu.w mld.w; then
            t_fail "$arch $obj $args: warnings differ: GNU ld [$(cat gnu.w)] mld [$(cat mld.w)]"
        else
            t_pass "$arch $obj $args: entry $g, warnings as GNU ld's ($(wc -l <gnu.w))"
        fi
    done <<'CASES'
nf -T noentry.ld
st -T noentry.ld
nf -T entry.ld
st -T entry.ld
nf -T noentry.ld -e foo
nf -T noentry.ld -e gone
nf -T notext.ld
nf -T notext.ld -e gone
nf -e gone
nf
st
st --gc-sections -T noentry.ld
CASES
    # The entry symbol is undefined from the start, like -u: a -T script's
    # ENTRY pulls the archive member defining it and a PROVIDE of it is
    # used (GNU's ld-elf/attributes); a script without ENTRY pulls no
    # _start (mld pulled _start's member, not ENTRY's, and left a PROVIDEd
    # entry undefined).
    printf 'void _start(void) { }\n' >s.c
    printf 'void ent(void) { }\n' >e.c
    $cc -c -O1 -o s.$arch.o s.c && $cc -c -O1 -o e.$arch.o e.c ||
        t_hard_error "$cc failed"
    rm -f ent.$arch.a && ar rc ent.$arch.a s.$arch.o e.$arch.o
    printf 'ENTRY(ent)\nSECTIONS { .text 0x400000 : { *(.text) } }\n' >ent.ld
    printf 'PROVIDE(__start = foo);\nENTRY(__start)\nSECTIONS { .text 0x400000 : { *(.text) } }\n' >prov.ld
    # -r: only -e's symbol is undefined from the start (no _start).
    t_mld -r -o r.o nf.$arch.o ent.$arch.a
    $ld -r -o gnu-r.o nf.$arch.o ent.$arch.a 2>gnu.err
    if [ "$T_STATUS" = 0 ] && cmp -s <(nm gnu-r.o) <(nm r.o); then
        t_pass "$arch archive -r: no member pulled, as GNU ld"
    else
        t_fail "$arch archive -r: $(diff <(nm gnu-r.o) <(nm r.o 2>&1) | tr '\n' ' ')"
    fi
    for args in "-T noentry.ld" "-T ent.ld" "-T prov.ld"; do
        # shellcheck disable=SC2086
        $ld $args -o gnu.out nf.$arch.o ent.$arch.a 2>gnu.err
        # shellcheck disable=SC2086
        t_mld $args -o mld.out nf.$arch.o ent.$arch.a
        syms() { nm "$1" | awk '$2 != "U" {print $2, $3}' | sort; }
        g=$(readelf -h gnu.out 2>/dev/null | sed -n 's/.*Entry point address: *//p')
        m=$(readelf -h mld.out 2>/dev/null | sed -n 's/.*Entry point address: *//p')
        if [ "$T_STATUS" != 0 ] || [ "$g" != "$m" ]; then
            t_fail "$arch archive $args: mld status $T_STATUS entry $m, GNU ld's $g"
        elif ! cmp -s <(syms gnu.out) <(syms mld.out); then
            t_fail "$arch archive $args: symbols differ: $(diff <(syms gnu.out) <(syms mld.out) | tr '\n' ' ')"
        elif [ -n "$(nm -u mld.out)" ]; then
            t_fail "$arch archive $args: undefined symbols left: $(nm -u mld.out | tr '\n' ' ')"
        else
            t_pass "$arch archive $args: entry $g, GNU ld's members and symbols"
        fi
    done
    checked=$((checked + 1))
done
[ $checked = 2 ] || t_fail "only $checked of 2 architectures checked"
t_done
