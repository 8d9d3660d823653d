#!/bin/bash
if [ -z "${BASH_VERSION:-}" ]; then exec bash "$0" "$@"; fi
. "$(dirname "$0")/../lib.sh"
# Symbol versions in a static PIE and in an executable with
# --no-dynamic-linker -E (GNU's ld-elf "readelf version information"
# and "PR ld/20828 forcibly exported symbol version"): .gnu.version_d
# with the base version (the output's name) and one per tag of the
# version script or per VERSION of an exported NAME@VERSION definition,
# .gnu.version, the versions' own symbols, DT_VERDEF, DT_VERDEFNUM and
# DT_VERSYM; tags' local patterns and hidden versions (NAME@VERSION)
# make symbols local, in .symtab too, even without -E (gcc -static-pie
# -Wl,--version-script, which mld linked as if the script were not
# there; with -E it refused the script).  On both targets, for -E, a
# dynamic list, no script, "local: *", an anonymous tag, tag
# dependencies, both hash styles, -z pack-relative-relocs, and a -T
# script as GNU's test has: .dynamic, .dynsym, the versions and the
# relocations as readelf shows them, .symtab as a set and the sections
# are GNU ld's; the programs run.  A glibc static PIE with a script
# runs and is GNU ld's likewise, and so is its --out-implib (the
# versions' symbols in it, default versions where GNU ld's hash table
# has them, by their full names).  Found on the way: -z
# pack-relative-relocs without RELATIVE relocations gave empty DT_RELR
# and DT_RELA tags, where GNU ld leaves them out (and their room).

t_write v.c <<'SRC'
int foo_v1(void) { return 1; }
__asm__(".symver foo_v1, foo@VERS_1.0");
int foo_v2(void) { return 2; }
__asm__(".symver foo_v2, foo@@VERS_2.0");
int old_v(void) { return 6; }
__asm__(".symver old_v, old@OLD");
int bar(void) { return 3; }
int baz(void) { return 4; }
int internal(void) { return 5; }
int data_obj = 7;
int *ptr = &data_obj;          /* a RELATIVE relocation, not applied */
int value(void) {
  return foo_v1() + foo_v2() + old_v() + bar() + baz() + internal();
}
SRC
t_exit_start "value()" >>v.c
t_write tags.map <<'SRC'
VERS_1.0 { global: bar; local: internal; };
VERS_2.0 { global: baz; } VERS_1.0;
SRC
t_write star.map <<'SRC'
VERS_1.0 { global: bar; baz; foo; local: *; };
SRC
t_write anon.map <<'SRC'
{ global: bar; local: *; };
SRC
t_write layout.ld <<'SRC'
SECTIONS
{
  .hash : { *(.hash) }
  .dynsym : { *(.dynsym) }
  .dynstr : { *(.dynstr) }
  .gnu.version : { *(.gnu.version) }
  .gnu.version_d : { *(.gnu.version_d) }
  .text : { *(.text) }
  .dynamic : { *(.dynamic) }
  .data : { *(.data) }
  .symtab : { *(.symtab) }
  .strtab : { *(.strtab) }
  .shstrtab : { *(.shstrtab) }
  .plt : { *(.plt) }
  .got.plt : { *(.got.plt) }
  .got : { *(.got) }
  /DISCARD/ : { *(*) }
}
SRC

# view OUT [norel]: what versions change, the output's own name taken
# out; norel: not the relocations (GNU ld's AArch64 relocates absolute
# symbols' GOT entries, which mld does not: dynamic.c's got_none_count)
view() {
    if [ -n "${2:-}" ]; then
        readelf -W --dyn-syms -V -d "$1" 2>&1 | sed '/RELACOUNT/d'
    else
        readelf -W --dyn-syms -V -d -r "$1" 2>&1
    fi | sed "s/$1/OUT/g; /STRSZ/d"
    readelf -sW "$1" | tail -n +4 | awk '{$1 = ""; print}' | sort
    readelf -SW "$1" | sed -n 's/^ *\[ *[0-9]*\] //p' | awk '{print $1, $2}'
}

