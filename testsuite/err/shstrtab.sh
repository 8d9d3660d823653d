#!/bin/bash
if [ -z "${BASH_VERSION:-}" ]; then exec bash "$0" "$@"; fi
. "$(dirname "$0")/../lib.sh"
# .shstrtab as GNU ld lays it out (bfd's elf-strtab.c): ".symtab",
# ".strtab" and ".shstrtab" first, then the sections' names in header
# order, each once, a name that ends another (".plt" in ".rela.plt") only
# as its tail.  Compared with GNU ld: the bytes of .shstrtab and every
# section header's sh_name, on both targets, with and without .symtab
# (-s), with -q's .rela sections, with a script that makes a section of
# the same name twice.
command -v "$PYTHON" >/dev/null || t_skip "python3 not installed"
sh_names() {   # each section header's sh_name and the name it gives
  "$PYTHON" - "$1" <<'PY'
import struct, sys
d = open(sys.argv[1], 'rb').read()
shoff, = struct.unpack_from('<Q', d, 0x28)
size, num, strndx = struct.unpack_from('<HHH', d, 0x3a)
hdr = [struct.unpack_from('<I4xQQQ', d, shoff + i * size) for i in range(num)]
base = hdr[strndx][3]   # sh_offset
for h in hdr:
    end = d.index(b'\0', base + h[0])
    print(h[0], d[base + h[0]:end].decode())
PY
}
t_write main.c <<'SRC'
#include <stdio.h>
__attribute__((section(".tail.plt"), used)) const int in_tail = 1;
int main(void) { puts("hi"); return 0; }
SRC
t_write two.ld <<'LD'
SECTIONS {
  . = 0x400000;
  .text : { *(.text .text.*) }
  .data : { *(.data) }
  .x : { *(.tail.plt) }
  .rodata : { *(.rodata .rodata.*) }
  .x : { *(.rodata1) }
  .bss : { *(.bss) }
}
LD
for cc in gcc aarch64-linux-gnu-gcc; do
  t_have "$cc" $cc || continue
  $cc -O1 -c main.c || t_hard_error "$cc -c main.c failed"
  for flags in "-static" "-static -s" "-static -Wl,-q" "-static -Wl,--gc-sections"; do
    $cc $flags -o g main.o || t_hard_error "GNU ld: $flags"
    T_CC=$cc t_gcc_mld $flags -o m main.o
    [ "$T_STATUS" = 0 ] || { t_fail "$cc $flags: mld failed"; continue; }
    if sh_names g | grep -qx '[0-9]* \.shstrtab' &&
       [ "$(sh_names g)" = "$(sh_names m)" ]; then
      t_pass "$cc $flags: GNU ld's .shstrtab ($(sh_names m | wc -l) headers)"
    else
      t_fail "$cc $flags: .shstrtab differs"
      diff <(sh_names g) <(sh_names m) | head -6
    fi
  done
done
if t_have "GNU ld comparison" ld.bfd; then
  printf '%s\n' '__attribute__((section(".tail.plt"), used)) const int t = 1;' \
    '__attribute__((section(".rodata1"), used)) const int r = 2;' \
    'void _start(void) { for (;;) ; }' >fs.c
  gcc -O1 -fno-pie -ffreestanding -c fs.c -o fs.o || t_hard_error "gcc -c"
  ld.bfd -T two.ld fs.o -o g 2>/dev/null || t_hard_error "GNU ld -T two.ld"
  t_mld -T two.ld fs.o -o m
  [ "$T_STATUS" = 0 ] && [ "$(sh_names g)" = "$(sh_names m)" ] &&
    t_pass "a script with .x twice: GNU ld's .shstrtab" ||
    { t_fail "a script with .x twice: .shstrtab differs"; diff <(sh_names g) <(sh_names m) | head -6; }
fi
t_done
