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
  --no-map-whole-files -flto -flto=auto -flto=8
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
  nopack-relative-relocs call-nop=prefix-addr
  lam-report=none cet-report=none mark-plt keep-text-section-prefix
  nosectionheader isa-level-report=all bogus-keyword)

# GNU ld is most of this test's time (about 140 ms a link), so its side
# is checked with two links per architecture: every option at once, in
# the order above and reversed (an option whose effect a later opposite
# would undo shows in one of the two), but for the other spellings of
# --version-script (a second script repeats its version tags) and
# --no-dynamic-linker (with -E after it GNU ld makes .dynsym; mld
# refuses that, refused.sh), which are linked alone.  Only if a link differs from the one without options
# is each option linked alone, to name it.  mld's side is checked option
# by option.
ALONE=(--version-script,v.map -version-script=v.map --no-dynamic-linker)

# args_for O: the driver's arguments for option O, in the array ARGS
args_for() {
  ARGS=("-Wl,$1")
  [ "$1" = --pop-state ] && ARGS=(-Wl,--push-state -Wl,--pop-state)
}

# ignored FILE: how many "-z KEYWORD ignored" warnings FILE holds
ignored() { grep -c "warning: -z .* ignored" "$1" || true; }

# gnu_link CC ARG...: GNU ld makes base.gnu's bytes with ARGs; adds its
# ignored-keyword warnings to GW
gnu_link() {
  local cc=$1; shift
  $cc -static -o opt.gnu p.o "$@" 2>gnu.err && cmp -s base.gnu opt.gnu || return 1
  GW=$((GW + $(ignored gnu.err)))
}

# gnu_batch CC OPTION...: GNU ld takes every OPTION without a change, in
# both orders, and reports as many ignored keywords each time; sets GW
gnu_batch() {
  local cc=$1 fwd=() rev=() o a alone=0 w; shift
  for o; do
    for a in "${ALONE[@]}"; do [ "$o" = "$a" ] && continue 2; done
    args_for "$o"; fwd+=("${ARGS[@]}"); rev=("${ARGS[@]}" "${rev[@]}")
  done
  GW=0; gnu_link "$cc" "${rev[@]}" || return 1
  w=$GW; GW=0; gnu_link "$cc" "${fwd[@]}" || return 1
  [ "$w" = "$GW" ] || return 1
  for o in "${ALONE[@]}"; do args_for "$o"; gnu_link "$cc" "${ARGS[@]}" || return 1; done
}

# run ARCH CC: one architecture
run() {
  local arch=$1 cc=$2 o gs ms gw mw
  t_have "$arch" "$cc" || return
  T_CC=$cc t_compile p.c -O2
  $cc -static -o base.gnu p.o || t_hard_error "$cc failed"
  T_CC=$cc t_gcc_mld -static -o base.mld p.o
  [ "$T_STATUS" = 0 ] || { t_fail "$arch: mld failed without options"; return; }
  local fmt=elf64-x86-64 extra=("${X86_FLAGS[@]}")
  [ "$arch" = aarch64 ] && fmt=elf64-littleaarch64 extra=("${A64_FLAGS[@]}")
  local opts=("${FLAGS[@]//@FORMAT@/$fmt}" "${extra[@]}" "${Z[@]/#/-z,}")

  # mld, option by option
  local bad=0 mtotal=0
  for o in "${opts[@]}"; do
    args_for "$o"
    T_CC=$cc t_gcc_mld -static -o opt.mld p.o "${ARGS[@]}" >/dev/null; ms=$T_STATUS
    if [ "$ms" != 0 ]; then
      echo "    $arch $o: mld status $ms"; bad=1; continue
    fi
    cmp -s base.mld opt.mld || { echo "    $arch $o: changes mld's output"; bad=1; }
    mtotal=$((mtotal + $(ignored stderr.txt)))
  done

  # GNU ld, all at once; option by option only to name what differs
  if gnu_batch "$cc" "${opts[@]}" && [ $bad = 0 ] && [ "$GW" = "$mtotal" ]; then
    t_pass "$arch: ${#opts[@]} options change neither GNU ld's nor mld's output; both report $GW keywords ignored"
    return
  fi
  local named=0
  for o in "${opts[@]}"; do
    args_for "$o"
    $cc -static -o opt.gnu p.o "${ARGS[@]}" 2>gnu.err; gs=$?
    T_CC=$cc t_gcc_mld -static -o opt.mld p.o "${ARGS[@]}" >/dev/null; ms=$T_STATUS
    if [ "$gs" != 0 ] || [ "$ms" != 0 ]; then
      echo "    $arch $o: GNU ld status $gs, mld status $ms"; named=1; continue
    fi
    cmp -s base.gnu opt.gnu ||
      { echo "    $arch $o: changes GNU ld's output (not an option without effect)"; named=1; }
    gw=$(ignored gnu.err); mw=$(ignored stderr.txt)
    [ "$gw" = "$mw" ] ||
      { echo "    $arch $o: GNU ld warns $gw times that it is ignored, mld $mw"; named=1; }
  done
  [ $named = 1 ] ||
    echo "    $arch: each option alone changes nothing, but all at once change GNU ld's output"
  t_fail "$arch: options without effect (above)"
}
run x86_64 gcc
run aarch64 aarch64-linux-gnu-gcc
t_done
