#!/bin/bash
if [ -z "${BASH_VERSION:-}" ]; then exec bash "$0" "$@"; fi
. "$(dirname "$0")/../lib.sh"
# mld in real build systems, as the README shows: a small project (a
# static library and a program using it) built by CMake, Meson and
# autotools with libtool, each with gcc -B DIR (DIR holding ld -> mld)
# and with clang -fuse-ld=mld (ld.mld in PATH), and CMake for AArch64.
# Each program is linked by mld (the file an mld-only option writes
# proves it) and runs.  The test also
# records what each tool's linker detection reports: libtool "GNU ld"
# (and, from --help, the settings it makes for GNU ld),
# Meson "ld.bfd" (mld's version line says "compatible with GNU
# ld").
ln -s "$MLD" bin/ld.mld
export PATH=$T/bin:$PATH
mkdir src
t_write src/greet.c <<'SRC'
#include "greet.h"
#include <stdio.h>
int greet(const char *who) { return printf("hello, %s\n", who); }
SRC
t_write src/greet.h <<'SRC'
int greet(const char *who);
SRC
t_write src/main.c <<'SRC'
#include "greet.h"
int main(void) { return greet("build system") > 0 ? 0 : 1; }
SRC
t_write src/CMakeLists.txt <<'SRC'
cmake_minimum_required(VERSION 3.13)
project(greet C)
add_library(greet STATIC greet.c)
add_executable(hello main.c)
target_link_libraries(hello greet)
SRC
t_write src/meson.build <<'SRC'
project('greet', 'c')
lib = static_library('greet', 'greet.c')
executable('hello', 'main.c', link_with : lib)
SRC
t_write src/configure.ac <<'SRC'
AC_INIT([greet], [1.0])
AM_INIT_AUTOMAKE([foreign])
LT_INIT([disable-shared])
AC_PROG_CC
AC_CONFIG_FILES([Makefile])
AC_OUTPUT
SRC
t_write src/Makefile.am <<'SRC'
lib_LTLIBRARIES = libgreet.la
libgreet_la_SOURCES = greet.c greet.h
bin_PROGRAMS = hello
hello_SOURCES = main.c
hello_LDADD = libgreet.la
SRC
want="hello, build system"
# ran NAME EXE [RUNNER]: EXE was built, its link left the --why-extract
# file (GNU ld would refuse the option), and it runs.
ran() {
  local name=$1 exe=$2 run=${3:-}
  if [ ! -x "$exe" ]; then
    t_fail "$name: no program built"; tail -20 build.log
  elif [ ! -s "$T/why.$name" ]; then
    t_fail "$name: not linked by mld"
  elif [ "$($run "$exe")" = "$want" ]; then
    t_pass "$name: built, linked by mld, runs"
  else
    t_fail "$name: the program prints '$($run "$exe")'"
  fi
}
why() { echo "-Wl,--why-extract=$T/why.$1"; }

if t_have CMake cmake; then
  cmake -S src -B b-cmake-gcc -DCMAKE_C_COMPILER=gcc \
    "-DCMAKE_EXE_LINKER_FLAGS=-static -B$T/bin/ $(why cmake-gcc)" >build.log 2>&1 &&
    cmake --build b-cmake-gcc >>build.log 2>&1
  ran cmake-gcc b-cmake-gcc/hello
  if t_have "CMake with clang" clang; then
    cmake -S src -B b-cmake-clang -DCMAKE_C_COMPILER=clang \
      "-DCMAKE_EXE_LINKER_FLAGS=-static -fuse-ld=mld $(why cmake-clang)" >build.log 2>&1 &&
      cmake --build b-cmake-clang >>build.log 2>&1
    ran cmake-clang b-cmake-clang/hello
  fi
  if t_have "CMake for AArch64" aarch64-linux-gnu-gcc qemu-aarch64; then
    cmake -S src -B b-cmake-a64 -DCMAKE_SYSTEM_NAME=Linux -DCMAKE_SYSTEM_PROCESSOR=aarch64 \
      -DCMAKE_C_COMPILER=aarch64-linux-gnu-gcc \
      "-DCMAKE_EXE_LINKER_FLAGS=-static -B$T/bin/ $(why cmake-a64)" >build.log 2>&1 &&
      cmake --build b-cmake-a64 >>build.log 2>&1
    ran cmake-a64 b-cmake-a64/hello qemu-aarch64
  fi
fi

if t_have Meson meson ninja; then
  if t_have "Meson with clang" clang; then
    CC=clang CC_LD=$T/bin/ld.mld LDFLAGS="-static $(why meson-clang)" \
      meson setup b-meson-clang src >build.log 2>&1 && ninja -C b-meson-clang >>build.log 2>&1
    ran meson-clang b-meson-clang/hello
    grep -q '^C linker for the host machine: clang ld.bfd' b-meson-clang/meson-logs/meson-log.txt &&
      t_pass "meson: CC_LD=.../ld.mld is detected as ld.bfd" ||
      t_fail "meson: $(grep 'C linker for the host' b-meson-clang/meson-logs/meson-log.txt)"
  fi
  CC=gcc LDFLAGS="-static -B$T/bin/ $(why meson-gcc)" \
    meson setup b-meson-gcc src >build.log 2>&1 && ninja -C b-meson-gcc >>build.log 2>&1
  ran meson-gcc b-meson-gcc/hello
fi

if t_have autotools libtoolize autoreconf; then
  (cd src && autoreconf -fi) >build.log 2>&1
  mkdir b-auto
  # configure tests link statically (mld makes nothing else); libtool
  # drops -static from CC and LDFLAGS when linking: -all-static is its word.
  (cd b-auto && ../src/configure CC="gcc -static -B$T/bin/" &&
     make LDFLAGS="-all-static $(why autotools)") >>build.log 2>&1
  ran autotools b-auto/hello
  grep -A1 "checking if the linker ($T/bin/ld) is GNU ld" b-auto/config.log | grep -q 'result: yes' &&
    t_pass "libtool: mld is GNU ld" ||
    t_fail "libtool: $(grep 'is GNU ld' b-auto/config.log)"
  # libtool's probes of ld --help ("supported targets: ... elf",
  # "no-whole-archive") find what they find in GNU ld's.
  mkdir b-gnu
  (cd b-gnu && ../src/configure CC="gcc -static") >>build.log 2>&1
  lt() { grep -E '^(with_gnu_ld|whole_archive_flag_spec|archive_cmds|ld_shlibs)=' "$1/libtool"; }
  [ -n "$(lt b-gnu)" ] && [ "$(lt b-gnu)" = "$(lt b-auto)" ] &&
    t_pass "libtool: the linker settings GNU ld gets ($(lt b-auto | wc -l))" ||
    { t_fail "libtool's settings differ"; diff <(lt b-gnu) <(lt b-auto); }
fi
t_done
