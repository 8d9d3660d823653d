#!/bin/bash
if [ -z "${BASH_VERSION:-}" ]; then exec bash "$0" "$@"; fi
. "$(dirname "$0")/../lib.sh"
# --oformat binary and a script's OUTPUT_FORMAT(binary): a raw image, the
# loaded sections at their load addresses less the lowest, no headers,
# as bare-metal links make them.  On x86-64, byte for byte against GNU
# ld: a firmware script with ROM and RAM regions (.data loaded in ROM),
# the same script naming the format itself, the default layout with and
# without -z separate-code (SIZEOF_HEADERS is 0); the output's mode; the
# map's OUTPUT line; __ehdr_start, which no header defines; -r, refused.
# On AArch64, GNU ld's error (it writes ELF only; objcopy makes images).
# On both, --oformat naming ELF overrides the script.

cat >fw.c <<'SRC'
const char banner[] = "raw image";
int counters[4] = {1, 2, 3, 4};
long scratch[8];
int check(void) {
  scratch[1] = counters[2] + banner[0];
  return (int)scratch[1];
}
SRC
cat >fw.ld <<'LD'
ENTRY(check)
MEMORY {
  rom (rx) : ORIGIN = 0x80000, LENGTH = 64K
  ram (rwx) : ORIGIN = 0x90000, LENGTH = 64K
}
SECTIONS {
  .text : { *(.text .text.*) } > rom
  .rodata : { *(.rodata .rodata.*) } > rom
  .data : { _data = .; *(.data .data.*) } > ram AT > rom
  .bss : { *(.bss .bss.*) } > ram
  /DISCARD/ : { *(.note.GNU-stack) *(.comment) *(.eh_frame) }
}
LD
{ echo 'OUTPUT_FORMAT(binary)'; cat fw.ld; } >named.ld

# same WHAT: gnu.bin and mld.bin are the same bytes, with the same mode
same() {
    if [ "$T_STATUS" != 0 ]; then
        t_fail "$arch $1: mld failed: $(head -1 stderr.txt)"
    elif ! cmp -s gnu.bin mld.bin; then
        t_fail "$arch $1: images differ ($(stat -c %s gnu.bin) and" \
               "$(stat -c %s mld.bin) bytes): $(cmp gnu.bin mld.bin)"
    elif [ "$(stat -c %a gnu.bin)" != "$(stat -c %a mld.bin)" ]; then
        t_fail "$arch $1: mode $(stat -c %a mld.bin), GNU ld's" \
               "$(stat -c %a gnu.bin)"
    else
        t_pass "$arch $1: GNU ld's $(stat -c %s gnu.bin) bytes"
    fi
}

umask 022
checked=0
for arch in x86_64 aarch64; do
    t_target $arch
    $cc -c -O1 -fno-pie -fno-stack-protector -fno-asynchronous-unwind-tables \
        -o fw.o fw.c || t_hard_error "$cc failed"

    if [ $arch = aarch64 ]; then
        for how in "-T fw.ld --oformat binary" "-T named.ld"; do
            rm -f gnu.bin mld.bin
            $ld $how -o gnu.bin fw.o 2>gnu.err && t_hard_error "GNU ld linked"
            t_mld $how -o mld.bin fw.o
            expect_failure
            expect_error "$(sed 's/^[^:]*: error: //' gnu.err)"
            expect_no_file mld.bin
        done
    else
        rm -f gnu.bin mld.bin
        $ld -T fw.ld --oformat binary -Map gnu.map -o gnu.bin fw.o ||
            t_hard_error "GNU ld failed"
        head -c 100000 /dev/zero >mld.bin   # an old, longer file: replaced
        t_mld -T fw.ld --oformat binary -Map mld.map -o mld.bin fw.o
        same "ROM and RAM regions"
        if [ "$(grep '^OUTPUT(' mld.map)" = "OUTPUT(mld.bin binary)" ]; then
            t_pass "$arch map: OUTPUT(mld.bin binary)"
        else
            t_fail "$arch map: $(grep '^OUTPUT(' mld.map)"
        fi

        rm -f gnu.bin mld.bin
        $ld -T named.ld -o gnu.bin fw.o || t_hard_error "GNU ld failed"
        t_mld -T named.ld -o mld.bin fw.o
        same "OUTPUT_FORMAT(binary)"

        for z in separate-code noseparate-code; do
            rm -f gnu.bin mld.bin
            $ld -static -nostdlib -e check -z $z --oformat binary \
                -o gnu.bin fw.o || t_hard_error "GNU ld failed"
            t_mld -static -nostdlib -e check -z $z --oformat binary \
                -o mld.bin fw.o
            same "default layout, -z $z"
        done
    fi

    # --oformat names the ELF format: the script's choice gives way.
    elf=elf64-x86-64
    [ $arch = aarch64 ] && elf=elf64-littleaarch64
    t_mld -T named.ld --oformat $elf -o mld.elf fw.o
    if [ "$T_STATUS" = 0 ] && [ "$(head -c 4 mld.elf | od -An -tx1)" = \
                                " 7f 45 4c 46" ]; then
        t_pass "$arch --oformat $elf over OUTPUT_FORMAT(binary): ELF"
    else
        t_fail "$arch --oformat $elf over OUTPUT_FORMAT(binary): not ELF"
    fi

    checked=$((checked + 1))
done
[ $checked = 2 ] || t_fail "only $checked of 2 architectures checked"

# No headers: a strong reference to __ehdr_start is undefined (GNU ld).
printf 'extern char __ehdr_start[];\nchar *p = __ehdr_start;\n' >eh.c
gcc -c -o eh.o eh.c || t_hard_error "gcc failed"
t_mld -e 0 --oformat binary -o x.bin eh.o
expect_failure
expect_error "__ehdr_start"
expect_no_file x.bin
t_mld -r --oformat binary -o x.o eh.o
expect_failure
expect_error "--oformat binary"
expect_no_file x.o
t_done
