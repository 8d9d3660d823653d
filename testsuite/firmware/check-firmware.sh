#!/bin/bash
# check-firmware.sh: real firmware linked by GNU ld and by mld, booted
# under qemu and compared.
#
#   make check-firmware TFA_SRC=/path/to/trusted-firmware-a
#   (or: TFA_SRC=... testsuite/firmware/check-firmware.sh)
#
# Trusted Firmware-A (tested with v2.15.0) is built for qemu's "virt"
# board (PLAT=qemu) with U-Boot as BL33, once as the reference (TF-A's
# default: the compiler driver calls GNU ld) and once with mld doing every
# link: LD is a gcc wrapper whose -B folder holds an "ld" that logs its
# arguments and runs mld.  Each case then checks:
#   build      the mld build succeeded and bl1, bl2 and bl31 were linked
#              by mld (according to the wrapper's log);
#   boot       both builds boot through BL1, BL2 and BL31 to U-Boot's
#              banner (qemu is stopped at "Hit any key to stop autoboot"
#              or after BOOT_TIMEOUT seconds);
#   console    the two consoles are the same ("Built :" times removed);
#   images     bl1.bin, bl2.bin, bl31.bin, fip.bin and qemu_fw.bios are
#              byte-identical;
#   layout X   for X = bl1, bl2, bl31: `readelf -SW` (section names,
#              types, addresses, sizes but .strtab's) and `readelf -lW`
#              are the same;
#   symbols X  `nm` (values, types, names; sorted) is the same.
# Cases (FW_CASES, default all): default (cortex-a57; linking through
# the compiler, TF-A's release build uses LTO, so gcc's plugin runs in
# the linker), no-lto (ENABLE_LTO=0), pie (ENABLE_PIE=1), errata-a53
# (ERRATA_A53_843419=1 with -cpu cortex-a53) and both (pie-errata-a53).
#
# Both builds fix BUILD_STRING and BUILD_MESSAGE_TIMESTAMP, to be
# reproducible.  Host tools (fiptool) are not under test: HOSTLD is left
# alone.
#
# Nothing is downloaded.  TFA_SRC names a TF-A source tree, copied to the
# work folder (it is never built in place).
#
# UBOOT_SRC names a U-Boot tree: qemu_arm64_defconfig is built with GNU
# ld and with mld as LD (every link: the probes, the final -pie link),
# both booted with -bios u-boot.bin, and checked as above: build, boot,
# console; then image (objcopy -O binary), layout and symbols of the
# u-boot ELF file against GNU ld's link of the mld build's own objects
# (they embed the linker's --version line).
# It needs bison and flex.
#
# LK_SRC names a Little Kernel tree (github.com/littlekernel/lk):
# qemu-virt-arm64-test is built with GNU ld and with mld as LD (every
# link: each module's -r link and the kernel's three -T links), both
# booted with -kernel lk.elf, and checked: build; boot (each runs its
# unit tests, "ut all", and all pass); then each of the mld build's
# links run again by GNU ld on the same objects: every -r output byte
# for byte, and lk.elf's image, layout and symbols (LK embeds LD's name,
# so the two builds' objects differ).
#
# Without sources it prints SKIP and exits 77.  Ends with "N passed, N failed" (exit 1 if any failed).
#
# Environment: MLD (default: ld/mld beside this tree), MLD_FW_WORK (work
# folder, default testsuite/firmware/work; its contents are replaced),
# FW_CASES, BL33 (default Debian's u-boot-qemu u-boot.bin), BOOT_TIMEOUT
# (25), JOBS (2), CROSS_COMPILE (aarch64-linux-gnu-).
set -u
export LC_ALL=C
here=$(cd "$(dirname "$0")" && pwd)
top=$(cd "$here/../.." && pwd)
mld=${MLD:-$top/ld/mld}
work=${MLD_FW_WORK:-$here/work}
cases=${FW_CASES:-default no-lto pie errata-a53 pie-errata-a53}
bl33=${BL33:-/usr/lib/u-boot/qemu_arm64/u-boot.bin}
boot_timeout=${BOOT_TIMEOUT:-25}
jobs=${JOBS:-2}
cross=${CROSS_COMPILE:-aarch64-linux-gnu-}
passed=0
failed=0

