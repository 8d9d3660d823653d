#!/bin/bash
if [ -z "${BASH_VERSION:-}" ]; then exec bash "$0" "$@"; fi
. "$(dirname "$0")/../lib.sh"
# Big debugging information, as GNU ld links it.  One generated unit
# (5000 structs of 8 long-named members, -g -O0) has a .debug_info with
# 55,000 relocations, more than one slice (mld scans and relocates slices
# on all threads, past a fast path for words holding a section's
# address), a .debug_str of 2.8 MB (merged in slices, its strings tail
# merged with a radix sort), and sections big enough that mld lets their
# pages go once they are written (the build ID reads the output back).
# On both architectures: every .debug_* section has GNU ld's bytes, the
# program prints what GNU ld's prints, and 1, 2 and 8 threads write the
# same file.
command -v "$PYTHON" >/dev/null || t_skip "python3 not installed"

"$PYTHON" - <<'PY'
n = 5000
out = ["#include <stdio.h>"]
for i in range(n):
    fields = " ".join("int f%d_%d_%s;" % (i, k, "y" * 60) for k in range(8))
    out.append("struct rec_%d { %s };" % (i, fields))
    out.append("int fn_%d(struct rec_%d *p) { return p->f%d_0_%s + %d; }"
               % (i, i, i, "y" * 60, i))
out.append("int main(void) { long s = 0;")
for i in range(0, n, 97):
    out.append(" { struct rec_%d r = {0}; s += fn_%d(&r); }" % (i, i))
out.append(' printf("%ld\\n", s); return 0; }')
open("big.c", "w").write("\n".join(out) + "\n")
PY

# The bytes of section $2 of file $1, in $3.
section_bytes() {
  rm -f "$3"
  $objcopy --dump-section "$2=$3" "$1" dump.tmp 2>/dev/null
}

for arch in x86_64 aarch64; do
  if [ $arch = x86_64 ]; then
    cc=gcc objcopy=objcopy readelf=readelf run=
  else
    t_have AArch64 aarch64-linux-gnu-gcc qemu-aarch64 || continue
    cc=aarch64-linux-gnu-gcc objcopy=aarch64-linux-gnu-objcopy
    readelf=aarch64-linux-gnu-readelf run=qemu-aarch64
  fi
  $cc -g -O0 -c big.c -o big.o || t_hard_error "$cc -c big.c"
  nrel=$($readelf -r big.o | sed -n "s/.*'.rela.debug_info'.* contains \([0-9]*\) entries.*/\1/p")
  if [ "${nrel:-0}" -gt 32768 ]; then
    t_pass "$arch: .debug_info has $nrel relocations (two slices)"
  else
    t_fail "$arch: .debug_info has ${nrel:-no} relocations, one slice"
  fi
  $cc -static -Wl,--build-id -o ref.out big.o ||
    t_hard_error "$cc -static (GNU ld) failed"
  for n in 1 2 8; do
    T_CC=$cc t_gcc_mld -static -Wl,--build-id -Wl,--threads=$n -o t$n.out \
      big.o
    [ "$T_STATUS" = 0 ] || t_fail "$arch --threads=$n: link failed"
  done
  if cmp -s t1.out t2.out && cmp -s t1.out t8.out; then
    t_pass "$arch: 1, 2 and 8 threads write the same file"
  else
    t_fail "$arch: the thread counts' outputs differ"
  fi
  secs=$($readelf -SW ref.out | sed -n 's/.*\] \(\.debug_[a-z_]*\) .*/\1/p')
  [ -n "$secs" ] || t_fail "$arch: GNU ld's output has no .debug_* section"
  for s in $secs; do
    section_bytes ref.out "$s" ref.sec
    section_bytes t2.out "$s" mld.sec
    if [ -s ref.sec ] && cmp -s ref.sec mld.sec; then
      t_pass "$arch: $s is GNU ld's, $(stat -c %s ref.sec) bytes"
    else
      t_fail "$arch: $s differs from GNU ld's"
    fi
  done
  if [ "$($run ./ref.out)" = "$($run ./t2.out)" ]; then
    t_pass "$arch: the program prints what GNU ld's prints"
  else
    t_fail "$arch: the program's output differs from GNU ld's"
  fi
done
t_done
