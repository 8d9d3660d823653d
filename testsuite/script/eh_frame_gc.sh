#!/bin/bash
if [ -z "${BASH_VERSION:-}" ]; then exec bash "$0" "$@"; fi
. "$(dirname "$0")/../lib.sh"
# --gc-sections with a -T script: .eh_frame is kept only if the script
# KEEPs it, as in GNU ld (whose default script does); without KEEP every
# .eh_frame input goes, and with it the read-only data GNU ld then does
# not have (firmware scripts: TF-A's read-only and writable segments
# split as GNU ld splits them).  x86-64 and AArch64: sections, segments
# and what --print-gc-sections says (a file with nothing live loses its
# .comment and debugging sections too), against GNU ld.
t_need_ld_bfd_x86_64
t_write e1.c <<'SRC'
int x = 1;
int f(void) { return 2; }
void _start(void) { for (;;) ; }
SRC
t_write e2.c <<'SRC'
int unused(void) { return 3; }
SRC
script() {  # script KEEP-OR-NOT
    cat <<LD
ENTRY(_start)
SECTIONS {
  . = 0x400000;
  .text : { *(.text .text.*) }
  .rodata : { *(.rodata .rodata.*) }
  .eh_frame : { $1 }
  . = ALIGN(0x1000);
  .data : { *(.data .data.*) }
  .bss : { *(.bss .bss.*) }
}
LD
}
script '*(.eh_frame)' >plain.ld
script 'KEEP(*(.eh_frame))' >keep.ld
checked=0
for arch in x86_64 aarch64; do
    t_target $arch
    for f in e1 e2; do
        $cc -c -O1 -ffunction-sections -fasynchronous-unwind-tables \
            -o $f.$arch.o $f.c || t_hard_error "$cc failed"
    done
    for s in plain keep; do
        $ld --gc-sections --print-gc-sections -T $s.ld -o gnu.out \
            e1.$arch.o e2.$arch.o 2>gnu.err || t_hard_error "$ld failed"
        t_mld --gc-sections --print-gc-sections -T $s.ld -o mld.out \
            e1.$arch.o e2.$arch.o
        expect_success
        { t_section_names gnu.out; readelf -lW gnu.out | awk '$1 == "LOAD"';
          sed -n "s/^[^:]*: removing/removing/p" gnu.err; } >gnu.txt
        { t_section_names mld.out; readelf -lW mld.out | awk '$1 == "LOAD"';
          sed -n "s/^mld: removing/removing/p" stderr.txt; } >mld.txt
        if cmp -s gnu.txt mld.txt; then
            t_pass "$arch $s: sections, segments and removed sections as GNU ld's"
        else
            t_fail "$arch $s: differs from GNU ld:"
            diff gnu.txt mld.txt | sed 's/^/    /'
        fi
    done
    checked=$((checked + 1))
done
[ $checked = 2 ] || t_fail "only $checked of 2 architectures checked"
t_done
