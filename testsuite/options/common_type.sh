#!/bin/bash
if [ -z "${BASH_VERSION:-}" ]; then exec bash "$0" "$@"; fi
. "$(dirname "$0")/../lib.sh"
# The ELF type of COMMON symbols, as GNU ld writes it (elflink.c's
# elf_link_convert_common_type): a -r output keeps the first input's
# type (STT_OBJECT or, from `as --elf-stt-common=yes', STT_COMMON),
# -z common makes it STT_COMMON and -z nocommon STT_OBJECT (mld took
# both options without effect); an executable's COMMON symbol, given
# room in .bss, is STT_OBJECT (mld wrote STT_COMMON).  Compared with GNU
# ld: the symbol's line in readelf -s, on both targets.

t_write c.s <<'SRC'
	.data
	.dc.a foobar
	.comm foobar,30,4
SRC

for arch in x86_64 aarch64; do
  t_target $arch
  $as --elf-stt-common=no -o x.o c.s && $as --elf-stt-common=yes -o y.o c.s ||
    t_hard_error "$as c.s failed"
  sym() { readelf -sW "$1" | awk '$8 == "foobar" {print $2, $3, $4, $5, $7}'; }
  for args in "-r x.o y.o" "-r y.o x.o" "-r -z common x.o y.o" \
              "-r -z nocommon y.o x.o" "-r -z common y.o" \
              "-static -e 0 y.o" "-static -e 0 x.o" \
              "-static -e 0 -z common y.o"; do
    $ld $args -o gnu.out 2>gnu.err || t_hard_error "$ld $args failed"
    t_mld -m $emul $args -o mld.out
    sym gnu.out >gnu.sym
    sym mld.out >mld.sym
    t_same "$arch $args" gnu.sym mld.sym "$(cat mld.sym)"
  done
done
t_done
