#!/bin/bash
if [ -z "${BASH_VERSION:-}" ]; then exec bash "$0" "$@"; fi
. "$(dirname "$0")/../lib.sh"
# The options mld accepts without effect (ld/options.c no_effect_flags,
# no_effect_with_arg, the version script and dynamic list options, whose
# files version_script.sh checks, and the -z keyword lists) are those
# GNU ld 2.40 accepts without changing a static executable.  For each, on both
# architectures and with libc: GNU ld's executable with the option is
# byte-identical to GNU ld's without it (so the claim holds), mld's with
# it to mld's without it, and both accept or refuse it alike, warnings
# included ("-z KEYWORD ignored" for the other target's keywords).

t_write p.c <<'SRC'
#include <stdio.h>
__thread int tv = 3;
static int st(int x) { return x * 3; }
int hot(int x) { return x + tv; }
int main(int argc, char **argv) { printf("%d %d\n", hot(argc), st(argc)); return 0; }
SRC

t_write v.map <<'SRC'
V1 { global: main; hot; local: *; };
V2 { global: extern "C++" { "ns::f(int)"; ns::g*; }; nonexistent; } V1;
SRC
t_write dl.lst <<'SRC'
{ main; hot; extern "C++" { ns::*; }; };
SRC

FLAGS=(--as-needed --no-as-needed --copy-dt-needed-entries
  --no-copy-dt-needed-entries --warn-shared-textrel -E --export-dynamic
  --no-export-dynamic --no-dynamic-linker --enable-new-dtags
  --disable-new-dtags -g --no-pie --no-undefined -plugin-opt=x --dynamic-linker=/lib/ld.so
  --hash-style=gnu --hash-style=both -rpath=/opt/lib -rpath-link=/opt/lib
  -soname=libx.so -O1 -O2 --compress-debug-sections=none
  --no-gc-sections --no-print-gc-sections --pop-state
  -d -dc -dp --check-sections --strip-discarded --allow-shlib-undefined
  --no-allow-shlib-undefined --no-warn-search-mismatch
  -Qy -qmagic --embedded-relocs
  --force-exe-suffix --warn-multiple-gp --warn-constructors
  --warn-alternate-em --no-keep-memory --map-whole-files
  --no-map-whole-files -flto
  --accept-unknown-input-arch --no-accept-unknown-input-arch
  --force-group-allocation --enable-non-contiguous-regions
  --enable-non-contiguous-regions-warnings --gc-keep-exported
  --ctf-variables --no-ctf-variables --warn-textrel
  -assert=definitions -G8 --gpsize=8 -init=main -fini=main
  --audit=libaudit.so -P=libaudit.so --depaudit=libaudit.so
  --spare-dynamic-tags=5
  --max-cache-size=100000 --ctf-share-types=share-duplicated
  -flto-partition=none --orphan-handling=place
  --oformat=@FORMAT@ --format=@FORMAT@ -b@FORMAT@ -aarchive -Bgroup
  --disable-multiple-abs-defs --split-by-reloc --split-by-reloc=5 -R/tmp
  -Bsymbolic -Bsymbolic-functions -Bno-symbolic --version-script=v.map
  --version-script,v.map -version-script=v.map --dynamic-list=dl.lst
  --dynamic-list,dl.lst --dynamic-list-data --dynamic-list-cpp-new
  --dynamic-list-cpp-typeinfo --export-dynamic-symbol=main
  --export-dynamic-symbol=nonexistent --export-dynamic-symbol,hot
  --export-dynamic-symbol-list=dl.lst --undefined-version
  --no-undefined-version --default-symver --default-imported-symver
  --version-exports-section=VX)
# GNU ld takes these for x86-64 only (mld for both: it makes no PLT
# unwind information anywhere) ...
X86_FLAGS=(--ld-generated-unwind-info --no-ld-generated-unwind-info)
# ... and these for AArch64 only.
A64_FLAGS=(--no-enum-size-warning --no-wchar-size-warning
  --no-apply-dynamic-relocs --fix-cortex-a53-843419=full -A=aarch64)
Z=(lazy text notext textoff defs undefs origin combreloc nocombreloc global
  initfirst interpose unique nounique nodelete nodlopen nodump loadfltr
  nodefaultlib globalaudit nocopyreloc common nocommon nounique-symbol
  nostart-stop-gc noextern-protected-data dynamic-undefined-weak
  nodynamic-undefined-weak noreloc-overflow pack-relative-relocs
  nopack-relative-relocs noindirect-extern-access call-nop=prefix-addr
  lam-report=none cet-report=none mark-plt keep-text-section-prefix
  nosectionheader isa-level-report=all bogus-keyword)

# run ARCH CC: one architecture
run() {
  local arch=$1 cc=$2 o args gs ms
  t_have "$arch" "$cc" || return
  T_CC=$cc t_compile p.c -O2
  $cc -static -o base.gnu p.o || t_hard_error "$cc failed"
  T_CC=$cc t_gcc_mld -static -o base.mld p.o
  [ "$T_STATUS" = 0 ] || { t_fail "$arch: mld failed without options"; return; }
  local bad=0 n=0
  local fmt=elf64-x86-64 extra=("${X86_FLAGS[@]}")
  [ "$arch" = aarch64 ] && fmt=elf64-littleaarch64 extra=("${A64_FLAGS[@]}")
  for o in "${FLAGS[@]//@FORMAT@/$fmt}" "${extra[@]}" "${Z[@]/#/-z,}"; do
    args=("-Wl,$o")
    [ "$o" = --pop-state ] && args=(-Wl,--push-state -Wl,--pop-state)
    n=$((n + 1))
    $cc -static -o opt.gnu p.o "${args[@]}" 2>gnu.err; gs=$?
    T_CC=$cc t_gcc_mld -static -o opt.mld p.o "${args[@]}" >/dev/null; ms=$T_STATUS
    if [ "$gs" != 0 ] || [ "$ms" != 0 ]; then
      echo "    $arch $o: GNU ld status $gs, mld status $ms"; bad=1; continue
    fi
    cmp -s base.gnu opt.gnu ||
      { echo "    $arch $o: changes GNU ld's output (not an option without effect)"; bad=1; }
    cmp -s base.mld opt.mld ||
      { echo "    $arch $o: changes mld's output"; bad=1; }
    local gw mw
    gw=$(grep -c "warning: -z .* ignored" gnu.err)
    mw=$(grep -c "warning: -z .* ignored" stderr.txt)
    [ "$gw" = "$mw" ] ||
      { echo "    $arch $o: GNU ld warns $gw times that it is ignored, mld $mw"; bad=1; }
  done
  [ $bad = 0 ] && t_pass "$arch: $n options change neither GNU ld's nor mld's output" ||
    t_fail "$arch: options without effect (above)"
}
run x86_64 gcc
run aarch64 aarch64-linux-gnu-gcc
t_done
