# bench/peers.sh, sourced by bench/run.sh: the current releases of the
# peers, next to the ones Debian 12 packages (mold 1.10.1, lld 14).
#
#   mold 2.42   $MOLD_242 when set; else ../shared/peers/mold-2.42 when
#               there; else the copy built once under $MLD_PEER_CACHE
#               (default ~/.cache/mld-peers) from MOLD_SRC, a clone of
#               github.com/rui314/mold (MOLD_REV, default v2.42.0, is
#               exported from it) or its source tree: cmake, Release, x86-64 and AArch64
#               targets; about 25 minutes on 2 cores, the first time only.
#               Nothing is downloaded: without MOLD_SRC the rows are
#               skipped with a note that says how to get them.
#   lld 19      /usr/lib/llvm-19/bin/ld.lld (Debian's lld-19), installed
#               with apt-get when missing and bench runs as root.
#
# peer_mold_242 and peer_lld_19 print the linker's path, or nothing (and
# a note on standard error) when it cannot be had; they return 0 either
# way, as run.sh runs under set -e.

peer_cache=${MLD_PEER_CACHE:-${XDG_CACHE_HOME:-${HOME:-/tmp}/.cache}/mld-peers}

peer_mold_242() {
  local b=$peer_cache/mold-2.42 rev=${MOLD_REV:-v2.42.0} shared
  shared=$(realpath -m "$top/../shared/peers/mold-2.42")
  if [ -n "${MOLD_242:-}" ]; then
    echo "$MOLD_242"; return
  fi
  if [ -f "$shared" ] && [ -x "$shared" ]; then
    echo "$shared"; return
  fi
  if [ -x "$b/mold" ]; then
    echo "$b/mold"; return
  fi
  if [ -z "${MOLD_SRC:-}" ]; then
    echo "bench: mold 2.42 skipped: set MOLD_SRC to a clone of" \
      "github.com/rui314/mold (built once into $b), or MOLD_242" >&2
    return 0
  fi
  command -v cmake >/dev/null ||
    { echo "bench: mold 2.42 skipped: cmake not installed" >&2; return 0; }
  echo "bench: building mold $rev from $MOLD_SRC into $b (once)" >&2
  if ! { rm -rf "$b" && mkdir -p "$b/src"; }; then
    echo "bench: mold 2.42 skipped: cannot make $b" >&2; return 0
  fi
  if git -C "$MOLD_SRC" rev-parse --git-dir >/dev/null 2>&1; then
    if ! git -C "$MOLD_SRC" archive "$rev" | tar -x -C "$b/src"; then
      echo "bench: mold 2.42 skipped: cannot export $rev from $MOLD_SRC" >&2
      return 0
    fi
  elif [ -f "$MOLD_SRC/CMakeLists.txt" ]; then
    if ! cp -a "$MOLD_SRC/." "$b/src/"; then
      echo "bench: mold 2.42 skipped: cannot copy $MOLD_SRC" >&2; return 0
    fi
  else
    echo "bench: mold 2.42 skipped: $MOLD_SRC is neither a clone nor" \
      "a source tree of mold" >&2
    return 0
  fi
  if ! { cmake -S "$b/src" -B "$b/build" -DCMAKE_BUILD_TYPE=Release \
           -DBUILD_TESTING=OFF -DMOLD_TARGETS='X86_64;ARM64LE' &&
         cmake --build "$b/build" --target mold -j "$(nproc)"; } \
         >"$b/build.log" 2>&1; then
    echo "bench: mold 2.42 skipped: its build failed (see $b/build.log)" >&2
    return 0
  fi
  if cp "$b/build/mold" "$b/mold"; then
    rm -rf "$b/build" "$b/src"
    echo "$b/mold"
  else
    echo "bench: mold 2.42 skipped: cannot copy its build" >&2
  fi
}

peer_lld_19() {
  local l=/usr/lib/llvm-19/bin/ld.lld
  if [ ! -x "$l" ] && [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
    echo "bench: installing lld-19" >&2
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq lld-19 >/dev/null 2>&1
  fi
  if [ -x "$l" ]; then
    echo "$l"
  else
    echo "bench: lld 19 skipped: apt-get install lld-19" >&2
  fi
}
