#!/bin/bash
if [ -z "${BASH_VERSION:-}" ]; then exec bash "$0" "$@"; fi
. "$(dirname "$0")/../lib.sh"
# A static PIE's exports: -E, --dynamic-list, --export-dynamic-symbol[=GLOB],
# --export-dynamic-symbol-list and --dynamic-list-data put symbols in
# .dynsym as GNU ld does (its ld-x86-64/pr19636-*, pr19609-1f/g/k,
# pr19615): which ones (never a hidden or internal one, which becomes a
# local in .symtab instead; an undefined weak one stays out), in GNU ld's
# order (its hash table's walk, then .gnu.hash's buckets), their names in
# .dynstr with tails shared, .hash and .gnu.hash with GNU ld's bucket
# counts (-O1 too), --gc-sections and LTO keeping what -E or a list
# exports, a script discarding .dynstr.
# mld refused these options with -pie.  Compared with GNU ld on both
# targets, section by section, and the programs run.  Then what mld
# refuses: x86-64 initial-exec access to an exported TLS symbol (GNU ld
# makes a dynamic R_X86_64_TPOFF64 that glibc's static start-up never
# applies).  Versions: symbol_versions.sh.

# Many globals, so that the hash tables have many buckets and chains;
# names ending others (bar, foobar), a hidden, a protected, a weak one, a
# common, TLS, an undefined weak one, one that only the list keeps.
gen() {
    echo '#include <stddef.h>'
    for i in $(seq 1 40); do
        echo "int f$i(int x) { return x + $i; }"
        echo "int d$i = $i;"
    done
    cat <<'SRC'
int bar = 1, foobar = 2;
__attribute__((visibility("hidden"))) int hid(void) { return 3; }
__attribute__((visibility("protected"))) int prot(void) { return 4; }
__attribute__((weak)) int wdef(void) { return 5; }
__attribute__((weak)) extern int wundef(void);
__attribute__((used, section(".text.kept_by_list"))) int listed(void) { return 6; }
int cmn;
__thread int tls = 7;
/* Not run: no thread pointer, and no start-up code to relocate GOT
   entries. */
int other(void) { return tls + cmn + (wundef != 0); }
int value(void) {
  return f1(0) + d2 + bar + foobar + hid() + prot() + wdef();
}
SRC
    t_exit_start "value() == 18"
}
gen >p.c
t_write list <<'SRC'
{ f1*; foobar; "bar"; listed; };
SRC
view() {   # what a PIE's exports change, as readelf shows it
    readelf -W --dyn-syms -x .dynstr -x .hash -x .gnu.hash -d "$1" 2>&1 |
        sed 's/^\(Symbol table .* contains\).*/\1/'
    readelf -W -s "$1" | awk '$5 == "LOCAL" {$1 = ""; print}' | sort
    t_layout "$1" "LOAD|DYNAMIC"
}
for arch in x86_64 aarch64; do
    t_have "$arch" "$([ $arch = x86_64 ] && echo gcc || echo aarch64-linux-gnu-gcc)" || continue
    t_target $arch
    $cc -c -O1 -fPIE -fcommon -ffunction-sections -o p.o p.c ||
        t_hard_error "$cc failed"
    for opts in "-E" "--export-dynamic --hash-style=sysv" "-E --hash-style=gnu" \
                "-E -O1" "--dynamic-list=list" "--dynamic-list-data" \
                "--export-dynamic-symbol=f2* --export-dynamic-symbol=hid" \
                "--export-dynamic-symbol-list=list --dynamic-list-data" \
                "-E --gc-sections" "--dynamic-list=list --gc-sections" \
                "--export-dynamic -O1 --gc-sections --hash-style=sysv"; do
        what="$arch -pie --no-dynamic-linker $opts"
        $ld -pie --no-dynamic-linker $opts -o gnu.out p.o 2>gnu.err ||
            { cat gnu.err; t_hard_error "GNU ld failed: $what"; }
        t_run "$MLD" -pie --no-dynamic-linker $opts -o mld.out p.o
        view gnu.out >gnu.view
        view mld.out >mld.view
        t_same "$what" gnu.view mld.view \
            "$(readelf --dyn-syms -W mld.out | grep -c GLOBAL) exported"
        t_run_both
        t_check "$what: runs as GNU ld's (exit $m)" test "$g" = "$m" -a "$m" = 1
    done
    # Not a PIE: --no-dynamic-linker with -E or a dynamic list gives the
    # executable .dynamic, .dynsym and the hash tables all the same (GNU
    # ld's ld-elf/pr19617a/b/c, pr21384; mld refused it), the hidden
    # symbols locals of .symtab, DT_FLAGS_1 only with -z now.
    $cc -c -O1 -fno-pic -fcommon -ffunction-sections -o np.o p.c ||
        t_hard_error "$cc failed"
    for opts in "-E" "-E --hash-style=sysv -z now" "--dynamic-list=list" \
                "--dynamic-list-data" "--export-dynamic-symbol=f2*" \
                "-E --gc-sections -z norelro"; do
        what="$arch --no-dynamic-linker $opts"
        $ld --no-dynamic-linker $opts -o gnu.out np.o 2>gnu.err ||
            { cat gnu.err; t_hard_error "GNU ld failed: $what"; }
        t_run "$MLD" --no-dynamic-linker $opts -o mld.out np.o
        view gnu.out >gnu.view
        view mld.out >mld.view
        t_same "$what" gnu.view mld.view \
            "$(readelf --dyn-syms -W mld.out | grep -c GLOBAL) exported"
        t_check "$what: an ET_EXEC" \
            grep -q 'EXEC (Executable file)' <(readelf -h mld.out)
        t_run_both
        t_check "$what: runs as GNU ld's (exit $m)" test "$g" = "$m" -a "$m" = 1
    done
    # A GOT entry of a symbol not exported holds its address: no dynamic
    # relocation (mld made a RELATIVE one, as in a PIE).
    if [ $arch = x86_64 ]; then
        printf '\t.globl _start\n_start: ret\n\t.data\n\t.long loc@GOTPCREL\nloc: .long 0\n' >gl.s
    else
        printf '\t.globl _start\n_start: adrp x0, :got:loc\n' >gl.s
        printf '\tldr x0, [x0, :got_lo12:loc]\n\tret\n\t.data\nloc: .long 0\n' >>gl.s
    fi
    $cc -c -o gl.o gl.s || t_hard_error "$cc failed on gl.s"
    for opts in "-E" "--export-dynamic-symbol=_start"; do
        $ld --no-dynamic-linker $opts -o gnu.out gl.o ||
            t_hard_error "GNU ld failed on gl.o"
        t_mld --no-dynamic-linker $opts -o mld.out gl.o
        { readelf -rdW -x .got gnu.out; t_layout gnu.out "LOAD|DYNAMIC"; } >gnu.view
        { readelf -rdW -x .got mld.out; t_layout mld.out "LOAD|DYNAMIC"; } >mld.view
        t_same "$arch --no-dynamic-linker $opts: a local's GOT entry" gnu.view mld.view
    done
    # There GNU ld gives the GOT entries of exported symbols (GLOB_DAT)
    # and IFUNC calls (a lazy PLT) dynamic relocations mld makes only in
    # a PIE: refused.  (An entry of a symbol not exported is a constant,
    # as AArch64's of wundef above.)
    if [ $arch = x86_64 ]; then
        printf 'gref:\tmovq d1@GOTPCREL(%%rip), %%rax\n' >got.s
        relax=--no-relax
    else
        printf 'gref:\tadrp x0, :got:d1\n' >got.s
        printf '\tldr x0, [x0, :got_lo12:d1]\n' >>got.s
        relax=
    fi
    printf '\t.section .note.GNU-stack,"",%%progbits\n' >>got.s
    $cc -c -o got.o got.s || t_hard_error "$cc failed on got.s"
    $ld --no-dynamic-linker -E $relax -o gnu.out got.o np.o ||
        t_hard_error "GNU ld failed on got.o"
    t_check "$arch: GNU ld's GLOB_DAT against d1" \
        grep -q 'GLOB_DAT.* d1 + 0' <(readelf -rW gnu.out)
    t_mld --no-dynamic-linker -E $relax -o out got.o np.o
    expect_failure
    expect_error "--no-dynamic-linker with -E in an executable that is not a PIE: GNU ld gives its GOT entries of exported symbols dynamic relocations"
    # With an interpreter (-pie alone) the same symbols defined (GNU ld
    # adds an undefined weak one a GOT entry loads: issue 25's notes).
    defined() {
        readelf -W --dyn-syms "$1" |
            awk '$1 ~ /^[0-9]+:$/ && $7 != "UND" {print $3, $4, $5, $6, $8}' |
            sort
    }
    $ld -pie -E -o gnu.out p.o || t_hard_error "GNU ld failed: -pie -E"
    t_run "$MLD" -pie -E -o mld.out p.o
    defined gnu.out >gnu.view
    defined mld.out >mld.view
    t_same "$arch -pie -E" gnu.view mld.view
    # A script that discards .dynstr leaves the ELF header alone.
    printf 'SECTIONS { .text : { *(.text*) } .data : { *(.data) }\n' >d.t
    printf '/DISCARD/ : { *(.dynstr) } }\n' >>d.t
    t_run "$MLD" -pie --no-dynamic-linker -E -T d.t -o mld.out p.o
    t_check "$arch: .dynstr discarded, the ELF header intact" \
        test "$T_STATUS" = 0 -a "$(od -An -tx1 -j8 -N8 mld.out | tr -d ' ')" = 0000000000000000
    # LTO: what -E or a dynamic list exports is not compiled away.
    if [ $arch = x86_64 ]; then
        t_write lto.c <<'SRC'
