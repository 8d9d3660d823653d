#!/bin/sh
# Quick start: installs what is missing (with apt-get, when run as root on
# Debian), builds mld, then links a demo program with it and runs it.
set -e
cd "$(dirname "$0")"

pkgs="gcc g++ make autoconf automake pkg-config check binutils gdb
      musl-tools gcc-aarch64-linux-gnu g++-aarch64-linux-gnu
      libc6-dev-arm64-cross qemu-user python3 valgrind cmake meson
      ninja-build libtool rustc"
missing=""
for p in $pkgs; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "ok installed" ||
    missing="$missing $p"
done
if [ -n "$missing" ]; then
  if [ "$(id -u)" = 0 ]; then
    apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $missing
  else
    echo "quickstart: missing packages:$missing"
    echo "quickstart: run as root, or: sudo apt-get install$missing"
    exit 1
  fi
fi

[ -x configure ] || autoreconf -fi
[ -f Makefile ] || ./configure
make -j"$(nproc)"

# ld/gcc/ld is a symlink to mld: gcc -B picks it up as its linker.
gcc -static -B"$PWD/ld/gcc" -O2 -o demo/demo demo/demo.c -lm
echo "quickstart: running demo/demo, linked by mld:"
./demo/demo
