#!/bin/bash
if [ -z "${BASH_VERSION:-}" ]; then exec bash "$0" "$@"; fi
. "$(dirname "$0")/../lib.sh"
# The IPLT (.plt of IFUNCs in a static glibc program) and the GOT are as
# GNU ld makes them: on x86-64 8-byte entries (jmp *slot(%rip); xchg
# %ax,%ax) in a .plt aligned to 8, on AArch64 16-byte entries; .got and
# .got.plt no larger than GNU ld's (AArch64 mld relaxes a few GOT loads
# GNU ld keeps).

t_write hello.c <<'SRC'
#include <stdio.h>
#include <string.h>
int main(int argc, char **argv) {
  printf("%zu\n", strlen(argv[0]) > 0 ? strlen("hello") : 0);
  return 0;
}
SRC
sec() { readelf -SW "$1" | sed 's/^ *\[ *[0-9]*\] *//' |
  awk -v n="$2" '$1 == n {print $5, $NF}'; }
# The .plt's instructions without the addresses the displacements encode.
plt() { objdump -d -j .plt "$1" 2>/dev/null | awk -F'\t' 'NF >= 3 {print $3}' |
  sed 's/0x[0-9a-f]*/X/g; s/#.*//'; }
for cc in gcc aarch64-linux-gnu-gcc; do
  t_have "$cc" $cc || continue
  T_CC=$cc
  $cc -O2 -c -o hello.$cc.o hello.c || t_hard_error "$cc failed"
  $cc -static -o ref.$cc hello.$cc.o || t_hard_error "$cc link failed"
  t_gcc_mld -static -o out.$cc hello.$cc.o
  [ "$T_STATUS" = 0 ] || { t_fail "$cc: mld failed"; continue; }
  [ "$(sec out.$cc .plt)" = "$(sec ref.$cc .plt)" ] &&
    t_pass "$cc: .plt size and alignment '$(sec ref.$cc .plt)'" ||
    t_fail "$cc: .plt mld '$(sec out.$cc .plt)', GNU ld '$(sec ref.$cc .plt)'"
  for s in .got .got.plt; do
    m=$(sec out.$cc $s | cut -d' ' -f1); r=$(sec ref.$cc $s | cut -d' ' -f1)
    [ -n "$r" ] && [ $((16#${m:-0})) -le $((16#$r)) ] &&
      t_pass "$cc: $s 0x$m, GNU ld 0x$r" || t_fail "$cc: $s mld 0x$m, GNU ld 0x$r"
  done
  if [ "$cc" = gcc ]; then
    [ "$(plt out.$cc)" = "$(plt ref.$cc)" ] && t_pass "$cc: .plt code as GNU ld's" ||
      t_fail "$cc: .plt code differs"
  fi
done
t_done
