#!/bin/bash
if [ -z "${BASH_VERSION:-}" ]; then exec bash "$0" "$@"; fi
. "$(dirname "$0")/../lib.sh"
# gcc without -static passes -dynamic-linker.  With no shared object
# among the inputs GNU ld writes a static executable all the same, with
# no PT_INTERP (Trusted Firmware-A links every image so, through gcc
# -nostdlib): so does mld, the same bytes as without the option.  A
# shared object that comes (libc.so without -static) is refused with
# the way out.  Both architectures, against GNU ld.
t_need_ld_bfd_x86_64

{
    printf 'static int value = 40;\nint add(int x) { return x + 2; }\n'
    t_exit_start 'add(value)'
} >start.c
t_write hello.c <<'SRC'
#include <stdio.h>
int main(void) { puts("hello"); return 0; }
SRC

checked=0
for arch in x86_64 aarch64; do
    t_target $arch
    interp=/lib64/ld-linux-x86-64.so.2
    [ $arch = x86_64 ] || interp=/lib/ld-linux-aarch64.so.1
    $cc -c -O1 -fno-stack-protector -fno-asynchronous-unwind-tables \
        -fno-pie -o start.$arch.o start.c || t_hard_error "$cc failed"
    # The option given directly: the same bytes as without it, no INTERP.
    "$MLD" -o plain.$arch start.$arch.o || t_hard_error "plain link failed"
    t_mld -dynamic-linker $interp -o dl.$arch start.$arch.o
    expect_success
    cmp -s plain.$arch dl.$arch &&
        t_pass "$arch: -dynamic-linker without a shared object: a static executable" ||
        t_fail "$arch: -dynamic-linker changed the output"
    # Through gcc -nostdlib, as TF-A links; GNU ld's program alike.
    $cc -nostdlib -no-pie -fuse-ld=bfd -o gnu.$arch start.$arch.o ||
        t_hard_error "$cc with GNU ld failed"
    t_run $cc -nostdlib -no-pie -B"$T/bin/" -o mld.$arch start.$arch.o
    expect_success
    if readelf -lW mld.$arch | grep -q INTERP; then
        t_fail "$arch: gcc -nostdlib: a PT_INTERP"
    elif readelf -lW gnu.$arch | grep -q INTERP; then
        t_fail "$arch: GNU ld wrote a PT_INTERP"
    else
        $run ./gnu.$arch; g=$?
        $run ./mld.$arch; m=$?
        [ $g = 42 ] && [ $m = 42 ] &&
            t_pass "$arch: gcc -nostdlib: static, no INTERP, exits 42 as GNU ld's" ||
            t_fail "$arch: gcc -nostdlib: exits $m, GNU ld's $g"
    fi
    # A dynamic link by mistake: refused, nothing written.
    rm -f dyn.$arch
    t_run $cc -no-pie -B"$T/bin/" -o dyn.$arch hello.c
    expect_failure
    expect_error "a shared object: a dynamic link (-dynamic-linker $interp, no -static)" "link with -static"
    expect_no_file dyn.$arch
    checked=$((checked + 1))
done
[ $checked = 2 ] || t_fail "only $checked of 2 architectures checked"
t_done
