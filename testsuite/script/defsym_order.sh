#!/bin/bash
if [ -z "${BASH_VERSION:-}" ]; then exec bash "$0" "$@"; fi
. "$(dirname "$0")/../lib.sh"
# A --defsym after -T SCRIPT is GNU ld's assignment after the script's
# statements: the script does not see it (DEFINED is false there, and
# ". = NAME" reads the script's own value), and it gives the symbol its
# final value.  One before -T, or with -dT / --default-script (read once
# the command line is), is seen by the script.  mld took every --defsym
# as one before the script.  Compared with GNU ld on both targets (nm
# -n), as GNU ld's default-script1 to 4 tests, and with an object that
# refers to the symbol.

t_write s.s <<'SRC'
	.text
	.globl text
text:	.long 0
	.data
	.quad _START
	.quad other
SRC
t_write t.ld <<'LD'
_START = DEFINED(_START) ? _START : 0x900;
PROVIDE (other = 0x42);
SECTIONS
{
  . = _START;
  .text : { *(.text) }
  .data : { *(.data) }
  /DISCARD/ : { *(*) }
}
LD

for arch in x86_64 aarch64; do
  t_target $arch
  $as -o s.o s.s || t_hard_error "$as s.s failed"
  for args in "-T t.ld --defsym _START=0x800" "--defsym _START=0x800 -T t.ld" \
              "--defsym _START=0x800 -dT t.ld" "--default-script t.ld --defsym _START=0x800" \
              "-T t.ld --defsym other=_START+1 --defsym _START=0x700"; do
    $ld $args -o gnu.out s.o 2>gnu.err || t_hard_error "$ld $args: $(cat gnu.err)"
    t_mld -m $emul $args -o mld.out s.o
    nm -n gnu.out >gnu.nm
    nm -n mld.out >mld.nm 2>/dev/null
    objdump -s -j .data gnu.out | tail -n +4 >gnu.data
    objdump -s -j .data mld.out 2>/dev/null | tail -n +4 >mld.data
    cat gnu.data >>gnu.nm
    cat mld.data >>mld.nm
    t_same "$arch $args" gnu.nm mld.nm "$(awk '$3 == "text" || $3 == "_START" { printf "%s %s ", $3, $1 }' mld.nm)"
  done
done
t_done
