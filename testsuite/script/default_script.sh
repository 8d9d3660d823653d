#!/bin/bash
if [ -z "${BASH_VERSION:-}" ]; then exec bash "$0" "$@"; fi
. "$(dirname "$0")/../lib.sh"
# GNU ld's own default script (`ld --verbose`) given with -T: mld follows
# the script's statements (not its built-in layout), and the program must
# be laid out as GNU ld lays it out from the same script.  C (glibc,
# musl) and C++ (exceptions, iostream) programs, on x86-64 and AArch64,
# with the options that change what the script computes (build IDs,
# -z now, -z norelro, -z noseparate-code).  Compared: every section's
# address, size, type and flags, every PT_LOAD/PT_TLS/PT_GNU_RELRO, every
# symbol's value and section, the loaded sections' bytes, and what the
# program prints.
# Known and left out: AArch64's __EH_FRAME_BEGIN__ (mld's built-in layout
# has the same difference) and the names of erratum 843419 veneers (GNU
# ld numbers them by its own input section ids).

cat >c.c <<'C'
#include <stdio.h>
#include <stdlib.h>
static __thread int tls = 3;
__attribute__((constructor)) static void init(void) { tls += 4; }
int main(void) { printf("tls %d env %s\n", tls, getenv("NOPE") ? "y" : "n"); return 0; }
C
cat >cxx.cc <<'C'
#include <iostream>
#include <stdexcept>
#include <vector>
int main() {
  std::vector<int> v{1, 2, 3};
  try { throw std::runtime_error("thrown"); }
  catch (const std::exception &e) { std::cout << e.what() << " " << v.size() << std::endl; }
}
C

shape() {
  $readelf -SW "$1" | sed -n 's/^ *\[ *[0-9]*\] //p' |
    awk '$1 != ".strtab" && $1 != ".shstrtab" && $1 != ".symtab" {print $1, $2, $3, $5, $7}'
  $readelf -lW "$1" | awk '$1 == "LOAD" || $1 == "TLS" || $1 == "GNU_RELRO" {print}'
  $readelf -sW "$1" | awk 'NR > 3 && $8 != "$d" && $8 != "$x" &&
      $8 != "__EH_FRAME_BEGIN__" && $8 !~ /^e843419@/ {print $8, $2, $4, $5, $7}' | sort
}

check() {   # check NAME OPTIONS...: link $obj both ways with $script
  local name=$1
  shift
  $cxx -static "$@" -Wl,-T,$script $obj -o ref.out 2>ref.err ||
    { t_fail "$name: GNU ld failed: $(head -3 ref.err)"; return; }
  T_CC=$cxx t_gcc_mld -static "$@" -Wl,-T,$script $obj -o t.out
  [ "$T_STATUS" = 0 ] || { t_fail "$name: mld failed"; return; }
  shape ref.out >ref.shape
  shape t.out >t.shape
  if diff ref.shape t.shape >shape.diff; then
    t_pass "$name: sections, segments and symbols are GNU ld's"
  else
    t_fail "$name: differs from GNU ld's: $(head -12 shape.diff)"
  fi
  # A section whose bytes differ from GNU ld's must differ as much in
  # mld's built-in layout (a difference of its own, not the script's).
  local bad= known=
  for sec in .text .rodata .data .eh_frame .init_array .fini_array .got \
             .got.plt .tdata .rela.plt .data.rel.ro .gcc_except_table; do
    $readelf -x $sec ref.out >ref.hex 2>&1
    $readelf -x $sec t.out >t.hex 2>&1
    cmp -s ref.hex t.hex && continue
    if [ ! -f def.out ]; then
      $cxx -static "$@" $obj -o defref.out 2>/dev/null
      T_CC=$cxx t_gcc_mld -static "$@" $obj -o def.out
    fi
    $readelf -x $sec defref.out 2>&1 | sed 1d >defref.hex
    $readelf -x $sec def.out 2>&1 | sed 1d >def.hex
    sed 1d ref.hex >ref1.hex
    sed 1d t.hex >t1.hex
    if cmp -s def.hex t1.hex && cmp -s defref.hex ref1.hex; then
      known+=" $sec"
    else
      bad+=" $sec"
    fi
  done
  rm -f def.out defref.out
  [ -z "$bad" ] && t_pass "$name: loaded sections have GNU ld's bytes${known:+ (but$known, as in the built-in layout)}" ||
    t_fail "$name: bytes differ in$bad"
  $run ./ref.out >ref.txt 2>&1
  $run ./t.out >t.txt 2>&1; local st=$?
  if [ $st = 0 ] && cmp -s ref.txt t.txt; then
    t_pass "$name: runs as GNU ld's ($(head -1 t.txt))"
  else
    t_fail "$name: exit $st, printed $(head -2 t.txt), GNU ld's $(head -2 ref.txt)"
  fi
}

for arch in x86_64 aarch64; do
  if [ $arch = x86_64 ]; then
    cc=gcc cxx_=g++ readelf=readelf run= ld=ld.bfd
    t_have x86-64 ld.bfd || continue
  else
    t_have AArch64 aarch64-linux-gnu-g++ qemu-aarch64 || continue
    cc=aarch64-linux-gnu-gcc cxx_=aarch64-linux-gnu-g++
    readelf=aarch64-linux-gnu-readelf run=qemu-aarch64 ld=aarch64-linux-gnu-ld
  fi
  $ld --verbose | sed -n '/^=====/,/^=====/p' | sed '1d;$d' >$arch.ld
  grep -q DATA_SEGMENT_RELRO_END $arch.ld || t_hard_error "$ld --verbose: no script"
  script=$arch.ld
  $cc -O2 -c c.c -o c.o || t_hard_error "$cc -c c.c"
  $cxx_ -O2 -c cxx.cc -o cxx.o || t_hard_error "$cxx_ -c cxx.cc"
  cxx=$cc obj=c.o
  check "$arch C"
  check "$arch C --build-id" -Wl,--build-id
  check "$arch C -z norelro" -Wl,-z,norelro
  check "$arch C -z now" -Wl,-z,now
  [ $arch = x86_64 ] && check "$arch C -z noseparate-code" -Wl,-z,noseparate-code
  cxx=$cxx_ obj=cxx.o
  check "$arch C++"
  check "$arch C++ --build-id=md5" -Wl,--build-id=md5
  if [ $arch = x86_64 ]; then
    # A large-model COMMON that an ordinary definition makes ordinary:
    # GNU ld keeps the script's .lbss (its LARGE_COMMON input), empty.
    printf 'int big[10];\nint get(int i) { return big[i]; }\n' >lc_a.c
    printf '#include <stdio.h>\nint big[10] = {7};\nint get(int);\nint main(void) { printf("%%d\\n", get(0)); return 0; }\n' >lc_b.c
    $cc -O1 -fcommon -mcmodel=medium -mlarge-data-threshold=0 -c lc_a.c &&
      $cc -O1 -c lc_b.c || t_hard_error "$cc -c lc_*.c"
    cxx=$cc obj="lc_a.o lc_b.o"
    check "$arch large COMMON made ordinary"
    grep -q '^\.lbss NOBITS' t.shape && t_pass "$arch: the empty .lbss is kept" ||
      t_fail "$arch: no .lbss"
  fi
done

# musl's gcc wrapper, x86-64.
if t_have "musl C" musl-gcc && [ -f x86_64.ld ]; then
  cc=gcc readelf=readelf run= script=x86_64.ld
  musl-gcc -O2 -c c.c -o musl.o || t_hard_error "musl-gcc -c"
  cxx=musl-gcc obj=musl.o
  check "musl C"
fi
t_done
