#!/bin/bash
if [ -z "${BASH_VERSION:-}" ]; then exec bash "$0" "$@"; fi
. "$(dirname "$0")/../lib.sh"
# Load addresses as GNU ld's lang_size_sections_1 sets them, on x86-64
# and AArch64: AT> REGION's next free address is aligned as the section
# only when that is also its runtime region; a section with no load
# address of its own keeps the LMA-VMA relation of the one before, its
# LMA aligned as the section, also when it has an address; a section
# after one in the same runtime region takes that one's load region; a
# section below the previous one gets LMA = VMA and GNU ld's "dot moved
# backwards" warning.  Compared: every PT_LOAD, every section's address
# and LMA (-Map's "load address"), and the warnings.  Not yet: GNU ld's
# empty linker-made sections (.iplt, .rela.dyn, .got, ...) also count as
# "the section before" for the next one; mld's do not.

cat >lma.c <<'C'
int counter = 5;
__attribute__((aligned(32))) int arr[8] = {1, 2, 3};
char buf[100];
const char msg[] = "hello";
void _start(void) { for (;;) ; }
C
script_of() {
  case $1 in
  regions) cat <<'LD'
MEMORY { FLASH (rx) : ORIGIN = 0x10000, LENGTH = 64K  RAM (rwx) : ORIGIN = 0x200000, LENGTH = 64K }
SECTIONS {
  .text : { *(.text) *(.rodata*) } > FLASH
  .data : { *(.data) } > RAM AT> FLASH
  .bss (NOLOAD) : { *(.bss) *(COMMON) } > RAM
  /DISCARD/ : { *(.note.gnu.property) *(.eh_frame) *(.comment) }
}
LD
  ;;
  at) cat <<'LD'
SECTIONS {
  . = 0x10000;
  .text : { *(.text) *(.rodata*) }
  . = 0x200000;
  .data : AT (ADDR (.text) + SIZEOF (.text)) { *(.data) }
  .bss : { *(.bss) *(COMMON) }
  /DISCARD/ : { *(.note.gnu.property) *(.eh_frame) *(.comment) }
}
LD
  ;;
  addresses) cat <<'LD'
SECTIONS {
  . = 0x10000;
  .text : { *(.text) *(.rodata*) }
  .data 0x200000 : AT (0x300000) { *(.data) }
  .bss 0x400000 : { *(.bss) *(COMMON) }
  /DISCARD/ : { *(.note.gnu.property) *(.eh_frame) *(.comment) }
}
LD
  ;;
  backwards) cat <<'LD'
SECTIONS {
  .data 0x500000 : AT (0x600000) { *(.data) }
  .text 0x400000 : { *(.text) *(.rodata*) }
  /DISCARD/ : { *(.note.gnu.property) *(.eh_frame) *(.comment) }
}
LD
  ;;
  esac
}

loads() {   # PT_LOADs, and each section's address and load address
  $readelf -lW "$1" | awk '$1 == "LOAD"'
  # The map's sections with contents (GNU ld's lists its empty ones).
  awk '/^\.[a-z]+ +0x/ && $3 != "0x0" {print $1, $2, $6}' "$2" |
    grep -v '^\.comment'
}

for arch in x86_64 aarch64; do
  if [ $arch = x86_64 ]; then
    cc=gcc readelf=readelf ld=ld.bfd emul=elf_x86_64
    t_have x86-64 ld.bfd || continue
  else
    t_have AArch64 aarch64-linux-gnu-gcc || continue
    cc=aarch64-linux-gnu-gcc readelf=aarch64-linux-gnu-readelf
    ld=aarch64-linux-gnu-ld emul=aarch64linux
  fi
  $cc -O2 -ffreestanding -fno-pie -fno-asynchronous-unwind-tables \
    -c lma.c -o lma.o || t_hard_error "$cc -c lma.c"
  for s in regions at addresses backwards; do
    script_of $s >$s.ld
    $ld -T $s.ld lma.o -o ref.out -Map ref.map 2>ref.err ||
      { t_fail "$arch $s: GNU ld failed: $(head -3 ref.err)"; continue; }
    t_mld -m $emul -T $s.ld lma.o -o t.out -Map t.map
    [ "$T_STATUS" = 0 ] || { t_fail "$arch $s: mld failed"; continue; }
    if diff <(loads ref.out ref.map) <(loads t.out t.map) >lma.diff; then
      t_pass "$arch $s: GNU ld's load addresses and segments"
    else
      t_fail "$arch $s: differs from GNU ld's: $(head -8 lma.diff)"
    fi
    want=$(grep -o "warning: dot moved backwards.*" ref.err | sort -u)
    got=$(grep -o "warning: dot moved backwards.*" stderr.txt | sort -u)
    [ "$want" = "$got" ] && t_pass "$arch $s: GNU ld's warnings (${want:-none})" ||
      t_fail "$arch $s: warnings '$got', GNU ld's '$want'"
  done
done
t_done
