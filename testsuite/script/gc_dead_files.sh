#!/bin/bash
if [ -z "${BASH_VERSION:-}" ]; then exec bash "$0" "$@"; fi
. "$(dirname "$0")/../lib.sh"
# --gc-sections and a file none of whose allocated sections stays (Trusted
# Firmware-A's images): GNU ld drops its debugging sections and .comment
# too, and .symtab lists no undefined symbol that only collected sections
# named; a default layout KEEPs .eh_frame, which keeps such a file's
# debugging sections.  Also a script's ORIGIN () outside sections, which
# GNU ld makes relative to a section, and __GNU_EH_FRAME_HDR, which it
# does not define without an .eh_frame_hdr.  On x86-64 and AArch64,
# against GNU ld: the debug sections' names and sizes, the compile units,
# what --print-gc-sections says, and every symbol (nm); with -g3, the
# macros of gcc's .debug_macro groups.

cat >live.c <<'SRC'
volatile int counter = 1;
int used(void) { return counter; }
void _start(void) { for (;;) counter = used() + 1; }
SRC
cat >dead.c <<'SRC'
extern int elsewhere(void);
extern int table[];
int unused(void) { return elsewhere() + table[2]; }
SRC
cat >fw.ld <<'LD'
ENTRY(_start)
MEMORY { ram (rwx) : ORIGIN = 0x80000, LENGTH = 1M }
SECTIONS {
  RAM_START = ORIGIN(ram);
  .text : { *(.text .text.*) } >ram
  .rodata : { *(.rodata .rodata.*) } >ram
  .eh_frame : { *(.eh_frame) } >ram
  .data : { *(.data .data.*) } >ram
  .bss : { *(.bss .bss.*) } >ram
  RAM_END = ORIGIN(ram) + LENGTH(ram);
}
LD

debug() {   # FILE: debug sections (name, size), compile units, symbols
    readelf -SW "$1" | sed -n 's/^ *\[ *[0-9]*\] \(\.debug_[a-z_]*\|\.comment\) *[A-Z]* *[0-9a-f]* [0-9a-f]* \([0-9a-f]*\) .*/\1 \2/p'
    echo "units: $(readelf --debug-dump=info "$1" | grep -c DW_TAG_compile_unit)"
    nm "$1" | grep -v ' [tdr] \$[xd]'
}

checked=0
for arch in x86_64 aarch64; do
    t_target $arch
    $cc -c -g -O1 -ffunction-sections -fdata-sections -o live.o live.c &&
        $cc -c -g -O1 -ffunction-sections -fdata-sections -o dead.o dead.c ||
        t_hard_error "$cc failed"
    for how in "-T fw.ld --eh-frame-hdr" "-static -e _start"; do
        rm -f gnu.out mld.out
        $ld --gc-sections --print-gc-sections $how -o gnu.out live.o dead.o \
            2>gnu.err || t_hard_error "GNU ld failed: $(cat gnu.err)"
        t_mld --gc-sections --print-gc-sections $how -o mld.out live.o dead.o \
            --no-warn-rwx-segments
        debug gnu.out >gnu.txt
        sed -n "s/^[^:]*: removing/removing/p" gnu.err >>gnu.txt
        debug mld.out >mld.txt
        sed -n "s/^mld: removing/removing/p" stderr.txt >>mld.txt
        if [ "$T_STATUS" != 0 ]; then
            t_fail "$arch $how: mld failed: $(head -1 stderr.txt)"
        elif ! grep -q "units: [1-9]" gnu.txt; then
            t_hard_error "$arch $how: GNU ld's output has no debugging information"
        elif ! diff gnu.txt mld.txt >d.txt; then
            t_fail "$arch $how: differs: $(tr '\n' ' ' <d.txt)"
        else
            t_pass "$arch $how: GNU ld's debug sections, units, symbols and list"
        fi
    done
    checked=$((checked + 1))
done
[ $checked = 2 ] || t_fail "only $checked of 2 architectures checked"

# -g3: gcc puts a header's macros in a .debug_macro COMDAT group, one
# copy per unit.  With the dead file first, its copy wins, and goes with
# its file (GNU ld marks nothing of a file without a kept allocated
# section, groups of debugging sections included); the live unit's
# import of it then reads 0.  mld kept the copy that won.  Both
# targets (no .eh_frame, which the default layout KEEPs): .debug_macro's
# bytes as GNU ld's.
cat >macros.h <<'SRC'
#define SHARED_ONE 1
#define SHARED_TWO 2
SRC
for arch in x86_64 aarch64; do
    t_target $arch
    for f in live dead; do
        $cc -c -g3 -O1 -ffunction-sections -fno-asynchronous-unwind-tables \
            -fno-unwind-tables \
            -include macros.h -o $f.g3.o $f.c ||
            t_hard_error "$cc -g3 failed"
    done
    $ld --gc-sections -static -e _start -o gnu.out dead.g3.o live.g3.o ||
        t_hard_error "GNU ld failed (-g3)"
    t_mld --gc-sections -static -e _start -o mld.out dead.g3.o live.g3.o
    readelf -x .debug_macro gnu.out >gnu.txt
    readelf -x .debug_macro mld.out >mld.txt
    t_same "$arch: -g3, the dead file's .debug_macro groups" gnu.txt mld.txt \
        "$(readelf -SW mld.out | awk '/debug_macro/ {print "size 0x" $6}')"
done
t_done