skip() {
  echo "SKIP: check-firmware: $*"
  exit 77
}

pass() { echo "PASS: $1"; passed=$((passed + 1)); }

# fail TEST [DETAIL FILE]: count a failure, show the first lines of FILE.
fail() {
  echo "FAIL: $1"
  if [ $# -gt 1 ] && [ -s "$2" ]; then
    head -n 24 "$2" | sed 's/^/    /'
    [ "$(wc -l <"$2")" -le 24 ] || echo "    ... (all of it in $2)"
  fi
  failed=$((failed + 1))
}

# check TEST DETAIL-FILE CMD...: pass if CMD succeeds, else fail.
check() {
  local name=$1 detail=$2
  shift 2
  if "$@" >"$detail" 2>&1; then pass "$name"; else fail "$name" "$detail"; fi
}

need_tools() {
  local t missing=()
  for t in "${cross}gcc" "${cross}readelf" "${cross}nm" qemu-system-aarch64 \
           make timeout; do
    command -v "$t" >/dev/null || missing+=("$t")
  done
  if [ -n "${UBOOT_SRC:-}" ]; then
    for t in bison flex; do
      command -v "$t" >/dev/null || missing+=("$t")
    done
  fi
  [ ${#missing[@]} -eq 0 ] || skip "missing ${missing[*]} (Debian:" \
    "apt-get install gcc-aarch64-linux-gnu qemu-system-arm u-boot-qemu" \
    "bison flex)"
  [ -f "$bl33" ] || skip "no BL33 $bl33 (apt-get install u-boot-qemu," \
    "or set BL33 to a qemu_arm64 u-boot.bin)"
  [ -x "$mld" ] || { echo "check-firmware: no mld at $mld" >&2; exit 1; }
}

# make_wrappers DIR: DIR/ld logs its arguments (to $FW_LD_LOG) and runs
# mld; DIR/<cross>gcc-mld is the compiler driver using it.  A link that
# makes a shared object (U-Boot's EFI example applications, -shared) is
# outside a static linker's scope: it goes to GNU ld, logged "GNU ld:".
make_wrappers() {
  local dir=$1
  mkdir -p "$dir"
  cat >"$dir/ld" <<EOF
#!/bin/bash
for a in "\$@"; do
  if [ "\$a" = -shared ]; then
    { printf 'GNU ld: %s:' "\$PWD"; printf ' %q' "\$@"; echo; } >>"\${FW_LD_LOG:-/dev/null}"
    exec '${cross}ld.bfd' "\$@"
  fi
done
{ printf '%s:' "\$PWD"; printf ' %q' "\$@"; echo; } >>"\${FW_LD_LOG:-/dev/null}"
exec '$mld' "\$@"
EOF
  chmod +x "$dir/ld"
  ln -sf ld "$dir/${cross}ld"
  printf '#!/bin/bash\nexec %q -B%q "$@"\n' "${cross}gcc" "$dir/" \
    >"$dir/${cross}gcc-mld"
  chmod +x "$dir/${cross}gcc-mld"
}

# copy_tree SRC DEST: a copy of a source tree, without its build output.
copy_tree() {
  rm -rf "$2" && mkdir -p "$2" &&
    tar -C "$1" --exclude=./build -cf - . | tar -C "$2" -xf -
}

# ---------------------------------------------------------------- qemu
# boot DIR CPU LOG [BIOS MACHINE]: boot DIR/BIOS (qemu_fw.bios, TF-A
# in the secure world of virt,secure=on); the console goes to LOG
# (qemu's own messages to LOG.err), cut at U-Boot's autoboot prompt.
boot() {
  local dir=$1 cpu=$2 log=$3 bios=${4:-qemu_fw.bios} i
  local machine=${5:-virt,secure=on}
  (cd "$dir" && exec timeout "$boot_timeout" qemu-system-aarch64 \
     -nographic -machine "$machine" -cpu "$cpu" -smp 2 -m 1024 \
     -bios "$bios" -d unimp </dev/null >"$log.raw" 2>"$log.err") &
  local pid=$!
  for ((i = 0; i < boot_timeout * 5; i++)); do
    grep -qE 'Hit any key to stop autoboot|^=> ' "$log.raw" 2>/dev/null &&
      break
    kill -0 "$pid" 2>/dev/null || break
    sleep 0.2
  done
  kill "$pid" 2>/dev/null
  wait "$pid" 2>/dev/null
  tr -d '\r' <"$log.raw" | awk '
    /Hit any key to stop autoboot/ { sub(/autoboot:.*/, "autoboot:"); print; exit }
    /^=> / { print "=> "; exit }
    { print }' >"$log"
}

# booted LOG...: each console shows each TF-A stage and U-Boot's banner.
booted() {
  local log want ok=0
  for log; do
    for want in 'BL1: Booting BL2' 'BL2: v' 'BL1: Booting BL31' 'BL31: v' \
                '^U-Boot 20'; do
      grep -q "$want" "$log" || { echo "no '$want' in $log"; ok=1; }
    done
  done
  return $ok
}

# same_console GNU-LOG MLD-LOG
same_console() {
  local f
  for f in "$1" "$2"; do
    sed -E 's/Built : [0-9]{2}:[0-9]{2}:[0-9]{2}, [A-Z][a-z]{2} [ 0-9]{2} [0-9]{4}/Built : (time)/' \
      "$f" >"$f.norm"
  done
  diff -u --label "gnu console" --label "mld console" "$1.norm" "$2.norm"
}

# ------------------------------------------------------------ ELF files
# same_images GNU-DIR MLD-DIR: the images written to flash are identical.
same_images() {
  local f r=0
  for f in bl1.bin bl2.bin bl31.bin fip.bin qemu_fw.bios; do
    cmp "$1/$f" "$2/$f" || r=1
  done
  return $r
}

# sections ELF: name type address size, one section a line; .strtab's
# size left out: GNU ld stores a name that ends another name once, mld
# does not (a known difference, no byte of the image).
sections() {
  "${cross}readelf" -SW "$1" | sed -n 's/^ *\[ *[0-9]*\] //p' |
    awk '$2 != "" && $1 != "NULL" {
           print $1, $2, $3, ($1 == ".strtab" ? "-" : $5) }'
}

# same_layout GNU-ELF MLD-ELF: same sections and program headers.
same_layout() {
  local g=$1 m=$2 r=0
  [ -f "$m" ] || { echo "missing $m"; return 1; }
  diff -U0 --label "gnu sections" --label "mld sections" \
    <(sections "$g") <(sections "$m") || r=1
  diff -U1 --label "gnu segments" --label "mld segments" \
    <("${cross}readelf" -lW "$g") <("${cross}readelf" -lW "$m") || r=1
  return $r
}

# same_symbols GNU-ELF MLD-ELF: same symbol values, types and names.
same_symbols() {
  [ -f "$2" ] || { echo "missing $2"; return 1; }
  diff -U0 --label "gnu nm" --label "mld nm" \
    <("${cross}nm" "$1" | sort) <("${cross}nm" "$2" | sort)
}

# same_as_relinked NAME DIR GNU-ELF MLD-ELF [WHY DETAIL-FILE]: the mld
# build's ELF file against GNU ld's link of the same objects: image,
# layout and symbols; with WHY, each fails for that reason.
same_as_relinked() {
  local name=$1 dir=$2 g=$3 m=$4 t
  if [ $# -gt 4 ]; then
    for t in image layout symbols; do fail "$name: $t ($5)" "$6"; done
    return
  fi
  "${cross}objcopy" -O binary "$g" "$dir/gnu-relink.img"
  "${cross}objcopy" -O binary "$m" "$dir/mld.img" 2>/dev/null
  check "$name: image" "$dir/image.diff" \
    cmp "$dir/gnu-relink.img" "$dir/mld.img"
  check "$name: layout" "$dir/layout.diff" same_layout "$g" "$m"
  check "$name: symbols" "$dir/symbols.diff" same_symbols "$g" "$m"
}

# ------------------------------------------------------------------ TF-A
# tfa_case NAME -> "CPU MAKE-ARGS..."
tfa_case() {
  case $1 in
    default) echo "cortex-a57" ;;
    no-lto) echo "cortex-a57 ENABLE_LTO=0" ;;
    pie) echo "cortex-a57 ENABLE_PIE=1" ;;
    errata-a53) echo "cortex-a53 ERRATA_A53_843419=1" ;;
    pie-errata-a53) echo "cortex-a53 ENABLE_PIE=1 ERRATA_A53_843419=1" ;;
    *) return 1 ;;
  esac
}

