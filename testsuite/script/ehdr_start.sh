#!/bin/bash
if [ -z "${BASH_VERSION:-}" ]; then exec bash "$0" "$@"; fi
. "$(dirname "$0")/../lib.sh"
# __ehdr_start where no PT_LOAD holds the ELF headers (a script that
# starts its first section at the segment's start): GNU ld does not
# define it, so a weak reference sees 0 and .symtab has no such symbol,
# and a strong one is an undefined reference.  mld refused both.
# x86-64 and AArch64: the data that holds its address, the symbols and
# the statuses, against GNU ld.
t_need_ld_bfd_x86_64
t_write weak.c <<'SRC'
extern char __ehdr_start[] __attribute__((weak));
void *p = __ehdr_start;
void _start(void) { for (;;) ; }
SRC
t_write strong.c <<'SRC'
extern char __ehdr_start[];
void *p = __ehdr_start;
void _start(void) { for (;;) ; }
SRC
t_write eh.ld <<'LD'
ENTRY(_start)
SECTIONS {
  . = 0x400000;
  .text : { *(.text) }
  .data : { *(.data .data.*) }
  /DISCARD/ : { *(.comment) *(.note.*) *(.eh_frame) }
}
LD
checked=0
for arch in x86_64 aarch64; do
    t_target $arch
    for f in weak strong; do
        $cc -c -O1 -fno-pie -fno-asynchronous-unwind-tables -o $f.$arch.o $f.c ||
            t_hard_error "$cc failed"
    done
    $ld -T eh.ld -o gnu.out weak.$arch.o 2>/dev/null || t_hard_error "$ld failed"
    t_mld -T eh.ld -o mld.out weak.$arch.o
    expect_success
    g=$(objdump -s -j .data gnu.out | tail -n +5; readelf -sW gnu.out | awk '$8 != "" {print $8, $4, $7}' | sort)
    m=$(objdump -s -j .data mld.out | tail -n +5; readelf -sW mld.out | awk '$8 != "" {print $8, $4, $7}' | sort)
    [ "$g" = "$m" ] && t_pass "$arch: a weak __ehdr_start is 0 and not in .symtab, as GNU ld's" ||
        t_fail "$arch: weak __ehdr_start: GNU ld [$g] mld [$m]"
    $ld -T eh.ld -o gnu.out strong.$arch.o 2>/dev/null && t_hard_error "$ld linked the strong reference"
    t_mld -T eh.ld -o mld.out strong.$arch.o
    expect_failure
    expect_error "undefined reference to \`__ehdr_start'"
    checked=$((checked + 1))
done
[ $checked = 2 ] || t_fail "only $checked of 2 architectures checked"

# A script that assigns __ehdr_start defines it, GLOBAL, with its value:
# GNU ld's own (hidden) definition never comes (GNU's
# ld-elf/ehdr_start-userdef).  mld refused the strong reference and
# listed the name twice.
printf 'SECTIONS {\n  . = 0x10000000;\n  .text : { *(.text) }\n  __ehdr_start = 0x12345678;\n  . = 0x20000000;\n  .data : { *(.data) }\n}\n' >user.ld
gcc -O2 -fno-pie -c strong.c -o strong.o || t_hard_error "gcc failed"
ld.bfd -T user.ld -o user.g strong.o || t_hard_error "GNU ld failed"
t_mld -T user.ld -o user.m strong.o
readelf -sW user.g | grep __ehdr_start | sed 's/^ *[0-9]*://' >user.g.sym
readelf -sW user.m | grep __ehdr_start | sed 's/^ *[0-9]*://' >user.m.sym
t_same "a script's __ehdr_start" user.g.sym user.m.sym "$(cat user.m.sym)"
t_done
