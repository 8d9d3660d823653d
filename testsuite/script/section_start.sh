#!/bin/bash
if [ -z "${BASH_VERSION:-}" ]; then exec bash "$0" "$@"; fi
. "$(dirname "$0")/../lib.sh"
# -Ttext, -Tdata and --section-start with a -T script: the option's
# address wins over the script's and over the location counter, as GNU
# ld's address statements do (ld-scripts/pr14962 links with -Ttext=0x1000
# -Tdata=0x2000 -T); mld ignored them.  On x86-64 and AArch64, against
# GNU ld: the sections' addresses, the program headers and the exit.

{
    printf 'int value = 40;\nint get(void) { return value + 2; }\n'
    t_exit_start 'get()'
} >p.c
cat >plain.ld <<'LD'
ENTRY(_start)
SECTIONS {
  .text : { *(.text .text.*) }
  .data : { *(.data .data.*) }
  .bss : { *(.bss .bss.*) }
  /DISCARD/ : { *(*) }
}
LD
cat >placed.ld <<'LD'
ENTRY(_start)
SECTIONS {
  . = 0x500000;
  .text 0x600000 : { *(.text .text.*) }
  .data : { *(.data .data.*) }
  /DISCARD/ : { *(.comment) *(.note.*) *(.eh_frame) }
}
LD

shape() {
    readelf -SW "$1" | awk '/^ *\[/ && $2 ~ /^\./ {print $2, $4}'
    readelf -lW "$1" | grep -E '^ +(LOAD|GNU_STACK)'
}

checked=0
for arch in x86_64 aarch64; do
    t_target $arch
    $cc -c -O1 -fno-pie -fno-stack-protector -fno-asynchronous-unwind-tables \
        -o p.o p.c || t_hard_error "$cc failed"
    for args in "-Ttext=0x1000 -Tdata=0x2000 -T plain.ld" \
                "-Ttext 0x400000 -T placed.ld" \
                "--section-start=.data=0x700000 -T placed.ld" \
                "-Tdata=0x800000 -T plain.ld"; do
        # shellcheck disable=SC2086
        $ld $args -o gnu.out p.o >gnu.log 2>&1 || t_hard_error "GNU ld $args: $(cat gnu.log)"
        # shellcheck disable=SC2086
        t_mld $args -o mld.out p.o
        if [ "$T_STATUS" != 0 ]; then
            t_fail "$arch $args: mld failed: $(head -2 stderr.txt)"
            continue
        fi
        shape gnu.out >gnu.s
        shape mld.out >mld.s
        t_run_both
        if ! cmp -s gnu.s mld.s; then
            t_fail "$arch $args: layout differs: $(diff gnu.s mld.s | tr '\n' ' ')"
        elif [ $g != $m ]; then
            t_fail "$arch $args: exits $m, GNU ld's $g"
        else
            t_pass "$arch $args: GNU ld's layout, exit $g"
        fi
    done
    checked=$((checked + 1))
done
[ $checked = 2 ] || t_fail "only $checked of 2 architectures checked"
t_done
