#!/bin/bash
if [ -z "${BASH_VERSION:-}" ]; then exec bash "$0" "$@"; fi
. "$(dirname "$0")/../lib.sh"
# .symtab lists the undefined names GNU ld makes itself, as GNU ld does:
# a -u symbol nothing defined (with or without --gc-sections), and the
# entry symbol asked for (-e NAME, a script's ENTRY, the default _start)
# but not found; not an -e address, not under -s.  mld listed none.  On
# both targets, the undefined symbols of both linkers' outputs compared.

check() {   # check ARCH AS GNU-LD
  local arch=$1 as=$2 ld=$3
  t_have "$arch" "$as" "$ld" || return
  printf '\t.text\n\t.globl main\nmain:\tret\n' >$arch.s
  $as -o $arch.o $arch.s || t_hard_error "$as failed"
  printf 'ENTRY(scr)\nSECTIONS { .text : { *(.text) } }\n' >e.ld
  local a
  for a in "" "-e nosuch" "-e 0x401000" "-T e.ld" "-e main -u foo" \
           "-e main -u foo --gc-sections" "-e main -u foo -s" \
           "-e main -u main"; do
    $ld $a -o gnu.out $arch.o 2>/dev/null || t_hard_error "$ld $a failed"
    t_mld $a -o mld.out $arch.o
    readelf -sW gnu.out | awk '$7 == "UND" && $8 {print $4, $5, $6, $8}' >gnu.und
    readelf -sW mld.out | awk '$7 == "UND" && $8 {print $4, $5, $6, $8}' >mld.und
    t_same "$arch ${a:-(no option)}" gnu.und mld.und \
      "undefined: $(tr '\n' ' ' <mld.und)"
  done
}
check x86_64 as ld.bfd
check aarch64 aarch64-linux-gnu-as aarch64-linux-gnu-ld
t_done
