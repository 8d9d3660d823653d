#!/bin/bash
if [ -z "${BASH_VERSION:-}" ]; then exec bash "$0" "$@"; fi
. "$(dirname "$0")/../lib.sh"
# -pie without --no-dynamic-linker (U-Boot's final link, TF-A's PIE
# BL31, GNU ld's ld-pie tests): with no shared object among the inputs
# GNU ld writes the static PIE with a program interpreter, PT_PHDR and
# PT_INTERP first, .interp the first section (the -dynamic-linker path
# or the target's default).  A script may discard .interp and the
# dynamic-symbol sections (U-Boot keeps only .rela.dyn).  A shared
# object is still refused.  Also .dynamic's size: the tags, DT_NULL and
# the spare tags, DT_RELACOUNT taking a spare one's room (GNU ld).
# On x86-64 and AArch64, against GNU ld: the program headers (type,
# offset, addresses, sizes, flags), the sections and .dynamic.

t_write p.c <<'SRC'
int value = 40;
int *ptr = &value;            /* a relative relocation */
int get(void) { return value + 2; }   /* runs unrelocated */
SRC
{
    printf 'extern int get(void);\n'
    t_exit_start 'get()'
} >start.c
cat >uboot.ld <<'LD'
SECTIONS {
  . = 0x10000;
  .text : { *(.text .text.*) }
  .rodata : { *(.rodata .rodata.*) }
  .data : { *(.data .data.*) }
  .got : { *(.got) }
  .got.plt : { *(.got.plt) }
  .rela.dyn : { *(.rela.*) }
  .bss : { *(.bss .bss.*) }
  /DISCARD/ : { *(.dynsym) *(.dynstr*) *(.dynamic*) *(.plt*) *(.interp*)
                *(.gnu*) *(.hash) *(.comment) *(.note.*) *(.eh_frame) }
}
LD

headers() {   # the program headers, without the mapping
    readelf -lW "$1" | sed -n '/^  Type/,/^$/p' | grep -v '^\s*$'
    readelf -pW .interp "$1" 2>/dev/null | sed -n 's/.*\]  *//p'
}

same() {   # same NAME ARGS...: GNU ld and mld agree on ARGS
    local name=$1
    shift
    $ld "$@" -o gnu.out >gnu.log 2>&1
    local gs=$?
    t_mld "$@" -o mld.out
    if [ $gs != 0 ]; then
        t_fail "$arch $name: GNU ld failed: $(head -2 gnu.log)"
        return
    fi
    if [ "$T_STATUS" != 0 ]; then
        t_fail "$arch $name: mld failed: $(head -2 stderr.txt)"
        return
    fi
    headers gnu.out >gnu.h
    headers mld.out >mld.h
    t_section_names gnu.out >gnu.s
    t_section_names mld.out >mld.s
    readelf -dW gnu.out >gnu.d 2>&1
    readelf -dW mld.out >mld.d 2>&1
    if ! cmp -s gnu.h mld.h; then
        t_fail "$arch $name: program headers differ:
$(diff gnu.h mld.h)"
    elif ! cmp -s gnu.d mld.d; then
        t_fail "$arch $name: .dynamic differs:
$(diff gnu.d mld.d)"
    else
        t_pass "$arch $name: GNU ld's program headers, interpreter and .dynamic"
    fi
    local g m
    t_run_both
    [ $g = $m ] && t_pass "$arch $name: exits $g as GNU ld's" ||
        t_fail "$arch $name: exits $m, GNU ld's $g"
}

checked=0
for arch in x86_64 aarch64; do
    t_target $arch
    $cc -c -O1 -fPIE -fno-stack-protector \
        -o p.o p.c && $cc -c -O1 -fPIE -fno-stack-protector \
        -o start.o start.c ||
        t_hard_error "$cc failed"
    same "-pie" -pie start.o p.o
    same "-static -pie" -static -pie start.o p.o
    same "-pie -dynamic-linker" -pie -dynamic-linker /lib/other.so.1 start.o p.o
    same "-pie -z norelro" -pie -z norelro start.o p.o
    for n in 0 1 5; do
        same "--no-dynamic-linker --spare-dynamic-tags=$n" -pie \
            --no-dynamic-linker --spare-dynamic-tags=$n start.o p.o
    done
    # U-Boot's final link: the dynamic sections discarded, .rela.dyn kept.
    $ld -pie -T uboot.ld start.o p.o -o gnu.out >gnu.log 2>&1 ||
        t_fail "$arch U-Boot script: GNU ld failed: $(head -2 gnu.log)"
    t_mld -pie -T uboot.ld start.o p.o -o mld.out
    if [ "$T_STATUS" != 0 ]; then
        t_fail "$arch U-Boot script: mld failed: $(head -2 stderr.txt)"
    else
        # Names, types, flags and links: .rela.dyn links to .symtab.
        readelf -SW gnu.out | awk '/^ *\[/ {print $2, $3, $(NF-3), $(NF-2)}' >gnu.s
        readelf -SW mld.out | awk '/^ *\[/ {print $2, $3, $(NF-3), $(NF-2)}' >mld.s
        headers gnu.out >gnu.h
        headers mld.out >mld.h
        cmp -s gnu.s mld.s && cmp -s gnu.h mld.h &&
            t_pass "$arch U-Boot script: GNU ld's sections and headers" ||
            t_fail "$arch U-Boot script: differs: $(diff gnu.s mld.s; diff gnu.h mld.h)"
    fi
    # Two of the linker's sections in one statement, both with contents
    # (mld refused it): .got.plt joins .got, as GNU ld links it.
    sed 's/  .got : { \*(.got) }/  .got : { *(.got .got.plt .igot.plt) }/' \
        uboot.ld >both.ld
    grep -q 'got.plt .igot.plt' both.ld || t_hard_error "both.ld not made"
    $ld -pie -T both.ld start.o p.o -o gnu.out >gnu.log 2>&1 ||
        t_hard_error "$arch both.ld: GNU ld failed: $(head -2 gnu.log)"
    t_mld -pie -T both.ld start.o p.o -o mld.out
    readelf -SW gnu.out | awk '/^ *\[/ {print $2, $3, $(NF-3), $(NF-2)}' >gnu.s
    readelf -SW mld.out | awk '/^ *\[/ {print $2, $3, $(NF-3), $(NF-2)}' >mld.s
    if [ "$T_STATUS" = 0 ] && cmp -s gnu.s mld.s &&
       cmp -s <(headers gnu.out) <(headers mld.out); then
        t_pass "$arch .got and .got.plt in one statement: GNU ld's sections and headers"
    else
        t_fail "$arch both.ld: $(diff gnu.s mld.s; diff <(headers gnu.out) <(headers mld.out))"
    fi
    # A shared object makes it a dynamic link.
    $cc -shared -fPIC -o libs.so p.c || t_hard_error "$cc -shared failed"
    t_mld -pie start.o libs.so -o bad.out
    expect_failure
    expect_error "libs.so: a shared object: a dynamic link (-pie, no -static)"
    checked=$((checked + 1))
done
[ $checked = 2 ] || t_fail "only $checked of 2 architectures checked"
t_done