# check ARCH WHAT OPTIONS...: v.o linked by both, as a static PIE
check() {
    local arch=$1 what=$2
    shift 2
    $ld -pie --no-dynamic-linker -z text "$@" v.o -o gnu.out ||
        t_hard_error "$arch: GNU ld failed: $what"
    t_mld -pie --no-dynamic-linker -z text "$@" v.o -o mld.out
    view gnu.out | sed 's/gnu\.out/OUT/g' >gnu.view
    view mld.out | sed 's/mld\.out/OUT/g' >mld.view
    t_same "$arch: $what" gnu.view mld.view \
        "$(grep -c 'Rev: 1' mld.view) version definitions"
    t_run_both
    [ "$m" = "$g" ] && [ "$m" = 21 ] && t_pass "$arch: $what: runs" ||
        t_fail "$arch: $what: exits $m, GNU ld's program $g"
}

# Corners a review found (w.c): a tag named after a linker-defined
# symbol, dependencies (GNU ld lists them newest first), a dynamic list
# that names a default version's definition by its full name, a hidden
# version's data that --dynamic-list-data exports, tags used only by a
# hidden version's definition nothing exports or by one --gc-sections
# collects (not weak), a version named as the output, --gc-sections
# roots (not what the script makes local, a list's full names).
t_write w.c <<'SRC'
int foo(void) { return 1; }
int bar(void) { return 2; }
int baz(void) { return 3; }
__attribute__((section(".text.gone"))) int gone_v(void) { return 4; }
__asm__(".symver gone_v, gone@@GC");
int g2(void) { return 5; }
__asm__(".symver g2, gg@@V3");
long d1 = 6;
__asm__(".symver d1, dd@V1");
int f1(void) { return 7; }
__asm__(".symver f1, old@OLD");
extern char _end[];
char *endp(void) { return _end; }
void _start(void) { for (;;) ; }
SRC
t_write gcv.c <<'SRC'
int keepme(void) { return 1; }
int dropme(void) { return 2; }
int g2(void) { return 5; }
__asm__(".symver g2, gg@@V3");
void _start(void) { for (;;) ; }
SRC
t_write gcv.map <<'SRC'
{ global: keepme; _start; local: *; };
SRC
t_write deps.map <<'SRC'
V1 { global: foo; };
V2 { global: bar; };
V3 { global: baz; } V1 V2;
V4 { } V3 V1;
SRC
t_write linker.map <<'SRC'
__bss_start { global: foo; };
_end { global: bar; };
SRC
t_write used.map <<'SRC'
OLD { };
GC { };
V1 { global: bar; };
SRC
t_write undef.map <<'SRC'
V1 { global: bar; nosuch; local: *; };
SRC

# same ARCH WHAT OPTIONS...: w.o (or $obj) linked by both, as a static
# PIE (not run)
same() {
    local arch=$1 what=$2
    shift 2
    $ld -pie --no-dynamic-linker "$@" ${obj:-w.o} -o gnu.out ||
        t_hard_error "$arch: GNU ld failed: $what"
    t_mld -pie --no-dynamic-linker "$@" ${obj:-w.o} -o mld.out
    view gnu.out | sed 's/gnu\.out/OUT/g' >gnu.view
    view mld.out | sed 's/mld\.out/OUT/g' >mld.view
    objdump -d --no-show-raw-insn gnu.out | sed -n '/<endp>:/,/^$/p' >>gnu.view
    objdump -d --no-show-raw-insn mld.out | sed -n '/<endp>:/,/^$/p' >>mld.view
    t_same "$arch: $what" gnu.view mld.view
}

