#!/bin/bash
if [ -z "${BASH_VERSION:-}" ]; then exec bash "$0" "$@"; fi
. "$(dirname "$0")/../lib.sh"
# --out-implib=FILE, an import library (GNU's ld-elf "Generate import
# library"): an object listing the output's global and weak definitions
# as absolute symbols.  mld refused the option.  On x86-64 and AArch64,
# a static glibc program with globals of every kind (weak, hidden,
# protected, TLS, IFUNC, COMMON, absolute, __start_SEC, a --defsym and
# the default script's _end, which are left out, and glibc's dlopen,
# whose .gnu.warning.dlopen waits for a reference that never comes, so
# that GNU ld's hash table hides it): the library is GNU
# ld's, byte for byte; so is -r's.  A static PIE's symbols are GNU ld's
# (GNU ld writes them with the PIE's ELF type and program headers, which
# mld does not copy).  Used as GNU ld users use one, as the addresses a
# second image calls.  No symbol at all is GNU ld's error (its three
# lines) and leaves no output; a failed link leaves no library, not the
# last one; --oformat binary, which has no symbols, is refused (GNU ld
# writes no library then).
t_write a.c <<'SRC'
#include <stdio.h>
int common_var;
int data_var = 1;
__thread long tls_var = 2;
__attribute__((weak)) int weak_fn(void) { return 3; }
__attribute__((visibility("hidden"))) int hidden_fn(void) { return 4; }
__attribute__((visibility("protected"))) int protected_var = 5;
__attribute__((section("mysec"))) int in_mysec = 6;
extern char __start_mysec[];
static int impl(void) { return 7; }
static int (*pick(void))(void) { return impl; }
int ifunc_fn(void) __attribute__((ifunc("pick")));
__asm__(".globl abs_sym\n.set abs_sym, 0x1234");
int exported_fn(int x) { return x * 2; }
int main(void) {
  printf("%d %d %ld %d %d %d %p %d\n", common_var, data_var, tls_var,
         weak_fn(), hidden_fn(), protected_var, (void *)__start_mysec,
         ifunc_fn());
  return 0;
}
SRC
t_write none.s <<'SRC'
	.text
_start:	ret
SRC
t_write user.c <<'SRC'
int exported_fn(int);
extern int data_var;
void user_start(void) {
  for (;;)
    exported_fn(data_var);
}
SRC

symbols() { readelf -sW "$1" | tail -n +4; }

for arch in x86_64 aarch64; do
    t_target $arch
    $cc -O2 -fcommon -c a.c -o a.o && $cc -O2 -c user.c -o user.o &&
        $as none.s -o none.o || t_hard_error "$arch: $cc or $as failed"
    # Through gcc, as a user links: the default script's symbols and a
    # --defsym are not listed.
    $cc -static -Wl,--defsym=my_defsym=0x99 -Wl,--out-implib=gnu.lib \
        a.o -o gnu.out 2>/dev/null || t_hard_error "$arch: GNU ld failed"
    rm -f mld.lib
    t_run $cc -static -B"$T/bin/" -Wl,--defsym=my_defsym=0x99 \
        -Wl,--out-implib=mld.lib a.o -o mld.out
    t_same "$arch: --out-implib, a static program" gnu.lib mld.lib \
        "$(symbols gnu.lib | wc -l) symbols, byte for byte"
    t_run_both
    [ "$m" = "$g" ] && t_pass "$arch: the program runs" ||
        t_fail "$arch: the program exits $m, GNU ld's $g"
    if ! grep -qw dlopen <(symbols mld.out) ||
        ! grep -qw exported_fn <(symbols mld.lib) ||
        grep -qwE '_end|my_defsym|dlopen|__bss_start|__ehdr_start' \
            <(symbols mld.lib); then
        t_fail "$arch: the library's symbols are not the ones expected"
    fi

    # Used as an import library: a second image calls into the first.
    $ld -e user_start user.o gnu.lib -o gnu-user.out ||
        t_hard_error "$arch: GNU ld failed with its library"
    t_mld -e user_start user.o mld.lib -o mld-user.out
    $objdump -d gnu-user.out | tail -n +3 >gnu.d
    $objdump -d mld-user.out | tail -n +3 >mld.d
    t_same "$arch: an image linked against the library" gnu.d mld.d

    # -r: the values are offsets in their sections.
    $ld -r --out-implib=gnu-r.lib a.o -o gnu-r.o ||
        t_hard_error "$arch: GNU ld -r failed"
    t_mld -r --out-implib=mld-r.lib a.o -o mld-r.o
    t_same "$arch: --out-implib with -r" gnu-r.lib mld-r.lib

    # A static PIE: the symbols (GNU ld's file is an ET_DYN header with
    # the PIE's program headers and no segments).
    $cc -static-pie -Wl,--out-implib=gnu-pie.lib a.o -o gnu-pie.out \
        2>/dev/null || t_hard_error "$arch: GNU ld -static-pie failed"
    t_run $cc -static-pie -B"$T/bin/" -Wl,--out-implib=mld-pie.lib a.o \
        -o mld-pie.out
    symbols gnu-pie.lib >gnu-pie.sym 2>/dev/null
    symbols mld-pie.lib >mld-pie.sym
    t_same "$arch: --out-implib, a static PIE's symbols" gnu-pie.sym \
        mld-pie.sym
    [ "$(readelf -h mld-pie.lib | awk '/Type:/ {print $2}')" = REL ] &&
        t_pass "$arch: a static PIE's import library is an object" ||
        t_fail "$arch: a static PIE's import library is not ET_REL"

    # No global symbol: GNU ld's error, and neither file is left.
    t_mld --out-implib=none.lib none.o -o none.out
    expect_failure
    T_GNU_ERROR=1 expect_error "none.lib: no symbol found for import library"
    expect_error "none.lib: failed to generate import library"
    expect_error "final link failed: no symbols"
    expect_no_file none.out
    expect_no_file none.lib
    t_mld -s --out-implib=s.lib -e user_start user.o mld.lib -o s.out
    expect_error "s.lib: no symbol found for import library"
    expect_no_file s.out

    # A failed link leaves no import library, not the last one (GNU ld
    # replaces it when the link starts).
    cp mld.lib stale.lib
    t_mld --out-implib=stale.lib -e user_start user.o -o stale.out
    expect_failure
    expect_no_file stale.lib

    # A library mld cannot write: an error, and no output.
    t_mld --out-implib=no/such/dir/x.lib -e user_start user.o mld.lib \
        -o nodir.out
    expect_error "cannot open import library no/such/dir/x.lib"
    expect_no_file nodir.out

    [ $arch = x86_64 ] || continue   # GNU ld's AArch64 has no raw image
    t_mld --oformat binary --out-implib=bin.lib -e user_start user.o \
        mld.lib -o bin.out
    expect_error "--out-implib: a raw image (--oformat binary) has no symbols"
    expect_no_file bin.lib
done
t_done
