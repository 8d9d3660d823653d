#!/bin/bash
# check-gnu.sh: GNU ld 2.40's own test suite (Debian's binutils-source,
# run with DejaGnu) against mld, on x86-64 natively and on AArch64 with
# the suite configured for aarch64-linux-gnu.
#
#   check-gnu.sh [-j N] [-a x86_64|aarch64] [-c] [FOLDER...]
#
# -c (CI): mld's runs only, of a subset of folders, checked against the
# failures a full run recorded (known-failures-ARCH.txt here): it fails
# only on a regression.  Regenerate the lists after a full run with
# tally.py --mld-only RUNS ARCH (its failures-ARCH.txt).
#
# Each folder is run twice per architecture: once with GNU ld behind
# "ld-new" (the reference) and once with ld-route.py behind it, which
# sends the links in mld's scope to mld and the others to GNU ld.  A test
# counts when GNU ld passes it and every link it made was in scope;
# tally.py prints the counts per folder and ends with "N passed, N failed".
# MLD names the linker (default: ld/mld beside this tree); the work goes
# to MLD_GNU_WORK (default: testsuite/gnu/work, git-ignored).
set -u
here=$(cd "$(dirname "$0")" && pwd)
top=$(cd "$here/../.." && pwd)
# The interpreter itself, not a launcher (pyenv's shim costs half a
# second a call, and ld-route.py runs for every link).
python=${PYTHON:-$(python3 -c 'import sys; print(sys.executable)')}
jobs=2
arches="x86_64 aarch64"
ci=false
while getopts "j:a:c" o; do
  case $o in
    j) jobs=$OPTARG ;;
    a) arches=$OPTARG ;;
    c) ci=true ;;
    *) exit 2 ;;
  esac
done
shift $((OPTIND - 1))
if $ci; then
  folders=${*:-"ld-scripts ld-gc ld-discard ld-undefined ld-unique
    ld-selective ld-elfcomm ld-pie ld-aarch64"}
else
  folders=${*:-"ld-elf ld-scripts ld-gc ld-ifunc ld-discard ld-undefined
    ld-unique ld-selective ld-elfcomm ld-elfweak ld-sframe ld-pie
    ld-x86-64 ld-aarch64"}
fi
mld=${MLD:-$top/ld/mld}
work=${MLD_GNU_WORK:-$here/work}
tarball=/usr/src/binutils/binutils-2.40.tar.xz

need=()
command -v runtest >/dev/null || need+=(dejagnu)
[ -f "$tarball" ] || need+=(binutils-source)
command -v aarch64-linux-gnu-ld >/dev/null || need+=(binutils-aarch64-linux-gnu)
command -v aarch64-linux-gnu-gcc >/dev/null || need+=(gcc-aarch64-linux-gnu)
if [ ${#need[@]} -gt 0 ]; then
  if [ "$(id -u)" = 0 ]; then
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${need[@]}" \
      >/dev/null || exit 1
  else
    echo "check-gnu: missing ${need[*]} (apt-get install them, as root)" >&2
    exit 1
  fi
fi
[ -x "$mld" ] || { echo "check-gnu: no linker at $mld" >&2; exit 1; }
mld=$(cd "$(dirname "$mld")" && pwd)/$(basename "$mld")

src=$work/binutils-2.40
# (ld-elf's group2, group4-7 and unknown assemble two of binutils' tests.)
if [ ! -f "$src/.extracted-2" ]; then
  all=binutils-2.40/binutils/testsuite/binutils-all
  mkdir -p "$work" && rm -rf "$src" &&
    tar -xJf "$tarball" -C "$work" binutils-2.40/ld/testsuite \
      binutils-2.40/ld/configure.tgt binutils-2.40/binutils/testsuite/lib \
      $all/group.s $all/unknown.s &&
    touch "$src/.extracted-2" || exit 1
fi

# One run: ARCH MODE FOLDER, in its own objdir.
run_one() {
  local arch=$1 mode=$2 folder=$3 pfx="" triplet gnu
  if [ "$arch" = aarch64 ]; then
    pfx=aarch64-linux-gnu- triplet=aarch64-unknown-linux-gnu
  else
    triplet=x86_64-pc-linux-gnu
  fi
  gnu=$(command -v ${pfx}ld.bfd || command -v ${pfx}ld)
  local dir=$runs/$arch-$mode/$folder
  rm -rf "$dir" && mkdir -p "$dir/ld" "$dir/gas" "$dir/binutils" || return 1
  ln -s "$(command -v ${pfx}as)" "$dir/gas/as-new"
  local t
  for t in nm objdump objcopy ar strip readelf size ranlib elfedit; do
    ln -s "$(command -v ${pfx}$t)" "$dir/binutils/$t"
  done
  local dirs
  dirs=$($gnu --verbose | grep -o 'SEARCH_DIR("[^"]*")' |
         sed 's/SEARCH_DIR("=\{0,1\}\([^"]*\)")/\1/' | paste -sd:)
  cat >"$dir/ld/ld-new" <<EOS
#!/bin/sh
MLD_ROUTE_MODE=$mode MLD_ROUTE_ARCH=$arch MLD_ROUTE_LOG=$dir/route.log \\
MLD_ROUTE_GNU=$gnu MLD_ROUTE_MLD=$mld MLD_ROUTE_DIRS=$dirs \\
  exec $python $here/ld-route.py "\$@"
EOS
  chmod +x "$dir/ld/ld-new"
  cat >"$dir/ld/site.exp" <<EOS
set tool ld
set srcdir $src/ld/testsuite
set objdir $dir/ld
set build_triplet x86_64-pc-linux-gnu
set host_triplet x86_64-pc-linux-gnu
set target_triplet $triplet
set target_alias ${pfx%-}
set boards_dir $here
set target_list mld
set CC gcc
set CC_FOR_TARGET ${pfx}gcc
set CXX_FOR_TARGET ${pfx}g++
set experimental false
set development false
set enable_libctf no
EOS
  (cd "$dir/ld" && LC_ALL=C MLD_ROUTE_LOG=$dir/route.log runtest --tool ld --srcdir "$src/ld/testsuite" \
     --directory "$folder" >runtest.out 2>&1 </dev/null)
  grep -c ^RESULT "$dir/route.log" 2>/dev/null | sed "s|^|$arch $mode $folder: |"
}
export -f run_one
runs=$work/runs
$ci && runs=$work/ci-runs
export work here mld src runs python

list=()
for arch in $arches; do
  for folder in $folders; do
    case $arch-$folder in x86_64-ld-aarch64 | aarch64-ld-x86-64) continue ;; esac
    $ci || list+=("$arch gnu $folder")
    list+=("$arch mld $folder")
  done
done
rm -rf "$runs"
printf '%s\n' "${list[@]}" | xargs -P "$jobs" -L 1 bash -c 'run_one "$@"' _
if $ci; then
  "$python" "$here/tally.py" --known="$here" --mld-only "$runs" $arches
else
  "$python" "$here/tally.py" "$runs" $arches
fi