int exported_only(void) { return 42; }
int data_only = 7;
__attribute__((visibility("hidden"))) int hidden_only(void) { return 1; }
void _start(void) { for (;;) ; }
SRC
        $cc -O2 -flto -fPIE -c -o lto.o lto.c || t_hard_error "$cc -flto failed"
        for o in -E --export-dynamic-symbol=exported_only; do
            $cc -O2 -flto -nostdlib -static-pie -Wl,$o -o gnu.out lto.o
            t_run $cc -O2 -flto -nostdlib -static-pie -B"$T/bin/" -Wl,$o \
                -o mld.out lto.o
            readelf -W --dyn-syms gnu.out | awk '{print $5, $8}' >gnu.view
            readelf -W --dyn-syms mld.out | awk '{print $5, $8}' >mld.view
            t_same "LTO and $o: .dynsym" gnu.view mld.view \
                "$(grep -c GLOBAL mld.view) exported"
        done
    fi
    # A C library's static PIE, exporting everything, runs.
    $cc -c -O1 -fPIE -o main.o -x c - <<'SRC' || t_hard_error "$cc failed"
#include <stdio.h>
int shown = 42;
int main(void) { printf("%d\n", shown); return 0; }
SRC
    if [ $arch = x86_64 ]; then
        # glibc's code reaches its TLS variables by initial-exec: refused
        # (GNU ld's program crashes at start).
        t_run $cc -static-pie -B"$T/bin/" -Wl,-E -o mld.out main.o
        expect_failure
        expect_error "against exported TLS symbol"
    else
        $cc -static-pie -Wl,-E -o gnu.out main.o
        t_run $cc -static-pie -B"$T/bin/" -Wl,-E -o mld.out main.o
        readelf -W --dyn-syms gnu.out >gnu.view
        readelf -W --dyn-syms mld.out >mld.view
        t_same "$arch: glibc static PIE with -E, .dynsym" gnu.view mld.view \
            "$(grep -c GLOBAL mld.view) exported"
        t_run_both
        t_check "$arch: it runs" test "$g" = 0 -a "$m" = 0
    fi
