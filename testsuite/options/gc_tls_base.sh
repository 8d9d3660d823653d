#!/bin/bash
if [ -z "${BASH_VERSION:-}" ]; then exec bash "$0" "$@"; fi
. "$(dirname "$0")/../lib.sh"
# _TLS_MODULE_BASE_ exists only when the output has a TLS section, as
# GNU ld defines it: with --gc-sections collecting every TLS variable
# and the code naming it (local-dynamic, TLS descriptors), mld still
# defined it (GNU ld's ld-aarch64/gc-tls-relocs).  The TLS symbols of
# both linkers' outputs are compared, with and without --gc-sections, on
# both targets.

t_write t.c <<'SRC'
__thread int tv = 1;
static __thread int lv = 2;
int dead(void) { return tv + lv; }
void _start(void) { for (;;) ; }
SRC

check() {   # check ARCH CC GNU-LD FLAGS
  local arch=$1 cc=$2 ld=$3 flags=$4
  t_have "$arch" "$cc" "$ld" || return
  $cc -O2 -fPIC $flags -ffunction-sections -fdata-sections -c t.c -o $arch.o ||
    t_hard_error "$cc t.c failed"
  local gc
  for gc in --gc-sections ""; do
    $ld -static $gc -e _start -o $arch.gnu $arch.o || t_hard_error "$ld failed"
    t_mld -static $gc -e _start -o $arch.mld $arch.o
    readelf -sW $arch.gnu | awk '$4 == "TLS" {print $4, $5, $6, $8}' | sort >gnu.nm
    readelf -sW $arch.mld | awk '$4 == "TLS" {print $4, $5, $6, $8}' | sort >mld.nm
    t_same "$arch ${gc:-no gc}" gnu.nm mld.nm \
      "$(wc -l <mld.nm) TLS symbols ($(grep -c _TLS_MODULE_BASE_ mld.nm) _TLS_MODULE_BASE_)"
  done
}
check x86_64 gcc ld.bfd -mtls-dialect=gnu2
check aarch64 aarch64-linux-gnu-gcc aarch64-linux-gnu-ld -mtls-dialect=desc
t_done