# tfa_build SRC OUT LOG [MAKE-ARGS...]: release build for qemu, the FIP
# and qemu_fw.bios in OUT/qemu/release.
tfa_build() {
  local src=$1 out=$2 log=$3
  shift 3
  make -C "$src" -j"$jobs" V=1 PLAT=qemu CROSS_COMPILE="$cross" \
    BL33="$bl33" BUILD_BASE="$out" \
    BUILD_STRING=check-firmware \
    'BUILD_MESSAGE_TIMESTAMP="00:00:00, Jan  1 1970"' \
    "$@" all fip >"$log" 2>&1
}

# linked_by_mld LOG: the wrapper's log shows bl1, bl2 and bl31's links.
linked_by_mld() {
  local bl r=0
  for bl in bl1 bl2 bl31; do
    grep -q -- "-o [^ ]*/$bl/$bl\.elf" "$1" ||
      { echo "mld did not link $bl.elf (see $1)"; r=1; }
  done
  return $r
}

# build_failed LOG: a failed build's errors (the linker's first).
build_failed() {
  grep -E '^(mld|collect2): |[/ ]ld: |\*\*\* ' "$1" | grep -v "^'" | head -n 8
  echo "(build log: $1)"
}

run_tfa_case() {
  local name=$1 spec cpu dir g m bl
  spec=$(tfa_case "$name") || { fail "tfa $name: unknown case"; return; }
  cpu=${spec%% *}
  # shellcheck disable=SC2086 # (the make arguments, split on spaces)
  set -- ${spec#"$cpu"}
  dir=$work/tfa-$name
  rm -rf "$dir" && mkdir -p "$dir"
  echo "== tfa $name (-cpu $cpu${*:+, $*})"
  g=$dir/gnu/qemu/release
  m=$dir/mld/qemu/release
  if ! tfa_build "$work/tfa-src" "$dir/gnu" "$dir/gnu.log" "$@"; then
    build_failed "$dir/gnu.log" >"$dir/build.diff"
    fail "tfa $name: reference build with GNU ld (environment?)" \
      "$dir/build.diff"
    return
  fi
  if FW_LD_LOG=$dir/mld-ld.log tfa_build "$work/tfa-src" "$dir/mld" \
       "$dir/mld.log" LD="$work/bin/${cross}gcc-mld" "$@"; then
    check "tfa $name: build" "$dir/build.diff" linked_by_mld "$dir/mld-ld.log"
  else
    build_failed "$dir/mld.log" >"$dir/build.diff"
    fail "tfa $name: build" "$dir/build.diff"
  fi
  boot "$g" "$cpu" "$dir/gnu.console"
  if [ -f "$m/qemu_fw.bios" ]; then
    boot "$m" "$cpu" "$dir/mld.console"
    check "tfa $name: boot" "$dir/boot.diff" \
      booted "$dir/gnu.console" "$dir/mld.console"
    check "tfa $name: console" "$dir/console.diff" \
      same_console "$dir/gnu.console" "$dir/mld.console"
  else
    echo "no $m/qemu_fw.bios" >"$dir/boot.diff"
    fail "tfa $name: boot" "$dir/boot.diff"
    fail "tfa $name: console" "$dir/boot.diff"
  fi
  check "tfa $name: images" "$dir/images.diff" same_images "$g" "$m"
  for bl in bl1 bl2 bl31; do
    check "tfa $name: layout $bl" "$dir/$bl-layout.diff" \
      same_layout "$g/$bl/$bl.elf" "$m/$bl/$bl.elf"
    check "tfa $name: symbols $bl" "$dir/$bl-symbols.diff" \
      same_symbols "$g/$bl/$bl.elf" "$m/$bl/$bl.elf"
  done
}

run_tfa() {
  local c
  echo "TF-A: $TFA_SRC (copied to $work/tfa-src)"
  copy_tree "$TFA_SRC" "$work/tfa-src" ||
    { fail "tfa: copying $TFA_SRC"; return; }
  for c in $cases; do run_tfa_case "$c"; done
}

# ---------------------------------------------------------------- U-Boot
# uboot_build SRC OUT LOG [MAKE-ARGS...]: qemu_arm64_defconfig built in
# OUT (u-boot, the ELF file; u-boot.bin, the image), its build date fixed.
uboot_build() {
  local src=$1 out=$2 log=$3
  shift 3
  { make -C "$src" O="$out" CROSS_COMPILE="$cross" qemu_arm64_defconfig &&
    SOURCE_DATE_EPOCH=0 make -C "$src" O="$out" -j"$jobs" V=1 \
      CROSS_COMPILE="$cross" "$@" all; } >"$log" 2>&1
}

# uboot_booted LOG...: each console shows U-Boot's banner and prompt.
uboot_booted() {
  local log ok=0
  for log; do
    grep -q '^U-Boot 20' "$log" || { echo "no U-Boot banner in $log"; ok=1; }
    grep -qE 'Hit any key|^=> ' "$log" || { echo "no prompt in $log"; ok=1; }
  done
  return $ok
}

# U-Boot (qemu_arm64_defconfig) links its ELF file with LD itself
# (ld.bfd by default; the Kbuild probes run `LD -v` and `LD OPTION -v`),
# so LD names the logging wrapper.  Booted with -bios u-boot.bin on
# qemu's virt board (EL2, no TF-A).
run_uboot() {
  local dir=$work/uboot g m
  rm -rf "$dir" && mkdir -p "$dir"
  echo "== u-boot qemu_arm64_defconfig (-cpu cortex-a57)"
  echo "U-Boot: $UBOOT_SRC (copied to $work/uboot-src)"
  copy_tree "$UBOOT_SRC" "$work/uboot-src" ||
    { fail "u-boot: copying $UBOOT_SRC"; return; }
  g=$dir/gnu
  m=$dir/mld
  if ! uboot_build "$work/uboot-src" "$g" "$dir/gnu.log"; then
    build_failed "$dir/gnu.log" >"$dir/build.diff"
    fail "u-boot: reference build with GNU ld (environment?)" \
      "$dir/build.diff"
    return
  fi
  if FW_LD_LOG=$dir/mld-ld.log uboot_build "$work/uboot-src" "$m" \
       "$dir/mld.log" LD="$work/bin/${cross}ld"; then
    check "u-boot: build" "$dir/build.diff" \
      grep -q -- "^[^G].* -o u-boot " "$dir/mld-ld.log"
    echo "  links to GNU ld (shared objects): $(grep -c '^GNU ld:' \
      "$dir/mld-ld.log"); by mld: $(grep -vc '^GNU ld:' "$dir/mld-ld.log")"
  else
    build_failed "$dir/mld.log" >"$dir/build.diff"
    fail "u-boot: build" "$dir/build.diff"
  fi
  boot "$g" cortex-a57 "$dir/gnu.console" u-boot.bin virt
  if [ -f "$m/u-boot.bin" ]; then
    boot "$m" cortex-a57 "$dir/mld.console" u-boot.bin virt
    check "u-boot: boot" "$dir/boot.diff" \
      uboot_booted "$dir/gnu.console" "$dir/mld.console"
    check "u-boot: console" "$dir/console.diff" \
      diff -u --label "gnu console" --label "mld console" \
        "$dir/gnu.console" "$dir/mld.console"
  else
    echo "no $m/u-boot.bin" >"$dir/boot.diff"
    fail "u-boot: boot" "$dir/boot.diff"
    fail "u-boot: console" "$dir/boot.diff"
  fi
  # U-Boot embeds `LD --version' (LD_VERSION_STRING), so the mld build's
  # objects are not the reference build's: its final link is run again
  # by GNU ld on its own objects, and the image, layout and symbols are
  # compared with that.
  local line ldir args r=$m/u-boot.gnu-relink
  line=$(grep -- " -o u-boot " "$dir/mld-ld.log" | grep -v '^GNU ld:' |
         tail -n 1)
  ldir=${line%%: *}
  args=${line#*: }
  rm -f "$r"
  if [ -n "$line" ] &&
     (cd "$ldir" && eval "'${cross}ld.bfd' $args -o '$r'") \
       >"$dir/relink.log" 2>&1; then
    same_as_relinked u-boot "$dir" "$r" "$m/u-boot"
  else
    same_as_relinked u-boot "$dir" "" "" \
      "GNU ld could not link the mld build's objects" "$dir/relink.log"
  fi
}

# ---------------------------------------------------------- Little Kernel
# lk_build SRC OUT LOG [MAKE-ARGS...]: qemu-virt-arm64-test built in OUT
# (build-qemu-virt-arm64-test/lk.elf), each command echoed.  Debian's
# gcc calls libgcc's outline atomics (which need getauxval) and knows
# mremap for dlmalloc: both off, as a bare-metal toolchain has them.
lk_build() {
  local src=$1 out=$2 log=$3
  shift 3
  make -C "$src" -j"$jobs" qemu-virt-arm64-test NOECHO= \
    TOOLCHAIN_PREFIX="$cross" BUILDROOT="$out" \
    ARCH_arm64_COMPILEFLAGS="-mno-outline-atomics -DHAVE_MREMAP=0" \
    "$@" >"$log" 2>&1
}

# lk_boot ELF LOG: LK booted on qemu's virt board; at its shell prompt
# it runs every unit test ("ut all"); LOG is the console up to the
# tests' verdict (or BOOT_TIMEOUT + 60 seconds).
lk_boot() {
  local elf=$1 log=$2 i pid
  rm -f "$log.in"
  mkfifo "$log.in"
  timeout $((boot_timeout + 60)) qemu-system-aarch64 -nographic \
    -machine virt -cpu cortex-a53 -smp 2 -m 512 -net none \
    -kernel "$elf" <"$log.in" >"$log.raw" 2>"$log.err" &
  pid=$!
  exec 8>"$log.in"
  for ((i = 0; i < (boot_timeout + 60) * 5; i++)); do
    if grep -q 'entering main console loop' "$log.raw" 2>/dev/null; then
      printf 'ut all\n' >&8
      break
    fi
    kill -0 "$pid" 2>/dev/null || break
    sleep 0.2
  done
  for (( ; i < (boot_timeout + 60) * 5; i++)); do
    grep -q 'UNIT TEST: run_all_tests return' "$log.raw" 2>/dev/null && break
    kill -0 "$pid" 2>/dev/null || break
    sleep 0.2
  done
  exec 8>&-
  kill "$pid" 2>/dev/null
  wait "$pid" 2>/dev/null
  rm -f "$log.in"
  tr -d '\r' <"$log.raw" >"$log"
}

# lk_tests_passed LOG...: each console shows every unit test passed.
lk_tests_passed() {
  local log ok=0
  for log; do
    grep -q 'SUCCESS! All test cases passed' "$log" ||
      { echo "no passing unit tests in $log:"; grep -E 'FAILED|CASES:' "$log"; ok=1; }
  done
  return $ok
}

# lk_relink DIR: every link the mld build made (the wrapper's log), run
# again by GNU ld into DIR/relink/N: -r outputs must be byte for byte
# mld's; the last (lk.elf) is compared by image, layout and symbols.
lk_relink() {
  local dir=$1 line ldir args out n=0 r=0 final= gfinal=
  mkdir -p "$dir/relink"
  : >"$dir/relink.diff"
  while IFS= read -r line; do
    n=$((n + 1))
    ldir=${line%%: *}
    args=${line#*: }
    out=$(cd "$ldir" && eval "set -- $args" &&
          while [ $# -gt 0 ]; do [ "$1" = -o ] && { echo "$2"; break; }; shift; done)
    case $out in /*) ;; *) out=$ldir/$out ;; esac
    if ! (cd "$ldir" && eval "'${cross}ld.bfd' $args -o '$dir/relink/$n'") \
         >>"$dir/relink.log" 2>&1; then
      echo "GNU ld failed: $args" >>"$dir/relink.diff"
      r=1
    elif [[ " $args " == *" -r "* ]]; then
      cmp "$dir/relink/$n" "$out" >>"$dir/relink.diff" 2>&1 || r=1
    else
      final=$out gfinal=$dir/relink/$n
    fi
  done < <(grep -v '^GNU ld:' "$dir/mld-ld.log")
  echo "$n links run again by GNU ld" >>"$dir/relink.diff"
  lk_final=$final lk_gfinal=$gfinal
  return $r
}

run_lk() {
  local dir=$work/lk g m
  rm -rf "$dir" && mkdir -p "$dir"
  echo "== lk qemu-virt-arm64-test (-cpu cortex-a53)"
  echo "LK: $LK_SRC (copied to $work/lk-src)"
  copy_tree "$LK_SRC" "$work/lk-src" ||
    { fail "lk: copying $LK_SRC"; return; }
  g=$dir/gnu
  m=$dir/mld
  if ! lk_build "$work/lk-src" "$g" "$dir/gnu.log"; then
    build_failed "$dir/gnu.log" >"$dir/build.diff"
    fail "lk: reference build with GNU ld (environment?)" "$dir/build.diff"
    return
  fi
  if FW_LD_LOG=$dir/mld-ld.log lk_build "$work/lk-src" "$m" "$dir/mld.log" \
       LD="$work/bin/${cross}ld"; then
    check "lk: build" "$dir/build.diff" \
      grep -q -- " -o [^ ]*/lk.elf" "$dir/mld-ld.log"
    echo "  links by mld: $(grep -vc '^GNU ld:' "$dir/mld-ld.log")"
  else
    build_failed "$dir/mld.log" >"$dir/build.diff"
    fail "lk: build" "$dir/build.diff"
    return
  fi
  lk_boot "$g/build-qemu-virt-arm64-test/lk.elf" "$dir/gnu.console"
  lk_boot "$m/build-qemu-virt-arm64-test/lk.elf" "$dir/mld.console"
  check "lk: boot and unit tests" "$dir/boot.diff" \
    lk_tests_passed "$dir/gnu.console" "$dir/mld.console"
  lk_final= lk_gfinal=
  check "lk: -r links as GNU ld's" "$dir/relink.diff" lk_relink "$dir"
  if [ -n "$lk_final" ] && [ -f "$lk_gfinal" ]; then
    same_as_relinked lk "$dir" "$lk_gfinal" "$lk_final"
  else
    same_as_relinked lk "$dir" "" "" "no final link to compare" \
      "$dir/relink.diff"
  fi
}

# ---------------------------------------------------------------- main
tfa=${TFA_SRC:-}
uboot=${UBOOT_SRC:-}
lk=${LK_SRC:-}
if [ -z "$tfa" ] && [ -z "$uboot" ] && [ -z "$lk" ]; then
  skip "no firmware sources: set TFA_SRC to a Trusted Firmware-A tree,
  UBOOT_SRC to a U-Boot tree, LK_SRC to a Little Kernel tree, or several.
  This script downloads nothing; get them (tested: TF-A v2.15.0, U-Boot
  v2026.10-rc2, LK's main of December 2026) with
    git clone https://git.trustedfirmware.org/TF-A/trusted-firmware-a.git
    git -C trusted-firmware-a checkout v2.15.0
    git clone https://source.denx.de/u-boot/u-boot.git
    git clone https://github.com/littlekernel/lk.git
  then run: make check-firmware TFA_SRC=\$PWD/trusted-firmware-a \\
              UBOOT_SRC=\$PWD/u-boot LK_SRC=\$PWD/lk"
fi
if [ -n "$lk" ] && [ ! -f "$lk/project/qemu-virt-arm64-test.mk" ]; then
  skip "LK_SRC=$lk is not a Little Kernel tree (no project/qemu-virt-arm64-test.mk)"
fi
if [ -n "$tfa" ] && [ ! -f "$tfa/bl31/bl31.mk" ]; then
  skip "TFA_SRC=$tfa is not a Trusted Firmware-A tree (no bl31/bl31.mk)"
fi
if [ -n "$uboot" ] && [ ! -f "$uboot/configs/qemu_arm64_defconfig" ]; then
  skip "UBOOT_SRC=$uboot is not a U-Boot tree (no qemu_arm64_defconfig)"
fi
need_tools
mkdir -p "$work" && work=$(cd "$work" && pwd) || exit 1
echo "mld: $mld; work: $work"
make_wrappers "$work/bin"
[ -n "$tfa" ] && run_tfa
[ -n "$uboot" ] && run_uboot
[ -n "$lk" ] && run_lk
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