done

# x86-64: an exported TLS symbol reached by initial-exec code.
if t_have "x86-64 TLS" gcc; then
    t_write ie.s <<'SRC'
	.globl _start, tv
	.text
_start:	movq tv@gottpoff(%rip), %rax
	movl %fs:(%rax), %eax
	ret
	.section .tbss,"awT",@nobits
tv:	.zero 4
SRC
    as -o ie.o ie.s || t_hard_error "as failed"
    t_mld -pie --no-dynamic-linker -E -o out ie.o
    expect_failure
    expect_error "ie.o:(.text+0x3): R_X86_64_GOTTPOFF against exported TLS symbol \`tv': GNU ld makes it a dynamic R_X86_64_TPOFF64"
    # ... as GNU ld makes it (the reference, checked too):
    ld.bfd -pie --no-dynamic-linker -E -o gnu.out ie.o ||
        t_hard_error "GNU ld failed on ie.o"
    t_check "GNU ld's R_X86_64_TPOFF64 against tv" \
        grep -q 'R_X86_64_TPOFF64.* tv + 0' <(readelf -rW gnu.out)
    # Once a symbol, however many accesses.
    { sed -n '1,2p' ie.s; for i in $(seq 600); do
        echo '	movq tv@gottpoff(%rip), %rax'; done; sed -n '3,$p' ie.s; } >ie600.s
    as -o ie600.o ie600.s || t_hard_error "as failed"
    t_mld -pie --no-dynamic-linker -E -o out ie600.o
    t_check "one error for 600 accesses" \
        test "$(grep -c 'exported TLS symbol' stderr.txt)" = 1
    # Not exported, it is local-exec, as GNU ld makes it.
    t_mld -pie --no-dynamic-linker --export-dynamic-symbol=_start -o mld.out ie.o
    ld.bfd -pie --no-dynamic-linker --export-dynamic-symbol=_start -o gnu.out ie.o
    objdump -d gnu.out | sed -n '/<_start>:/,$p' >gnu.view
    objdump -d mld.out | sed -n '/<_start>:/,$p' >mld.view
    t_same "x86-64: TLS not exported, relaxed" gnu.view mld.view
fi

t_done