for arch in x86_64 aarch64; do
    t_target $arch
    $cc -O1 -fPIE -c w.c -o w.o && $cc -O1 -fPIE -c v.c -o v.o ||
        t_hard_error "$arch: $cc failed"
    same $arch "dependencies, newest first" -E --version-script=deps.map
    same $arch "tags named after linker symbols" -E --version-script=linker.map
    same $arch "tags named after linker symbols, no -E" \
        --version-script=linker.map
    same $arch "a dynamic list naming NAME (not NAME@@VERSION)" \
        --export-dynamic-symbol=gg
    same $arch "a dynamic list naming NAME@@VERSION" \
        --export-dynamic-symbol=gg@@V3
    same $arch "--dynamic-list-data, a hidden version's data" \
        --dynamic-list-data
    same $arch "tags used by unexported and collected definitions" \
        --gc-sections --export-dynamic-symbol=bar --version-script=used.map
    # --gc-sections: what the script makes local is no root, a dynamic
    # list names a default version's definition by its full name.
    $cc -O1 -fPIE -ffunction-sections -c gcv.c -o gcv.o ||
        t_hard_error "$arch: $cc failed"
    obj=gcv.o same $arch "--gc-sections, local: *" -E --gc-sections \
        --version-script=gcv.map
    obj=gcv.o same $arch "--gc-sections, a list naming NAME@@VERSION" \
        --gc-sections --export-dynamic-symbol=gg@@V3
    obj=gcv.o same $arch "--gc-sections, a list naming NAME" --gc-sections \
        --export-dynamic-symbol=gg
    $ld --gc-sections --gc-keep-exported --version-script=gcv.map gcv.o \
        -o gnu.out || t_hard_error "$arch: GNU ld --gc-keep-exported"
    t_mld --gc-sections --gc-keep-exported --version-script=gcv.map gcv.o \
        -o mld.out
    readelf -sW gnu.out | awk '$4 == "FUNC" {print $8}' | sort >gnu.view
    readelf -sW mld.out | awk '$4 == "FUNC" {print $8}' | sort >mld.view
    t_same "$arch: --gc-keep-exported, local: * (a static executable)" \
        gnu.view mld.view
    # Tags named after symbols: a -T script's (an object whatever the
    # script assigned), one the script makes local (stays local; GNU ld
    # lists it as a local of .dynsym, mld's has no locals but the null
    # one), and _DYNAMIC, which bfd defines itself (a second definition).
    t_write ts.ld <<'SRC'
SECTIONS { .text : { *(.text*) } .data : { *(.data*) mysym = .; }
  .dynamic : { *(.dynamic) } .bss : { *(.bss) } _end = .; myabs = 0x1234; }
SRC
    printf 'myabs { global: foo; };\nmysym { global: bar; };\n' >ts.map
    same $arch "tags named after a script's symbols" -T ts.ld \
        --version-script=ts.map
    printf '_end { global: foo; local: *; };\n' >tl.map
    t_mld -pie --no-dynamic-linker --version-script=tl.map w.o -o tl.out
    expect_success
    [ "$(readelf -sW tl.out | awk '$8 == "_end" {print $5}')" = LOCAL ] &&
        grep -q 'Name: _end' <(readelf -VW tl.out) &&
        t_pass "$arch: a tag named after a symbol the script hides" ||
        t_fail "$arch: a tag named after a symbol the script hides"
    printf '_DYNAMIC { global: foo; };\n' >td.map
    t_mld -pie --no-dynamic-linker --version-script=td.map w.o -o td.out
    expect_failure
    expect_error "multiple definition of \`_DYNAMIC'"
    mkdir -p out
    $ld -pie --no-dynamic-linker -E --version-script=deps.map w.o -o out/V1 ||
        t_hard_error "$arch: GNU ld -o out/V1"
    cp out/V1 gnu.out
    t_mld -pie --no-dynamic-linker -E --version-script=deps.map w.o -o out/V1
    cp out/V1 mld.out
    readelf -x .dynstr gnu.out >gnu.view
    readelf -x .dynstr mld.out >mld.view
    t_same "$arch: a version named as the output, one string" gnu.view mld.view
    # --no-undefined-version: GNU ld's error for each literal nothing
    # defines, newest first.
    t_mld -pie --no-dynamic-linker --no-undefined-version \
        --version-script=undef.map w.o -o undef.out
    expect_failure
    T_GNU_ERROR=1 expect_error "nosuch: undefined version: V1"
    [ "$(grep -c 'undefined version' stderr.txt)" = 1 ] &&
        t_pass "$arch: only the undefined one" ||
        t_fail "$arch: $(grep -c 'undefined version' stderr.txt) errors"
    t_mld -pie --no-dynamic-linker --no-undefined-version --undefined-version \
        --version-script=undef.map w.o -o undef.out
    expect_success
    # A script that discards the versions: GNU ld's error (its words
    # differ), never a .gnu.version without its definitions.
    printf 'SECTIONS { /DISCARD/ : { *(.gnu.version_d) } }\n' >dv.ld
    t_mld -pie --no-dynamic-linker -E --version-script=deps.map -T dv.ld \
        v.o -o dv.out
    expect_failure
    expect_error "discarded output section: \`.gnu.version_d'"
done

for arch in x86_64 aarch64; do
    t_target $arch
    $cc -O1 -fPIE -c v.c -o v.o || t_hard_error "$arch: $cc failed"
    check $arch "hidden versions made local, no script"
    check $arch "-E, versions made for NAME@VERSION" -E
    check $arch "-E and tags with dependencies" -E --version-script=tags.map
    check $arch "tags without -E" --version-script=tags.map
    check $arch "-E, local: *" -E --version-script=star.map
    check $arch "-E, an anonymous tag" -E --version-script=anon.map
    check $arch "a dynamic list and tags" --export-dynamic-symbol=bar \
        --version-script=tags.map
    check $arch "both hash styles" -E --hash-style=both \
        --version-script=tags.map
    check $arch "-z pack-relative-relocs" -E -z pack-relative-relocs \
        --version-script=tags.map
    # GNU's test: a -T script that places them, an executable.
    $ld --no-dynamic-linker -e 0 -E -T layout.ld --hash-style=sysv \
        --version-script=anon.map v.o -o gnu.out ||
        t_hard_error "$arch: GNU ld -T failed"
    t_mld --no-dynamic-linker -e 0 -E -T layout.ld --hash-style=sysv \
        --version-script=anon.map v.o -o mld.out
    view gnu.out | sed 's/gnu\.out/OUT/g' >gnu.view
    view mld.out | sed 's/mld\.out/OUT/g' >mld.view
    t_same "$arch: a -T script's .gnu.version and .gnu.version_d" \
        gnu.view mld.view

    # glibc, through gcc: the script's tags and locals.
    t_write main.c <<'SRC'
#include <stdio.h>
int bar(void) { return 3; }
int internal(void) { return 5; }
int main(void) { printf("%d\n", bar() + internal()); return 0; }
SRC
    $cc -O1 -fPIE -c main.c -o main.o || t_hard_error "$arch: $cc failed"
    $cc -static-pie -Wl,--version-script=tags.map \
        -Wl,--out-implib=gnu.lib main.o -o gnu.out ||
        t_hard_error "$arch: GNU ld -static-pie failed"
    t_run $cc -static-pie -B"$T/bin/" -Wl,--version-script=tags.map \
        -Wl,--out-implib=mld.lib main.o -o mld.out
    readelf -sW gnu.lib >gnu.sym 2>/dev/null
    readelf -sW mld.lib >mld.sym 2>/dev/null
    t_same "$arch: its import library (versions' symbols, GNU ld's order)" \
        gnu.sym mld.sym
    view gnu.out norel | sed 's/gnu\.out/OUT/g' >gnu.view
    view mld.out norel | sed 's/mld\.out/OUT/g' >mld.view
    t_same "$arch: glibc static PIE with a version script" gnu.view mld.view
    t_run_both
    [ "$m" = "$g" ] && t_pass "$arch: glibc static PIE runs" ||
        t_fail "$arch: glibc static PIE exits $m, GNU ld's program $g"
done
t_done
